import { describe, expect, it } from 'vitest';
import { checkCommandText } from '../../src/intent/command-text.js';
import { MAX_COMMAND_LENGTH as COMMAND_MAX_CHARS } from '../../src/shared/limits.js';

describe('command text check', () => {
  it('trims, and keeps inner spacing so quoted text is typed exactly', () => {
    expect(checkCommandText('  type "a  b"\t ')).toEqual({ ok: true, text: 'type "a  b"' });
  });

  it.each([
    ['empty', '', 'empty'],
    ['white space only', ' \n\t ', 'empty'],
    ['100 kB', 'click '.repeat(20_000), 'too_long'],
    ['one over the limit', 'x'.repeat(COMMAND_MAX_CHARS + 1), 'too_long'],
    ['an escape sequence', 'click \u001b[31mSend', 'control_characters'],
    ['NUL', 'open\u0000Safari', 'control_characters'],
    ['a bidi override', 'click \u202EdneS', 'control_characters'],
  ])('rejects %s with a sentence', (_name, raw, code) => {
    const r = checkCommandText(raw);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.code).toBe(code);
      expect(r.message).toMatch(/^[A-Z].*\.$/);
    }
  });

  it('says how long a long command was and what the limit is', () => {
    const r = checkCommandText('x'.repeat(100_000));
    expect(!r.ok && r.message).toContain('100,000 characters long; a command can be at most 2,000');
  });

  it('accepts exactly the limit', () => {
    expect(checkCommandText('x'.repeat(COMMAND_MAX_CHARS)).ok).toBe(true);
  });
});
