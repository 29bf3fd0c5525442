// The switch keys while another app has the keyboard (issue #15), from main's side down to the X
// server: SwitchShortcuts (main) over a real SwitchKeyHold (the core) over the real bridge, with only
// Electron's globalShortcut standing in (no Electron binary here). Keys go in through the X server
// with xdotool, as a switch interface's do; what the GTK entry received is read back through AT-SPI.
// Also the engine's own typing: the nut-js driver, wrapped, types a held key into the app.
import { execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AxBridge } from '../../src/execution/accessibility/ax-bridge.js';
import { createNutInputDriver } from '../../src/execution/input/input-driver.js';
import { SwitchKeyHold, withSwitchKeysLetGo } from '../../src/execution/input/switch-keys.js';
import type { ShellSignal } from '../../src/shared/contracts/ipc-contract.js';
import { DEFAULT_SWITCH_SETTINGS, type SwitchSettings } from '../../src/shared/switch-access.js';
import { SwitchShortcuts } from '../../src/main/shortcuts/switch-shortcut.js';
import { desktopSkipReason, stopApp, until, readNamedValue, openFixtureInFront } from '../support/desktop.js';
import { openBridge } from '../support/fixture-window.js';
import type { ChildProcess } from 'node:child_process';

const run = promisify(execFile);
const skip = desktopSkipReason();
const ADDON = fileURLToPath(new URL('../../native/ax-bridge/build/Release/ax_bridge.node', import.meta.url));
const xdotool = (...args: string[]) => run('xdotool', args, { timeout: 10_000 });

const ONE: SwitchSettings = { ...DEFAULT_SWITCH_SETTINGS, enabled: true, mode: 'auto', selectInput: 'Space' };
const TWO: SwitchSettings = { ...DEFAULT_SWITCH_SETTINGS, enabled: true, mode: 'step', selectInput: 'Space', moveInput: 'Enter' };
const OFF: SwitchSettings = { ...ONE, enabled: false };

/** Electron's globalShortcut, which cannot run here: which accelerators are registered. */
function fakeGlobalShortcut() {
  const registered = new Map<string, () => void>();
  return {
    registered,
    register: (accelerator: string, callback: () => void) => {
      if (registered.has(accelerator)) return false;
      registered.set(accelerator, callback);
      return true;
    },
    unregister: (accelerator: string) => {
      registered.delete(accelerator);
    },
  };
}

describe.skipIf(skip !== '')('switch keys held while another app has the keyboard', () => {
  let bridge: AxBridge;
  let app: ChildProcess;
  let hold: SwitchKeyHold;
  let shortcuts: SwitchShortcuts;
  let globalShortcut: ReturnType<typeof fakeGlobalShortcut>;
  const signals: ShellSignal[] = [];
  const told: string[] = [];
  let stopRelay: () => void = () => undefined;

  /** The entry's text, read through AT-SPI. */
  const entryText = (): Promise<string> => readNamedValue(bridge, app.pid ?? 0, 'Your name');
  const entryReads = (text: string) => until(`the entry to read ${JSON.stringify(text)}`, async () => ((await entryText()) === text ? true : undefined));
  const clearEntry = async () => {
    const snap = await bridge.snapshot({ pid: app.pid ?? 0 });
    const entry = snap.elements.find((e) => e.name === 'Your name');
    if (!entry) throw new Error('no entry');
    await bridge.setValue({ generation: snap.generation, id: entry.id }, '');
    await bridge.performAction({ generation: snap.generation, id: entry.id }, 'focus');
  };

  beforeAll(async () => {
    bridge = await openBridge();
    app = await openFixtureInFront(bridge);
    hold = new SwitchKeyHold(bridge);
    // The core → main → panel relay, as shell.ts wires it (the core's notice is main's keyReport).
    stopRelay = hold.onKey((report) => shortcuts.keyReport(report));
  }, 30_000);

  beforeEach(async () => {
    signals.length = 0;
    told.length = 0;
    globalShortcut = fakeGlobalShortcut();
    shortcuts = new SwitchShortcuts({ globalShortcut, send: (s) => signals.push(s), hold: (keys) => hold.hold(keys), tell: (m) => told.push(m) });
    await clearEntry();
  });

  afterAll(async () => {
    shortcuts?.dispose();
    await hold?.hold([]).catch(() => undefined);
    stopRelay();
    if (app) await stopApp(app);
  });

  it('one switch: Space reaches the panel as down and up while the app has the keyboard, and not the app', async () => {
    expect(await shortcuts.set(ONE, [])).toEqual([]);
    expect(shortcuts.active).toEqual(['Space']);
    expect(globalShortcut.registered.size).toBe(0);
    await xdotool('type', 'a b');
    await entryReads('ab');
    await until('the switch signals', async () => (signals.length >= 2 ? true : undefined));
    expect(signals).toEqual([
      { kind: 'switch_key', input: 'Space', edge: 'down' },
      { kind: 'switch_key', input: 'Space', edge: 'up' },
    ]);
  });

  it('two switches: Enter moves and Space selects, both held; the panel focused lets go of both, blurred holds them again', async () => {
    expect(await shortcuts.set(TWO, [])).toEqual([]);
    expect([...shortcuts.active].sort()).toEqual(['Enter', 'Space']);
    await xdotool('key', 'Return', 'space');
    await until('four signals', async () => (signals.length >= 4 ? true : undefined));
    expect(signals.map((s) => (s.kind === 'switch_key' ? `${s.input} ${s.edge}` : s.kind))).toEqual(['Enter down', 'Enter up', 'Space down', 'Space up']);
    shortcuts.suspend();
    await shortcuts.refresh(); // waits for the let-go before it (calls run in order); focused, it holds nothing
    expect(shortcuts.active).toEqual([]);
    await xdotool('type', 'x y');
    await entryReads('x y');
    shortcuts.resume();
    await until('the keys held again', async () => (shortcuts.active.length === 2 ? true : undefined));
    await xdotool('type', ' z');
    await entryReads('x yz');
    expect(signals.length).toBe(6);
  });

  it('switch access off lets the keys go: the app gets Space again', async () => {
    await shortcuts.set(ONE, []);
    await shortcuts.set(OFF, []);
    expect(shortcuts.active).toEqual([]);
    await xdotool('type', 'c d');
    await entryReads('c d');
    expect(signals).toEqual([]);
  });

  it('a key another app holds: a sentence, and the switch still works in the panel; told again on a focus change only if new', async () => {
    const other = spawn(process.execPath, [
      '-e',
      `const b = require(${JSON.stringify(ADDON)}); setInterval(() => {}, 1000); b.grabKeys(['Space']).then((r) => console.log(JSON.stringify(r)));`,
    ]);
    try {
      await new Promise<void>((resolve, reject) => {
        other.stdout.once('data', () => resolve());
        other.once('exit', (code) => reject(new Error(`the other holder exited (${code})`)));
      });
      const problems = await shortcuts.set(ONE, []);
      expect(problems).toEqual([
        'The switch key Space cannot be taken from other apps (another app already uses Space as a shortcut), so it works only while the panel has the focus. Choose another switch key in Settings.',
      ]);
      expect(shortcuts.active).toEqual([]);
      shortcuts.suspend();
      shortcuts.resume();
      await shortcuts.refresh();
      expect(told).toEqual([]); // the same sentence is not said again at every focus change
    } finally {
      await stopApp(other);
    }
    await until('Space to be held once the other app let go', async () => {
      await shortcuts.refresh();
      return shortcuts.active.includes('Space') ? true : undefined;
    });
  });

  it('where no key can be held, F13–F24 become global shortcuts and the others say they work in the panel only', async () => {
    const nowhere = new SwitchShortcuts({
      globalShortcut,
      send: (s) => signals.push(s),
      hold: () => Promise.reject(new Error('this Wayland session lets no app take keys from the others')),
      tell: (m) => told.push(m),
    });
    const problems = await nowhere.set({ ...TWO, selectInput: 'F13', moveInput: 'Enter' }, []);
    expect(problems).toEqual([
      'The switch key Enter works only while the panel has the focus: this Wayland session lets no app take keys from the others. Choose F13–F24 as switch keys to use them in other apps.',
    ]);
    expect([...globalShortcut.registered.keys()]).toEqual(['F13']);
    globalShortcut.registered.get('F13')?.();
    expect(signals).toEqual([{ kind: 'switch', input: 'F13' }]);
    nowhere.dispose();
    expect(globalShortcut.registered.size).toBe(0);
  });

  it("one of the app's own shortcuts keeps its key", async () => {
    const problems = await shortcuts.set({ ...ONE, selectInput: 'F14' }, [{ accelerator: 'F14', what: 'shows the panel' }]);
    expect(problems).toEqual([
      'F14 is also the shortcut that shows the panel, so it cannot be a switch in other apps. Choose another switch key or shortcut in Settings.',
    ]);
    expect(shortcuts.active).toEqual([]);
  });

  it("the assistant's own typing lets go of the held keys it types, exactly while it types them, and holds them again", async () => {
    await shortcuts.set(TWO, []);
    const driver = withSwitchKeysLetGo(createNutInputDriver(), hold);
    await driver.typeByKeys('hello world');
    await entryReads('hello world');
    await driver.pressChord('space', []);
    await entryReads('hello world ');
    expect([...hold.holding].sort()).toEqual(['Enter', 'Space']);
    // Text without a held key leaves the keys held throughout: nothing leaks to the app meanwhile.
    await driver.typeByKeys('abc');
    await entryReads('hello world abc');
    expect(signals).toEqual([]);
    // The switch still works after the assistant typed.
    await xdotool('key', 'space');
    await until('the switch signals', async () => (signals.length >= 2 ? true : undefined));
    await entryReads('hello world abc');
  });

  it('without letting go, the held key would be eaten: the wrapper is what types it', async () => {
    await shortcuts.set(ONE, []);
    await createNutInputDriver().typeByKeys('p q');
    await entryReads('pq');
    await until('the switch signals', async () => (signals.length >= 2 ? true : undefined));
  });
});
