// The very first observation of a page a fresh Firefox just opened (issue #29 item 2). Firefox
// builds its accessibility tree when an assistive client first asks, and a first read used to catch
// it half-built: a tester's first command listed 27 text fields and 26 buttons with no name, which
// five seconds later all had their label names. The test waits for nothing read through
// accessibility before that first observation: only for the page to be requested from the server
// and for Firefox's window to carry the page's title (X11, through xdotool).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDesktopEngine } from '../../src/compose/desktop-engine.js';
import { AxBridge } from '../../src/execution/accessibility/ax-bridge.js';
import type { ExecutionEngine } from '../../src/execution/engine.js';
import { desktopSkipReason, until } from '../support/desktop.js';
import { firefoxOnShop, type FirefoxOnShop } from './firefox-profile.js';

const skip = desktopSkipReason();
const execFileAsync = promisify(execFile);

/** Is a window of `pid` titled like the page ("Shop — Mozilla Firefox")? Asks the X server, not accessibility. */
const windowTitled = async (pid: number, title: string): Promise<true | undefined> => {
  const found = await execFileAsync('xdotool', ['search', '--pid', String(pid), '--name', `^${title}`], { timeout: 10_000 }).catch(() => undefined);
  return found && found.stdout.trim() !== '' ? true : undefined;
};

describe.skipIf(skip !== '')('Firefox: the first observation of a fresh profile', () => {
  let shop: FirefoxOnShop | undefined;
  let engine: ExecutionEngine;

  beforeAll(async () => {
    shop = await firefoxOnShop('/shop?links=first');
    const { server, firefox } = shop;
    const pid = firefox.pid;
    await until('Firefox to ask for the shop page', async () => (server.served.includes('/shop') ? true : undefined), 150_000);
    await until("Firefox's window titled with the page", () => windowTitled(pid, 'Shop'), 60_000);
    engine = createDesktopEngine(process.env, { bridge: AxBridge.open() });
    // Firefox must be on the accessibility bus for its name to mean it (registering is not reading its tree).
    const bridge = AxBridge.open();
    await until('Firefox on the accessibility bus', async () => ((await bridge.runningApps()).some((a) => a.pid === pid) ? true : undefined), 60_000);
  }, 240_000);

  afterAll(() => shop?.close(), 30_000);

  it("names the page's fields and buttons", async () => {
    const started = performance.now();
    const seen = await engine.getScreenElements('Firefox');
    const took = Math.round(performance.now() - started);
    expect(seen.kind, seen.kind === 'failure' ? seen.reason : '').toBe('observation');
    const text = seen.kind === 'observation' ? seen.text : '';
    const lines = text.split('\n');
    const named = (role: string): string[] => lines.flatMap((l) => new RegExp(`^\\d+ ${role} "([^"]+)"`).exec(l)?.[1] ?? []);
    const unnamed = lines.filter((l) => /^\d+ (text_field|button|entry|combo_box)(?! ")/.test(l));
    console.log(
      `[firefox first read] ${named('text_field').length} named fields, ${named('button').length} named buttons, ${unnamed.length} unnamed fields or buttons, in ${took} ms` +
        (unnamed.length > 0 ? `: ${unnamed.slice(0, 5).join(' | ')}` : ''),
    );
    expect(text).not.toMatch(/still (building|busy)/);
    expect(unnamed).toEqual([]);
    expect(named('text_field')).toEqual(expect.arrayContaining(['Field 1', 'Field 2', 'Field 3']));
    expect(named('button')).toEqual(expect.arrayContaining(['Pay', 'Delete', 'Buy 1']));
  }, 60_000);
});
