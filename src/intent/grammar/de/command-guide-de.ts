/**
 * "Was kann ich sagen" (issue #32 item 6): the German guide's groups, titles and examples. The guide
 * is built by command-guide.ts as the English one is: every example is parsed by the German grammar
 * before it is shown, and the other ways to say a verb come from the German verb table.
 */
import type { CommandGuide } from '../../../shared/command-guide.js';
import type { VerbKind } from '../lexicon.js';
import { ex, type GroupSpec } from '../guide-spec.js';
import { readTextEditDe } from './edit-de.js';

/** One group per German verb kind, in the order a new user needs them. */
export const DE_VERB_GROUPS: Partial<Readonly<Record<VerbKind, GroupSpec>>> = {
  click: {
    title: 'Einen Knopf, Link oder Tab klicken',
    generic: [ex('klicke auf Senden', 'click_element'), ex('klicke auf den Knopf OK', 'click_element'), ex('klicke 12', 'click_element')],
    fromApp: (n) => n.clickable.map((l) => ex(`klicke auf ${l}`, 'click_element', l)),
  },
  type: {
    title: 'Text schreiben',
    generic: [
      ex('tippe "Hallo" in das Feld Suche', 'type_text'),
      ex('tippe "Hallo"', 'type_text'),
      ex('buchstabiere groß Anton Berta Bindestrich 4', 'type_text'),
    ],
    fromApp: (n) => n.fields.map((l) => ex(`tippe "Hallo" in das Feld ${l}`, 'type_text', l)),
  },
  fill: {
    title: 'Ein Feld ausfüllen',
    generic: [ex('fülle Empfänger mit "Ada"', 'type_text'), ex('trage "Ada" in das Feld Name ein', 'type_text')],
    fromApp: (n) => n.fields.map((l) => ex(`fülle ${l} mit "Ada"`, 'type_text', l)),
  },
  press: {
    title: 'Tasten drücken',
    generic: [ex('drücke Eingabe', 'press_key'), ex('drücke Umschalt+Tab', 'press_key'), ex('drücke Tab 3 mal', 'sequence')],
  },
  open: {
    title: 'Ein Programm öffnen oder zu ihm wechseln',
    generic: [ex('wechsle zu Dateien', 'open_application'), ex('öffne Firefox', 'open_application')],
    fromApp: (n) => [ex(`wechsle zu ${n.app}`, 'open_application')],
  },
  scroll: {
    title: 'Scrollen',
    generic: [
      ex('scrolle nach unten', 'scroll'),
      ex('scrolle 3 mal nach oben', 'scroll'),
      ex('scrolle ein bisschen nach unten', 'scroll'),
      ex('Seite nach unten', 'press_key'),
    ],
  },
  double: {
    title: 'Doppelklicken',
    generic: [ex('doppelklicke auf Bericht', 'double_click_element')],
    fromApp: (n) => n.clickable.map((l) => ex(`doppelklicke auf ${l}`, 'double_click_element', l)),
  },
  right: {
    title: 'Rechtsklick (das Menü eines Elements)',
    generic: [ex('rechtsklick auf Bericht', 'right_click_element')],
    fromApp: (n) => n.clickable.map((l) => ex(`rechtsklick auf ${l}`, 'right_click_element', l)),
  },
  move: {
    title: 'Die Maus bewegen',
    generic: [ex('bewege die Maus zu Senden', 'move_mouse'), ex('bewege die Maus auf 200, 300', 'move_mouse')],
    fromApp: (n) => n.clickable.map((l) => ex(`bewege die Maus zu ${l}`, 'move_mouse', l)),
  },
  hover: {
    title: 'Mit der Maus über ein Element fahren',
    generic: [ex('fahre mit der Maus über Senden', 'move_mouse')],
    fromApp: (n) => n.clickable.map((l) => ex(`fahre mit der Maus über ${l}`, 'move_mouse', l)),
  },
  drag: { title: 'Ziehen', generic: [ex('ziehe Bericht nach Archiv', 'drag'), ex('ziehe von 100, 200 nach 300, 400', 'drag')] },
  back: { title: 'Eine Seite zurück', generic: [ex('zurück', 'press_key')] },
  forward: { title: 'Eine Seite vorwärts', generic: [ex('vorwärts', 'press_key')] },
  web: {
    title: 'Eine Webseite öffnen',
    generic: [ex('öffne example.com', 'open_url'), ex('gehe zu https://example.org', 'open_url'), ex('besuche www.example.net', 'open_url')],
  },
};

/** The commands said as a whole phrase. */
export const DE_OTHER_GROUPS: readonly GroupSpec[] = [
  {
    title: 'Fragen zum Bildschirm',
    generic: [
      ex('was ist auf dem Bildschirm', 'get_screen_elements'),
      ex('was kann ich klicken', 'get_screen_elements'),
      ex('welche App ist das', 'get_frontmost_app'),
      ex('welche Apps sind offen', 'list_applications'),
    ],
  },
  {
    title: 'Bearbeiten: rückgängig, kopieren, einfügen, speichern',
    generic: ['rückgängig', 'wiederholen', 'kopieren', 'ausschneiden', 'einfügen', 'alles auswählen', 'speichern', 'suchen'].map((say) => ex(say, 'press_key')),
  },
  { title: 'Tabs', generic: [ex('neuer Tab', 'press_key'), ex('Tab schließen', 'press_key')] },
  {
    title: 'Fenster',
    generic: [
      ex('Fenster maximieren', 'window_command'),
      ex('Fenster nach links', 'window_command'),
      ex('wechsle zum Fenster Budget', 'window_command'),
      ex('zeige den Schreibtisch', 'window_command'),
    ],
  },
  {
    title: 'Markierten Text formatieren',
    generic: [ex('mach das fett', 'press_key'), ex('mach es kursiv', 'press_key'), ex('unterstreiche die Auswahl', 'press_key')],
  },
  { title: 'Mehrere Schritte auf einmal', generic: [ex('öffne Dateien, dann tippe "Bericht"', 'sequence')] },
];

/** Editing the focused field's text (edit-de.ts, read before any planner): each example is read as an edit. */
export const DE_TEXT_EDIT_GROUP = {
  title: 'Text bearbeiten',
  examples: [
    'korrigiere Berlin zu Bern',
    'wähle den zweiten Absatz aus',
    'wähle von hallo bis Welt aus',
    'lösche den letzten Satz',
    'schreibe das groß',
    'gehe zum Ende der Zeile',
    'füge hallo vor Welt ein',
  ].filter((say) => readTextEditDe(say) !== null),
};

/** What the assistant itself answers (src/shared/lang/de/session-words.ts), and the answers to what it asks. */
export const DE_SESSION_GROUP = {
  title: 'Der Assistent selbst',
  examples: [
    'zeige Nummern',
    'verstecke Nummern',
    'Raster zeigen',
    'stopp',
    'nochmal',
    'nimm das zurück',
    'vergiss meine Auswahl',
    'Diktat starten',
    'was kann ich sagen',
  ],
};
export const DE_ANSWER_GROUP = { title: 'Eine Bestätigung oder Frage beantworten', examples: ['ja', 'bestätigen', 'nein', 'abbrechen', 'die zweite', '2'] };

/** While a confirmation waits: only its answers (and stopp) do anything. */
export function deConfirmationGuide(): CommandGuide {
  return {
    language: 'de',
    scope: 'confirmation',
    groups: [
      { title: 'Ausführen', examples: ['ja', 'bestätigen'], alsoSaid: [] },
      // By voice, what cannot be undone takes a deliberate answer (src/shared/answer-words.ts, issue #27).
      { title: 'Ausführen, per Stimme, wenn es nicht rückgängig zu machen ist', examples: ['bestätigen', 'ja, löschen'], alsoSaid: [] },
      { title: 'Lassen', examples: ['nein', 'abbrechen', 'stopp'], alsoSaid: [] },
    ],
  };
}

/** While a question waits: its answers, their numbers, or abbrechen. */
export function deQuestionGuide(options: readonly string[]): CommandGuide {
  const numbers = options.slice(0, 3).map((_, i) => String(i + 1));
  return {
    language: 'de',
    scope: 'question',
    groups: [
      { title: 'Eine Antwort wählen', examples: [...options, ...numbers, ...(options.length >= 2 ? ['die zweite'] : [])], alsoSaid: [] },
      { title: 'Die Frage lassen', examples: ['abbrechen'], alsoSaid: [] },
    ],
  };
}

/** While a command runs: stopp, and a long run's Pause and weiter (issue #32). */
export function deRunningGuide(): CommandGuide {
  return {
    language: 'de',
    scope: 'running',
    groups: [
      { title: 'Anhalten', examples: ['stopp'], alsoSaid: ['halt'] },
      { title: 'Ein Lauf von mehr als 5 Schritten', examples: ['Pause', 'weiter'], alsoSaid: ['warte', 'mach weiter', 'fortsetzen'] },
    ],
  };
}

/** While the mouse grid is up: its German words, with cells 1 to `cells` (src/shared/grid-words.ts reads them). */
export function deGridGuide(cells: number): CommandGuide {
  const mid = String(Math.ceil(cells / 2));
  return {
    language: 'de',
    scope: 'grid',
    groups: [
      { title: 'In ein Feld zoomen', examples: [mid, `klicke ${mid}`, `${mid} 1`], alsoSaid: [] },
      { title: 'In der Mitte des Feldes klicken', examples: ['klicke', 'Doppelklick', 'Rechtsklick'], alsoSaid: ['Dreifachklick'] },
      { title: 'Zoomen und klicken in einem', examples: [`${mid} klicken`, `${mid} 1 Doppelklick`], alsoSaid: [`${mid} Rechtsklick`] },
      { title: 'Nur den Zeiger bewegen', examples: [`bewege die Maus zu ${cells}`], alsoSaid: [] },
      { title: 'Von einem Feld zum anderen ziehen', examples: [`ziehe von 2 nach ${cells - 1}`], alsoSaid: [`ziehe von ${mid} 1 nach ${cells}`] },
      { title: 'Das Raster schließen', examples: ['Raster verbergen'], alsoSaid: ['Raster schließen', 'Esc'] },
    ],
  };
}
