// The session's own words in German (issue #32 item 6): each command's German phrases, English still
// counting when German is chosen, and stop heard in every language whatever is chosen.
import { describe, expect, it } from 'vitest';
import { sessionCommand, sessionCommandInAnyLanguage } from '../../../../src/shared/session-commands.js';
import { isRepeatRequest } from '../../../../src/agent/session-memory.js';
import { itGives, itReadsNone, same } from '../../../support/tables.js';

describe('German session words', () => {
  itGives('%s → %s', (text: string) => sessionCommand(text, 'de'), [
    ...same('stop', 'stopp', 'Halt!', 'hör auf', 'hoer auf'),
    ['Pause', 'pause'],
    ['mach weiter', 'go_on'],
    ...same('show_numbers', 'zeige Nummern', 'Nummern zeigen'),
    ...same('hide_numbers', 'verstecke Nummern', 'Nummern ausblenden.'),
    ['Raster zeigen', 'show_grid'],
    ['zeige das Raster im Fenster', 'show_window_grid'],
    ...same('hide_grid', 'Raster verbergen', 'Raster schließen', 'Raster schliessen'),
    ...same('show_panel', 'Panel zeigen', 'hol das Panel zurück'),
    ...same('help', 'Was kann ich sagen?', 'Hilfe', 'bitte, Hilfe'),
    ['meine Befehle', 'user_commands'],
    ['langsamer', 'scan_slower'],
    ['schneller', 'scan_faster'],
    // English still counts with German chosen.
    ['show numbers', 'show_numbers'],
    ['what can I say', 'help'],
  ]);

  itReadsNone('a sentence that only contains one is none: %s', (text: string) => sessionCommand(text, 'de'), [
    'stopp das Video',
    'zeige Nummern nicht',
    'Hilfe beim Drucken',
    'klicke auf Hilfe',
    'weiter unten',
    'Raster',
  ]);

  it('with English chosen, only stop is heard in German too', () => {
    for (const stop of ['stopp', 'halt', 'hör auf', 'stop']) expect(sessionCommand(stop, 'en')).toBe('stop');
    for (const other of ['zeige Nummern', 'Hilfe', 'weiter', 'Raster zeigen']) expect(sessionCommand(other, 'en')).toBeUndefined();
    expect(sessionCommand('show numbers')).toBe('show_numbers');
  });

  it('a user’s command may be named after no session word of any language', () => {
    expect(sessionCommandInAnyLanguage('zeige Nummern')).toBe('show_numbers');
    expect(sessionCommandInAnyLanguage('hide the grid')).toBe('hide_grid');
    expect(sessionCommandInAnyLanguage('zeige meine Fotos')).toBeUndefined();
  });

  it('“nochmal” and its variants repeat the last action; a sentence with it is a new command', () => {
    for (const again of ['nochmal', 'Noch einmal.', 'mach das nochmal', 'wiederhole das']) expect(isRepeatRequest(again), again).toBe(true);
    for (const other of ['nochmal klicken', 'wiederholen', 'mach das nochmal in Firefox']) expect(isRepeatRequest(other), other).toBe(false);
  });
});
