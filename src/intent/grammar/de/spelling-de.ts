/**
 * Spelling in German (issue #32 item 6): "buchstabiere Anton Berta Cäsar" types "abc". The German
 * spelling alphabet (DIN 5009, the names people learnt), Ärger, Ökonom and Übermut for the umlauts,
 * Eszett for ß, "groß" before a letter for its capital, digits as figures or words, and symbols by
 * their German names. The reader is spelling.ts's, with these tables.
 */
import type { SpellingAlphabet } from '../spelling.js';
import { foldDe } from './fold.js';

const LETTERS: Readonly<Record<string, string>> = {
  anton: 'a',
  ärger: 'ä',
  berta: 'b',
  bertha: 'b',
  cäsar: 'c',
  dora: 'd',
  emil: 'e',
  friedrich: 'f',
  gustav: 'g',
  heinrich: 'h',
  ida: 'i',
  julius: 'j',
  kaufmann: 'k',
  konrad: 'k',
  ludwig: 'l',
  martha: 'm',
  marta: 'm',
  nordpol: 'n',
  otto: 'o',
  ökonom: 'ö',
  paula: 'p',
  quelle: 'q',
  richard: 'r',
  samuel: 's',
  siegfried: 's',
  eszett: 'ß',
  theodor: 't',
  ulrich: 'u',
  übermut: 'ü',
  viktor: 'v',
  wilhelm: 'w',
  xanthippe: 'x',
  ypsilon: 'y',
  zacharias: 'z',
  zeppelin: 'z',
};

const DIGITS: Readonly<Record<string, string>> = {
  null: '0',
  eins: '1',
  zwei: '2',
  zwo: '2',
  drei: '3',
  vier: '4',
  fünf: '5',
  sechs: '6',
  sieben: '7',
  acht: '8',
  neun: '9',
};

const SYMBOLS: Readonly<Record<string, string>> = {
  leerzeichen: ' ',
  bindestrich: '-',
  minus: '-',
  unterstrich: '_',
  punkt: '.',
  komma: ',',
  at: '@',
  ät: '@',
  klammeraffe: '@',
  schrägstrich: '/',
  'umgekehrter schrägstrich': '\\',
  doppelpunkt: ':',
  semikolon: ';',
  strichpunkt: ';',
  plus: '+',
  gleich: '=',
  gleichheitszeichen: '=',
  raute: '#',
  dollar: '$',
  prozent: '%',
  'und-zeichen': '&',
  stern: '*',
  sternchen: '*',
  apostroph: "'",
  anführungszeichen: '"',
  ausrufezeichen: '!',
  fragezeichen: '?',
  tilde: '~',
  'klammer auf': '(',
  'klammer zu': ')',
};

/** Every key folded, so "Aerger" and "Ärger" are one word. */
const folded = (table: Readonly<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(Object.entries(table).map(([word, text]) => [foldDe(word), text]));

export const DE_SPELLING: SpellingAlphabet = {
  verbs: ['buchstabiere', 'buchstabier', 'buchstabieren'],
  letters: folded(LETTERS),
  digits: folded(DIGITS),
  symbols: folded(SYMBOLS),
  capitals: ['gross', 'grosses', 'grossbuchstabe'],
  example: 'buchstabiere Anton Berta Cäsar',
  hint: 'Anton, b, 4, Bindestrich',
  fold: foldDe,
};

/** The words German spelling knows, for "was kann ich sagen" and the tests. */
export const DE_SPELLING_WORDS = { letters: Object.keys(LETTERS), digits: Object.keys(DIGITS), symbols: Object.keys(SYMBOLS) };
