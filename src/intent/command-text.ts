/**
 * Checks a user's command before any planner sees it: not empty, not huge, no control characters.
 *
 * The same check guards the grammar and the LLM prompt, so a pasted 100 kB text or an escape
 * sequence gets one clear sentence back instead of a slow, odd or costly plan.
 */
import { MAX_COMMAND_LENGTH, unsafeText } from '../shared/limits.js';

export type CommandCheck =
  { readonly ok: true; readonly text: string } | { readonly ok: false; readonly code: 'empty' | 'too_long' | 'control_characters'; readonly message: string };

/** The command trimmed (inner spacing kept: quoted text is typed exactly), or why it cannot be planned. */
export function checkCommandText(raw: string): CommandCheck {
  if (raw.length > MAX_COMMAND_LENGTH) {
    return {
      ok: false,
      code: 'too_long',
      message: `The command is ${raw.length.toLocaleString('en-US')} characters long; a command can be at most ${MAX_COMMAND_LENGTH.toLocaleString('en-US')}. Give one instruction at a time.`,
    };
  }
  if (unsafeText(raw, 'command')) {
    return {
      ok: false,
      code: 'control_characters',
      message: 'The command contains invisible control characters (perhaps from a paste). Type or say it again.',
    };
  }
  const text = raw.trim();
  if (text.length === 0) {
    return { ok: false, code: 'empty', message: 'The command is empty. Say what to do, for example "open Firefox" or "click Send".' };
  }
  return { ok: true, text };
}
