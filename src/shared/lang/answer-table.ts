/**
 * The shape of one language's answer words (src/shared/lang/<language>/answers.ts): the words that
 * answer the assistant's questions, and the sentences it says back. `src/shared/answer-words.ts`
 * applies the rule; the tables only hold words. All phrases are written as they are compared: lower
 * case, no punctuation, straight apostrophes.
 */

export interface AnswerWords {
  /** Phrases that confirm, as the whole answer. */
  readonly confirm: readonly string[];
  /** Phrases that cancel, as the whole answer ("stop" is a session word, never here). */
  readonly cancel: readonly string[];
  /** Phrases that confirm even a destructive step by voice (issue #27): said on purpose, never in passing. */
  readonly deliberate: readonly string[];
  /** Confirm words a naming answer starts with ("yes, delete", "ja, löschen"). */
  readonly namingStarts: readonly string[];
  /** Words too common to name an action. */
  readonly filler: readonly string[];
  /** Numbers written out (an option's number). */
  readonly numbers: Readonly<Record<string, number>>;
  /** Ordinals written out (an option by its rank), every form the language inflects them to. */
  readonly ordinals: Readonly<Record<string, number>>;
  /** Endings of a numeral ordinal ("2nd", "2te"). */
  readonly ordinalEndings: readonly string[];
  /** Words an option pick may start with ("the", "die"), then ("number", "Nummer"), and end with ("one"). */
  readonly articles: readonly string[];
  readonly pickNouns: readonly string[];
  readonly pickEndings: readonly string[];
}

/** What the assistant says about an answer. Quoted texts arrive quoted; everything else is the language's own. */
export interface AnswerSentences {
  /** What waits, and what to say: the confirmation's summary follows the frame. */
  confirmationHint(summary: string): string;
  /** The question again, with its options numbered ("1: Left; 2: Right"). */
  questionHint(question: string, numbered: string): string;
  /** A plain yes, by voice, to a step that cannot be undone; `word` is a word of its label, to name in an example. */
  notEnough(heard: string, word: string, summary: string): string;
  /** Not a yes or a no while a confirmation waits. */
  notYesOrNo(heard: string, hint: string): string;
  /** A yes to a question, which picks none of its answers. */
  picksNothing(heard: string, hint: string): string;
  /** Anything but "stop" while a command runs and asks nothing. */
  stillRunning(heard: string): string;
  /** A yes or a no when nothing waits. */
  nothingWaits(heard: string): string;
  readonly confirmed: string;
  readonly cancelled: string;
  /** A cancel to a question (which element?). */
  readonly questionClosed: string;
  /** Speech to text was unsure of the answer. */
  readonly notHeardClearly: string;
  /** An answer begun before its question appeared; `hint` says what waits. */
  begunBefore(heard: string, via: 'typed' | 'spoken', hint: string): string;
  /** Nobody answered in time (`wait` from `howLong`). */
  unanswered(wait: string): string;
  /** The terminal prompt's question after a confirmation's summary; its default (Enter alone) is no. */
  readonly doItPrompt: string;
  /** A wait as said in a sentence: "2 minutes", "45 Sekunden". */
  howLong(ms: number): string;
}
