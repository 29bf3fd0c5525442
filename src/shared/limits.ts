/**
 * The limits every check of user or planner text uses: how long a command may be, and which
 * characters are unsafe in text. The panel, the settings, the IPC contract, the command check,
 * the grammar and the intent schema all read them here, so what one accepts no other refuses.
 *
 * Free of zod and of Node: the panel's bundle imports it as is.
 */

/** The longest command: typed, spoken, pasted or a quick command (the grammar reads it all too). */
export const MAX_COMMAND_LENGTH = 2000;

/** The longest quick command (one scan item each); well within MAX_COMMAND_LENGTH. */
export const MAX_QUICK_COMMAND_LENGTH = 200;

/** The longest phrase ("say") of a command of the user's own (commands.json). */
export const MAX_COMMAND_PHRASE_LENGTH = 200;

/**
 * Which line breaks a kind of text may hold besides the characters no text may hold.
 * - `single_line`: names, labels, quick commands, sentences: no tab, no line break.
 * - `typed_text`: text to type into an app: tab and line feed (what a keyboard can type).
 * - `command`: a command as the user gave it: tab, line feed and carriage return (a pasted line end).
 */
export type TextKind = 'single_line' | 'typed_text' | 'command';

/** Why a text is unsafe: a control character, a direction override, or half of a surrogate pair. */
export type UnsafeText = 'control' | 'direction' | 'broken';

const ALLOWED_CONTROLS: Readonly<Record<TextKind, ReadonlySet<number>>> = {
  single_line: new Set(),
  typed_text: new Set([0x09, 0x0a]),
  command: new Set([0x09, 0x0a, 0x0d]),
};

/**
 * The first reason `text` is unsafe as this kind of text, or null. No text may hold C0 controls
 * (but the kind's tab and line breaks), DEL, C1 controls, the bidirectional embeddings, overrides
 * and isolates that make text read as something it is not, or a lone surrogate.
 */
export function unsafeText(text: string, kind: TextKind): UnsafeText | null {
  const allowed = ALLOWED_CONTROLS[kind];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && !allowed.has(c)) || (c >= 0x7f && c <= 0x9f)) return 'control';
    if ((c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069)) return 'direction';
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = text.charCodeAt(i + 1);
      if (!(d >= 0xdc00 && d <= 0xdfff)) return 'broken';
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) {
      return 'broken';
    }
  }
  return null;
}
