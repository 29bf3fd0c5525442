// Dictation's words in German (issue #32 item 6): starting and stopping whatever the language set;
// with German set, the spoken marks written where they are said, "wörtlich" writing the word, and
// the corrections; with English set, German's marks are words of the text.
import { describe, expect, it } from 'vitest';
import { dictationCommand, isDictationStart, isDictationStop, readDictation, renderDictation } from '../../../src/intent/dictation-text.js';
import type { Language } from '../../../src/shared/language.js';
import { itGives, itReads, same } from '../../support/tables.js';

/** What an utterance writes after `before`, in `language`; null when it is a command. */
const written = (said: string, before = '', language: Language = 'de'): string | null => {
  const u = readDictation(said, language);
  return u.kind === 'text' ? renderDictation(u.pieces, before) : null;
};

describe('German dictation', () => {
  itGives('start: %s → %s', isDictationStart, [
    ...same(true, 'Diktat starten', 'starte das Diktat', 'diktieren', 'bitte Diktat starten', 'start dictation'),
    ...same(false, 'Diktat', 'starte Firefox', 'Diktat beenden'),
  ]);
  itGives('stop: %s → %s', isDictationStop, [
    ...same(true, 'Diktat beenden', 'beende das Diktat.', 'Befehlsmodus', 'stop dictation'),
    ...same(false, 'beenden', 'Diktat starten'),
  ]);

  itGives('%s → %j', (said: string) => written(said), [
    ['hallo Komma wie geht es dir Fragezeichen', 'Hallo, wie geht es dir?'],
    ['das ist gut Punkt neuer Absatz bis bald Ausrufezeichen', 'Das ist gut.\n\nBis bald!'],
    ['Termin Doppelpunkt Montag Schrägstrich Dienstag', 'Termin: Montag/Dienstag'],
    ['Klammer auf siehe oben Klammer zu', '(Siehe oben)'],
    ['er sagte Anführungszeichen auf ja Anführungszeichen zu', 'Er sagte "ja"'],
    ['E Bindestrich Mail neue Zeile Gruß', 'E-Mail\nGruß'],
    ['Schraegstrich ohne Umlaut', '/ohne Umlaut'],
    ['wörtlich Komma ist ein Wort', 'Komma ist ein Wort'],
    // English's marks still count with German set.
    ['ja comma nein', 'Ja, nein'],
  ]);

  it('with English set, German’s marks are words of the text', () => {
    expect(written('hallo Komma Welt Punkt', '', 'en')).toBe('Hallo Komma Welt Punkt');
  });

  itReads('command: %s → %j', (said: string) => dictationCommand(said, 'de') ?? null, [
    ...same({ kind: 'scratch' }, 'streich das', 'Streiche das.', 'scratch that'),
    ...same({ kind: 'undo' }, 'rückgängig', 'mach das rückgängig', 'rueckgaengig', 'undo that'),
    ...same({ kind: 'stop' }, 'Diktat beenden'),
    ...same(null, 'wörtlich rückgängig', 'streich das Wort', 'Komma'),
  ]);

  it('with English set, German’s corrections are words of the text', () => {
    expect(dictationCommand('streich das', 'en')).toBeUndefined();
    expect(dictationCommand('rückgängig', 'en')).toBeUndefined();
  });
});
