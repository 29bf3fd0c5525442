/**
 * Dictation's reading of an utterance (issue #18 item 1), pure: whether a text starts or stops
 * dictation, whether an utterance in dictation mode is a correction command ("scratch that",
 * "correct ‹words› to ‹words›", "select ‹words›", "capitalize that", "all caps that", "undo that"),
 * and otherwise the text it writes: spoken punctuation and layout words become marks ("comma" → ",",
 * "new paragraph" → two line breaks), spaced as written English is, with a capital after a sentence
 * end, a line break, or at the start of an empty field. "literal ‹word›" writes the word itself
 * ("literal comma" → "comma"); an utterance that starts with "literal" is never a command.
 *
 * German's words (issue #32 item 6) are in src/intent/grammar/de/dictation-words-de.ts: starting and
 * stopping count whatever the language set; corrections and marks with German set.
 *
 * The session that applies all this to a field is src/agent/dictation.ts.
 */
import type { Language } from '../shared/language.js';
import { withUmlautSpellings } from '../shared/text/umlauts.js';
import {
  DE_DICTATION_SCRATCH,
  DE_DICTATION_START,
  DE_DICTATION_STOP,
  DE_DICTATION_UNDO,
  DE_LITERAL_WORDS,
  DE_SPOKEN_MARKS,
} from './grammar/de/dictation-words-de.js';

/** How a mark joins the words around it. */
type Attach =
  /** Attached to the word before, a space after: , . ? ! : ; ) and a closing quote. */
  | 'after_word'
  /** A space before, attached to the word after: ( and an opening quote. */
  | 'before_word'
  /** No space on either side: a hyphen, a slash. */
  | 'joined'
  /** A line break: no space on either side, and the next word starts a sentence. */
  | 'line';

interface Mark {
  readonly text: string;
  readonly attach: Attach;
  /** Ends a sentence: the next word gets a capital. */
  readonly endsSentence?: boolean;
  /** Closes a quote or a bracket: a sentence that ended inside it has still ended. */
  readonly closing?: boolean;
}

const after = (text: string, more: Partial<Mark> = {}): Mark => ({ text, attach: 'after_word', ...more });
const SENTENCE_END = { endsSentence: true };
const CLOSING = { closing: true };

/** The spoken marks, each with the ways of saying it. */
const MARK_GROUPS: readonly (readonly [readonly string[], Mark])[] = [
  [['comma'], after(',')],
  [['full stop', 'period'], after('.', SENTENCE_END)],
  [['question mark'], after('?', SENTENCE_END)],
  [['exclamation mark', 'exclamation point'], after('!', SENTENCE_END)],
  [['colon'], after(':')],
  [['semicolon', 'semi colon'], after(';')],
  [['ellipsis'], after('…')],
  [['open quote', 'open quotes', 'begin quote'], { text: '"', attach: 'before_word' }],
  [['close quote', 'close quotes', 'end quote', 'unquote'], after('"', CLOSING)],
  [['open paren', 'open parenthesis'], { text: '(', attach: 'before_word' }],
  [['close paren', 'close parenthesis'], after(')', CLOSING)],
  [['hyphen'], { text: '-', attach: 'joined' }],
  [['slash'], { text: '/', attach: 'joined' }],
  [['new line', 'newline', 'next line'], { text: '\n', attach: 'line' }],
  [['new paragraph', 'next paragraph'], { text: '\n\n', attach: 'line' }],
];

/** Every spoken mark, by its words (lower case, single spaces). */
export const SPOKEN_MARKS: Readonly<Record<string, Mark>> = Object.fromEntries(MARK_GROUPS.flatMap(([words, mark]) => words.map((w) => [w, mark] as const)));

/** German's marks added to English's (English still counts with German set), each also without umlauts. */
const DE_MARKS: Readonly<Record<string, Mark>> = {
  ...SPOKEN_MARKS,
  ...Object.fromEntries(
    Object.entries(DE_SPOKEN_MARKS).flatMap(([de, en]) => {
      const mark = SPOKEN_MARKS[en];
      return mark ? withUmlautSpellings([de]).map((w) => [w, mark] as const) : [];
    }),
  ),
};
const marksIn = (language: Language | undefined): Readonly<Record<string, Mark>> => (language === 'de' ? DE_MARKS : SPOKEN_MARKS);

/** The longest spoken mark, in words. */
const MARK_WORDS_MAX = Math.max(...Object.keys(DE_MARKS).map((k) => k.split(' ').length));

/** The escape word: "literal comma" writes "comma". */
export const LITERAL_WORD = 'literal';

export type DictationCommand =
  | { readonly kind: 'stop' }
  /** Removes the last dictated phrase (or the selection). */
  | { readonly kind: 'scratch' }
  /** Undoes the last change dictation made (a phrase or a correction). */
  | { readonly kind: 'undo' }
  /**
   * Replaces words with others. `splits` are the readings of "correct A to B" when "to" appears more
   * than once, first split first: the session takes the first whose words are in the field.
   */
  | { readonly kind: 'correct'; readonly splits: readonly { readonly from: string; readonly to: string }[] }
  /** Selects words ("that": the last phrase). */
  | { readonly kind: 'select'; readonly phrase: string | 'that' }
  /** Changes the case of the selection, else of the last phrase. */
  | { readonly kind: 'case'; readonly change: CaseChange };

export type CaseChange = 'capitalize' | 'upper' | 'lower';

/** A piece of dictated text before spacing: a word as said (or typed), or a mark. */
export type Piece = { readonly kind: 'word'; readonly text: string } | { readonly kind: 'mark'; readonly mark: Mark };

export type Utterance = { readonly kind: 'command'; readonly command: DictationCommand } | { readonly kind: 'text'; readonly pieces: readonly Piece[] };

/** Lower case, single spaces, a final full stop, "!" or "?" and a "please" at either end dropped. */
function normalise(text: string): string {
  return text
    .toLowerCase()
    .trim()
    .replace(/[.!?]+$/u, '')
    .replace(/\s+/gu, ' ')
    .replace(/^(?:please|bitte)\s+|\s+(?:please|bitte)$/gu, '')
    .trim();
}

const START_PHRASES = new Set([
  'start dictation',
  'start dictating',
  'dictate',
  'dictation',
  'dictation on',
  'begin dictation',
  'turn on dictation',
  'dictation mode',
  ...withUmlautSpellings(DE_DICTATION_START),
]);
const STOP_PHRASES = new Set([
  'stop dictation',
  'stop dictating',
  'end dictation',
  'dictation off',
  'exit dictation',
  'turn off dictation',
  'leave dictation',
  'command mode',
  ...withUmlautSpellings(DE_DICTATION_STOP),
]);
const SCRATCH_PHRASES = new Set(['scratch that', 'strike that', 'delete that']);
const UNDO_PHRASES = new Set(['undo that', 'undo']);
const DE_SCRATCH = new Set(withUmlautSpellings(DE_DICTATION_SCRATCH));
const DE_UNDO = new Set(withUmlautSpellings(DE_DICTATION_UNDO));
const DE_LITERAL = new Set(withUmlautSpellings(DE_LITERAL_WORDS));
const isLiteral = (word: string, language: Language | undefined): boolean => word === LITERAL_WORD || (language === 'de' && DE_LITERAL.has(word));
const CASE_PHRASES: Readonly<Record<string, CaseChange>> = {
  'capitalize that': 'capitalize',
  'capitalise that': 'capitalize',
  'cap that': 'capitalize',
  'all caps that': 'upper',
  'uppercase that': 'upper',
  'upper case that': 'upper',
  'no caps that': 'lower',
  'lowercase that': 'lower',
  'lower case that': 'lower',
};

/** "start dictation", "dictate" …: the command that switches the session into dictation mode. */
export function isDictationStart(text: string): boolean {
  return START_PHRASES.has(normalise(text));
}

/** "stop dictation" …: leaves dictation mode (also understood outside it, where it changes nothing). */
export function isDictationStop(text: string): boolean {
  return STOP_PHRASES.has(normalise(text));
}

/** Every way "correct A to B" splits at a "to" with words on both sides, first "to" first. */
function correctionSplits(rest: string): { from: string; to: string }[] {
  const words = rest.split(' ');
  const splits: { from: string; to: string }[] = [];
  for (let i = 1; i < words.length - 1; i++) {
    if (words[i]?.toLowerCase() === 'to') splits.push({ from: words.slice(0, i).join(' '), to: words.slice(i + 1).join(' ') });
  }
  return splits;
}

/** The command an utterance in dictation mode is, if it is one (the whole utterance must be the command); German's with German set. */
export function dictationCommand(text: string, language?: Language): DictationCommand | undefined {
  const said = normalise(text);
  if (isLiteral(said.split(' ')[0] ?? '', language) && said.includes(' ')) return undefined;
  if (STOP_PHRASES.has(said)) return { kind: 'stop' };
  if (SCRATCH_PHRASES.has(said) || (language === 'de' && DE_SCRATCH.has(said))) return { kind: 'scratch' };
  if (UNDO_PHRASES.has(said) || (language === 'de' && DE_UNDO.has(said))) return { kind: 'undo' };
  const change = CASE_PHRASES[said];
  if (change) return { kind: 'case', change };
  if (said.startsWith('correct ')) {
    // The words as said keep their case in the replacement ("correct paris to Paris").
    const rest = text
      .trim()
      .replace(/[.!?]+$/u, '')
      .replace(/\s+/gu, ' ')
      .replace(/^please /iu, '')
      .replace(/^\S+ /u, '');
    const splits = correctionSplits(rest);
    return splits.length > 0 ? { kind: 'correct', splits } : undefined;
  }
  const select = /^select (.+)$/u.exec(said);
  if (select?.[1]) return { kind: 'select', phrase: select[1] === 'that' ? 'that' : select[1] };
  return undefined;
}

/** The pieces of dictated text: words, and spoken marks in their place ("literal" before a mark keeps its words). */
export function dictationPieces(text: string, language?: Language): Piece[] {
  const words = text
    .trim()
    .split(/\s+/u)
    .filter((w) => w !== '');
  const pieces: Piece[] = [];
  let i = 0;
  while (i < words.length) {
    const word = words[i] ?? '';
    const literal = isLiteral(word.toLowerCase(), language) && i + 1 < words.length;
    const from = literal ? i + 1 : i;
    const match = markAt(words, from, marksIn(language));
    if (match && !literal) {
      pieces.push({ kind: 'mark', mark: match.mark });
      i = from + match.length;
    } else if (match) {
      // The mark's words as words; "literal" itself is not written.
      for (const w of words.slice(from, from + match.length)) pieces.push({ kind: 'word', text: w });
      i = from + match.length;
    } else if (literal) {
      pieces.push({ kind: 'word', text: words[from] ?? '' });
      i = from + 1;
    } else {
      pieces.push({ kind: 'word', text: word });
      i += 1;
    }
  }
  return pieces;
}

/** The longest spoken mark starting at word `from` (a recogniser's trailing "," or "." on its words ignored). */
function markAt(words: readonly string[], from: number, marks: Readonly<Record<string, Mark>>): { mark: Mark; length: number } | undefined {
  for (let n = Math.min(MARK_WORDS_MAX, words.length - from); n >= 1; n--) {
    const said = words
      .slice(from, from + n)
      .join(' ')
      .toLowerCase()
      .replace(/[.,!?]+$/u, '');
    const mark = Object.hasOwn(marks, said) ? marks[said] : undefined;
    if (mark) return { mark, length: n };
  }
  return undefined;
}

/** Reads an utterance said in dictation mode, in the language set: a correction command, or text. */
export function readDictation(text: string, language?: Language): Utterance {
  const command = dictationCommand(text, language);
  if (command) return { kind: 'command', command };
  return { kind: 'text', pieces: dictationPieces(text, language) };
}

/** What the text before the caret says about the next piece: is a space needed, does a sentence start. */
interface Context {
  readonly space: boolean;
  readonly capital: boolean;
}

const OPENING = /[(“‘{[]$/u;

function contextOf(before: string): Context {
  if (before === '' || /\n[ \t]*$/u.test(before)) return { space: false, capital: true };
  const capital = /[.?!]["”')\]]*\s*$/u.test(before);
  // A straight quote opens when it follows a space, a bracket or nothing (as smart quotes decide).
  const openQuote = /(?:^|[\s([{])"$/u.test(before);
  // After an opening mark a sentence starts where it would have started before the mark.
  if (OPENING.test(before) || openQuote) return { space: false, capital: contextOf(before.slice(0, -1)).capital };
  if (/\s$/u.test(before)) return { space: false, capital: capital || /^\s*$/u.test(before) };
  return { space: true, capital };
}

/** A word's first letter in upper case. */
function capitalized(word: string): string {
  const first = word.match(/\p{L}/u);
  if (!first || first.index === undefined) return word;
  return word.slice(0, first.index) + word.charAt(first.index).toLocaleUpperCase() + word.slice(first.index + 1);
}

/**
 * The text to type for an utterance's pieces, given the text before the caret: words joined by
 * spaces, marks attached as written English attaches them, a space before the first word when the
 * text before ends in one, and a capital at a sentence start (unless `capitals` is false: a
 * terminal's commands are case-sensitive). No trailing space: the next phrase brings its own.
 */
export function renderDictation(pieces: readonly Piece[], before: string, options: { readonly capitals?: boolean } = {}): string {
  const capitals = options.capitals ?? true;
  let out = '';
  let ctx = contextOf(before);
  for (const piece of pieces) {
    if (piece.kind === 'word') {
      out += (ctx.space ? ' ' : '') + (ctx.capital && capitals ? capitalized(piece.text) : piece.text);
      const ends = /[.?!]["”')\]]*$/u.test(piece.text);
      ctx = { space: true, capital: ends };
      continue;
    }
    const { mark } = piece;
    switch (mark.attach) {
      case 'after_word':
        out += mark.text;
        ctx = { space: true, capital: mark.endsSentence === true || (mark.closing === true && ctx.capital) };
        break;
      case 'before_word':
        out += (ctx.space ? ' ' : '') + mark.text;
        ctx = { space: false, capital: ctx.capital };
        break;
      case 'joined':
        out += mark.text;
        ctx = { space: false, capital: false };
        break;
      case 'line':
        out += mark.text;
        ctx = { space: false, capital: true };
        break;
    }
  }
  return out;
}

/** A case change applied to text. */
export function changeCase(text: string, change: CaseChange): string {
  switch (change) {
    case 'upper':
      return text.toLocaleUpperCase();
    case 'lower':
      return text.toLocaleLowerCase();
    case 'capitalize':
      return text.replace(/\S+/gu, (w) => capitalized(w));
  }
}
