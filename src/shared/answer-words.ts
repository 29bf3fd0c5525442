/**
 * Answers to what the assistant waits for: a yes or a no to a confirmation, an option of a question,
 * and `routeAnswer`, the one place that decides where an utterance or a typed text goes while
 * something waits (issue #15). The panel, the core's session and the loop read answers only here.
 *
 * The rule for confirmations is strict (docs/decisions/0118-yes-or-whole-answer-fixed-list.md): the whole answer, once case,
 * quotes, end punctuation and spacing are set aside, must be one of the phrases below. A sentence
 * that merely contains "yes" ("yes but save it first", "I did not say yes") confirms nothing.
 * The words and sentences of each language are tables in src/shared/lang/<language>/answers.ts.
 */
import { sessionCommand } from './session-commands.js';
import { quote } from './text/quote.js';
import type { RiskLevel } from './risk-level.js';
import { DEFAULT_LANGUAGE, type Language } from './language.js';
import type { AnswerWords } from './lang/answer-table.js';
import { answerSentencesFor, answerWordsFor } from './lang/answers.js';
import { EN_ANSWERS, EN_NUMBER_WORDS, EN_ORDINAL_WORDS } from './lang/en/answers.js';

/** How a text reached the assistant: typed (keyboard, a switch's entry) or spoken (speech to text). */
export const ANSWER_CHANNELS = ['typed', 'spoken'] as const;
export type AnswerChannel = (typeof ANSWER_CHANNELS)[number];

/** English phrases that confirm, as they are compared (lower case, no punctuation, straight apostrophes). */
export const CONFIRM_PHRASES: readonly string[] = EN_ANSWERS.confirm;

/** English phrases that cancel. "stop" is not here: it is a session command that always stops the run. */
export const CANCEL_PHRASES: readonly string[] = EN_ANSWERS.cancel;

/**
 * Phrases that confirm on their own even by voice when the action is destructive (issue #27): a
 * deliberate word, not one a video, another app's speech or a noise heard as "Okay." says in passing.
 */
export const DELIBERATE_CONFIRM_PHRASES: readonly string[] = EN_ANSWERS.deliberate;

/** English numbers as speech to text may write them out (an option's number, a grid cell's). */
export const NUMBER_WORDS: Readonly<Record<string, number>> = EN_NUMBER_WORDS;

/** "first" to "tenth" (an option picked by its rank, an element by its rank). */
export const ORDINAL_WORDS: Readonly<Record<string, number>> = EN_ORDINAL_WORDS;

/** A language's tables as sets, built once. */
interface Lookup {
  readonly words: AnswerWords;
  readonly confirm: ReadonlySet<string>;
  readonly cancel: ReadonlySet<string>;
  readonly deliberate: ReadonlySet<string>;
  readonly filler: ReadonlySet<string>;
  readonly ordinalNumeral: RegExp;
}

const LOOKUPS = new Map<Language, Lookup>();
function lookup(language: Language): Lookup {
  let found = LOOKUPS.get(language);
  if (!found) {
    const words = answerWordsFor(language);
    found = {
      words,
      confirm: new Set(words.confirm),
      cancel: new Set(words.cancel),
      deliberate: new Set(words.deliberate),
      filler: new Set(words.filler),
      ordinalNumeral: new RegExp(`^(\\d{1,2})(?:${words.ordinalEndings.join('|')})$`, 'u'),
    };
    LOOKUPS.set(language, found);
  }
  return found;
}

/** Case, quotes, curly apostrophes, punctuation and spacing set aside, as speech-to-text varies them. */
function normalize(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[‘’‛ʼ]/g, "'")
    .replace(/[“”„‟"«»]/g, '')
    .replace(/[.!?,;:]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** "confirm" or "cancel" when the whole text is one of the phrases of `language`; undefined for anything else. */
export function readConfirmationAnswer(text: string, language: Language = DEFAULT_LANGUAGE): 'confirm' | 'cancel' | undefined {
  const said = normalize(text);
  const { confirm, cancel } = lookup(language);
  if (confirm.has(said)) return 'confirm';
  if (cancel.has(said)) return 'cancel';
  return undefined;
}

function wordsOf(text: string): string[] {
  return normalize(text)
    .replace(/[“”‘’"'()[\]{}]/g, ' ')
    .split(' ')
    .filter((w) => w !== '');
}

/**
 * How strongly a text confirms a question: 'deliberate' ("confirm", "bestätigen", or a confirm word
 * followed by words of the question that name what it does: "yes, delete", "ja, löschen"),
 * 'plain' ("yes", "ok", "ja"), or undefined (not a confirmation).
 */
export function confirmationStrength(text: string, question: string, language: Language = DEFAULT_LANGUAGE): 'deliberate' | 'plain' | undefined {
  const said = normalize(text);
  const { words, confirm, deliberate, filler } = lookup(language);
  if (deliberate.has(said)) return 'deliberate';
  if (confirm.has(said)) return 'plain';
  const start = words.namingStarts.find((w) => said.startsWith(`${w} `));
  if (!start) return undefined;
  const named = wordsOf(said.slice(start.length));
  const asked = new Set(wordsOf(question));
  const meaningful = named.filter((w) => !filler.has(w));
  return meaningful.length > 0 && named.every((w) => filler.has(w) || asked.has(w)) ? 'deliberate' : undefined;
}

/** The word to name in an example answer: the first word of the first quoted label in the question. */
function exampleWord(question: string): string {
  const label = /“([^”]+)”/.exec(question)?.[1] ?? '';
  return wordsOf(label)[0] ?? '';
}

/** Case, white space, quotes of any kind and end punctuation do not count. */
function normalizeOption(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[“”„‟"'‘’‚‛«»]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!?]+$/, '')
    .trim();
}

/** "2", "the second", "second one", "number 2", "option two", "#2", "the 2nd", "die zweite", "Nummer zwei": the 1-based number. */
function readNumber(text: string, language: Language): number | undefined {
  const { words: table, ordinalNumeral } = lookup(language);
  const words = text.replace(/^#\s*/, '').split(' ');
  if (table.articles.includes(words[0] ?? '')) words.shift();
  if (table.pickNouns.includes(words[0] ?? '')) words.shift();
  if (words.length === 2 && table.pickEndings.includes(words[1] ?? '')) words.pop();
  if (words.length !== 1) return undefined;
  const word = words[0] ?? '';
  if (/^\d{1,2}$/.test(word)) return Number(word);
  const n = ordinalNumeral.exec(word);
  if (n) return Number(n[1]);
  return Object.hasOwn(table.ordinals, word) ? table.ordinals[word] : Object.hasOwn(table.numbers, word) ? table.numbers[word] : undefined;
}

/**
 * The 0-based index of the option the answer picks, or undefined when it picks none. The answer may
 * be typed, spoken ("two", "the second one", "die zweite") or picked with a switch (the option's text
 * exactly); anything that is not clearly one option is undefined, never a guess.
 */
export function readChoice(answer: string, options: readonly string[], language: Language = DEFAULT_LANGUAGE): number | undefined {
  const said = normalizeOption(answer);
  if (said === '') return undefined;
  const exact = options.findIndex((option) => normalizeOption(option) === said);
  if (exact >= 0) return exact;
  // Options made unique by a number ("1: “OK” …") are also picked by their text without it.
  const unnumbered = options.findIndex((option) => normalizeOption(option.replace(/^\d+:\s*/, '')) === said);
  if (unnumbered >= 0 && options.filter((o) => normalizeOption(o.replace(/^\d+:\s*/, '')) === said).length === 1) return unnumbered;
  const n = readNumber(said, language);
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
export function confirmationHint(summary: string, language: Language = DEFAULT_LANGUAGE): string {
  return answerSentencesFor(language).confirmationHint(summary);
}

/** The sentence for a yes or no to a question: the question again, and what to say. */
export function questionHint(question: string, options: readonly string[], language: Language = DEFAULT_LANGUAGE): string {
  const numbered = options.map((o, i) => (/^\d+:/.test(o) ? o : `${i + 1}: ${o}`)).join('; ');
  return answerSentencesFor(language).questionHint(question, numbered);
}

/**
 * Where `text` goes, given what waits. The one routing rule for typed and spoken text alike (the
 * panel calls it for every utterance and every typed command; the core's session calls it again
 * and alone decides, so a panel a moment out of date cannot confirm anything). `language` is the
 * user's setting: its words answer (with English's, src/shared/lang/answers.ts), its sentences reply.
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
export function routeAnswer(text: string, waiting: Waiting, via: AnswerChannel = 'typed', language: Language = DEFAULT_LANGUAGE): AnswerRoute {
  if (sessionCommand(text) === 'stop') return { kind: 'stop' };
  const yesNo = readConfirmationAnswer(text, language);
  const say = answerSentencesFor(language);
  switch (waiting.kind) {
    case 'confirmation': {
      const question = waiting.question ?? waiting.summary;
      const strength = confirmationStrength(text, question, language);
      if (strength === 'plain' && via === 'spoken' && waiting.level !== 'moderate' && waiting.level !== 'harmless')
        return { kind: 'not_an_answer', message: say.notEnough(quote(text), exampleWord(question), waiting.summary) };
      if (strength) return { kind: 'confirm' };
      if (yesNo === 'cancel') return { kind: 'cancel' };
      return { kind: 'not_an_answer', message: say.notYesOrNo(quote(text), say.confirmationHint(waiting.summary)) };
    }
    case 'question': {
      const index = readChoice(text, waiting.options, language);
      if (index !== undefined) return { kind: 'choose', index };
      if (yesNo === 'cancel') return { kind: 'cancel' };
      if (yesNo === 'confirm')
        return { kind: 'not_an_answer', message: say.picksNothing(quote(text), questionHint(waiting.question, waiting.options, language)) };
      return { kind: 'command' };
    }
    case 'running':
      return { kind: 'not_an_answer', message: say.stillRunning(quote(text)) };
    case 'nothing':
      if (yesNo) return { kind: 'not_an_answer', message: say.nothingWaits(quote(text)) };
      return { kind: 'command' };
  }
}
