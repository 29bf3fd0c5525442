// The user's own keys stop a run (issue #31) on the private desktop: the bridge's key watch
// (native/ax-bridge/src/linux/x11_keywatch.cc) reads the X server's raw key events, the engine types
// into a real GTK entry through the real input library, and the wrapper of src/execution/input/
// user-key-stop.ts looks at the count between a few characters.
//
// What can be shown on Xvfb: its own keyboard device never sends a key, and every tool that presses
// keys does it through XTEST, as the assistant does. So the user's key comes from a second master
// device pair made for the test (tests/fixtures/second-keyboard.py): the X server reports it from that
// pair's own XTEST keyboard, a source that is not the assistant's, as it would a key from a keyboard
// the user types on. A physical keyboard's key is not made here.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDesktopEngine, openDesktopEngine } from '../../src/compose/desktop-engine.js';
import { AxBridge } from '../../src/execution/accessibility/ax-bridge.js';
import { openUserKeySource, type UserKeySource } from '../../src/execution/accessibility/user-keys.js';
import { ExecutionEngine } from '../../src/execution/engine.js';
import { createNutInputDriver, type InputDriver } from '../../src/execution/input/input-driver.js';
import { stopOnUserKeys, switchKeysLeftOut, TYPING_CHUNK, UserKeyWatch } from '../../src/execution/input/user-key-stop.js';
import { desktopSkipReason, harnessKey, openFixture, readNamedValue, stopApps, SYSTEM_PYTHON, until } from '../support/desktop.js';
import { openBridge } from '../support/fixture-window.js';

const skip = desktopSkipReason();
const SECOND_KEYBOARD = fileURLToPath(new URL('../fixtures/second-keyboard.py', import.meta.url));
/** Left Shift: a key that types nothing wherever the second keyboard's focus is. */
const SHIFT_L = 50;
/** Space, as a switch sends it. */
const SPACE = 65;
const LONG = 3000;

/** An input driver whose first typing waits, once its keys are sent, until the test releases it. */
function holdAfterFirstTyping(driver: InputDriver): { driver: InputDriver; next: () => Promise<void>; release: () => void } {
  let sent: () => void = () => undefined;
  let release: () => void = () => undefined;
  let gate: Promise<void> | undefined;
  return {
    driver: {
      ...driver,
      typeByKeys: async (text) => {
        await driver.typeByKeys(text);
        const waiting = gate;
        gate = undefined;
        if (!waiting) return;
        sent();
        await waiting;
      },
    },
    next: () => {
      gate = new Promise((resolve) => (release = resolve));
      return new Promise((resolve) => (sent = resolve));
    },
    release: () => release(),
  };
}

/** The second keyboard: started, and what it answers, a line at a time. */
function secondKeyboard(): { child: ChildProcessWithoutNullStreams; next: () => Promise<string> } {
  const child = spawn(SYSTEM_PYTHON, [SECOND_KEYBOARD]);
  const lines: string[] = [];
  const waiting: Array<(line: string) => void> = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    const w = waiting.shift();
    if (w) w(line);
    else lines.push(line);
  });
  const next = (): Promise<string> => {
    const line = lines.shift();
    return line !== undefined ? Promise.resolve(line) : new Promise((resolve) => waiting.push(resolve));
  };
  return { child, next };
}

describe.skipIf(skip !== '')('the user’s own keys during a run, on the X server', () => {
  let bridge: AxBridge;
  /** The test's own reader: its snapshots leave the engine's ids valid (ax-bridge.ts, readers). */
  let reader: AxBridge;
  let pid: number;
  let source: UserKeySource;
  let watch: UserKeyWatch;
  let engine: ExecutionEngine;
  let held: ReturnType<typeof holdAfterFirstTyping>;
  let holding: { engine: ExecutionEngine };

  const entryText = (): Promise<string> => readNamedValue(reader, pid, 'Your name');
  const clearAndFocus = async (): Promise<void> => {
    const snap = await reader.snapshot({ pid });
    const entry = snap.elements.find((e) => e.name === 'Your name');
    if (!entry) throw new Error('no entry');
    await reader.setValue({ generation: snap.generation, id: entry.id }, '');
    await reader.performAction({ generation: snap.generation, id: entry.id }, 'focus');
    await until('the entry to be empty', async () => ((await entryText()) === '' ? true : undefined));
  };

  beforeAll(async () => {
    bridge = await openBridge();
    reader = AxBridge.open();
    pid = (await openFixture('ax', bridge)).pid;
    const opened = openUserKeySource();
    if (!opened) throw new Error('this build of the bridge has no key watch: npm run build:native');
    source = opened;
    watch = new UserKeyWatch(source);
    const input = createNutInputDriver();
    engine = new ExecutionEngine({ bridge, input: stopOnUserKeys(input, watch) });
    held = holdAfterFirstTyping(input);
    holding = { engine: new ExecutionEngine({ bridge, input: stopOnUserKeys(held.driver, watch) }) };
    source.watch([]);
    await until('the key watch to hear keys', async () => (source.read().watching ? true : undefined), 10_000);
  }, 30_000);

  afterAll(async () => {
    await stopApps();
  });

  it('the assistant’s own keys do not stop it: a long text is typed to the end, and none counts as the user’s', async () => {
    await clearAndFocus();
    const before = source.read();
    watch.begin();
    const text = 'The quick brown fox jumps over the lazy dog. '.repeat(6);
    const result = await engine.typeText(text, undefined);
    expect(result).toMatchObject({ kind: 'success' });
    await until('the whole text in the entry', async () => ((await entryText()) === text ? true : undefined), 15_000);
    // Every character is at least one key press: once the watch has read that many, none was the user's.
    await until('the watch to read every key', async () => (source.read().seen >= before.seen + text.length ? true : undefined));
    expect(source.read()).toMatchObject({ presses: before.presses, watching: true, problem: '' });
    // Another program that sends keys through XTEST on the same master (here xdotool) looks the same.
    const seen = source.read().seen;
    await harnessKey('Shift_L');
    await until('the watch to read Shift', async () => (source.read().seen > seen ? true : undefined));
    expect(source.read().presses).toBe(before.presses);
  }, 60_000);

  it('a key from another keyboard during a long typing run stops it, and the entry holds what was typed before', async () => {
    await clearAndFocus();
    const keyboard = secondKeyboard();
    try {
      expect(await keyboard.next()).toMatch(/^ready \d+$/);
      const before = source.read().presses;
      watch.begin();
      // The input library sends keys far faster than the app shows them: the first few characters
      // wait, once sent, until the user's key has reached the watch, so that the key comes during the run.
      const firstSent = held.next();
      const run = holding.engine.typeText('a'.repeat(LONG), undefined);
      await firstSent;
      keyboard.child.stdin.write(`key ${SHIFT_L}\n`);
      expect(await keyboard.next()).toBe('sent');
      await until('the watch to count the key', async () => (source.read().presses === before + 1 ? true : undefined));
      held.release();
      const result = await run;
      expect(result, JSON.stringify(result)).toMatchObject({ kind: 'failure', code: 'interrupted' });
      const reason = result.kind === 'failure' ? result.reason : '';
      const typed = Number(
        /^You pressed a key, so I stopped typing: (\d+) of 3000 characters were typed\. Give the command again to go on\.$/.exec(reason)?.[1],
      );
      expect(typed).toBe(TYPING_CHUNK);
      await until(`the entry to hold the ${typed} characters typed`, async () => ((await entryText()).length === typed ? true : undefined), 15_000);
      expect(source.read().presses).toBe(before + 1);
    } finally {
      keyboard.child.stdin.end();
    }
  }, 90_000);

  it('a switch key held for the scan is not the user taking over; another key from the same keyboard is', async () => {
    const left = switchKeysLeftOut(bridge, source);
    const keyboard = secondKeyboard();
    try {
      expect(await keyboard.next()).toMatch(/^ready \d+$/);
      expect(await left.grabber.grabKeys(['Space'])).toEqual([{ key: 'Space', problem: '' }]);
      const before = source.read();
      keyboard.child.stdin.write(`key ${SPACE}\n`);
      expect(await keyboard.next()).toBe('sent');
      keyboard.child.stdin.write(`key ${SHIFT_L}\n`);
      expect(await keyboard.next()).toBe('sent');
      await until('the watch to read both keys', async () => (source.read().seen >= before.seen + 2 ? true : undefined));
      expect(source.read().presses).toBe(before.presses + 1);
    } finally {
      keyboard.child.stdin.end();
      await bridge.grabKeys([]);
    }
  }, 60_000);

  it('composed as the app does it, a key pressed before an action does not stop that action', async () => {
    await clearAndFocus();
    const api = openDesktopEngine(process.env, () => createDesktopEngine(process.env, { bridge, userKeys: watch }), { beforeAction: () => watch.begin() });
    const keyboard = secondKeyboard();
    try {
      expect(await keyboard.next()).toMatch(/^ready \d+$/);
      const before = source.read().presses;
      watch.begin();
      keyboard.child.stdin.write(`key ${SHIFT_L}\n`);
      expect(await keyboard.next()).toBe('sent');
      await until('the watch to count the key', async () => (source.read().presses === before + 1 ? true : undefined));
      // Without a new start at the action, that key would stop it before its first character.
      expect(await api.typeText('hello', undefined)).toMatchObject({ kind: 'success' });
      await until('the entry to read "hello"', async () => ((await entryText()) === 'hello' ? true : undefined));
    } finally {
      keyboard.child.stdin.end();
    }
  }, 60_000);
});
