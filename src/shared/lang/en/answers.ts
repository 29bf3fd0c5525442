/**
 * English answers (docs/decisions/0118-yes-or-whole-answer-fixed-list.md, 0189): the words that
 * answer the assistant's questions, and what it says back. The rule is src/shared/answer-words.ts.
 */
import type { AnswerSentences, AnswerWords } from '../answer-table.js';

/** Numbers as speech to text may write them out (an option's number, a grid cell's). */
export const EN_NUMBER_WORDS: Readonly<Record<string, number>> = {
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
export const EN_ORDINAL_WORDS: Readonly<Record<string, number>> = {
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

export const EN_ANSWERS: AnswerWords = {
  confirm: ['yes', 'y', 'yeah', 'yep', 'yes please', 'yes do it', 'confirm', 'confirmed', 'i confirm', 'do it', 'go ahead', 'ok', 'okay', 'sure'],
  cancel: [
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
  ],
  deliberate: ['confirm', 'confirmed', 'i confirm'],
  namingStarts: ['yes do it', 'i confirm', 'confirm', 'yes', 'ok', 'okay', 'go ahead', 'do it'],
  filler: ['the', 'a', 'an', 'it', 'that', 'this', 'to', 'of', 'in', 'on', 'please', 'now', 'and'],
  numbers: EN_NUMBER_WORDS,
  ordinals: { ...EN_ORDINAL_WORDS, '1st': 1, '2nd': 2, '3rd': 3 },
  ordinalEndings: ['st', 'nd', 'rd', 'th'],
  articles: ['the'],
  pickNouns: ['number', 'option', 'choice'],
  pickEndings: ['one'],
};

export const EN_ANSWER_SENTENCES: AnswerSentences = {
  confirmationHint: (summary) => `Still waiting for your answer to: ${summary} Say “yes” to do it, “no” to cancel, or “stop”.`,
  questionHint: (question, numbered) => `Still waiting for your answer to: ${question} Say an answer or its number (${numbered}), or “cancel”.`,
  notEnough: (heard, word, summary) =>
    `Heard ${heard}, which is not enough for this one: it cannot be undone. To do it, say “confirm”${word ? `, or “yes, ${word}”` : ''}; to cancel, say “no”. ${summary}`,
  notYesOrNo: (heard, hint) => `${heard} is not a yes or a no, so nothing was done. ${hint}`,
  picksNothing: (heard, hint) => `${heard} does not pick an answer. ${hint}`,
  stillRunning: (heard) => `Heard ${heard}, but a command is still running: say “stop” to stop it, or wait until it ends.`,
  nothingWaits: (heard) => `Nothing is waiting for a yes or a no, so ${heard} did nothing. Give a command, for example “click Send”, or say “what can I say”.`,
  confirmed: 'Confirmed.',
  cancelled: 'Cancelled.',
  questionClosed: 'Cancelled: the question is closed, and nothing was done.',
  notHeardClearly: 'I did not hear that clearly, so it answered nothing. Say your answer again, close to the microphone, or press Confirm or Cancel.',
  begunBefore: (heard, via, hint) =>
    `${heard} ${via === 'spoken' ? 'was said before the question was asked' : 'was begun before the question appeared'}, so it does not answer it and nothing was done. ${hint}`.trim(),
  unanswered: (wait) => `Nobody answered within ${wait}, so it was cancelled and nothing was done. Give the command again to be asked again.`,
  doItPrompt: 'Do it? [y/N] ',
  howLong: (ms) => {
    if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} minute${ms === 60_000 ? '' : 's'}`;
    const seconds = Math.max(1, Math.round(ms / 1000));
    return `${seconds} second${seconds === 1 ? '' : 's'}`;
  },
};
