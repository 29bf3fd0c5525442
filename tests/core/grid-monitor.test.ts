// Which monitor "show grid" covers (issue #32 item 7): the one holding the window of the app the
// assistant acts on (its active window, else its topmost), else the primary (listed first); the
// whole screen with one monitor. Checked on a real two-monitor desktop in monitors.desktop.test.ts.
import { describe, expect, it } from 'vitest';
import { monitorArea } from '../../src/core/grid-areas.js';
import type { WindowList, WindowState } from '../../src/execution/accessibility/types.js';
import type { GridArea } from '../../src/shared/mouse-grid.js';

const rect = (x: number, y: number, width: number, height: number): GridArea => ({ x, y, width, height });
const LEFT = rect(0, 0, 1280, 1024);
const RIGHT = rect(1280, 0, 1280, 1024);
const WHOLE = rect(0, 0, 2560, 1024);
const win = (pid: number, frame: GridArea, more: Partial<WindowState> = {}): WindowState =>
  ({ id: pid, pid, title: '', frame, maximized: false, fullscreen: false, minimized: false, active: false, ...more }) as WindowState;
const list = (monitors: GridArea[], windows: WindowState[]): WindowList => ({ monitors, windows, workArea: WHOLE, showingDesktop: false });

describe('monitorArea', () => {
  it.each([
    ['one monitor: the whole screen', list([WHOLE], [win(7, rect(1500, 0, 400, 300))]), 7, WHOLE],
    ['no monitor listed: the whole screen', list([], []), 7, WHOLE],
    ['the app on the second monitor', list([LEFT, RIGHT], [win(7, rect(1500, 100, 400, 300))]), 7, RIGHT],
    ['the app on the first', list([LEFT, RIGHT], [win(7, rect(100, 100, 400, 300))]), 7, LEFT],
    ['across both: the one holding its centre', list([LEFT, RIGHT], [win(7, rect(1000, 100, 800, 300))]), 7, RIGHT],
    [
      'its active window, not its topmost',
      list([LEFT, RIGHT], [win(7, rect(100, 100, 400, 300), { active: true }), win(7, rect(1500, 100, 400, 300))]),
      7,
      LEFT,
    ],
    ['else its topmost (listed last)', list([LEFT, RIGHT], [win(7, rect(100, 100, 400, 300)), win(7, rect(1500, 100, 400, 300))]), 7, RIGHT],
    ['a minimised window does not count: the primary', list([RIGHT, LEFT], [win(7, rect(100, 100, 400, 300), { minimized: true })]), 7, RIGHT],
    ['another app’s window does not count', list([LEFT, RIGHT], [win(8, rect(1500, 100, 400, 300))]), 7, LEFT],
    ['no app in front: the primary', list([RIGHT, LEFT], [win(7, rect(100, 100, 400, 300))]), undefined, RIGHT],
    ['a monitor beyond the screen is clipped to it', list([LEFT, rect(1280, 0, 1280, 2048)], [win(7, rect(1500, 100, 400, 300))]), 7, RIGHT],
  ])('%s', (_what, windows, pid, area) => {
    expect(monitorArea(windows, pid, WHOLE)).toEqual(area);
  });
});
