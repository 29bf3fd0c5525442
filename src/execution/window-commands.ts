/**
 * Window and desktop commands (issue #32): maximise, minimise, restore, snap to a half, move to the
 * other monitor, full screen, next window, switch to a window by its title, show the desktop, close.
 * Each is asked of the window manager through the bridge (EWMH on X11), then the window's state is
 * read back until it shows the change; the result says what holds. The assistant's own windows are
 * never acted on: without a title they are passed over, by title the gate refuses them. Zoom is a
 * key (dispatch.ts).
 */
import { OVERLAY_WINDOW_TITLE } from '../shared/own-windows.js';
import { quote } from '../shared/text/quote.js';
import type { WindowAction } from '../shared/window-actions.js';
import type { ScreenRect, WindowList, WindowRequest, WindowState } from './accessibility/types.js';
import type { EngineParts } from './engine-parts.js';
import type { ActOptions } from './engine-types.js';
import { failure, success, type ActionResult } from './results.js';
import { closingQuestion } from './closing-dialog.js';
import { windowRecord } from './undo-record.js';
import { frameNear, halfOf, monitorIndexOf, onOtherMonitor, usableArea } from './window-geometry.js';

type WindowActionHere = Exclude<WindowAction, 'zoom_in' | 'zoom_out'>;

/** The state read back that says a request was done: the window (undefined once gone) and the whole list. */
export type WindowDone = (after: WindowState | undefined, list: WindowList) => boolean;

interface Plan {
  readonly request: WindowRequest;
  readonly frame?: ScreenRect;
  readonly done: WindowDone;
  readonly said: string;
}

const TITLE_MAX = 60;

/** A window as a sentence names it: its title quoted, else "the window". */
export function named(w: Pick<WindowState, 'title'>): string {
  return w.title ? quote(w.title, TITLE_MAX) : 'the window';
}

/** The windows the user may mean: listed, not the numbers overlay. */
function userWindows(list: WindowList): WindowState[] {
  return list.windows.filter((w) => w.title !== OVERLAY_WINDOW_TITLE);
}

type Chosen = { readonly ok: true; readonly window: WindowState } | { readonly ok: false; readonly result: ActionResult };

/** The window a title names: the exact title, else the one title containing it (topmost first). */
function byTitle(windows: readonly WindowState[], title: string): Chosen {
  const want = title.trim().toLowerCase();
  const top = [...windows].reverse();
  const exact = top.find((w) => w.title.toLowerCase() === want);
  if (exact) return { ok: true, window: exact };
  const holding = top.filter((w) => w.title.toLowerCase().includes(want));
  if (holding.length === 1) return { ok: true, window: holding[0]! };
  if (holding.length === 0)
    return {
      ok: false,
      result: failure('not_found', `No window has ${quote(title, TITLE_MAX)} in its title: say “list windows”… or the words of its title bar.`),
    };
  const names = holding.slice(0, 4).map((w) => quote(w.title, TITLE_MAX));
  return {
    ok: false,
    result: failure('not_found', `Several windows have ${quote(title, TITLE_MAX)} in their title (${names.join(', ')}): say more of the one you mean.`),
  };
}

/** The window meant without a title: the active one, else the topmost shown (the assistant's passed over). */
function frontWindow(parts: EngineParts, windows: readonly WindowState[], action: WindowActionHere): WindowState | undefined {
  const others = windows.filter((w) => !parts.apps.isOwn(w.pid));
  const active = others.find((w) => w.active && !w.minimized);
  const shown = [...others].reverse().filter((w) => !w.minimized);
  // "restore" brings back the last window minimised unless the front one is maximised or full screen.
  if (action === 'restore' && !(active && (active.maximized || active.fullscreen))) {
    const hidden = [...others].reverse().find((w) => w.minimized);
    if (hidden) return hidden;
  }
  if (action === 'next_window') return shown.find((w) => w !== (active ?? shown[0]));
  return active ?? shown[0];
}

function planFor(action: WindowActionHere, w: WindowState, list: WindowList): Plan | ActionResult {
  const area = usableArea(list.workArea, list.monitors[monitorIndexOf(w.frame, list.monitors)]);
  switch (action) {
    case 'maximize':
      return { request: 'maximize', done: (a) => a?.maximized === true, said: `Maximised ${named(w)}.` };
    case 'minimize':
      return { request: 'minimize', done: (a) => a?.minimized === true, said: `Minimised ${named(w)}.` };
    case 'restore':
      return {
        request: 'restore',
        done: (a) => a !== undefined && !a.minimized && !a.maximized && !a.fullscreen,
        said: `Restored ${named(w)}.`,
      };
    case 'full_screen':
      return w.fullscreen
        ? { request: 'unfullscreen', done: (a) => a?.fullscreen === false, said: `${named(w)} is no longer full screen.` }
        : { request: 'fullscreen', done: (a) => a?.fullscreen === true, said: `${named(w)} is full screen: say “full screen” again to leave it.` };
    case 'snap_left':
    case 'snap_right': {
      const side = action === 'snap_left' ? 'left' : 'right';
      const frame = halfOf(area, side);
      return { request: 'move', frame, done: (a) => a !== undefined && frameNear(a.frame, frame), said: `${named(w)} fills the ${side} half of the screen.` };
    }
    case 'other_monitor': {
      const frame = onOtherMonitor(w.frame, list.monitors);
      if (!frame) return failure('unsupported', 'There is only one monitor, so there is no other monitor to move the window to.');
      return { request: 'move', frame, done: (a) => a !== undefined && frameNear(a.frame, frame), said: `Moved ${named(w)} to the other monitor.` };
    }
    case 'next_window':
    case 'switch_to':
      return { request: 'activate', done: (a) => a?.active === true, said: `Switched to ${named(w)}.` };
    case 'close':
      return { request: 'close', done: (a) => a === undefined, said: `Closed ${named(w)}.` };
    case 'show_desktop':
      return { request: 'show_desktop', done: (_a, l) => l.showingDesktop, said: 'Showing the desktop.' };
  }
}

/** Reads the windows until `done` holds, within the engine's wait for a window manager. */
/**
 * Polls the window list until `done` holds for the window, within the engine's wait; with `stillMs`,
 * until it has also stayed put (its frame unchanged) that long: a window manager may set a state
 * first and move the window after it, with no event to say it is done.
 */
export async function readBack(parts: EngineParts, id: number, done: WindowDone, stillMs = 0): Promise<{ held: boolean; list: WindowList | undefined }> {
  const { clock } = parts;
  let last: WindowList | undefined;
  let frame: string | undefined;
  let since = 0;
  const held = await parts.apps.pollFor(parts.tuning.activateWaitMs + stillMs, async () => {
    last = await parts.bridge.listWindows!();
    const w = last.windows.find((x) => x.id === id);
    if (!done(w, last)) {
      frame = undefined;
      return undefined;
    }
    const now = JSON.stringify(w?.frame ?? null);
    if (now !== frame) [frame, since] = [now, clock.now()];
    return clock.now() - since >= stillMs ? true : undefined;
  });
  return { held: held === true, list: last };
}

export async function runWindowCommand(parts: EngineParts, action: WindowActionHere, title: string | undefined, options: ActOptions): Promise<ActionResult> {
  const { bridge } = parts;
  if (!bridge.listWindows || !bridge.windowCommand) {
    return failure('unsupported', 'Window commands are not available on this system yet: use the window’s own buttons or the keyboard.');
  }
  const list = await bridge.listWindows();
  const windows = userWindows(list);
  if (action === 'show_desktop') {
    const gated = options.gate?.({});
    if (gated) return gated;
    await bridge.windowCommand(0, 'show_desktop');
    const { held } = await readBack(parts, 0, (_a, l) => l.showingDesktop);
    return held
      ? success('Showing the desktop: say “restore” or “switch to” a window to bring the windows back.')
      : failure('unsupported', 'The window manager did not show the desktop: it may not offer that.');
  }
  let window: WindowState | undefined;
  if (title !== undefined) {
    const chosen = byTitle(windows, title);
    if (!chosen.ok) return chosen.result;
    window = chosen.window;
  } else if (action === 'restore' && list.showingDesktop) {
    await bridge.windowCommand(0, 'hide_desktop');
    const { held } = await readBack(parts, 0, (_a, l) => !l.showingDesktop);
    return held
      ? success('The windows are back.')
      : failure('unsupported', 'The window manager did not bring the windows back: click a window in the task bar.');
  } else {
    window = frontWindow(parts, windows, action);
  }
  if (!window) {
    return failure(
      'not_found',
      action === 'next_window' ? 'There is no other window to switch to.' : 'There is no window to act on: open an app first, or name its window.',
    );
  }
  const plan = planFor(action, window, list);
  if ('kind' in plan) return plan;
  const gated = options.gate?.({ element: { role: 'window', name: window.title, own: parts.apps.isOwn(window.pid) } });
  if (gated) return gated;
  if (parts.apps.isOwn(window.pid)) return failure('refused', 'That is one of the assistant’s own windows: I do not act on them.');
  await bridge.windowCommand(window.id, plan.request, plan.frame);
  parts.apps.noteActed();
  const { held, list: after } = await readBack(parts, window.id, plan.done);
  if (held)
    return success(
      plan.said,
      windowRecord(
        action,
        window,
        after?.windows.find((w) => w.id === window.id),
      ),
    );
  if (action === 'close' && after) {
    // Still there: the app is asking (its own "save changes?" dialog), answered under the dialog rules.
    const asking = after.windows.find((w) => w.pid === window.pid && w.id !== window.id && !list.windows.some((o) => o.id === w.id));
    if (asking) return closingQuestion(parts, window, asking, named);
    return failure('failed', `${named(window)} did not close: its app may be asking something, or busy. Look at the window, then try again.`);
  }
  return failure(
    'failed',
    `The window manager did not ${plan.request === 'move' ? 'move' : 'change'} ${named(window)}: it may not allow that for this window.`,
  );
}
