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

/** The words spelling knows, for "what can I say" and the tests. */
export const SPELLING_WORDS = { letters: Object.keys(NATO), digits: Object.keys(DIGITS), symbols: Object.keys(SYMBOLS), capitals: CAPITAL_WORDS };

/** One spoken character at tokens[i]: what it types and how many tokens it took, or null. */
function character(tokens: readonly Token[], i: number): { text: string; used: number } | null {
  const token = tokens[i] as Token;
  const two = tokens[i + 1] === undefined ? undefined : `${token.low} ${(tokens[i + 1] as Token).low}`;
  if (two !== undefined && SYMBOLS[two] !== undefined) return { text: SYMBOLS[two], used: 2 };
  const one = NATO[token.low] ?? DIGITS[token.low] ?? SYMBOLS[token.low];
  if (one !== undefined) return { text: one, used: 1 };
  // A single character as written: a letter keeps its case ("spell X K 4 2"), a digit or a mark is itself.
  if ([...token.raw].length === 1) return { text: token.raw, used: 1 };
  return null;
}

/** "spell …": the intent that types what was spelled, or null when the command is not spelling. */
export function matchSpelling(tokens: readonly Token[]): Read<Intent> | null {
  if (!isWord(tokens[0], 'spell')) return null;
  // "spell it out", "spell check" are not spelling.
  if (tokens.length === 1) return fail('spell what? say the letters, for example "spell alpha bravo charlie"');
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
    if (isWord(token, ...CAPITAL_WORDS) && tokens[i + 1] !== undefined) {
      capital = true;
      i++;
      continue;
    }
    const c = character(tokens, i);
    if (c === null) return fail(`cannot spell "${token.raw}": say one letter, digit or symbol name at a time (alpha, b, 4, dash)`);
    out += capital ? c.text.toUpperCase() : c.text;
    capital = false;
    i += c.used;
  }
  if (out === '') return fail('spell what? say the letters, for example "spell alpha bravo charlie"');
  return typeText(out);
}
