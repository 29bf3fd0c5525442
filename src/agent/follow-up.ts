/**
 * How the loop reads a command in the light of what it waited for: a yes or a no to a pending
 * confirmation, a pick among a question's options, "do that again", a secret that must go no
 * further, or a new command. Pure: the loop acts on the answer (`assistant-loop.ts`, `perform`).
 *
 * Anything but yes or no after a confirmation request is a new command, and the action that waited
 * is dropped, never run later by surprise; the same holds for a question's options.
 */
import { readChoice } from '../shared/answer-words.js';
import type { Language } from '../shared/language.js';
import { isSecureTypingCommand } from '../shared/secure-fields.js';
import { readForgetChoices, type ForgetScope } from './forget-choices.js';
import { isTakeBackRequest } from './take-back.js';
import { isRepeatRequest, readYesNo, type ActionAwaitingChoice, type Pending, type RememberedIntent } from './session-memory.js';

export type FollowUp =
  /** A secret in a command: never planned, remembered, logged or sent. */
  | { readonly kind: 'secure' }
  /** The answer to the pending confirmation. */
  | { readonly kind: 'confirmation'; readonly pending: Extract<Pending, { kind: 'confirmation' }>; readonly answer: 'yes' | 'no' }
  /** An element picked for the action that asked which one: it finishes that action. */
  | { readonly kind: 'element_picked'; readonly action: ActionAwaitingChoice; readonly index: number; readonly option: string }
  /** An option picked for a planner's question: its words go to the planner that asked. */
  | { readonly kind: 'option_picked'; readonly option: string }
  /** "Do that again", with what was performed last. */
  | { readonly kind: 'repeat'; readonly last: RememberedIntent }
  /** "Do that again" with nothing performed yet. */
  | { readonly kind: 'nothing_to_repeat' }
  /** "Take it back": reverse the last action (take-back.ts). */
  | { readonly kind: 'take_back' }
  /** "Forget my choices": the switch scan's learned choices (forget-choices.ts). */
  | { readonly kind: 'forget_choices'; readonly scope: ForgetScope }
  /** A command of its own. */
  | { readonly kind: 'new' };

/** Reads `text` (already checked) against what the loop waits for and what it performed last, in the user's language. */
export function readFollowUp(text: string, pending: Pending | undefined, last: RememberedIntent | undefined, language?: Language): FollowUp {
  const yesNo = pending?.kind === 'confirmation' ? readYesNo(text, language) : undefined;
  if (isSecureTypingCommand(text) && yesNo === undefined) return { kind: 'secure' };
  if (pending?.kind === 'confirmation' && yesNo !== undefined) return { kind: 'confirmation', pending, answer: yesNo };
  if (pending?.kind === 'clarification') {
    const index = readChoice(text, pending.options, language);
    if (index !== undefined) {
      const option = pending.options[index] ?? text;
      if (pending.action && pending.action.choices[index]) return { kind: 'element_picked', action: pending.action, index, option };
      return { kind: 'option_picked', option };
    }
  }
  if (isRepeatRequest(text)) return last ? { kind: 'repeat', last } : { kind: 'nothing_to_repeat' };
  if (isTakeBackRequest(text)) return { kind: 'take_back' };
  const forget = readForgetChoices(text);
  if (forget) return { kind: 'forget_choices', scope: forget };
  return { kind: 'new' };
}
