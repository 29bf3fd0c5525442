// Window and desktop commands on a real desktop (issue #32 item 1): each command goes through
// dispatch and the engine to openbox as EWMH requests, and the state is read back with xprop, not
// through the bridge that made the request.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssistantLoop } from '../../src/agent/assistant-loop.js';
import { AxBridge } from '../../src/execution/accessibility/ax-bridge.js';
import { ExecutionEngine } from '../../src/execution/engine.js';
import { createNutInputDriver } from '../../src/execution/input/input-driver.js';
import { halfOf } from '../../src/execution/window-geometry.js';
import { dispatchIntent } from '../../src/registry/dispatch.js';
import type { WindowAction } from '../../src/shared/window-actions.js';
import { desktopSkipReason, openFixture, stopApps, until } from '../support/desktop.js';
import { openBridge } from '../support/fixture-window.js';

const run = promisify(execFile);
const skip = desktopSkipReason();

/** A property as xprop prints it ("_NET_WM_STATE(ATOM) = _NET_WM_STATE_HIDDEN"). */
async function xprop(window: number | 'root', property: string): Promise<string> {
  const where = window === 'root' ? ['-root'] : ['-id', String(window)];
  const { stdout } = await run('xprop', [...where, property], { timeout: 10_000 });
  return stdout;
}

async function stateOf(window: number): Promise<string> {
  return xprop(window, '_NET_WM_STATE');
}

async function activeWindow(): Promise<number> {
  const m = /window id # (0x[0-9a-f]+)/.exec(await xprop('root', '_NET_ACTIVE_WINDOW'));
  return m ? Number.parseInt(m[1]!, 16) : 0;
}

async function listedWindows(): Promise<number[]> {
  const out = await xprop('root', '_NET_CLIENT_LIST');
  return [...out.matchAll(/0x[0-9a-f]+/g)].map((m) => Number.parseInt(m[0], 16));
}

describe.skipIf(skip !== '')('window commands on a real desktop', () => {
  let bridge: AxBridge;
  let engine: ExecutionEngine;
  let ax: number;
  let other: number;

  const command = (action: WindowAction, title?: string, approved?: 'moderate') =>
    dispatchIntent({ intent: 'window_command', action, ...(title ? { title } : {}) }, engine, approved ? { approved } : {});

  beforeAll(async () => {
    bridge = await openBridge();
    await openFixture('ax', bridge);
    await openFixture('engine', bridge);
    engine = new ExecutionEngine({ bridge, input: createNutInputDriver() });
    const windows = (await bridge.listWindows()).windows;
    ax = windows.find((w) => w.title === 'AX Fixture')?.id ?? 0;
    other = windows.find((w) => w.title === 'Engine Fixture')?.id ?? 0;
    expect(ax).not.toBe(0);
    expect(other).not.toBe(0);
  }, 60_000);

  afterAll(async () => {
    await stopApps();
  });

  it('maximise and restore a window named by its title', async () => {
    expect(await command('maximize', 'AX Fixture')).toMatchObject({ kind: 'success', message: 'Maximised “AX Fixture”.' });
    const maximised = await stateOf(ax);
    expect(maximised).toContain('_NET_WM_STATE_MAXIMIZED_VERT');
    expect(maximised).toContain('_NET_WM_STATE_MAXIMIZED_HORZ');
    expect(await command('restore', 'AX Fixture')).toMatchObject({ kind: 'success', message: 'Restored “AX Fixture”.' });
    expect(await stateOf(ax)).not.toContain('MAXIMIZED');
  });

  it('said to the real loop, the offline grammar plans it and the window manager does it', async () => {
    const loop = new AssistantLoop({ engine, emit: () => {}, confirm: async () => 'declined' });
    expect(await loop.run('maximise the window AX Fixture')).toMatchObject({ outcome: 'done' });
    expect(await stateOf(ax)).toContain('_NET_WM_STATE_MAXIMIZED_HORZ');
    expect(await loop.run('restore the AX Fixture window')).toMatchObject({ outcome: 'done' });
    expect(await stateOf(ax)).not.toContain('MAXIMIZED');
  });

  it('full screen, and full screen again leaves it', async () => {
    expect((await command('full_screen', 'AX Fixture')).kind).toBe('success');
    expect(await stateOf(ax)).toContain('_NET_WM_STATE_FULLSCREEN');
    expect((await command('full_screen', 'AX Fixture')).kind).toBe('success');
    expect(await stateOf(ax)).not.toContain('_NET_WM_STATE_FULLSCREEN');
  });

  it('minimise, then restore brings the last minimised window back', async () => {
    expect(await command('minimize', 'Engine Fixture')).toMatchObject({ kind: 'success', message: 'Minimised “Engine Fixture”.' });
    expect(await stateOf(other)).toContain('_NET_WM_STATE_HIDDEN');
    expect(await command('restore')).toMatchObject({ kind: 'success', message: 'Restored “Engine Fixture”.' });
    expect(await stateOf(other)).not.toContain('_NET_WM_STATE_HIDDEN');
  });

  it('snaps a window to the left and the right half of the work area', async () => {
    const { workArea } = await bridge.listWindows();
    for (const side of ['left', 'right'] as const) {
      expect((await command(side === 'left' ? 'snap_left' : 'snap_right', 'AX Fixture')).kind).toBe('success');
      const frame = (await bridge.listWindows()).windows.find((w) => w.id === ax)?.frame;
      const wanted = halfOf(workArea, side);
      // xwininfo reads the client's place on its own: the frame holds it.
      const info = (await run('xwininfo', ['-id', String(ax)], { timeout: 10_000 })).stdout;
      const x = Number(/Absolute upper-left X:\s+(-?\d+)/.exec(info)?.[1]);
      const width = Number(/Width:\s+(\d+)/.exec(info)?.[1]);
      expect(x).toBeGreaterThanOrEqual(wanted.x);
      expect(x + width).toBeLessThanOrEqual(wanted.x + wanted.width);
      expect(width).toBeGreaterThan(wanted.width * 0.9);
      expect(frame && Math.abs(frame.x - wanted.x)).toBeLessThanOrEqual(24);
    }
  });

  it('switches to a window by its title, and to the next window', async () => {
    expect(await command('switch_to', 'engine fixture')).toEqual({ kind: 'success', message: 'Switched to “Engine Fixture”.' });
    await until('Engine Fixture active', async () => ((await activeWindow()) === other ? true : undefined));
    expect(await command('next_window')).toEqual({ kind: 'success', message: 'Switched to “AX Fixture”.' });
    expect(await activeWindow()).toBe(ax);
    expect(await command('switch_to', 'no such window')).toMatchObject({ kind: 'failure', code: 'not_found' });
  });

  it('shows the desktop, and restore brings the windows back', async () => {
    expect((await command('show_desktop')).kind).toBe('success');
    expect(await xprop('root', '_NET_SHOWING_DESKTOP')).toMatch(/= 1/);
    expect(await command('restore')).toEqual({ kind: 'success', message: 'The windows are back.' });
    expect(await xprop('root', '_NET_SHOWING_DESKTOP')).toMatch(/= 0/);
  });

  it('zoom in and out are Ctrl+plus and Ctrl+minus to the app in front, through the key path', async () => {
    await command('switch_to', 'AX Fixture');
    await until('AX Fixture active', async () => ((await activeWindow()) === ax ? true : undefined));
    expect(await command('zoom_in')).toMatchObject({ kind: 'success', message: expect.stringMatching(/^Pressed Ctrl\+(=|equal)/i) });
    expect(await command('zoom_out')).toMatchObject({ kind: 'success', message: expect.stringMatching(/^Pressed Ctrl\+(-|minus)/i) });
  });

  it('says there is no other monitor on a one-monitor desktop', async () => {
    expect(await command('other_monitor', 'AX Fixture')).toEqual({
      kind: 'failure',
      code: 'unsupported',
      reason: 'There is only one monitor, so there is no other monitor to move the window to.',
    });
  });

  it('closing a window whose title marks unsaved work asks as destructive, and a moderate approval does not close it', async () => {
    await run('xdotool', ['set_window', '--name', '*Engine Fixture', String(other)], { timeout: 10_000 });
    await until('the title marked', async () => ((await xprop(other, '_NET_WM_NAME')).includes('*Engine Fixture') ? true : undefined));
    const asked = await command('close', 'Engine Fixture', 'moderate');
    expect(asked).toMatchObject({ kind: 'needs_confirmation', level: 'destructive' });
    expect(await listedWindows()).toContain(other);
    await run('xdotool', ['set_window', '--name', 'Engine Fixture', String(other)], { timeout: 10_000 });
    await until('the title unmarked', async () => ((await xprop(other, '_NET_WM_NAME')).includes('"Engine Fixture"') ? true : undefined));
  });

  it('closing asks first; once approved the window is gone', async () => {
    const asked = await command('close', 'Engine Fixture');
    expect(asked).toMatchObject({ kind: 'needs_confirmation', level: 'moderate' });
    expect(await listedWindows()).toContain(other);
    expect(await command('close', 'Engine Fixture', 'moderate')).toEqual({ kind: 'success', message: 'Closed “Engine Fixture”.' });
    expect(await listedWindows()).not.toContain(other);
  });
});
