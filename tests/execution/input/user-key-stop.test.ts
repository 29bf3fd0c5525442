// The user's own keys stop the assistant's input (issue #31): the wrapper around the input driver,
// with the bridge's count as a plain counter the test moves (the real watch on the X server is
// tests/execution/user-keys.desktop.test.ts) and a driver that records what reached it.
import { describe, expect, it } from 'vitest';
import type { UserKeyCount, UserKeySource } from '../../../src/execution/accessibility/user-keys.js';
import type { InputDriver } from '../../../src/execution/input/input-driver.js';
import { stopOnUserKeys, switchKeysLeftOut, TYPING_CHUNK, UserKeyWatch } from '../../../src/execution/input/user-key-stop.js';
import { ExecutionError } from '../../../src/execution/results.js';

class Counter implements UserKeySource {
  count: UserKeyCount = { presses: 10, seen: 10, watching: true, problem: '' };
  ignored: string[][] = [];
  watch(ignored: readonly string[]): void {
    this.ignored.push([...ignored]);
  }
  read(): UserKeyCount {
    return this.count;
  }
  press(): void {
    this.count = { ...this.count, presses: this.count.presses + 1 };
  }
}

function recorder(onType?: (text: string) => void): { driver: InputDriver; sent: string[] } {
  const sent: string[] = [];
  const driver: InputDriver = {
    pointer: async () => ({ x: 0, y: 0 }),
    moveTo: async (p) => void sent.push(`move ${p.x},${p.y}`),
    click: async (b, n) => void sent.push(`click ${b} ${n}`),
    pressButton: async (b) => void sent.push(`down ${b}`),
    releaseButton: async (b) => void sent.push(`up ${b}`),
    scroll: async (d, n) => void sent.push(`scroll ${d} ${n}`),
    pressChord: async (k, m) => void sent.push(`chord ${[...m, k].join('+')}`),
    untypableByKeys: async () => [],
    typeByKeys: async (text) => {
      sent.push(`type ${JSON.stringify(text)}`);
      onType?.(text);
    },
  };
  return { driver, sent };
}

describe('the user’s keys stop the assistant’s input', () => {
  it('types a long text a few characters at a time, all of it while the user presses nothing', async () => {
    const source = new Counter();
    const watch = new UserKeyWatch(source, () => ['F13']);
    const { driver, sent } = recorder();
    watch.begin();
    expect(source.ignored).toEqual([['F13']]);
    await stopOnUserKeys(driver, watch).typeByKeys('hello world');
    expect(sent).toEqual(['type "hell"', 'type "o wo"', 'type "rld"']);
    expect(TYPING_CHUNK).toBe(4);
  });

  it('a key pressed during the run stops it at the next look, and says how much was typed', async () => {
    const source = new Counter();
    const watch = new UserKeyWatch(source);
    let typed = 0;
    const { driver, sent } = recorder((t) => {
      typed += t.length;
      if (typed === 8) source.press();
    });
    watch.begin();
    const run = stopOnUserKeys(driver, watch).typeByKeys('a'.repeat(20));
    await expect(run).rejects.toThrow(
      new ExecutionError('interrupted', 'You pressed a key, so I stopped typing: 8 of 20 characters were typed. Give the command again to go on.'),
    );
    await expect(run).rejects.toMatchObject({ code: 'interrupted' });
    expect(sent).toHaveLength(2);
  });

  it('keys pressed before the action began do not count; each begin starts again', async () => {
    const source = new Counter();
    const watch = new UserKeyWatch(source);
    const input = stopOnUserKeys(recorder().driver, watch);
    source.press();
    watch.begin();
    await expect(input.pressChord('s', ['ctrl'])).resolves.toBeUndefined();
    source.press();
    await expect(input.pressChord('s', ['ctrl'])).rejects.toThrow('You pressed a key, so I stopped before pressing ctrl+s. Give the command again to go on.');
    watch.begin();
    await expect(input.click('left', 1)).resolves.toBeUndefined();
  });

  it('every key, click, scroll and move looks first; letting go of a mouse button never stops', async () => {
    const source = new Counter();
    const watch = new UserKeyWatch(source);
    const { driver, sent } = recorder();
    const input = stopOnUserKeys(driver, watch);
    watch.begin();
    source.press();
    await expect(input.moveTo({ x: 1, y: 2 })).rejects.toThrow(/before moving the pointer/);
    await expect(input.click('left', 2)).rejects.toThrow(/before clicking/);
    await expect(input.pressButton('left')).rejects.toThrow(/before pressing the mouse button/);
    await expect(input.scroll('down', 3)).rejects.toThrow(/before scrolling/);
    await expect(input.typeByKeys('x')).rejects.toThrow('You pressed a key, so I stopped before typing. Give the command again to go on.');
    await input.releaseButton('left');
    expect(sent).toEqual(['up left']);
  });

  it('a CR LF line break is never split between two looks', async () => {
    const source = new Counter();
    const watch = new UserKeyWatch(source);
    const { driver, sent } = recorder();
    watch.begin();
    await stopOnUserKeys(driver, watch).typeByKeys('abc\r\ndef');
    expect(sent).toEqual(['type "abc\\r\\n"', 'type "def"']);
  });

  it('a watch that cannot hear keys stops nothing and says why; one that starts late counts from then', async () => {
    const source = new Counter();
    source.count = { presses: 0, seen: 0, watching: false, problem: 'there is no X display (DISPLAY is not set)' };
    const watch = new UserKeyWatch(source);
    const { driver, sent } = recorder();
    watch.begin();
    await stopOnUserKeys(driver, watch).typeByKeys('abcdefgh');
    expect(sent).toHaveLength(2);
    expect(watch.problem()).toBe('there is no X display (DISPLAY is not set)');

    source.count = { presses: 0, seen: 0, watching: false, problem: '' };
    watch.begin();
    expect(watch.problem()).toBeUndefined();
    source.count = { presses: 5, seen: 5, watching: true, problem: '' };
    expect(watch.pressed()).toBe(false);
    source.press();
    expect(watch.pressed()).toBe(true);
  });
});

describe('the switch keys are never the user taking over', () => {
  it('every key held once is left out, told to the watch before the grab, also once the panel lets go of it', async () => {
    const source = new Counter();
    const order: string[] = [];
    const grabbed: string[][] = [];
    const left = switchKeysLeftOut(
      {
        grabKeys: async (keys) => {
          order.push('grab');
          grabbed.push([...keys]);
          return keys.map((key) => ({ key, problem: '' }));
        },
        onSwitchKey: () => () => undefined,
      },
      { watch: (ignored) => (order.push('watch'), source.watch(ignored)), read: () => source.read() },
    );
    expect(left.ignored()).toEqual([]);
    await left.grabber.grabKeys(['Space', 'Enter']);
    expect(order).toEqual(['watch', 'grab']);
    expect(source.ignored).toEqual([['Space', 'Enter']]);
    // The panel took the focus: nothing held, the keys still left out; held again: nothing new to tell.
    await left.grabber.grabKeys([]);
    await left.grabber.grabKeys(['Space', 'Enter']);
    expect(left.ignored()).toEqual(['Space', 'Enter']);
    expect(source.ignored).toHaveLength(1);
    expect(grabbed).toEqual([['Space', 'Enter'], [], ['Space', 'Enter']]);
    const watch = new UserKeyWatch(source, left.ignored);
    watch.begin();
    expect(source.ignored.at(-1)).toEqual(['Space', 'Enter']);
  });
});
