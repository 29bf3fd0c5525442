// "Take it back" for a window command, at its seam: a window manager scripted over time as openbox
// behaves (listings recorded on the project's desktop). Shown again while its minimise is still
// sliding it away, openbox lists the window as shown at its place, then slides it back from where the
// minimise had got to: the take back must not say "back where it was" until it stays there.
import { describe, expect, it } from 'vitest';
import type { WindowList, WindowRequest, WindowState } from '../../src/execution/accessibility/types.js';
import type { UndoRecord } from '../../src/execution/undo-record.js';
import { restoreWindow } from '../../src/execution/window-take-back.js';
import { fakeDesktop } from './fake-desktop.js';

const AREA = { x: 428, y: 187, width: 422, height: 405 };
const MID_SLIDE = { x: 451, y: 302, width: 422, height: 405 };
const SCREEN = { x: 0, y: 0, width: 1280, height: 800 };

/** A window manager whose window's frame follows a script of (from ms after the request, frame). */
function scriptedWindows(pid: number, slide: ReadonlyArray<readonly [number, typeof AREA]>) {
  const d = fakeDesktop({ apps: [{ pid, name: 'AX Fixture', elements: [] }], front: pid });
  const requests: WindowRequest[] = [];
  let minimized = true;
  let shownAt = 0;
  const window = (): WindowState => {
    const t = d.clock.now() - shownAt;
    const frame = minimized ? AREA : ([...slide].reverse().find(([from]) => t >= from)?.[1] ?? AREA);
    return { id: 7, pid, title: 'AX Fixture', frame, maximized: false, fullscreen: false, minimized, active: !minimized };
  };
  const parts = {
    ...d.parts,
    bridge: {
      ...d.bridge,
      listWindows: async (): Promise<WindowList> => ({ windows: [window()], workArea: SCREEN, monitors: [SCREEN], showingDesktop: false }),
      windowCommand: async (_id: number, request: WindowRequest) => {
        requests.push(request);
        if (request === 'activate') [minimized, shownAt] = [false, d.clock.now()];
      },
    },
  };
  return { parts, requests, window, clock: d.clock };
}

const record: Extract<UndoRecord, { kind: 'window' }> = {
  kind: 'window',
  action: 'minimize',
  window: 7,
  pid: 4242,
  title: 'AX Fixture',
  before: { frame: AREA, maximized: false, fullscreen: false, minimized: false },
  after: { frame: AREA, maximized: false, fullscreen: false, minimized: true },
};

describe('take it back for a window, against a window manager that moves it after its state', () => {
  it('shown at its place, then slid from mid-way and back: it says so only once the window stays there', async () => {
    // As listed on openbox: at its place for one read, mid-slide from 20 ms, at its place again from 140 ms.
    const wm = scriptedWindows(4242, [
      [0, AREA],
      [20, MID_SLIDE],
      [140, AREA],
    ]);
    const result = await restoreWindow(wm.parts, record, {});
    expect(result).toEqual({ kind: 'success', message: 'Took it back: “AX Fixture” is back where it was, at the size it had.' });
    expect(wm.requests).toEqual(['activate']);
    // Said after the slide ended, and the window is where it was.
    expect(wm.clock.now()).toBeGreaterThanOrEqual(140);
    expect(wm.window().frame).toEqual(AREA);
  });

  it('shown somewhere else and kept there: it asks for the move, and says in a sentence that the window did not go', async () => {
    const wm = scriptedWindows(4242, [[0, MID_SLIDE]]);
    const moved: WindowRequest[] = [];
    const parts = {
      ...wm.parts,
      bridge: {
        ...wm.parts.bridge,
        windowCommand: async (id: number, request: WindowRequest) => {
          moved.push(request);
          await wm.parts.bridge.windowCommand(id, request);
        },
      },
    };
    const result = await restoreWindow(parts, record, {});
    // The scripted manager ignores moves: the take back tries, reads back, and says it did not happen.
    expect(moved).toEqual(['activate', 'move', 'move']);
    expect(result).toMatchObject({ kind: 'failure', code: 'failed' });
    expect(result.kind === 'failure' && result.reason).toMatch(/^I tried to put “AX Fixture” back as it was, but the window manager did not/);
  });
});
