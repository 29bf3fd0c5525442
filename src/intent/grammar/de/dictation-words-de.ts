/**
 * Dictation's words in German (issue #32 item 6), read by src/intent/dictation-text.ts: starting and
 * stopping dictation (whatever the language set: no English command reads like them), and, with
 * German set, the corrections and the spoken marks ("Komma", "neuer Absatz"), each by the English
 * mark it writes. „wörtlich Punkt“ writes the word „Punkt“. Each phrase also counts without umlauts.
 */

export const DE_DICTATION_START: readonly string[] = [
  'diktat starten',
  'diktat beginnen',
  'starte das diktat',
  'starte diktat',
  'beginne das diktat',
  'diktieren',
  'diktat an',
  'diktiermodus',
];
export const DE_DICTATION_STOP: readonly string[] = [
  'diktat beenden',
  'diktat stoppen',
  'beende das diktat',
  'beende diktat',
  'diktieren beenden',
  'diktat aus',
  'befehlsmodus',
];
/** The last dictated phrase removed (English "scratch that"). */
export const DE_DICTATION_SCRATCH: readonly string[] = ['streich das', 'streiche das', 'weg damit'];
/** Dictation's last change undone (English "undo that"): in dictation mode, as "undo" is in English. */
export const DE_DICTATION_UNDO: readonly string[] = ['rückgängig', 'mach das rückgängig'];
/** The escape word: „wörtlich Komma“ writes „Komma“. */
export const DE_LITERAL_WORDS: readonly string[] = ['wörtlich'];

/** Each German spoken mark, by the English mark's words (src/intent/dictation-text.ts `SPOKEN_MARKS`). */
export const DE_SPOKEN_MARKS: Readonly<Record<string, string>> = {
  komma: 'comma',
  punkt: 'full stop',
  fragezeichen: 'question mark',
  ausrufezeichen: 'exclamation mark',
  doppelpunkt: 'colon',
  semikolon: 'semicolon',
  strichpunkt: 'semicolon',
  auslassungspunkte: 'ellipsis',
  'anführungszeichen auf': 'open quote',
  'anführungszeichen zu': 'close quote',
  'klammer auf': 'open paren',
  'klammer zu': 'close paren',
  bindestrich: 'hyphen',
  schrägstrich: 'slash',
  'neue zeile': 'new line',
  'nächste zeile': 'new line',
  'neuer absatz': 'new paragraph',
  'neuen absatz': 'new paragraph',
  'nächster absatz': 'new paragraph',
};
