// The switch keys held while switch access is on (src/execution/input/switch-keys.ts), over a fake
// grabber: the input driver lets go of exactly the held keys it sends, only while it sends them, and
// holds them again after; a chord with modifiers is the app's, not the switch's.
import { describe, expect, it } from 'vitest';
import type { CanonicalModifier } from '../../../src/shared/keys.js';
import { SwitchKeyHold, withSwitchKeysLetGo, type KeyGrabber } from '../../../src/execution/input/switch-keys.js';
import { fakeDesktop } from '../fake-desktop.js';

/** A grabber that records each set of keys it was asked to hold; `refuse` names keys it cannot hold. */
function grabber(refuse: Record<string, string> = {}, fails = false) {
  const grabs: string[][] = [];
  const g: KeyGrabber = {
    grabKeys: async (keys) => {
      if (fails) throw new Error('there is no X display');
      grabs.push([...keys]);
      return keys.map((key) => ({ key, problem: refuse[key] ?? '' }));
    },
    onSwitchKey: () => () => undefined,
  };
  return { g, grabs };
}

/** The driver with the hold, and the grabs seen while it sent keys. */
async function sending(send: (driver: ReturnType<typeof withSwitchKeysLetGo>) => Promise<void>) {
  const { g, grabs } = grabber();
  const hold = new SwitchKeyHold(g);
  await hold.hold(['Space', 'Enter', 'F13']);
  const heldWhileSending: string[][] = [];
  const { input } = fakeDesktop({ apps: [] });
  const driver = withSwitchKeysLetGo(
    {
      ...input,
      typeByKeys: async () => void heldWhileSending.push([...hold.holding]),
      pressChord: async () => void heldWhileSending.push([...hold.holding]),
    },
    hold,
  );
  await send(driver);
  return { heldWhileSending, after: hold.holding, grabs };
}

describe('SwitchKeyHold', () => {
  it('holds the keys it can and says why not the others', async () => {
    const { g } = grabber({ Enter: 'another app already uses Enter as a shortcut' });
    const outcome = await new SwitchKeyHold(g).hold(['Space', 'Enter', 'Space']);
    expect(outcome).toEqual({ held: ['Space'], problems: [{ key: 'Enter', problem: 'another app already uses Enter as a shortcut' }] });
  });

  it('says why nothing can be held when the grabber cannot', async () => {
    const { g } = grabber({}, true);
    expect(await new SwitchKeyHold(g).hold(['Space'])).toEqual({ held: [], problems: [], unavailable: 'there is no X display' });
  });
});

describe('withSwitchKeysLetGo', () => {
  // [what is sent, the keys held while it is sent]
  const texts: [string, string[]][] = [
    ['hello', ['Space', 'Enter', 'F13']],
    ['a b', ['Enter', 'F13']],
    ['line\n', ['Space', 'F13']],
    ['a b\n', ['F13']],
  ];
  it.each(texts)('typing %j holds %j meanwhile, and all three again after', async (text, meanwhile) => {
    const r = await sending((d) => d.typeByKeys(text));
    expect(r.heldWhileSending).toEqual([meanwhile]);
    expect(r.after).toEqual(['Space', 'Enter', 'F13']);
  });

  const chords: [string, CanonicalModifier[], string[]][] = [
    ['space', [], ['Enter', 'F13']],
    ['f13', [], ['Space', 'Enter']],
    ['enter', ['ctrl'], ['Space', 'Enter', 'F13']],
    ['f2', [], ['Space', 'Enter', 'F13']],
  ];
  it.each(chords)('pressing %s with %j holds %j meanwhile', async (key, modifiers, meanwhile) => {
    const r = await sending((d) => d.pressChord(key, modifiers));
    expect(r.heldWhileSending).toEqual([meanwhile]);
  });
});
