// The German grammar's whole phrases (issue #32 item 6): everyday editing and tabs, windows, the
// questions, spelling, chains of commands, and which language is read when.
import { describe, expect, it } from 'vitest';
import { de, intentOf, matchesNot, readsAs } from './de-fixture.js';
import { parseCommand } from '../../../src/intent/grammar/grammar-planner.js';
import { DE_SPELLING_WORDS } from '../../../src/intent/grammar/de/spelling-de.js';
import { same } from '../../support/tables.js';

const ctrl = (key: string, shift = false) => ({ intent: 'press_key', key, modifiers: shift ? ['ctrl', 'shift'] : ['ctrl'] });
const windowCommand = (action: string, title?: string) => ({ intent: 'window_command', action, ...(title ? { title } : {}) });

describe('German: everyday commands', () => {
  readsAs([
    ...same(ctrl('z'), 'rückgängig', 'Rückgängig machen', 'mach das rückgängig', 'rueckgaengig'),
    ['wiederholen', ctrl('z', true)],
    ...same(ctrl('c'), 'kopieren', 'kopiere das'),
    ...same(ctrl('x'), 'ausschneiden', 'schneide das aus'),
    ...same(ctrl('v'), 'einfügen', 'füge es ein'),
    ...same(ctrl('a'), 'alles auswählen', 'markiere alles'),
    ['speichern', ctrl('s')],
    ['suchen', ctrl('f')],
    ...same(ctrl('t'), 'neuer Tab', 'öffne einen neuen Tab'),
    ...same(ctrl('w'), 'Tab schließen', 'schließe den Tab', 'Tab schliessen'),
    ['rückgängig in Writer', { ...ctrl('z'), app: 'Writer' }],
    ['Bitte kopieren.', ctrl('c')],
  ]);

  it('uses the platform’s command key', () => {
    expect(de('kopieren', 'macos')).toEqual({ kind: 'intent', intent: { intent: 'press_key', key: 'c', modifiers: ['cmd'] } });
  });

  matchesNot(['lösche alles', 'kopiere die Datei', 'speichere als PDF', 'alles löschen', 'kopieren in der Liste', 'das Fenster kopieren']);
});

describe('German: formatting the selection', () => {
  const key = (k: string) => ({ intent: 'press_key', key: k, modifiers: ['ctrl'] });
  readsAs([
    ['mach das fett', key('b')],
    ['Mache die Auswahl fett.', key('b')],
    ['das fett machen', key('b')],
    ['mach es kursiv', key('i')],
    ['formatiere den markierten Text kursiv', key('i')],
    ['unterstreiche das', key('u')],
    ['das unterstreichen', key('u')],
    ['bitte mach das unterstrichen', key('u')],
  ]);
  it('on a Mac, with ⌘', () => {
    const r = de('mach das fett', 'macos');
    expect(r.kind === 'intent' ? r.intent : null).toEqual({ intent: 'press_key', key: 'b', modifiers: ['cmd'] });
  });
  // A text named in the command is a guess: the grammar leaves it to a planner that can look.
  matchesNot(['mach das Wort fett', 'fett', 'mach Kaffee', 'unterstreiche den Titel', 'mach das fett und groß']);
});

describe('German: windows', () => {
  readsAs([
    ...same(windowCommand('maximize'), 'Fenster maximieren', 'maximiere das Fenster', 'maximieren'),
    ...same(windowCommand('minimize'), 'Fenster minimieren', 'minimiere dieses Fenster'),
    ...same(windowCommand('close'), 'schließe das Fenster', 'Fenster schließen'),
    ['Fenster nach links', windowCommand('snap_left')],
    ['schiebe das Fenster nach rechts', windowCommand('snap_right')],
    ['Fenster in die linke Hälfte', windowCommand('snap_left')],
    ['Fenster auf den anderen Bildschirm', windowCommand('other_monitor')],
    ['Fenster wiederherstellen', windowCommand('restore')],
    ['Vollbild', windowCommand('full_screen')],
    ['nächstes Fenster', windowCommand('next_window')],
    ['zeige den Schreibtisch', windowCommand('show_desktop')],
    ['hineinzoomen', windowCommand('zoom_in')],
    ['maximiere das Fenster Budget', windowCommand('maximize', 'Budget')],
    ['Fenster „Bericht 2024“ schließen', windowCommand('close', 'Bericht 2024')],
    ['wechsle zum Fenster Budget', windowCommand('switch_to', 'Budget')],
  ]);

  matchesNot(['schließen', 'schließe', 'Fenster', 'Fenster oben', 'schließe alle Fenster']);
});

describe('German: questions', () => {
  it.each([
    ...same('list_applications', 'welche Apps sind offen', 'Welche Programme laufen?', 'was ist geöffnet'),
    ...same('get_frontmost_app', 'welche App ist das', 'in welcher App bin ich'),
    ...same('get_screen_elements', 'was ist auf dem Bildschirm', 'was kann ich klicken'),
  ])('%s → %s', (text, intent) => {
    expect(intentOf(text)).toEqual({ intent });
  });

  matchesNot(['welche Apps sind offen und warum', 'was ist das', 'was läuft falsch']);
});

describe('German: spelling', () => {
  it.each([
    ['buchstabiere Anton Berta Cäsar', 'abc'],
    ['buchstabiere Caesar Dora Emil', 'cde'],
    ['Buchstabiere groß Anton Ärger Ökonom Übermut Eszett', 'Aäöüß'],
    ['buchstabiere Siegfried Samuel Xanthippe Ypsilon Zacharias', 'ssxyz'],
    ['buchstabiere Kaufmann Ludwig Martha Nordpol Otto Paula Quelle Richard Theodor Ulrich Viktor Wilhelm', 'klmnopqrtuvw'],
    ['buchstabiere Friedrich Gustav Heinrich Ida Julius', 'fghij'],
    ['buchstabiere eins zwei drei 4 Bindestrich Punkt at', '1234-.@'],
    ['buchstabiere X K 4 2', 'XK42'],
    ['buchstabiere "Müller"', 'Müller'],
  ])('%s types %j', (text, typed) => {
    expect(intentOf(text)).toEqual({ intent: 'type_text', text: typed });
  });

  it('knows a letter for every letter of the alphabet, and the umlauts', () => {
    const spelled = DE_SPELLING_WORDS.letters.map((w) => intentOf(`buchstabiere ${w}`) as { text: string });
    expect(new Set(spelled.map((s) => s.text))).toEqual(new Set([...'abcdefghijklmnopqrstuvwxyzäöüß']));
  });

  matchesNot(['buchstabiere', 'buchstabiere Banane', 'buchstabiere groß']);
});

describe('German: chains', () => {
  it.each([
    ['öffne Firefox und tippe "Hallo"', ['open_application', 'type_text']],
    ['öffne Firefox, dann klicke auf Neu', ['open_application', 'click_element']],
    ['klicke auf Neu dann drücke Enter', ['click_element', 'press_key']],
    ['alles auswählen und kopieren', ['press_key', 'press_key']],
    ['Öffne Texteditor. Schreibe "Hallo".', ['open_application', 'type_text']],
  ])('%s → %j', (text, steps) => {
    const r = intentOf(text) as { intent: string; steps: Array<{ intent: string }> };
    expect(r.intent).toBe('sequence');
    expect(r.steps.map((s) => s.intent)).toEqual(steps);
  });

  it('keeps a label with "und" whole', () => {
    expect(intentOf('klicke auf Speichern und Schließen')).toEqual({ intent: 'click_element', element: { label: 'Speichern und Schließen' } });
  });

  it('a chain with one part it cannot read is no match as a whole', () => {
    expect(de('öffne Firefox und lösche alles').kind).toBe('no_match');
    expect(de('öffne Firefox dann').kind).toBe('no_match');
  });
});

describe('which language is read', () => {
  it.each(['click Send', 'open Firefox', 'press enter', 'scroll down', 'undo', 'type "hello"', 'click at 640, 400', 'what can I click'])(
    'with German chosen, a command with no German verb is read as English too: %s',
    (text) => {
      expect(de(text)).toEqual(parseCommand(text, { platform: 'linux' }));
      expect(de(text).kind).toBe('intent');
    },
  );

  it.each([
    // A German verb that failed is not re-read in English ("start" is an English verb, "öffnen" a German one).
    ...same('no_match', 'start Menü öffnen', 'öffne Firefox then type hello'),
  ])('a German reading that failed stays failed: %s', (text, kind) => {
    expect(de(text).kind).toBe(kind);
  });

  it('the German reading wins where both could read', () => {
    // "tippe" is German for type, "tap" the English for press: German types.
    expect(intentOf('tippe "Hallo"')).toEqual({ intent: 'type_text', text: 'Hallo' });
  });

  it.each(['klicke auf Senden', 'öffne Firefox', 'drücke Enter', 'scrolle nach unten', 'rückgängig', 'tippe "Hallo"'])(
    'with English chosen (or no language), the German %s is not the grammar’s',
    (text) => {
      expect(parseCommand(text, { platform: 'linux' }).kind).toBe('no_match');
      expect(parseCommand(text, { platform: 'linux', language: 'en' }).kind).toBe('no_match');
      expect(de(text).kind).toBe('intent');
    },
  );
});
