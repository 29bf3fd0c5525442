/**
 * A terminal's current line, read through its text (issue #27): Enter, or a chord the terminal takes
 * as Enter, runs whatever is on that line, however it got there (typed by the assistant, by the user,
 * pasted). The line is the row the caret is on, after the prompt; when it cannot be read the gate
 * judges it as a command it cannot see.
 */
import type { AccessibilityDriver } from './engine-types.js';
import type { ElementRef } from './accessibility/types.js';

/** Characters a shell prompt ends with, before the space that follows it ("$ ", "# ", ">>> ", "❯ "). */
const PROMPT_ENDS = new Set(['$', '#', '%', '>', '❯', '»']);

/** The row of `text` that holds the caret (a code-point offset). */
export function rowAtCaret(text: string, caret: number): string {
  const chars = Array.from(text);
  const at = Math.max(0, Math.min(caret, chars.length));
  let start = at;
  while (start > 0 && chars[start - 1] !== '\n') start--;
  let end = at;
  while (end < chars.length && chars[end] !== '\n') end++;
  return chars.slice(start, end).join('');
}

/**
 * What is on a prompt's row after the prompt: the text after the first prompt end followed by a
 * space (or ending the row). The first, not the last: a command may itself hold "> " or "# ", and
 * text after it must not hide the command ("rm -rf x # "). A row with no prompt is all command.
 */
export function commandAfterPrompt(row: string): string {
  const chars = Array.from(row.replace(/\s+$/u, ''));
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i] ?? '';
    if (PROMPT_ENDS.has(c) && (i === chars.length - 1 || chars[i + 1] === ' '))
      return chars
        .slice(i + 1)
        .join('')
        .trim();
  }
  return chars.join('').trim();
}

/** The command on the terminal's caret row, or null when its text or caret cannot be read. */
export async function readTerminalLine(bridge: AccessibilityDriver, ref: ElementRef): Promise<string | null> {
  if (!bridge.textSelection) return null;
  try {
    const [text, selection] = await Promise.all([bridge.readValue(ref), bridge.textSelection(ref)]);
    if (text === null || selection.caret < 0) return null;
    return commandAfterPrompt(rowAtCaret(text, selection.caret));
  } catch {
    return null;
  }
}
