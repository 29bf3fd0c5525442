/**
 * The German words of editing a field's text (issue #32 item 6; edit-de.ts reads them): the units
 * with their case forms, the verbs, the words for the selection, the whole text and the caret's
 * edges. Lowercase; compared folded (fold.ts), so "loesche" is "lösche".
 */
import type { TextUnit } from '../../../shared/text/text-units.js';
import type { CaseChange } from '../../dictation-text.js';

/** The units by every form a command says them in: "das Wort", "des Wortes", "die Zeile", "des Absatzes". */
export const DE_EDIT_UNITS: ReadonlyMap<string, TextUnit> = new Map([
  ...['wort', 'worts', 'wortes'].map((w) => [w, 'word'] as const),
  ...['satz', 'satzes'].map((w) => [w, 'sentence'] as const),
  ...['absatz', 'absatzes', 'abschnitt', 'abschnitts', 'abschnittes'].map((w) => [w, 'paragraph'] as const),
  ...['zeile'].map((w) => [w, 'line'] as const),
  ...['zeichen', 'zeichens', 'buchstabe', 'buchstaben'].map((w) => [w, 'character'] as const),
]);

/** "diesen Satz", "die aktuelle Zeile", "der Zeile": the unit at the caret (an article alone says it too). */
export const DE_EDIT_CURRENT: ReadonlySet<string> = new Set([
  ...['diese', 'diesen', 'dieser', 'dieses', 'diesem'],
  ...['aktuelle', 'aktuellen', 'aktueller', 'aktuelles'].flatMap((w) => [w, `den ${w}`, `die ${w}`, `das ${w}`, `der ${w}`, `des ${w}`, `dem ${w}`]),
]);

/** "den vorletzten Satz": the second to last, as German says it beside "zweitletzte". */
export const DE_EDIT_SECOND_LAST: ReadonlySet<string> = new Set(['vorletzte', 'vorletzten', 'vorletzter', 'vorletztes', 'vorletztem']);

/** "das", "es", "die Auswahl": what is selected in the field. */
export const DE_EDIT_SELECTION: ReadonlySet<string> = new Set([
  'das',
  'es',
  'dies',
  'die auswahl',
  'der auswahl',
  'die markierung',
  'der markierung',
  'den markierten text',
  'des markierten textes',
  'das markierte',
]);

/** "den Text", "des Feldes": the field's whole text (a place for the caret and for typing, never for deleting). */
export const DE_EDIT_WHOLE: ReadonlySet<string> = new Set([
  ...['den text', 'der text', 'des textes', 'des texts', 'dem text'],
  ...['das feld', 'des feldes', 'des felds', 'dem feld', 'das textfeld', 'des textfeldes', 'des textfelds', 'dem textfeld'],
]);

/** "das Wort so", "die Wörter vielen Dank": words of the text named as words. */
export const DE_EDIT_WORDS_NOUNS: ReadonlySet<string> = new Set([
  ...['das wort', 'die wörter', 'die worte', 'den ausdruck', 'die wortgruppe', 'den text'],
  ...['des wortes', 'der wörter', 'der worte', 'des ausdrucks', 'dem wort', 'den wörtern', 'den worten', 'dem ausdruck'],
]);

/** The verbs, imperative with and without its final e. */
export const DE_EDIT_SELECT_VERBS: ReadonlySet<string> = new Set(['wähle', 'wähl', 'markiere', 'markier']);
export const DE_EDIT_DELETE_VERBS: ReadonlySet<string> = new Set(['lösche', 'lösch', 'entferne', 'entfern']);
/** "korrigiere Berlin zu Bern", "ersetze Berlin durch Bern", "ändere Berlin in Bern": each verb with the words between old and new. */
export const DE_EDIT_CORRECT_VERBS: ReadonlyMap<string, readonly string[]> = new Map<string, readonly string[]>([
  ...['korrigiere', 'korrigier'].map((w): [string, readonly string[]] => [w, ['zu', 'in']]),
  ...['ersetze', 'ersetz'].map((w): [string, readonly string[]] => [w, ['durch', 'mit']]),
  ...['ändere', 'änder'].map((w): [string, readonly string[]] => [w, ['zu', 'in']]),
]);
/** "schreibe das groß": the case words said last. */
export const DE_EDIT_CASE_VERBS: ReadonlySet<string> = new Set(['schreibe', 'schreib']);
export const DE_EDIT_CASES: ReadonlyMap<string, CaseChange> = new Map([
  ['groß', 'capitalize'],
  ['in großbuchstaben', 'upper'],
  ['ganz groß', 'upper'],
  ['klein', 'lower'],
  ['in kleinbuchstaben', 'lower'],
]);
/** "gehe zum Ende der Zeile", "setze den Cursor an den Anfang des Absatzes": the caret's verbs. */
export const DE_EDIT_CARET_VERBS: readonly string[] = [
  ...['gehe', 'geh', 'springe', 'spring'],
  ...['setze', 'setz', 'bewege', 'beweg', 'stelle', 'stell'].flatMap((v) => [`${v} den cursor`, `${v} die einfügemarke`]),
];
/** The edges after the caret's verb: "zum Ende", "an den Anfang", "ans Ende". */
export const DE_EDIT_EDGES: ReadonlyMap<string, 'start' | 'end'> = new Map([
  ...['zum anfang', 'an den anfang', 'zum beginn', 'an den beginn', 'zum start'].map((w) => [w, 'start'] as const),
  ...['zum ende', 'ans ende', 'an das ende'].map((w) => [w, 'end'] as const),
]);
/** Typing at an edge: "am Anfang", "an den Anfang", "am Ende", "ans Ende". */
export const DE_EDIT_AT_EDGES: ReadonlyMap<string, 'start' | 'end'> = new Map([
  ...['am anfang', 'an den anfang', 'am beginn'].map((w) => [w, 'start'] as const),
  ...['am ende', 'ans ende', 'an das ende'].map((w) => [w, 'end'] as const),
]);
/** "tippe „…“ am Anfang", "füge hallo vor Welt ein": the verbs of typing at a place. */
export const DE_EDIT_TYPE_VERBS: ReadonlySet<string> = new Set(['tippe', 'tipp', 'schreibe', 'schreib']);
export const DE_EDIT_INSERT_VERBS: ReadonlySet<string> = new Set(['füge', 'füg']);
/** Before and after words: "vor Welt", "nach hallo", "hinter hallo". */
export const DE_EDIT_BESIDE: ReadonlyMap<string, 'start' | 'end'> = new Map([
  ['vor', 'start'],
  ['nach', 'end'],
  ['hinter', 'end'],
]);
/** The words between an edge and what it belongs to: "am Ende von Notizen", "am Anfang des Absatzes". */
export const DE_EDIT_OF: ReadonlySet<string> = new Set(['von', 'vom']);
