// The German grammar's whole phrases (issue #32 item 6): everyday editing and tabs, windows, the
// questions, spelling, chains of commands, and which language is read when.
import { describe, expect, it } from 'vitest';
import { de, intentOf, matchesNot, readsAs } from './de-fixture.js';
import { parseCommand } from '../../../src/intent/grammar/grammar-planner.js';
import { DE_SPELLING_WORDS } from '../../../src/intent/grammar/de/spelling-de.js';

const ctrl = (key: string, shift = false) => ({ intent: 'press_key', key, modifiers: shift ? ['ctrl', 'shift'] : ['ctrl'] });
const windowCommand = (action: string, title?: string) => ({ intent: 'window_command', action, ...(title ? { title } : {}) });

describe('German: everyday commands', () => {
  readsAs([
    ['rückgängig', ctrl('z')],
    ['Rückgängig machen', ctrl('z')],
    ['mach das rückgängig', ctrl('z')],
    ['rueckgaengig', ctrl('z')],
    ['wiederholen', ctrl('z', true)],
    ['kopieren', ctrl('c')],
    ['kopiere das', ctrl('c')],
    ['ausschneiden', ctrl('x')],
    ['schneide das aus', ctrl('x')],
    ['einfügen', ctrl('v')],
    ['füge es ein', ctrl('v')],
    ['alles auswählen', ctrl('a')],
    ['markiere alles', ctrl('a')],
    ['speichern', ctrl('s')],
    ['suchen', ctrl('f')],
    ['neuer Tab', ctrl('t')],
    ['öffne einen neuen Tab', ctrl('t')],
    ['Tab schließen', ctrl('w')],
    ['schließe den Tab', ctrl('w')],
    ['Tab schliessen', ctrl('w')],
    ['rückgängig in Writer', { ...ctrl('z'), app: 'Writer' }],
    ['Bitte kopieren.', ctrl('c')],
  ]);

  it('uses the platform’s command key', () => {
    expect(de('kopieren', 'macos')).toEqual({ kind: 'intent', intent: { intent: 'press_key', key: 'c', modifiers: ['cmd'] } });
  });

  matchesNot(['lösche alles', 'kopiere die Datei', 'speichere als PDF', 'alles löschen', 'kopieren in der Liste', 'das Fenster kopieren']);
});

describe('German: windows', () => {
  readsAs([
    ['Fenster maximieren', windowCommand('maximize')],
    ['maximiere das Fenster', windowCommand('maximize')],
    ['maximieren', windowCommand('maximize')],
    ['Fenster minimieren', windowCommand('minimize')],
    ['minimiere dieses Fenster', windowCommand('minimize')],
    ['schließe das Fenster', windowCommand('close')],
    ['Fenster schließen', windowCommand('close')],
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
    ['welche Apps sind offen', 'list_applications'],
    ['Welche Programme laufen?', 'list_applications'],
    ['was ist geöffnet', 'list_applications'],
    ['welche App ist das', 'get_frontmost_app'],
    ['in welcher App bin ich', 'get_frontmost_app'],
    ['was ist auf dem Bildschirm', 'get_screen_elements'],
    ['was kann ich klicken', 'get_screen_elements'],
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
    ['start Menü öffnen', 'no_match'],
    ['öffne Firefox then type hello', 'no_match'],
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
