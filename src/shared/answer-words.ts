/**
 * Answers to what the assistant waits for: a yes or a no to a confirmation, an option of a question,
 * and `routeAnswer`, the one place that decides where an utterance or a typed text goes while
 * something waits (issue #15). The panel, the core's session and the loop read answers only here.
 *
 * The rule for confirmations is strict (docs/decisions/0118-yes-or-whole-answer-fixed-list.md): the whole answer, once case,
 * quotes, end punctuation and spacing are set aside, must be one of the phrases below. A sentence
 * that merely contains "yes" ("yes but save it first", "I did not say yes") confirms nothing.
 */
import { sessionCommand } from './session-commands.js';
import { quote } from './text/quote.js';
import type { RiskLevel } from './risk-level.js';

/** How a text reached the assistant: typed (keyboard, a switch's entry) or spoken (speech to text). */
export const ANSWER_CHANNELS = ['typed', 'spoken'] as const;
export type AnswerChannel = (typeof ANSWER_CHANNELS)[number];

/** Phrases that confirm, as they are compared (lower case, no punctuation, straight apostrophes). */
export const CONFIRM_PHRASES: readonly string[] = [
  'yes',
  'y',
  'yeah',
  'yep',
  'yes please',
  'yes do it',
  'confirm',
  'confirmed',
  'i confirm',
  'do it',
  'go ahead',
  'ok',
  'okay',
  'sure',
];

/** Phrases that cancel. "stop" is not here: it is a session command that always stops the run. */
export const CANCEL_PHRASES: readonly string[] = [
  'no',
  'n',
  'nope',
  'no thanks',
  'no thank you',
  'cancel',
  'cancel it',
  "don't",
  'dont',
  'do not',
  "don't do it",
  'do not do it',
  'never mind',
  'nevermind',
  // "Forget it" is a never mind, not "forget the command named it" (docs/decisions/0176-forget-never-mind.md).
  'forget it',
  'forget that',
  'forget about it',
];

/**
 * Phrases that confirm on their own even by voice when the action is destructive (issue #27): a
 * deliberate word, not one a video, another app's speech or a noise heard as "Okay." says in passing.
 */
export const DELIBERATE_CONFIRM_PHRASES: readonly string[] = ['confirm', 'confirmed', 'i confirm'];

const CONFIRM = new Set(CONFIRM_PHRASES);
const DELIBERATE = new Set(DELIBERATE_CONFIRM_PHRASES);
/** Confirm words a naming answer starts with ("yes, delete", "confirm delete all"), longest first. */
const NAMING_STARTS = ['yes do it', 'i confirm', 'confirm', 'yes', 'ok', 'okay', 'go ahead', 'do it'];
/** Words too common to name an action. */
const FILLER = new Set(['the', 'a', 'an', 'it', 'that', 'this', 'to', 'of', 'in', 'on', 'please', 'now', 'and']);
const CANCEL = new Set(CANCEL_PHRASES);

/** Case, quotes, curly apostrophes, punctuation and spacing set aside, as speech-to-text varies them. */
function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/[‘’‛ʼ]/g, "'")
    .replace(/[“”„‟"«»]/g, '')
    .replace(/[.!?,;:]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** "confirm" or "cancel" when the whole text is one of the phrases; undefined for anything else. */
export function readConfirmationAnswer(text: string): 'confirm' | 'cancel' | undefined {
  const said = normalize(text);
  if (CONFIRM.has(said)) return 'confirm';
  if (CANCEL.has(said)) return 'cancel';
  return undefined;
}

function wordsOf(text: string): string[] {
  return normalize(text)
    .replace(/[“”‘’"'()[\]{}]/g, ' ')
    .split(' ')
    .filter((w) => w !== '');
}

/**
 * How strongly a text confirms a question: 'deliberate' ("confirm", or a confirm word followed by
 * words of the question that name what it does: "yes, delete", "confirm delete all parcels"),
 * 'plain' ("yes", "ok", "sure"), or undefined (not a confirmation).
 */
export function confirmationStrength(text: string, question: string): 'deliberate' | 'plain' | undefined {
  const said = normalize(text);
  if (DELIBERATE.has(said)) return 'deliberate';
  if (CONFIRM.has(said)) return 'plain';
  const start = NAMING_STARTS.find((w) => said.startsWith(`${w} `));
  if (!start) return undefined;
  const named = wordsOf(said.slice(start.length));
  const asked = new Set(wordsOf(question));
  const meaningful = named.filter((w) => !FILLER.has(w));
  return meaningful.length > 0 && named.every((w) => FILLER.has(w) || asked.has(w)) ? 'deliberate' : undefined;
}

/** The word to name in an example answer: the first word of the first quoted label in the question. */
function exampleWord(question: string): string {
  const label = /“([^”]+)”/.exec(question)?.[1] ?? '';
  return wordsOf(label)[0] ?? '';
}

/** Numbers as speech to text may write them out (an option's number, a grid cell's). */
export const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};

/** "first" to "tenth" (an option picked by its rank, an element by its rank). */
export const ORDINAL_WORDS: Readonly<Record<string, number>> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
};

const ORDINALS: Readonly<Record<string, number>> = {
  ...ORDINAL_WORDS,
  ...NUMBER_WORDS,
  '1st': 1,
  '2nd': 2,
  '3rd': 3,
};

/** Case, white space, quotes of any kind and end punctuation do not count. */
function normalizeOption(text: string): string {
  return text
    .toLowerCase()
    .replace(/[“”„‟"'‘’‚‛«»]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!?]+$/, '')
    .trim();
}

/** "2", "the second", "second one", "number 2", "option two", "#2", "the 2nd": the 1-based number. */
function readNumber(text: string): number | undefined {
  const words = text.replace(/^#\s*/, '').split(' ');
  if (words[0] === 'the') words.shift();
  if (words[0] === 'number' || words[0] === 'option' || words[0] === 'choice') words.shift();
  if (words.length === 2 && words[1] === 'one') words.pop();
  if (words.length !== 1) return undefined;
  const word = words[0] ?? '';
  if (/^\d{1,2}$/.test(word)) return Number(word);
  const n = /^(\d{1,2})(?:st|nd|rd|th)$/.exec(word);
  if (n) return Number(n[1]);
  return ORDINALS[word];
}

/**
 * The 0-based index of the option the answer picks, or undefined when it picks none. The answer may
 * be typed, spoken ("two", "the second one") or picked with a switch (the option's text exactly);
 * anything that is not clearly one option is undefined, never a guess.
 */
export function readChoice(answer: string, options: readonly string[]): number | undefined {
  const said = normalizeOption(answer);
  if (said === '') return undefined;
  const exact = options.findIndex((option) => normalizeOption(option) === said);
  if (exact >= 0) return exact;
  // Options made unique by a number ("1: “OK” …") are also picked by their text without it.
  const unnumbered = options.findIndex((option) => normalizeOption(option.replace(/^\d+:\s*/, '')) === said);
  if (unnumbered >= 0 && options.filter((o) => normalizeOption(o.replace(/^\d+:\s*/, '')) === said).length === 1) return unnumbered;
  const n = readNumber(said);
  return n !== undefined && n >= 1 && n <= options.length ? n - 1 : undefined;
}

/** What the assistant waits for when a text arrives. */
export type Waiting =
  | { readonly kind: 'nothing' }
  /** A command runs and asks nothing: only "stop" may go now. */
  | { readonly kind: 'running' }
  | {
      readonly kind: 'confirmation';
      readonly summary: string;
      /** Its level: by voice a destructive one needs a deliberate answer (issue #27). Unknown: treated as destructive. */
      readonly level?: RiskLevel;
      /** The words the user may name to confirm it: the summary and the reason. Default: the summary. */
      readonly question?: string;
    }
  | { readonly kind: 'question'; readonly question: string; readonly options: readonly string[] };

/** Where a text goes. */
export type AnswerRoute =
  /** "stop": stops whatever runs (a waiting confirmation is cancelled by it). */
  | { readonly kind: 'stop' }
  | { readonly kind: 'confirm' }
  /** A no to a confirmation, or a cancel that closes a question. */
  | { readonly kind: 'cancel' }
  /** An option of the waiting question (0-based). */
  | { readonly kind: 'choose'; readonly index: number }
  /** Nothing is done and what waits keeps waiting; `message` says what the user can say. */
  | { readonly kind: 'not_an_answer'; readonly message: string }
  /** A new command (nothing waits, or a question waits and this is not an answer to it). */
  | { readonly kind: 'command' };

/** The sentence for a text that does not answer the confirmation: what waits, and what to say. */
export function confirmationHint(summary: string): string {
  return `Still waiting for your answer to: ${summary} Say “yes” to do it, “no” to cancel, or “stop”.`;
}

/** The sentence for a yes or no to a question: the question again, and what to say. */
export function questionHint(question: string, options: readonly string[]): string {
  const numbered = options.map((o, i) => (/^\d+:/.test(o) ? o : `${i + 1}: ${o}`)).join('; ');
  return `Still waiting for your answer to: ${question} Say an answer or its number (${numbered}), or “cancel”.`;
}

/**
 * Where `text` goes, given what waits. The one routing rule for typed and spoken text alike (the
 * panel calls it for every utterance and every typed command; the core's session calls it again
 * and alone decides, so a panel a moment out of date cannot confirm anything).
 *
 * - "stop" always stops.
 * - While a confirmation waits: a confirm phrase confirms, a cancel phrase cancels, anything else
 *   is not an answer (the confirmation keeps waiting, nothing is planned).
 * - While a question waits: an option's words or its number choose it; a cancel phrase closes the
 *   question; a confirm phrase is not an answer (it would pick nothing); anything else is a new command.
 * - While a command runs: anything but "stop" is not an answer.
 * - With nothing waiting, a bare yes or no is not a command: it is never sent to a planner, so a
 *   late or repeated "yes" can never be read as "do it again".
 */
export function routeAnswer(text: string, waiting: Waiting, via: AnswerChannel = 'typed'): AnswerRoute {
  if (sessionCommand(text) === 'stop') return { kind: 'stop' };
  const yesNo = readConfirmationAnswer(text);
  switch (waiting.kind) {
    case 'confirmation': {
      const question = waiting.question ?? waiting.summary;
      const strength = confirmationStrength(text, question);
      if (strength === 'plain' && via === 'spoken' && waiting.level !== 'moderate' && waiting.level !== 'harmless') {
        const word = exampleWord(question);
        const example = word ? `, or “yes, ${word}”` : '';
        return {
          kind: 'not_an_answer',
          message: `Heard ${quote(text)}, which is not enough for this one: it cannot be undone. To do it, say “confirm”${example}; to cancel, say “no”. ${waiting.summary}`,
        };
      }
      if (strength) return { kind: 'confirm' };
      if (yesNo === 'cancel') return { kind: 'cancel' };
      return { kind: 'not_an_answer', message: `${quote(text)} is not a yes or a no, so nothing was done. ${confirmationHint(waiting.summary)}` };
    }
    case 'question': {
      const index = readChoice(text, waiting.options);
      if (index !== undefined) return { kind: 'choose', index };
      if (yesNo === 'cancel') return { kind: 'cancel' };
      if (yesNo === 'confirm')
        return { kind: 'not_an_answer', message: `${quote(text)} does not pick an answer. ${questionHint(waiting.question, waiting.options)}` };
      return { kind: 'command' };
    }
    case 'running':
      return { kind: 'not_an_answer', message: `Heard ${quote(text)}, but a command is still running: say “stop” to stop it, or wait until it ends.` };
    case 'nothing':
      if (yesNo)
        return {
          kind: 'not_an_answer',
          message: `Nothing is waiting for a yes or a no, so ${quote(text)} did nothing. Give a command, for example “click Send”, or say “what can I say”.`,
        };
      return { kind: 'command' };
  }
}
