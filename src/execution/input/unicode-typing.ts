/**
 * Typing as Unicode key events (macOS): the characters themselves travel in the event
 * (CGEventKeyboardSetUnicodeString), so what arrives is what was asked whatever the keyboard
 * layout — a US key code for "a" types "q" on a French AZERTY layout, and "@" or "é" may have no
 * key at all. Return and Tab go as their keys (apps act on the key, not on a "\n" in a string).
 *
 * This module plans the events; the native bridge posts them (src/mac/unicode_typing.mm).
 */

/** macOS copies at most 20 UTF-16 code units from one event's string. */
export const MAX_UNITS_PER_EVENT = 20;

export type UnicodeTypingStep = { readonly kind: 'text'; readonly text: string } | { readonly kind: 'key'; readonly key: 'enter' | 'tab' };

/** The characters no Unicode event should carry: control characters other than newline and tab. */
export function untypableAsUnicode(text: string): string[] {
  const out: string[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    const control = (code < 0x20 && ch !== '\n' && ch !== '\t' && ch !== '\r') || (code >= 0x7f && code < 0xa0);
    if (control && !out.includes(ch)) out.push(ch);
  }
  return out;
}

/**
 * The events that type `text`: runs of characters of at most MAX_UNITS_PER_EVENT UTF-16 units,
 * never splitting a character (a surrogate pair stays in one event), with a key for each line break
 * ("\r\n", "\r" and "\n" alike) and each tab.
 */
export function planUnicodeTyping(text: string): UnicodeTypingStep[] {
  const steps: UnicodeTypingStep[] = [];
  let run = '';
  const flush = () => {
    if (run !== '') steps.push({ kind: 'text', text: run });
    run = '';
  };
  const normalized = text.replace(/\r\n?/g, '\n');
  for (const ch of normalized) {
    if (ch === '\n' || ch === '\t') {
      flush();
      steps.push({ kind: 'key', key: ch === '\n' ? 'enter' : 'tab' });
      continue;
    }
    if (run.length + ch.length > MAX_UNITS_PER_EVENT) flush();
    run += ch;
  }
  flush();
  return steps;
}
