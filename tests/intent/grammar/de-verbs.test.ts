// The grammar in German (issue #32 item 6, src/intent/grammar/de/): every phrasing of the verbs —
// click, press, type, scroll, open — with what it must become, and what must not match. Names and
// quoted text are kept exactly as said.
import { describe, expect, it } from 'vitest';
import { intentOf, matchesNot, readsAs } from './de-fixture.js';
import { same } from '../../support/tables.js';

const click = (element: unknown) => ({ intent: 'click_element', element });
const key = (k: string, modifiers?: string[]) => ({ intent: 'press_key', key: k, ...(modifiers ? { modifiers } : {}) });
const type = (text: string, element?: unknown) => ({ intent: 'type_text', text, ...(element ? { element } : {}) });

describe('German: click, double-click, right-click', () => {
  readsAs([
    ...same(click({ label: 'Senden' }), 'klicke auf Senden', 'klick Senden'),
    ['Klicke auf Speichern unter', click({ label: 'Speichern unter' })],
    ['klicken auf OK', click({ label: 'OK' })],
    ...same(click({ label: 'Senden' }), 'auf Senden klicken', 'Senden anklicken'),
    ['tippe auf OK', click({ label: 'OK' })],
    ['drücke auf Speichern', click({ label: 'Speichern' })],
    ['klicke auf den Knopf „Senden“', click({ label: 'Senden', role: 'button' })],
    ['klicke auf die Schaltfläche Abbrechen', click({ label: 'Abbrechen', role: 'button' })],
    ['klicke auf den Link Hilfe', click({ label: 'Hilfe', role: 'link' })],
    ['klicke auf Senden in Firefox', click({ label: 'Senden', app: 'Firefox' })],
    ['klicke auf "Save As…"', click({ label: 'Save As…' })],
    ['klicke auf „Erste Schritte“', click({ label: 'Erste Schritte' })],
    ['klicke auf Sign in', click({ label: 'Sign in' })],
    ...same({ intent: 'double_click_element', element: { label: 'Bericht' } }, 'doppelklicke auf Bericht', 'Doppelklick Bericht', 'klicke doppelt auf Bericht'),
    ...same({ intent: 'right_click_element', element: { label: 'Bericht' } }, 'rechtsklick auf Bericht', 'klicke rechts auf Bericht', 'Bericht rechtsklicken'),
  ]);

  readsAs([
    ...same(click({ id: 5 }), 'klicke 5', 'klicke auf fünf'),
    ...same(click({ id: 12 }), 'klicke Nummer 12', 'klicke auf die Nummer zwölf'),
    ['klicke #7', click({ id: 7 })],
    ['drücke 3', click({ id: 3 })],
  ]);

  readsAs([
    ['klicke auf den dritten Knopf in der Werkzeugleiste', click({ ordinal: 3, role: 'button', within: 'toolbar' })],
    ['klicke auf die zweite Schaltfläche', click({ ordinal: 2, role: 'button' })],
    ['klicke auf das erste Kontrollkästchen im Dialog', click({ ordinal: 1, role: 'check_box', within: 'dialog' })],
    ['klicke auf den letzten Tab', click({ ordinal: 1, role: 'tab', fromEnd: true })],
    ['klicke auf den 3. Knopf in der Symbolleiste', click({ ordinal: 3, role: 'button', within: 'toolbar' })],
    ['klicke auf den zweitletzten Knopf', click({ ordinal: 2, role: 'button', fromEnd: true })],
    ['klicke auf den dritten unbenannten Knopf', click({ ordinal: 3, role: 'button', unnamed: true })],
    ['klicke auf den zweiten Knopf in der Werkzeugleiste „Format“', click({ ordinal: 2, role: 'button', within: 'toolbar Format' })],
    ['klicke auf den zweiten Knopf in der Leiste „Format“', click({ ordinal: 2, role: 'button', within: 'Leiste Format' })],
  ]);

  matchesNot([
    'klicke',
    'klicke auf',
    'klicke auf alles',
    'klicke auf das hier',
    'klicke nicht auf Senden',
    'klicke auf den Knopf',
    'klicke auf Senden zweimal',
    'klicke auf die erste Seite in',
    'ich will nicht klicken',
    'alles anklicken',
    'klicke auf Senden in der Leiste',
    'klicke auf 0',
    'klicke auf erste Schritte',
  ]);
});

describe('German: keys', () => {
  readsAs([
    ...same(key('enter'), 'drücke Enter', 'drücke Eingabe', 'drücke die Eingabetaste'),
    ['drücke die Taste Tab', key('tab')],
    ...same(key('escape'), 'drücke Escape', 'drücke Esc'),
    ...same(key('delete'), 'drücke Entf', 'drücke die Entf-Taste'),
    ['drücke Rücktaste', key('backspace')],
    ['drücke Leertaste', key('space')],
    ['drücke Pfeil hoch', key('up')],
    ['drücke Pfeil runter', key('down')],
    ['drücke Pfeil links', key('left')],
    ['drücke Bild runter', key('page_down')],
    ['drücke Pos1', key('home')],
    ['drücke Ende', key('end')],
    ['drücke Strg+S', key('s', ['ctrl'])],
    ['drücke Strg-C', key('c', ['ctrl'])],
    ['drücke Strg Umschalt T', key('t', ['ctrl', 'shift'])],
    ['drücke Umschalt+Tab', key('tab', ['shift'])],
    ['drücke Alt+F4', key('f4', ['alt'])],
    ['Strg+S drücken', key('s', ['ctrl'])],
    ['druecke Eingabe', key('enter')],
    ['drücke Enter in Firefox', { ...key('enter'), app: 'Firefox' }],
  ]);

  it.each([...same(3, 'drücke Tab 3 mal', 'drücke dreimal Tab'), ['drücke Tab zweimal', 2], ['drücke 4 mal Pfeil runter', 4]])(
    'repeated: %s → %d presses',
    (text, count) => {
      const r = intentOf(text) as { intent: string; steps: unknown[] };
      expect(r.intent).toBe('sequence');
      expect(r.steps).toHaveLength(count);
    },
  );

  matchesNot(['drücke', 'drücke Strg+Banane', 'drücke Strg', 'drücke die Taste Banane', 'drücke Senden dreimal']);

  it('a word that is no key is a button to press', () => {
    expect(intentOf('drücke Senden')).toEqual(click({ label: 'Senden' }));
  });
});

describe('German: typing', () => {
  readsAs([
    ...same(type('Hallo Welt'), 'tippe „Hallo Welt“', 'tippe "Hallo Welt"', 'schreibe Hallo Welt'),
    ['schreibe ich wohne in Berlin', type('ich wohne in Berlin')],
    ['schreibe "Hallo" in das Feld Name', type('Hallo', { label: 'Name', role: 'text_field' })],
    ['tippe „Hallo“ ins Suchfeld „Suche“', type('Hallo', { label: 'Suche', role: 'search_field' })],
    ['schreibe "Ada" in "Vorname"', type('Ada', { label: 'Vorname' })],
    ['schreibe Ada Lovelace in das Feld Name', type('Ada Lovelace', { label: 'Name', role: 'text_field' })],
    ['gib "Ada" ins Feld Vorname ein', type('Ada', { label: 'Vorname', role: 'text_field' })],
    ['fülle das Feld Name mit "Ada"', type('Ada', { label: 'Name', role: 'text_field' })],
    ['fülle Vorname mit Ada Lovelace aus', type('Ada Lovelace', { label: 'Vorname' })],
    ['trage "Ada" in das Feld Vorname ein', type('Ada', { label: 'Vorname', role: 'text_field' })],
    ['„Hallo“ schreiben', type('Hallo')],
    ['„Hallo“ in das Feld Name eingeben', type('Hallo', { label: 'Name', role: 'text_field' })],
    // Quoted text is typed exactly, German words and all.
    ['tippe "klicke auf Senden"', type('klicke auf Senden')],
    ['tippe „auf“', type('auf')],
  ]);

  matchesNot([
    'tippe',
    'schreibe das Wort Hallo',
    "schreibe 'Hallo'",
    'schreibe "Hallo" in das Feld',
    'schreibe "Hallo" in den Knopf Senden',
    'schreibe "Hallo" irgendwo',
    'Hallo schreiben',
    'fülle das Formular mit meinen Daten',
    'fülle Name',
    'fülle den Knopf Senden mit "Ada"',
    'fülle Name mit "Ada" und so',
    'schreibe Hallo bitte',
  ]);
});

describe('German: scrolling', () => {
  readsAs([
    ['scrolle nach unten', { intent: 'scroll', direction: 'down' }],
    ['scrolle nach oben', { intent: 'scroll', direction: 'up' }],
    ['scroll runter', { intent: 'scroll', direction: 'down' }],
    ['scrolle nach links', { intent: 'scroll', direction: 'left' }],
    ...same({ intent: 'scroll', direction: 'down', amount: 3 }, 'scrolle 3 mal nach unten', 'scrolle nach unten dreimal'),
    ['scrolle um 5 Zeilen nach oben', { intent: 'scroll', direction: 'up', amount: 5 }],
    ['scrolle ein bisschen nach oben', { intent: 'scroll', direction: 'up' }],
    ['nach unten scrollen', { intent: 'scroll', direction: 'down' }],
    ['scrolle runter in Firefox', { intent: 'scroll', direction: 'down', app: 'Firefox' }],
    ['Seite nach unten', key('page_down')],
    ['Seite hoch', key('page_up')],
    ['ganz nach oben', key('home', ['ctrl'])],
    ['scrolle zum Ende', key('end', ['ctrl'])],
  ]);

  matchesNot(['scrolle', 'scrolle nach unten nach oben', 'scrolle viel nach unten', 'scrolle nach unten eine Seite', 'scrolle 500 mal nach unten']);
});

describe('German: apps and web addresses', () => {
  readsAs([
    ...same({ intent: 'open_application', app: 'Firefox' }, 'öffne Firefox', 'oeffne Firefox'),
    ['starte Dateien', { intent: 'open_application', app: 'Dateien' }],
    ['Firefox öffnen', { intent: 'open_application', app: 'Firefox' }],
    ['wechsle zu Texteditor', { intent: 'open_application', app: 'Texteditor' }],
    ['öffne die App Rechner', { intent: 'open_application', app: 'Rechner' }],
    ['gehe zu example.com', { intent: 'open_url', url: 'https://example.com/' }],
    ['öffne die Webseite example.de', { intent: 'open_url', url: 'https://example.de/' }],
    ['besuche https://example.org/seite', { intent: 'open_url', url: 'https://example.org/seite' }],
    ...same(key('left', ['alt']), 'zurück', 'gehe zurück'),
    ['geh vorwärts', key('right', ['alt'])],
  ]);

  matchesNot(['öffne', 'öffne den Ordner Bilder', 'öffne einen neuen Tab in', 'öffne die Einstellungen', 'öffne Firefox in 5 Sekunden', 'starte das Diktat']);

  it('refuses a web address it never opens, in a sentence', () => {
    expect(intentOf('gehe zu javascript:alert(1)')).toMatchObject({ intent: 'unsupported' });
  });
});

describe('German: the mouse', () => {
  readsAs([
    ['bewege die Maus zu Senden', { intent: 'move_mouse', to: { label: 'Senden' } }],
    ['bewege die Maus auf 640, 400', { intent: 'move_mouse', to: { x: 640, y: 400 } }],
    ['bewege den Mauszeiger über den Knopf OK', { intent: 'move_mouse', to: { label: 'OK', role: 'button' } }],
    ['bewege die Maus zu Nummer 7', { intent: 'move_mouse', to: { id: 7 } }],
    ['fahre mit der Maus über Senden', { intent: 'move_mouse', to: { label: 'Senden' } }],
    ['ziehe Bericht nach Archiv', { intent: 'drag', from: { label: 'Bericht' }, to: { label: 'Archiv' } }],
    ['ziehe von 100, 200 nach 300, 400', { intent: 'drag', from: { x: 100, y: 200 }, to: { x: 300, y: 400 } }],
    ['ziehe Bericht in den Papierkorb', { intent: 'drag', from: { label: 'Bericht' }, to: { label: 'Papierkorb' } }],
  ]);

  matchesNot([
    'bewege die Maus',
    'bewege die Maus zu 7',
    'bewege die Maus nach links',
    'bewege das Fenster zu Budget',
    'ziehe Bericht',
    'ziehe A nach B nach C',
    'ziehe nach Archiv',
  ]);
});
