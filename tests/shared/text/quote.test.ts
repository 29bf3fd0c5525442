import { describe, expect, it } from 'vitest';
import { QUOTE_MAX, quote } from '../../../src/shared/text/quote.js';

describe('quote', () => {
  it('puts text in curly quotes on one line', () => {
    expect(quote('  click\n\tSend  ')).toBe('“click Send”');
  });

  it('shortens past the limit with an ellipsis, the quoted text never longer than the limit', () => {
    const long = 'a'.repeat(100);
    expect(quote(long)).toBe(`“${'a'.repeat(QUOTE_MAX - 1)}…”`);
    expect(quote(long, 10)).toBe(`“${'a'.repeat(9)}…”`);
    expect(quote('a'.repeat(10), 10)).toBe(`“${'a'.repeat(10)}”`);
  });

  it('removes invisible characters, so a label cannot display as something it is not', () => {
    expect(quote('Sa\u200Bfe')).toBe('“Safe”');
    expect(quote('OK\u202Eevil')).not.toContain('\u202E');
  });
});
