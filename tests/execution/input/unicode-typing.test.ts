// macOS typing as Unicode key events (issue #16 item 9), at its seam: the plan of events, and the
// input driver's macOS path handing the characters to the bridge's typeUnicode instead of US key
// codes. The native half (src/mac/unicode_typing.mm) cannot run here: it is unverified.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createNutInputDriver } from '../../../src/execution/input/input-driver.js';
import { MAX_UNITS_PER_EVENT, planUnicodeTyping, untypableAsUnicode } from '../../../src/execution/input/unicode-typing.js';
import { desktopSkipReason } from '../../support/desktop.js';

describe('the Unicode typing plan', () => {
  it('types layout-dependent characters as themselves, Return and Tab as keys', () => {
    expect(planUnicodeTyping('é@ß€ azerty\tqwertz\r\nline')).toEqual([
      { kind: 'text', text: 'é@ß€ azerty' },
      { kind: 'key', key: 'tab' },
      { kind: 'text', text: 'qwertz' },
      { kind: 'key', key: 'enter' },
      { kind: 'text', text: 'line' },
    ]);
  });

  it('never puts more than 20 UTF-16 units in one event, never splits a character, and loses nothing', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.oneof(fc.constantFrom('a', 'é', '😀', '\n', '\t', '\r', '漢'), fc.string({ unit: 'grapheme', maxLength: 2 })), maxLength: 80 }),
        (text) => {
          const steps = planUnicodeTyping(text);
          for (const s of steps) {
            if (s.kind !== 'text') continue;
            expect(s.text.length).toBeLessThanOrEqual(MAX_UNITS_PER_EVENT);
            expect(s.text.length).toBeGreaterThan(0);
            // No lone surrogate at either end: a pair was never cut.
            expect(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/.test(s.text)).toBe(false);
          }
          const rebuilt = steps.map((s) => (s.kind === 'text' ? s.text : s.key === 'enter' ? '\n' : '\t')).join('');
          expect(rebuilt).toBe(text.replace(/\r\n?/g, '\n'));
        },
      ),
    );
  });

  it('refuses control characters other than line breaks and tabs', () => {
    expect(untypableAsUnicode('ok\u0007\u001b\u0085 fine\n\t')).toEqual(['\u0007', '\u001b', '\u0085']);
    expect(untypableAsUnicode('Grüße, 😀')).toEqual([]);
  });
});

describe.skipIf(desktopSkipReason() !== '')('the input driver on macOS (the platform passed in; nut-js loads on the test desktop)', () => {
  it('hands the characters to typeUnicode in events of at most 20 units; without typeUnicode a non-US character is refused', async () => {
    const sent: string[] = [];
    const driver = createNutInputDriver({ platform: 'darwin', typeUnicode: async (t) => void sent.push(t) });
    const text = 'Ça coûte 20 € — merci beaucoup, à demain 😀';
    expect(await driver.untypableByKeys(text)).toEqual([]);
    await driver.typeByKeys(text);
    expect(sent.join('')).toBe(text);
    expect(sent.every((s) => s.length <= MAX_UNITS_PER_EVENT)).toBe(true);
    expect(sent.length).toBeGreaterThan(1);
    await expect(driver.typeByKeys('bell\u0007')).rejects.toThrow(/cannot be typed: U\+0007/);

    // US key codes on a layout that is not known to be US: "é" has no such key, so it is refused.
    const keysOnly = createNutInputDriver({ platform: 'darwin' });
    expect(await keysOnly.untypableByKeys('é')).toEqual(['é']);
  });
});
