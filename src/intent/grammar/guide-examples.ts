/**
 * The examples "what can I say" lists for the assistant itself and for answering a question: the
 * loop's own words (session commands, "do that again", take back, forget choices, dictation) and the
 * answers, each read by its own reader (tests/intent/grammar/command-guide.test.ts).
 */
import { CANCEL_PHRASES, CONFIRM_PHRASES } from '../../shared/answer-words.js';

export const SESSION_EXAMPLES: readonly string[] = [
  'show numbers',
  'hide numbers',
  'stop',
  'do that again',
  'take it back',
  'forget my choices',
  'start dictation',
  'what can I say',
];
export const CONFIRM_EXAMPLES: readonly string[] = CONFIRM_PHRASES.filter((p) => ['yes', 'confirm', 'do it', 'ok'].includes(p)).map((p) =>
  p === 'ok' ? 'OK' : p,
);
export const CANCEL_EXAMPLES: readonly string[] = CANCEL_PHRASES.filter((p) => ['no', 'cancel', "don't"].includes(p));
export const CHOICE_EXAMPLES: readonly string[] = ['the second one', '2'];
