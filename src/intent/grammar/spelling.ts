/**
 * Spelling (issue #32 item 2): "spell alpha bravo charlie" types "abc". What a recogniser gets wrong
 * (names, codes, a word it does not know) is said one character at a time: letters plainly ("a",
 * "b") or by the NATO alphabet, "cap" (or "capital", "upper") before a letter for its capital, digits
 * as figures or words, and symbols by name ("dash", "at sign", "space"). The text typed is exactly
 * what was spelled; the engine reads it back. A word the tables do not know is no match, with the
 * word named, never a guess.
 */
import { fail, type Read } from './phrases.js';
import { typeText } from './verbs-text.js';
import { isWord, type Token } from './tokens.js';
import type { Intent } from '../schema.js';

/** The NATO spelling alphabet (with the spellings speech engines also write). */
const NATO: Readonly<Record<string, string>> = {
  alfa: 'a',
  alpha: 'a',
  bravo: 'b',
  charlie: 'c',
  delta: 'd',
  echo: 'e',
  foxtrot: 'f',
  golf: 'g',
  hotel: 'h',
  india: 'i',
  juliet: 'j',
  juliett: 'j',
  kilo: 'k',
  lima: 'l',
  mike: 'm',
  november: 'n',
  oscar: 'o',
  papa: 'p',
  quebec: 'q',
  romeo: 'r',
  sierra: 's',
  tango: 't',
  uniform: 'u',
  victor: 'v',
  whiskey: 'w',
  whisky: 'w',
  'x-ray': 'x',
  xray: 'x',
  yankee: 'y',
  zulu: 'z',
};

const DIGITS: Readonly<Record<string, string>> = {
  zero: '0',
  oh: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
};

/** Symbols by name: one word, or two (the longer is tried first). */
const SYMBOLS: Readonly<Record<string, string>> = {
  space: ' ',
  dash: '-',
  hyphen: '-',
  minus: '-',
  underscore: '_',
  dot: '.',
  period: '.',
  point: '.',
  'full stop': '.',
  comma: ',',
  at: '@',
  'at sign': '@',
  slash: '/',
  'forward slash': '/',
  backslash: '\\',
  colon: ':',
  semicolon: ';',
  plus: '+',
  equals: '=',
  'equal sign': '=',
  'equals sign': '=',
  hash: '#',
  pound: '#',
  'number sign': '#',
  dollar: '$',
  'dollar sign': '$',
  percent: '%',
  'percent sign': '%',
  ampersand: '&',
  star: '*',
  asterisk: '*',
  apostrophe: "'",
  quote: '"',
  'exclamation mark': '!',
  'exclamation point': '!',
  bang: '!',
  'question mark': '?',
  tilde: '~',
  'open paren': '(',
  'close paren': ')',
  'left paren': '(',
  'right paren': ')',
  'open bracket': '[',
  'close bracket': ']',
};

const CAPITAL_WORDS = ['cap', 'capital', 'upper', 'uppercase'] as const;

/** A language's spelling words: the verb, its alphabet, digits, symbols and the words before a capital. */
export interface SpellingAlphabet {
  readonly verbs: readonly string[];
  readonly letters: Readonly<Record<string, string>>;
  readonly digits: Readonly<Record<string, string>>;
  readonly symbols: Readonly<Record<string, string>>;
  readonly capitals: readonly string[];
  /** What the user is told to say: a whole example, and a few single characters. */
  readonly example: string;
  readonly hint: string;
  /** Folds a word before it is looked up (German: written without umlauts); absent: as it is. */
  readonly fold?: (word: string) => string;
}

const ENGLISH: SpellingAlphabet = {
  verbs: ['spell'],
  letters: NATO,
  digits: DIGITS,
  symbols: SYMBOLS,
  capitals: CAPITAL_WORDS,
  example: 'spell alpha bravo charlie',
  hint: 'alpha, b, 4, dash',
};

/** The words spelling knows, for "what can I say" and the tests. */
export const SPELLING_WORDS = { letters: Object.keys(NATO), digits: Object.keys(DIGITS), symbols: Object.keys(SYMBOLS), capitals: CAPITAL_WORDS };

/** One spoken character at tokens[i]: what it types and how many tokens it took, or null. */
function character(tokens: readonly Token[], i: number, a: SpellingAlphabet): { text: string; used: number } | null {
  const fold = a.fold ?? ((w: string) => w);
  const token = tokens[i] as Token;
  const low = fold(token.low);
  const two = tokens[i + 1] === undefined ? undefined : `${low} ${fold((tokens[i + 1] as Token).low)}`;
  if (two !== undefined && a.symbols[two] !== undefined) return { text: a.symbols[two], used: 2 };
  const one = a.letters[low] ?? a.digits[low] ?? a.symbols[low];
  if (one !== undefined) return { text: one, used: 1 };
  // A single character as written: a letter keeps its case ("spell X K 4 2"), a digit or a mark is itself.
  if ([...token.raw].length === 1) return { text: token.raw, used: 1 };
  return null;
}

/** "spell …" ("buchstabiere …" in German): the intent that types what was spelled, or null when the command is not spelling. */
export function matchSpelling(tokens: readonly Token[], a: SpellingAlphabet = ENGLISH): Read<Intent> | null {
  if (!isWord(tokens[0], ...a.verbs)) return null;
  // "spell it out", "spell check" are not spelling.
  if (tokens.length === 1) return fail(`spell what? say the letters, for example "${a.example}"`);
  if (tokens[1]?.quoted) return typeText(tokens[1].raw);
  let out = '';
  let capital = false;
  for (let i = 1; i < tokens.length;) {
    const token = tokens[i] as Token;
    // Commas and full stops a recogniser puts between spoken letters are not spelled.
    if (!token.quoted && (token.raw === ',' || token.raw === ';')) {
      i++;
      continue;
    }
    if (!token.quoted && a.capitals.includes((a.fold ?? String)(token.low)) && tokens[i + 1] !== undefined) {
      capital = true;
      i++;
      continue;
    }
    const c = character(tokens, i, a);
    if (c === null) return fail(`cannot spell "${token.raw}": say one letter, digit or symbol name at a time (${a.hint})`);
    out += capital ? c.text.toUpperCase() : c.text;
    capital = false;
    i += c.used;
  }
  if (out === '') return fail(`spell what? say the letters, for example "${a.example}"`);
  return typeText(out);
}
