// The lookalike table and letter scripts (src/shared/text/lookalike-letters.ts): letters that pass for
// Latin ones map to the letter they pass for, in either case; a letter's script comes from its block.
import { describe, expect, it } from 'vitest';
import { LATIN, letterScript, LOOKALIKE_CODES, NATIVE_LETTERS, OTHER_SCRIPT } from '../../../src/shared/text/lookalike-letters.js';
import { itGives } from '../../support/tables.js';

const passesFor = (ch: string) => LOOKALIKE_CODES.get(ch.codePointAt(0)!);

describe('lookalikes', () => {
  itGives('%s passes for %s', passesFor, [
    ['\u0435', 'e'], // Cyrillic е
    ['\u0415', 'e'], // its capital, added from the lowercase entry
    ['\u03BF', 'o'], // Greek ο
    ['\u0397', 'h'], // Greek capital Η is an h…
    ['\u03B7', 'n'], // …and its lowercase η an n: the explicit entry wins
    ['\u13AA', 'a'], // Cherokee Ꭺ
    ['\u1D00', 'a'], // small capital ᴀ
  ]);

  it('leaves ASCII letters and digits out of the table', () => {
    for (const ch of 'aAzZ09') expect(passesFor(ch)).toBeUndefined();
  });

  it('maps only to lowercase Latin letters', () => {
    for (const latin of LOOKALIKE_CODES.values()) expect(latin).toMatch(/^[a-z]$/);
  });

  it('knows the letters that are native to Latin-script languages', () => {
    expect(NATIVE_LETTERS.has('\u0142')).toBe(true); // Polish ł
    expect(NATIVE_LETTERS.has('\u0435')).toBe(false);
  });
});

describe('letterScript', () => {
  it.each<[string, string, number | 'greek' | 'cyrillic']>([
    ['a', 'Latin', LATIN],
    ['é', 'Latin', LATIN],
    ['7', 'none', 0],
    ["'", 'none', 0],
    ['\u03B1', 'Greek', 'greek'],
    ['\u0430', 'Cyrillic', 'cyrillic'],
    ['\u4E2D', 'another script', OTHER_SCRIPT],
  ])('%s is %s', (ch, _, script) => {
    const got = letterScript(ch);
    if (typeof script === 'number') expect(got).toBe(script);
    else expect([LATIN, OTHER_SCRIPT, 0]).not.toContain(got);
  });

  it('tells Greek from Cyrillic', () => {
    expect(letterScript('\u03B1')).not.toBe(letterScript('\u0430'));
  });
});
