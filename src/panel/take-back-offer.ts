/**
 * "Take it back" offered right after an action (issue #31 item 5): a button under the conversation
 * and the Alt+Backspace key (the classic Undo key, free in the command box) send the command "take it
 * back"; the switch scan offers it first (switch-scan.ts). The core decides what can be taken back and
 * says so in a sentence when it cannot (src/agent/take-back.ts).
 */
import type { PanelState } from './conversation.js';

/** The words the button, the key and the scan send. */
export const TAKE_BACK_COMMAND = 'take it back';

/**
 * Is the latest thing shown an action the assistant did that can be taken back (its result, after the
 * user's last words)? Only then: a switch user would pay a press after every click for an entry the
 * core could only refuse.
 */
export function offersTakeBack(state: PanelState): boolean {
  let acted = false;
  for (let i = state.entries.length - 1; i >= 0; i--) {
    const e = state.entries[i];
    if (!e || e.kind === 'error' || e.kind === 'confirmation') return false;
    // What the user said last: not "take it back" itself (what it did is not taken back in turn).
    if (e.kind === 'user')
      return (
        acted &&
        e.text
          .trim()
          .toLowerCase()
          .replace(/[.!]+$/, '') !== TAKE_BACK_COMMAND
      );
    // A failed result ends the offer; the effort's words ("Done in 3 presses.") after the action do not.
    if (e.kind === 'result' && !e.ok) return false;
    if (e.kind === 'result' && e.fromAction === true) acted = e.reversible === true;
  }
  return false;
}

/** What the key check reads of a keydown (a KeyboardEvent has it all). */
interface KeyPress {
  readonly key: string;
  readonly altKey: boolean;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
  readonly repeat: boolean;
}

/** Alt+Backspace: the key that takes back the last action (not a key repeat). */
export const isTakeBackKey = (e: KeyPress): boolean => e.key === 'Backspace' && e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey && !e.repeat;
