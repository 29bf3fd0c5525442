// The switch keys held system-wide (native/ax-bridge/src/linux/x11_keygrab.cc) on the private
// desktop: keys sent through the X server (xdotool, as a switch interface's keys arrive) reach the
// bridge's listener and not the focused GTK entry while held, and the entry again once let go;
// another client holding a key makes a sentence, not a crash; letting go of a key that is down
// reports `lost`.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AxBridge, type SwitchKeyReport } from '../../src/execution/accessibility/ax-bridge.js';
import { AccessibilityError } from '../../src/execution/accessibility/types.js';
import { desktopSkipReason, stopApp, until, readNamedValue, openFixtureInFront } from '../support/desktop.js';
import { openBridge } from '../support/fixture-window.js';

const run = promisify(execFile);
const skip = desktopSkipReason();
const ADDON = fileURLToPath(new URL('../../native/ax-bridge/build/Release/ax_bridge.node', import.meta.url));

const xdotool = (...args: string[]) => run('xdotool', args, { timeout: 10_000 });

describe.skipIf(skip !== '')('switch keys held on the X server', () => {
  let bridge: AxBridge;
  let app: ChildProcess;
  const reports: SwitchKeyReport[] = [];
  let stopListening: () => void = () => undefined;

  /** The entry's text, read through AT-SPI. */
  const entryText = (): Promise<string> => readNamedValue(bridge, app.pid ?? 0, 'Your name');

  beforeAll(async () => {
    bridge = await openBridge();
    app = await openFixtureInFront(bridge);
    const pid = app.pid ?? 0;
    const snap = await bridge.snapshot({ pid });
    const entry = snap.elements.find((e) => e.name === 'Your name');
    if (!entry) throw new Error('no entry');
    await bridge.performAction({ generation: snap.generation, id: entry.id }, 'focus');
    stopListening = bridge.onSwitchKey((r) => reports.push(r));
  }, 30_000);

  afterAll(async () => {
    await bridge?.grabKeys([]).catch(() => undefined);
    stopListening();
    if (app) await stopApp(app);
  });

  it('hears a held key go down and up, and the focused app does not get it; let go, the app gets it again', async () => {
    expect(await bridge.grabKeys(['Space', 'Enter'])).toEqual([
      { key: 'Space', problem: '' },
      { key: 'Enter', problem: '' },
    ]);
    const before = reports.length;
    await xdotool('type', 'ab cd');
    await until('the entry to read "abcd"', async () => ((await entryText()) === 'abcd' ? true : undefined));
    await until('the space to be heard', async () => (reports.length >= before + 2 ? true : undefined));
    expect(reports.slice(before)).toEqual([
      { key: 'Space', edge: 'down' },
      { key: 'Space', edge: 'up' },
    ]);
    // Shift+Space is not the switch: it stays the app's.
    await xdotool('key', 'shift+space');
    await until('the entry to read "abcd "', async () => ((await entryText()) === 'abcd ' ? true : undefined));
    expect(reports.length).toBe(before + 2);

    expect(await bridge.grabKeys([])).toEqual([]);
    await xdotool('type', 'e f');
    await until('the entry to read "abcd e f"', async () => ((await entryText()) === 'abcd e f' ? true : undefined));
    expect(reports.length).toBe(before + 2);
  });

  it('a key let go while it is down reports lost, not a release', async () => {
    await bridge.grabKeys(['Enter']);
    const before = reports.length;
    await xdotool('keydown', 'Return');
    await until('the press', async () => (reports.length > before ? true : undefined));
    await bridge.grabKeys([]);
    await xdotool('keyup', 'Return');
    await until('the lost report', async () => (reports.length >= before + 2 ? true : undefined));
    expect(reports.slice(before)).toEqual([
      { key: 'Enter', edge: 'down' },
      { key: 'Enter', edge: 'lost' },
    ]);
  });

  it('a key another app holds is refused with a sentence; the others are held; once free it can be held', async () => {
    // Another X client (a second process with the addon) holds Space first.
    const other = spawn(process.execPath, [
      '-e',
      `const b = require(${JSON.stringify(ADDON)}); setInterval(() => {}, 1000);
       b.grabKeys(['Space']).then((r) => console.log(JSON.stringify(r)));`,
    ]);
    try {
      const line = await new Promise<string>((resolve, reject) => {
        other.stdout.once('data', (d: Buffer) => resolve(d.toString()));
        other.once('exit', (code) => reject(new Error(`the other holder exited (${code})`)));
      });
      expect(JSON.parse(line)).toEqual([{ key: 'Space', problem: '' }]);
      expect(await bridge.grabKeys(['Space', '2'])).toEqual([
        { key: 'Space', problem: 'another app already uses Space as a shortcut' },
        { key: '2', problem: '' },
      ]);
    } finally {
      await stopApp(other);
    }
    await until('Space to be free', async () => ((await bridge.grabKeys(['Space']))[0]?.problem === '' ? true : undefined));
    await bridge.grabKeys([]);
  });

  it('names what it cannot hold, and refuses a malformed list', async () => {
    expect(await bridge.grabKeys(['F24', 'Tab'])).toEqual([
      { key: 'F24', problem: '' },
      { key: 'Tab', problem: 'Tab is not a key a switch can send' },
    ]);
    await bridge.grabKeys([]);
    await expect(bridge.grabKeys(Array.from({ length: 17 }, () => 'Space'))).rejects.toBeInstanceOf(AccessibilityError);
    await expect(bridge.grabKeys([42 as unknown as string])).rejects.toBeInstanceOf(AccessibilityError);
  });
});
