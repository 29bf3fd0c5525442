/**
 * The German grammar's words (issue #32 item 6): verbs, articles, roles, keys, numbers and ranks,
 * as data. Lowercase; a word with ä, ö, ü or ß also counts written with ae, oe, ue or ss (the
 * readers in grammar-de.ts compare folded words). Labels, titles and quoted text are never looked up
 * here: they are kept exactly as said.
 */
import type { CanonicalModifier } from '../../../shared/keys.js';
import type { Role } from '../../../shared/roles.js';
import type { VerbPhrase } from '../lexicon.js';

/**
 * Command verbs said first ("klicke auf Senden", "öffne Firefox"): the imperative as people say and
 * write it (with and without its final e) and the infinitive a recogniser sometimes writes instead.
 */
export const DE_VERB_PHRASES: readonly VerbPhrase[] = [
  ...['öffne', 'öffnen', 'starte', 'starten'].map((w): VerbPhrase => ({ words: [w], kind: 'open' })),
  ...['wechsle', 'wechsel', 'wechseln', 'gehe', 'geh'].map((w): VerbPhrase => ({ words: [w, 'zu'], kind: 'open' })),
  ...['gehe', 'geh'].map((w): VerbPhrase => ({ words: [w, 'zurück'], kind: 'back' })),
  { words: ['zurück'], kind: 'back' },
  ...['gehe', 'geh'].map((w): VerbPhrase => ({ words: [w, 'vorwärts'], kind: 'forward' })),
  { words: ['vorwärts'], kind: 'forward' },
  ...['besuche', 'besuchen'].map((w): VerbPhrase => ({ words: [w], kind: 'web' })),
  ...['klicke', 'klick', 'klicken', 'linksklick', 'linksklicke'].map((w): VerbPhrase => ({ words: [w], kind: 'click', optional: ['auf'] })),
  ...['doppelklicke', 'doppelklick', 'doppelklicken'].map((w): VerbPhrase => ({ words: [w], kind: 'double', optional: ['auf'] })),
  ...['klicke', 'klick'].map((w): VerbPhrase => ({ words: [w, 'doppelt'], kind: 'double', optional: ['auf'] })),
  ...['rechtsklicke', 'rechtsklick', 'rechtsklicken'].map((w): VerbPhrase => ({ words: [w], kind: 'right', optional: ['auf'] })),
  ...['klicke', 'klick'].map((w): VerbPhrase => ({ words: [w, 'rechts'], kind: 'right', optional: ['auf'] })),
  ...['drücke', 'drück', 'drücken', 'betätige'].map((w): VerbPhrase => ({ words: [w], kind: 'press' })),
  // "tippe auf Senden" taps (a click); "tippe "Hallo"" types: grammar-de.ts tells them apart by the "auf".
  ...['tippe', 'tipp', 'tippen', 'schreibe', 'schreib', 'schreiben'].map((w): VerbPhrase => ({ words: [w], kind: 'type' })),
  ...['scrolle', 'scroll', 'scrollen', 'blättere', 'blättre', 'blättern'].map((w): VerbPhrase => ({ words: [w], kind: 'scroll' })),
  ...['bewege', 'beweg', 'bewegen'].map((w): VerbPhrase => ({ words: [w], kind: 'move' })),
  ...['fahre', 'fahr'].map((w): VerbPhrase => ({ words: [w, 'mit', 'der', 'maus', 'über'], kind: 'hover' })),
  ...['ziehe', 'zieh', 'ziehen'].map((w): VerbPhrase => ({ words: [w], kind: 'drag' })),
  // "fülle Name mit „Ada“ [aus]": text into a field named by its name.
  ...['fülle', 'füll', 'füllen'].map((w): VerbPhrase => ({ words: [w], kind: 'fill' })),
];

/**
 * Command words spelled the same in English ("scroll" is a German imperative too): a command that
 * begins with one and that German does not read is read in English, and English's reading counts
 * only when it reads the command whole ("scroll down a bit", "scroll to the bottom"). Each word here
 * is one the English grammar takes as a verb (tests/intent/grammar/de-scroll.test.ts).
 */
export const DE_SAME_IN_ENGLISH: ReadonlySet<string> = new Set(['scroll']);

/** Verbs said last, as an infinitive ("Firefox öffnen", "auf Senden klicken", "nach unten scrollen"). */
export const DE_FINAL_VERBS: ReadonlyMap<string, VerbPhrase['kind']> = new Map([
  ['öffnen', 'open'],
  ['starten', 'open'],
  ['klicken', 'click'],
  ['anklicken', 'click'],
  ['doppelklicken', 'double'],
  ['rechtsklicken', 'right'],
  ['drücken', 'press'],
  ['schreiben', 'type'],
  ['eingeben', 'type'],
  ['scrollen', 'scroll'],
  ['blättern', 'scroll'],
  ['besuchen', 'web'],
]);

/** "gib "Hallo" ein", "trage "Ada" in das Feld Name ein": the verbs of typing whose particle ends the command. */
export const DE_GIVE_VERBS: readonly string[] = ['gib', 'gebe', 'trage', 'trag'];

/** Articles and words like them before a name or a role ("den Knopf", "die Schaltfläche", "ein Link"). */
export const DE_ARTICLES: ReadonlySet<string> = new Set(['der', 'die', 'das', 'den', 'dem', 'des', 'ein', 'eine', 'einen', 'einem', 'einer']);

/** "in das Feld", "ins Feld", "im Feld": the words that say where text goes or where an element is. */
export const DE_INTO: ReadonlySet<string> = new Set(['in', 'ins', 'im']);

/** Politeness around a command: "bitte", "danke". */
export const DE_POLITE: ReadonlySet<string> = new Set(['bitte', 'danke']);

/** Words that point at something or deny instead of naming it: "klicke auf das hier", "klicke nicht". */
export const DE_NON_NAMING: ReadonlySet<string> = new Set([
  'es',
  'ihn',
  'sie',
  'ihm',
  'das',
  'dies',
  'diese',
  'diesen',
  'dieser',
  'dieses',
  'hier',
  'da',
  'dort',
  'alles',
  'alle',
  'etwas',
  'was',
  'nichts',
  'irgendwas',
  'irgendwo',
  'mein',
  'meine',
  'meinen',
  'dein',
  'deine',
  'sein',
  'seine',
  'ihr',
  'ihre',
  'andere',
  'anderen',
  'gleiche',
  'gleichen',
  'nicht',
  'kein',
  'keine',
  'keinen',
  'nie',
  'niemals',
  'ich',
  'du',
  'wir',
  'man',
  'mal',
  'noch',
  'wieder',
  'oben',
  'unten',
  'links',
  'rechts',
  'mitte',
]);

/** Words that make "öffne X" something other than an app: places, parts of a window, modes, times. */
export const DE_NOT_APP: ReadonlySet<string> = new Set([
  ...DE_NON_NAMING,
  ...DE_ARTICLES,
  ...['in', 'ins', 'im', 'auf', 'an', 'am', 'zu', 'zum', 'zur', 'von', 'vom', 'mit', 'für', 'aus', 'über', 'unter', 'und', 'oder', 'nach'],
  ...['neuen', 'neue', 'neues', 'neuer', 'menü', 'tab', 'tabs', 'reiter', 'fenster', 'datei', 'ordner', 'dokument', 'dokumente'],
  ...['seite', 'seiten', 'link', 'knopf', 'schaltfläche', 'feld', 'webseite', 'website', 'adresse', 'nachricht', 'e-mail', 'mail', 'leiste'],
  ...['schreibtisch', 'desktop', 'downloads', 'bilder', 'papierkorb', 'einstellungen', 'hilfe', 'programm', 'programme', 'app', 'apps', 'anwendung'],
  ...['anfang', 'ende', 'zeile', 'nächste', 'nächsten', 'vorige', 'vorigen', 'zurück', 'vorwärts', 'modus', 'ansicht', 'tastatur', 'sprache'],
  ...['diktat', 'diktieren', 'aufnahme', 'zuhören', 'scannen', 'schlafen', 'schlafmodus', 'dunkelmodus', 'hilfe', 'nochmal', 'wieder'],
  ...['sekunde', 'sekunden', 'minute', 'minuten', 'stunde', 'stunden', 'moment', 'vollbild', 'klicke', 'tippe', 'schreibe', 'drücke', 'scrolle'],
]);

/** Role words ("den Knopf Senden", "das Feld Name", "die Schaltfläche „OK“"), before or after the name. */
export const DE_ROLE_WORDS: ReadonlyMap<string, Role> = new Map<string, Role>([
  ['knopf', 'button'],
  ['schaltfläche', 'button'],
  ['button', 'button'],
  ['link', 'link'],
  ['verweis', 'link'],
  ['tab', 'tab'],
  ['reiter', 'tab'],
  ['registerkarte', 'tab'],
  ['kontrollkästchen', 'check_box'],
  ['checkbox', 'check_box'],
  ['ankreuzfeld', 'check_box'],
  ['optionsfeld', 'radio_button'],
  ['radiobutton', 'radio_button'],
  ['umschaltknopf', 'toggle_button'],
  ['schalter', 'switch'],
  ['menüeintrag', 'menu_item'],
  ['menüpunkt', 'menu_item'],
  ['menü', 'menu'],
  ['feld', 'text_field'],
  ['textfeld', 'text_field'],
  ['eingabefeld', 'text_field'],
  ['suchfeld', 'search_field'],
  ['passwortfeld', 'password_field'],
  ['kennwortfeld', 'password_field'],
  ['textbereich', 'text_area'],
  ['auswahlliste', 'combo_box'],
  ['klappliste', 'combo_box'],
  ['dropdown', 'combo_box'],
  ['schieberegler', 'slider'],
  ['regler', 'slider'],
  ['listeneintrag', 'list_item'],
  ['zeile', 'row'],
  ['zelle', 'cell'],
  ['überschrift', 'heading'],
  ['bild', 'image'],
]);

/** Containers by their kind, as the engine names them ("in der Werkzeugleiste" is "in the toolbar"). */
export const DE_CONTAINER_KINDS: ReadonlyMap<string, string> = new Map([
  ['werkzeugleiste', 'toolbar'],
  ['symbolleiste', 'toolbar'],
  ['menüleiste', 'menu bar'],
  ['menü', 'menu'],
  ['dialog', 'dialog'],
  ['liste', 'list'],
  ['tabelle', 'table'],
  ['fenster', 'window'],
]);

/** Numbers as words, 0–20 and the tens; "zwo" is "zwei" said to be heard clearly. */
const DE_NUMBER_LIST: ReadonlyArray<readonly [number, readonly string[]]> = [
  [0, ['null']],
  [1, ['eins']],
  [2, ['zwei', 'zwo']],
  [3, ['drei']],
  [4, ['vier']],
  [5, ['fünf']],
  [6, ['sechs']],
  [7, ['sieben']],
  [8, ['acht']],
  [9, ['neun']],
  [10, ['zehn']],
  [11, ['elf']],
  [12, ['zwölf']],
  [13, ['dreizehn']],
  [14, ['vierzehn']],
  [15, ['fünfzehn']],
  [16, ['sechzehn']],
  [17, ['siebzehn']],
  [18, ['achtzehn']],
  [19, ['neunzehn']],
  [20, ['zwanzig']],
  [30, ['dreißig']],
  [40, ['vierzig']],
  [50, ['fünfzig']],
];
export const DE_NUMBERS: ReadonlyMap<string, number> = new Map(DE_NUMBER_LIST.flatMap(([n, words]) => words.map((w) => [w, n] as const)));

/** "einmal", "dreimal", "3 mal": how often. */
export const DE_TIMES: ReadonlyMap<string, number> = new Map(
  [...DE_NUMBERS].filter(([, n]) => n >= 1 && n <= 20).flatMap(([w, n]) => [[`${w === 'eins' ? 'ein' : w}mal`, n] as const]),
);

/** Ranks by their stem ("dritte", "dritten", "dritter", "drittes"), and the ranks from the end. */
const DE_RANK_STEMS: ReadonlyArray<readonly [string, number]> = [
  ['erst', 1],
  ['zweit', 2],
  ['dritt', 3],
  ['viert', 4],
  ['fünft', 5],
  ['sechst', 6],
  ['siebt', 7],
  ['acht', 8],
  ['neunt', 9],
  ['zehnt', 10],
  ['elft', 11],
  ['zwölft', 12],
];
const RANK_ENDINGS = ['e', 'en', 'er', 'es', 'em'];
export const DE_RANKS: ReadonlyMap<string, number> = new Map(DE_RANK_STEMS.flatMap(([stem, n]) => RANK_ENDINGS.map((e) => [`${stem}${e}`, n] as const)));
export const DE_LAST: ReadonlySet<string> = new Set(RANK_ENDINGS.map((e) => `letzt${e}`));
/** "der zweitletzte Knopf": a rank counted from the end. */
export const DE_RANKS_FROM_END: ReadonlyMap<string, number> = new Map(
  DE_RANK_STEMS.slice(1, 5).flatMap(([stem, n]) => RANK_ENDINGS.map((e) => [`${stem}letzt${e}`, n] as const)),
);
/** "der dritte unbenannte Knopf": only controls without a name. */
export const DE_UNNAMED: ReadonlySet<string> = new Set(RANK_ENDINGS.map((e) => `unbenannt${e}`).concat(RANK_ENDINGS.map((e) => `namenlos${e}`)));

/** "die Nummer 12", "Element 12": the words before an overlay number. */
export const DE_NUMBER_NOUNS: ReadonlySet<string> = new Set(['nummer', 'nr.', 'nr', 'element', 'zahl']);

/** Modifier keys by their German names (and the English ones, which German keyboards print too). */
export const DE_MODIFIERS: ReadonlyMap<string, CanonicalModifier> = new Map<string, CanonicalModifier>([
  ['strg', 'ctrl'],
  ['steuerung', 'ctrl'],
  ['umschalt', 'shift'],
  ['umschalttaste', 'shift'],
  ['hochstelltaste', 'shift'],
  ['großschreibtaste', 'shift'],
  ['alt', 'alt'],
  ['wahltaste', 'alt'],
  ['befehl', 'cmd'],
  ['befehlstaste', 'cmd'],
]);

/** Keys by their German names, one or two words, to the canonical key (src/shared/keys.ts). */
export const DE_KEYS: ReadonlyMap<string, string> = new Map([
  ['eingabe', 'enter'],
  ['eingabetaste', 'enter'],
  ['zeilenschaltung', 'enter'],
  ['tabulator', 'tab'],
  ['tabtaste', 'tab'],
  ['tabulatortaste', 'tab'],
  ['leertaste', 'space'],
  ['leerzeichen', 'space'],
  ['entf', 'delete'],
  ['rücktaste', 'backspace'],
  ['löschtaste', 'backspace'],
  ['einfg', 'insert'],
  ['pos1', 'home'],
  ['posl', 'home'],
  ['ende', 'end'],
  ['bild hoch', 'page_up'],
  ['bild auf', 'page_up'],
  ['bild runter', 'page_down'],
  ['bild ab', 'page_down'],
  ['pfeil hoch', 'up'],
  ['pfeil oben', 'up'],
  ['pfeil runter', 'down'],
  ['pfeil unten', 'down'],
  ['pfeil links', 'left'],
  ['pfeil rechts', 'right'],
  ['nach oben', 'up'],
  ['nach unten', 'down'],
  ['nach links', 'left'],
  ['nach rechts', 'right'],
  ['hoch', 'up'],
  ['runter', 'down'],
  ['links', 'left'],
  ['rechts', 'right'],
  ['feststelltaste', 'caps_lock'],
  ['druck', 'print_screen'],
  ['lauter', 'volume_up'],
  ['leiser', 'volume_down'],
  ['stumm', 'mute'],
]);

/** "die Taste Enter", "die Enter-Taste": the word for a key. */
export const DE_KEY_NOUNS: ReadonlySet<string> = new Set(['taste', 'tasten']);
