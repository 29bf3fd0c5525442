/** The grammar's readers called directly: a command as tokens, and a reading as its value or "fail". */
import type { Read } from '../../../src/intent/grammar/phrases.js';
import { tokenize, type Token } from '../../../src/intent/grammar/tokens.js';

export function tokens(text: string): Token[] {
  const t = tokenize(text);
  if (!t.ok) throw new Error(`cannot tokenize ${text}: ${t.reason}`);
  return t.tokens;
}

/** The value read, "fail" when the reader said the words are wrong, null when they are not its own. */
export function reading<T>(r: Read<T> | null): T | 'fail' | null {
  return r === null ? null : r.ok ? r.value : 'fail';
}
