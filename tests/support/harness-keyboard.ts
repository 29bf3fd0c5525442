/**
 * The test harness's own keyboard, for labs that press many keys: XTest from this process through the
 * input driver (src/execution/input/input-driver.ts), never through the assistant's loop or gate, as
 * the keys of a user sitting at the desktop. xdotool (harnessKey/harnessType in desktop.ts) costs a
 * process per call and types a character every 12 ms; these take a few milliseconds.
 */
import { createNutInputDriver } from '../../src/execution/input/input-driver.js';
import { isKeyName, MODIFIERS, type CanonicalModifier } from '../../src/shared/keys.js';

export interface HarnessKeyboard {
  /** Chords in xdotool's spelling ("ctrl+u", "Escape", "Return"), pressed in turn. */
  key(...chords: string[]): Promise<void>;
  /** Types text by keys (a line break is Enter). */
  type(text: string): Promise<void>;
}

/** xdotool's names of keys the project spells otherwise. */
const XDOTOOL_NAMES: Readonly<Record<string, string>> = { return: 'enter', esc: 'escape' };

function chordOf(chord: string): { key: string; modifiers: CanonicalModifier[] } {
  const parts = chord.toLowerCase().split('+');
  const last = parts.pop() ?? '';
  const key = XDOTOOL_NAMES[last] ?? last;
  if (!isKeyName(key)) throw new Error(`the harness cannot press ${JSON.stringify(chord)}`);
  const modifiers = parts.map((m) => {
    if (!(MODIFIERS as readonly string[]).includes(m) || m === 'opt') throw new Error(`the harness cannot hold ${JSON.stringify(m)}`);
    return m as CanonicalModifier;
  });
  return { key, modifiers };
}

export function harnessKeyboard(): HarnessKeyboard {
  const input = createNutInputDriver();
  return {
    async key(...chords) {
      for (const chord of chords) {
        const { key, modifiers } = chordOf(chord);
        await input.pressChord(key, modifiers);
      }
    },
    async type(text) {
      const missing = await input.untypableByKeys(text);
      if (missing.length > 0) throw new Error(`the harness cannot type ${missing.join(' ')} on this keyboard layout`);
      await input.typeByKeys(text);
    },
  };
}
