// The switch keys' half of the bridge (src/execution/accessibility/switch-key-hold.ts): the key list
// checked before the addon is asked, the outcomes passed on, the addon's edges made ours, and the
// native listener set with the first listener and taken away with the last. The addon itself holding
// keys on the X server is tests/native/key-grab.test.ts; here its two calls are recorded.
import { describe, expect, it } from 'vitest';
import { callWithDeadline } from '../../../src/execution/accessibility/bridge-call.js';
import { SwitchKeyHold, switchEdgeOf, type SwitchKeyReport } from '../../../src/execution/accessibility/switch-key-hold.js';
import { itGives } from '../../support/tables.js';

type NativeListener = ((report: { key: string; edge: string }) => void) | null;

function recordingNative() {
  const grabbed: string[][] = [];
  const listeners: NativeListener[] = [];
  return {
    grabbed,
    listeners,
    current: (): NativeListener => listeners.at(-1) ?? null,
    native: {
      grabKeys: (keys: string[]) => {
        grabbed.push(keys);
        return Promise.resolve(keys.map((key) => ({ key, problem: key === 'Tab' ? 'another program holds it' : '', extra: 1 })));
      },
      setKeyListener: (listener: NativeListener) => {
        listeners.push(listener);
      },
    },
  };
}

describe('switchEdgeOf', () => {
  itGives('%j is %j', switchEdgeOf, [
    ['down', 'down'],
    ['up', 'up'],
    ['lost', 'lost'],
    ['secure_on', 'secure_on'],
    ['secure_off', 'secure_off'],
    ['', 'lost'],
    ['pressed', 'lost'],
  ]);
});

describe('SwitchKeyHold', () => {
  it('asks the addon for a copy of the keys and passes on only key and problem', async () => {
    const r = recordingNative();
    const keys = ['Space', 'Tab'];
    expect(await new SwitchKeyHold(r.native, callWithDeadline).grab(keys)).toEqual([
      { key: 'Space', problem: '' },
      { key: 'Tab', problem: 'another program holds it' },
    ]);
    expect(r.grabbed).toEqual([['Space', 'Tab']]);
    expect(r.grabbed[0]).not.toBe(keys);
  });

  it.each([
    ['more than 16 keys', Array.from({ length: 17 }, (_, i) => `F${i + 1}`)],
    ['a name longer than 20 characters', ['Space', 'x'.repeat(21)]],
    ['not a list', 'Space' as unknown as string[]],
    ['a number among the names', [3] as unknown as string[]],
  ])('refuses %s with a sentence, without asking the addon', async (_what, keys) => {
    const r = recordingNative();
    await expect(new SwitchKeyHold(r.native, callWithDeadline).grab(keys)).rejects.toMatchObject({
      code: 'failed',
      message: 'grabKeys takes up to 16 key names.',
    });
    expect(r.grabbed).toEqual([]);
  });

  it('sets the native listener with the first listener, tells every listener each key, and takes it away with the last', () => {
    const r = recordingNative();
    const hold = new SwitchKeyHold(r.native, callWithDeadline);
    const first: SwitchKeyReport[] = [];
    const second: SwitchKeyReport[] = [];
    const stopFirst = hold.listen((report) => first.push(report));
    const stopSecond = hold.listen((report) => second.push(report));
    expect(r.listeners).toHaveLength(1);
    r.current()?.({ key: 'Space', edge: 'down' });
    r.current()?.({ key: 'Space', edge: 'odd' });
    expect(first).toEqual([
      { key: 'Space', edge: 'down' },
      { key: 'Space', edge: 'lost' },
    ]);
    expect(second).toEqual(first);
    stopFirst();
    stopFirst();
    expect(r.listeners).toHaveLength(1);
    r.current()?.({ key: 'Enter', edge: 'up' });
    expect(first).toHaveLength(2);
    expect(second.at(-1)).toEqual({ key: 'Enter', edge: 'up' });
    stopSecond();
    expect(r.listeners).toEqual([r.listeners[0], null]);
  });

  it('refuses a listener that is not a function', () => {
    const r = recordingNative();
    expect(() => new SwitchKeyHold(r.native, callWithDeadline).listen('not a function' as unknown as () => void)).toThrow(TypeError);
    expect(r.listeners).toEqual([]);
  });
});
