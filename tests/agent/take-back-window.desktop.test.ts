// "Take it back" after a window command (issue #31 item 5), end to end on a desktop of its own with
// two monitors side by side (tests/support/two-monitors.ts) and openbox: the real loop plans each
// command with the offline grammar, the engine asks the window manager, and "take it back" puts the
// window back. Place, size and state are read before and after with xwininfo and xprop, not through
// the bridge that made the requests.
import { execFile, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DesktopSession } from '../../scripts/desktop-session.js';
import { AssistantLoop } from '../../src/agent/assistant-loop.js';
import type { AxBridge } from '../../src/execution/accessibility/ax-bridge.js';
import { ExecutionEngine } from '../../src/execution/engine.js';
import { createNutInputDriver } from '../../src/execution/input/input-driver.js';
import type { AssistantEvent } from '../../src/shared/contracts/events.js';
import { desktopSkipReason, openFixture, stopApps, until } from '../support/desktop.js';
import { openDesktop } from '../support/fixture-window.js';
import { TWO_MONITOR_SCREEN, TWO_MONITORS, splitScreen } from '../support/two-monitors.js';

const run = promisify(execFile);
const skip = desktopSkipReason();
if (skip) console.log(`[take it back, windows] skipped: ${skip}`);

/** A window's inside on screen and its EWMH states, as the X server and the window manager say. */
interface Shape {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly states: string;
}

async function shapeOf(window: number): Promise<Shape> {
  const info = (await run('xwininfo', ['-id', String(window)], { timeout: 10_000 })).stdout;
  const n = (label: string): number => Number(new RegExp(`${label}:\\s+(-?\\d+)`).exec(info)?.[1]);
  const prop = (await run('xprop', ['-id', String(window), '_NET_WM_STATE'], { timeout: 10_000 })).stdout;
  const states = [...prop.matchAll(/_NET_WM_STATE_[A-Z_]+/g)].map((m) => m[0]).sort();
  return { x: n('Absolute upper-left X'), y: n('Absolute upper-left Y'), width: n('Width'), height: n('Height'), states: states.join(' ') };
}

/** The X id of the window with this exact title. */
async function windowId(title: string): Promise<number> {
  const { stdout } = await run('xdotool', ['search', '--sync', '--name', `^${title}$`], { timeout: 10_000 });
  return Number(stdout.trim().split('\n')[0]);
}

/** Moves a window by the test harness (as the user would), and waits until it is there. */
async function moveByHand(window: number, x: number, y: number): Promise<void> {
  await run('xdotool', ['windowmove', '--sync', String(window), String(x), String(y)], { timeout: 10_000 });
}

/** Each command, what it changes (read back), and the sentence "take it back" says once the window is back. */
const COMMANDS: ReadonlyArray<readonly [string, (before: Shape, after: Shape) => boolean]> = [
  ['maximise the window AX Fixture', (_b, a) => a.states.includes('MAXIMIZED_HORZ') && a.states.includes('MAXIMIZED_VERT')],
  ['snap the window AX Fixture to the left half', (_b, a) => a.x <= 24 && a.width > 576 && a.width <= 640],
  ['move the window AX Fixture to the other monitor', (b, a) => a.x >= TWO_MONITORS[1]!.x && Math.abs(a.x - b.x - TWO_MONITORS[1]!.x) <= 24],
  ['minimise the window AX Fixture', (_b, a) => a.states.includes('HIDDEN')],
  ['full screen the window AX Fixture', (_b, a) => a.states.includes('FULLSCREEN')],
];

describe.skipIf(skip !== '')('take it back after a window command, on a two-monitor desktop', () => {
  let desktop: DesktopSession;
  let bridge: AxBridge;
  let holder: ChildProcess;
  let loop: AssistantLoop;
  let ax: number;
  const events: AssistantEvent[] = [];
  const lastResult = (from: number) => events.slice(from).findLast((e) => e.type === 'action_result');

  beforeAll(async () => {
    ({ session: desktop, bridge } = await openDesktop({ screen: `${TWO_MONITOR_SCREEN.width}x${TWO_MONITOR_SCREEN.height}x24` }));
    ({ holder } = await splitScreen());
    await openFixture('ax', bridge);
    ax = await windowId('AX Fixture');
    // On the first monitor, clear of its edges: every command below changes where or how it is.
    await moveByHand(ax, 200, 150);
    loop = new AssistantLoop({
      engine: new ExecutionEngine({ bridge, input: createNutInputDriver() }),
      emit: (e) => events.push(e),
      confirm: async () => 'confirmed',
    });
  }, 60_000);

  afterAll(async () => {
    await stopApps();
    holder?.stdin?.end();
    await desktop?.stop();
  });

  it.each(COMMANDS)('“%s”, then “take it back”: the window reads back as before', async (command, changed) => {
    const before = await shapeOf(ax);
    expect(before.states).toBe('');
    const from = events.length;
    expect(await loop.run(command)).toMatchObject({ outcome: 'done' });
    // The panel offers "take it back" after it.
    expect(lastResult(from)).toMatchObject({ ok: true, reversible: true });
    const after = await until('the change to read back', async () => {
      const s = await shapeOf(ax);
      return changed(before, s) ? s : undefined;
    });
    expect(after).not.toEqual(before);
    expect(await loop.run('take it back')).toEqual({ outcome: 'done', message: 'Took it back: “AX Fixture” is back where it was, at the size it had.' });
    expect(await shapeOf(ax)).toEqual(before);
    const again = await loop.run('take it back');
    expect(again.message).toMatch(/^I already took back the last action/);
  });

  it('minimised and taken back at once, while the window manager still slides it away: where it was when it says so', async () => {
    const before = await shapeOf(ax);
    // openbox shows a window stopped mid-slide at its place first, then slides it from where it had got to.
    for (let round = 0; round < 5; round++) {
      expect(await loop.run('minimise the window AX Fixture')).toMatchObject({ outcome: 'done' });
      expect(await loop.run('take it back')).toEqual({ outcome: 'done', message: 'Took it back: “AX Fixture” is back where it was, at the size it had.' });
      expect(await shapeOf(ax), `round ${round}`).toEqual(before);
    }
  });

  it('restoring a maximised window, taken back, maximises it again on the same monitor', async () => {
    expect(await loop.run('maximise the window AX Fixture')).toMatchObject({ outcome: 'done' });
    const maximised = await shapeOf(ax);
    expect(await loop.run('restore the window AX Fixture')).toMatchObject({ outcome: 'done' });
    expect((await shapeOf(ax)).states).toBe('');
    expect(await loop.run('take it back')).toEqual({ outcome: 'done', message: 'Took it back: “AX Fixture” is maximised again.' });
    expect(await shapeOf(ax)).toEqual(maximised);
    expect(await loop.run('restore the window AX Fixture')).toMatchObject({ outcome: 'done' });
  });

  it('a window the user moved since is left where the user put it, in a sentence', async () => {
    await moveByHand(ax, 200, 150);
    expect(await loop.run('snap the window AX Fixture to the right half')).toMatchObject({ outcome: 'done' });
    await moveByHand(ax, 300, 200);
    const moved = await until('the move by hand', async () => {
      const s = await shapeOf(ax);
      return s.x < 640 ? s : undefined;
    });
    expect(await loop.run('take it back')).toEqual({
      outcome: 'refused',
      message: 'I cannot take it back: “AX Fixture” was moved or changed since, so nothing was changed.',
    });
    expect(await shapeOf(ax)).toEqual(moved);
  });

  it('a window closed since it was maximised: the sentence, and nothing is done', async () => {
    const app = await openFixture('engine', bridge);
    const id = await windowId('Engine Fixture');
    expect(await loop.run('maximise the window Engine Fixture')).toMatchObject({ outcome: 'done' });
    await app.stop();
    await until('the window to go', async () => ((await bridge.listWindows()).windows.some((w) => w.id === id) ? undefined : true));
    expect(await loop.run('take it back')).toEqual({
      outcome: 'refused',
      message: 'I cannot take it back: “Engine Fixture” is closed, so nothing was changed.',
    });
  });

  it('closing a window cannot be taken back: said in a sentence, and not offered', async () => {
    await openFixture('engine', bridge);
    const from = events.length;
    expect(await loop.run('close the window Engine Fixture')).toMatchObject({ outcome: 'done', message: 'Closed “Engine Fixture”.' });
    expect(lastResult(from)).toEqual({ type: 'action_result', ok: true, message: 'Closed “Engine Fixture”.' });
    const r = await loop.run('take it back');
    expect(r).toEqual({
      outcome: 'refused',
      message:
        'I cannot take back closing the window “Engine Fixture”: a closed window cannot be opened again as it was. Open it again from its app; if it held unsaved work, the app may offer to recover it.',
    });
    expect(events.at(-1)).toMatchObject({ type: 'done' });
    expect(events.findLast((e) => e.type === 'status')).toEqual({ type: 'status', status: 'idle' });
  });
});
