// macOS key chords (issue #20 R9), at the seam: the plan of one key event whose flags carry the
// modifiers, and the input driver's macOS path handing chords to the bridge's postKeyChord and
// refusing input in a sentence when macOS would drop it. The native half
// (src/mac/unicode_typing.mm) cannot run here: it is unverified.
import { describe, expect, it } from 'vitest';
import { KEY_NAMES } from '../../../src/shared/keys.js';
import { createNutInputDriver, MAC_INPUT_NOT_ALLOWED } from '../../../src/execution/input/input-driver.js';
import { MAC_FLAGS, planMacChord, type MacChord } from '../../../src/execution/input/mac-keys.js';
import { ExecutionError } from '../../../src/execution/results.js';
import { desktopSkipReason } from '../../support/desktop.js';

describe('the macOS chord plan', () => {
  it('carries the modifiers as flags on the key of the character, found on the live layout', () => {
    expect(planMacChord('c', ['cmd'])).toEqual({ virtualKey: -1, character: 'c', flags: MAC_FLAGS.cmd });
    expect(planMacChord('z', ['cmd', 'shift'])).toEqual({ virtualKey: -1, character: 'z', flags: 0x0012_0000 });
    expect(planMacChord('1', ['cmd'])).toEqual({ virtualKey: -1, character: '1', flags: MAC_FLAGS.cmd });
    expect(planMacChord('left_bracket', ['cmd', 'alt'])).toEqual({ virtualKey: -1, character: '[', flags: MAC_FLAGS.cmd | MAC_FLAGS.alt });
  });

  it('gives keys that type nothing their virtual key code and the flags a real keyboard gives them', () => {
    expect(planMacChord('enter', [])).toEqual({ virtualKey: 0x24, character: '', flags: 0 });
    expect(planMacChord('tab', ['ctrl'])).toEqual({ virtualKey: 0x30, character: '', flags: MAC_FLAGS.ctrl });
    expect(planMacChord('left', ['alt'])).toEqual({ virtualKey: 0x7b, character: '', flags: MAC_FLAGS.alt | MAC_FLAGS.fn | MAC_FLAGS.numericPad });
    expect(planMacChord('f5', [])).toEqual({ virtualKey: 0x60, character: '', flags: MAC_FLAGS.fn });
    expect(planMacChord('delete', [])).toMatchObject({ virtualKey: 0x75 });
    expect(planMacChord('backspace', ['cmd'])).toEqual({ virtualKey: 0x33, character: '', flags: MAC_FLAGS.cmd });
  });

  it('plans every key name but Print Screen, which a Mac does not have, and says so', () => {
    const codes = new Set<number>();
    for (const key of KEY_NAMES) {
      if (key === 'print_screen') continue;
      const chord = planMacChord(key, []);
      if (chord.virtualKey >= 0) {
        expect(codes.has(chord.virtualKey)).toBe(false);
        codes.add(chord.virtualKey);
        expect(chord.virtualKey).toBeLessThan(128);
      } else {
        expect([...chord.character]).toHaveLength(1);
      }
    }
    expect(() => planMacChord('print_screen', ['cmd'])).toThrow(
      new ExecutionError('unsupported', 'A Mac has no Print Screen key: for a screenshot, press cmd+shift+3 (the whole screen) or cmd+shift+4 (a part).'),
    );
    expect(() => planMacChord('hyper', [])).toThrow(/"hyper" is not a key the assistant knows/);
  });
});

describe.skipIf(desktopSkipReason() !== '')('the input driver on macOS (the platform passed in; nut-js loads on the test desktop)', () => {
  it('presses a chord as one event, and types Return and Tab through the same poster', async () => {
    const chords: MacChord[] = [];
    const text: string[] = [];
    const driver = createNutInputDriver({
      platform: 'darwin',
      typeUnicode: async (t) => void text.push(t),
      postChord: async (c) => void chords.push(c),
      inputTrusted: () => true,
    });
    await driver.pressChord('c', ['cmd']);
    await driver.typeByKeys('a\tb\n');
    expect(chords).toEqual([
      { virtualKey: -1, character: 'c', flags: MAC_FLAGS.cmd },
      { virtualKey: 0x30, character: '', flags: 0 },
      { virtualKey: 0x24, character: '', flags: 0 },
    ]);
    expect(text).toEqual(['a', 'b']);
  });

  it('refuses input in a sentence when macOS would drop it, and posts nothing', async () => {
    const chords: MacChord[] = [];
    const driver = createNutInputDriver({ platform: 'darwin', postChord: async (c) => void chords.push(c), inputTrusted: () => false });
    await expect(driver.pressChord('c', ['cmd'])).rejects.toThrow(new ExecutionError('no_display', MAC_INPUT_NOT_ALLOWED));
    await expect(driver.click('left', 1)).rejects.toThrow(MAC_INPUT_NOT_ALLOWED);
    expect(chords).toEqual([]);
  });
});
