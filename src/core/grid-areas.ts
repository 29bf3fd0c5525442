/**
 * Where the mouse grid may go (issue #29), read on the desktop: the screen's rectangle (from the
 * input library, which sends the clicks to the same screen) and the front window's (the window of
 * the app the assistant acts on, from its accessibility snapshot, clipped to the screen). With two
 * monitors or more, "the screen" is the monitor of the app the assistant acts on (the window
 * manager's monitors and windows), else the primary one: the overlay window covers one display, and
 * cells half as wide are easier to aim with. Each answers a rectangle or a sentence the user can act on.
 */
import type { AxBridge } from '../execution/accessibility/ax-bridge.js';
import type { WindowList } from '../execution/accessibility/types.js';
import { displayProblem } from '../execution/input/input-driver.js';
import { monitorIndexOf } from '../execution/window-geometry.js';
import type { EngineApi } from '../registry/dispatch.js';
import { errorMessage } from '../shared/errors.js';
import { clipArea, windowArea, type GridArea } from '../shared/mouse-grid.js';

export interface GridAreas {
  /** The whole screen the pointer moves on. */
  screen(): Promise<GridArea | string>;
  /** The front window, and the app it belongs to. */
  frontWindow(): Promise<{ readonly area: GridArea; readonly app: string } | string>;
}

/** How long reading the window may take before the grid says so. */
const WINDOW_DEADLINE_MS = 1500;

/** The screen's size as the input library sees it (nut-js, loaded only after the display is checked). */
export async function inputScreenArea(env: NodeJS.ProcessEnv = process.env): Promise<GridArea | string> {
  const problem = await displayProblem(env, process.platform);
  if (problem) return problem;
  try {
    const nut = (await import('@nut-tree-fork/nut-js')) as unknown as { screen: { width(): Promise<number>; height(): Promise<number> } };
    const [width, height] = await Promise.all([nut.screen.width(), nut.screen.height()]);
    if (!(width > 0 && height > 0)) return 'The size of the screen could not be read, so the grid cannot be drawn: try “show numbers” instead.';
    return { x: 0, y: 0, width, height };
  } catch (e) {
    return `The size of the screen could not be read (${errorMessage(e)}), so the grid cannot be drawn: try “show numbers” instead.`;
  }
}

/**
 * The monitor the grid covers: the one holding the app's window (its active one, else its topmost),
 * else the primary (listed first), clipped to the screen; the whole screen with one monitor or none.
 */
export function monitorArea(list: WindowList, pid: number | undefined, whole: GridArea): GridArea {
  const monitors = list.monitors.map((m) => clipArea(m, whole)).filter((m): m is GridArea => m !== undefined);
  if (monitors.length < 2) return whole;
  const own = list.windows.filter((w) => w.pid === pid && pid !== undefined && !w.minimized);
  const window = own.find((w) => w.active) ?? own.at(-1);
  const at = window ? monitorIndexOf(window.frame, monitors) : -1;
  return monitors[at >= 0 ? at : 0] ?? whole;
}

export interface DesktopGridAreasDeps {
  /** The snapshot of the front window; the window manager's windows and monitors when the bridge can list them. */
  readonly bridge: Pick<AxBridge, 'snapshot'> & Partial<Pick<AxBridge, 'listWindows'>>;
  /** The engine the loop acts through: its front app is the app the grid goes over. */
  readonly engine: Pick<EngineApi, 'getFrontmostApp'>;
  readonly screen?: () => Promise<GridArea | string>;
}

export function desktopGridAreas(deps: DesktopGridAreasDeps): GridAreas {
  const whole = deps.screen ?? (() => inputScreenArea());
  const screen = async (): Promise<GridArea | string> => {
    const area = await whole();
    if (typeof area === 'string' || !deps.bridge.listWindows) return area;
    const list = await deps.bridge.listWindows({ deadlineMs: WINDOW_DEADLINE_MS }).catch(() => undefined);
    if (!list) return area;
    const front = await deps.engine.getFrontmostApp();
    return monitorArea(list, front.kind === 'observation' ? front.app?.pid : undefined, area);
  };
  return {
    screen,
    frontWindow: async () => {
      const front = await deps.engine.getFrontmostApp();
      if (front.kind !== 'observation' || !front.app) {
        const why = front.kind === 'failure' ? front.reason.replace(/[.\s]+$/u, '') : 'No app is in front';
        return `${why}: open the app, then say “grid on the window” again, or “show grid” for the whole screen.`;
      }
      let area: GridArea | undefined;
      try {
        const snapshot = await deps.bridge.snapshot({ pid: front.app.pid, scope: 'focused_window', maxDepth: 2, deadlineMs: WINDOW_DEADLINE_MS });
        area = windowArea(snapshot.elements);
      } catch (e) {
        return `The window of “${front.app.name}” could not be read (${errorMessage(e)}): say “show grid” for the whole screen.`;
      }
      const on = await screen();
      const shown = area && (typeof on === 'string' ? area : clipArea(area, on));
      if (!shown) return `“${front.app.name}” shows no window on the screen: say “show grid” for the whole screen.`;
      return { area: shown, app: front.app.name };
    },
  };
}
