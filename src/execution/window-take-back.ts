/**
 * "Take it back" for a window command (issue #31 item 5): the window the command changed, found by
 * the window manager's id and its process, is put back to the place, size and state it had before
 * (undo-record.ts), one request at a time, each read back. A window closed since, or moved or changed
 * since the command, is refused in a sentence and not touched.
 */
import type { WindowRequest, WindowState } from './accessibility/types.js';
import type { EngineParts } from './engine-parts.js';
import type { ActOptions } from './engine-types.js';
import { failure, found, stopWith, success, type ActionResult, type Found } from './results.js';
import type { UndoRecord, WindowShape } from './undo-record.js';
import { named, readBack, type WindowDone } from './window-commands.js';
import { frameNear } from './window-geometry.js';

type WindowRecord = Extract<UndoRecord, { kind: 'window' }>;

const sameState = (w: WindowShape, shape: WindowShape): boolean =>
  w.maximized === shape.maximized && w.fullscreen === shape.fullscreen && w.minimized === shape.minimized;

/** Is the window in this shape: its state, and its frame when the state does not set it (a minimised window's is not shown)? */
function inShape(w: WindowShape | undefined, shape: WindowShape, tolerance?: number): boolean {
  if (!w || !sameState(w, shape)) return false;
  return shape.maximized || shape.fullscreen || shape.minimized || frameNear(w.frame, shape.frame, tolerance);
}

/** The recorded window as it is now: the same id of the same process, or a sentence saying it is gone. */
async function windowNow(parts: EngineParts, record: WindowRecord): Promise<Found<WindowState>> {
  const list = await parts.bridge.listWindows?.();
  const now = list?.windows.find((w) => w.id === record.window && w.pid === record.pid);
  if (now) return found(now);
  return stopWith(failure('gone', `I cannot take it back: ${named(record)} is closed, so nothing was changed.`));
}

/** The commands that put the window at a frame they chose; the others leave its frame to the window manager, settling after the state does. */
const PLACING: ReadonlySet<string> = new Set(['snap_left', 'snap_right', 'other_monitor']);

/**
 * The window as the command left it, or a sentence (nothing done) when it was closed, moved or
 * changed since: its state, and its frame where the command chose it.
 */
async function asLeft(parts: EngineParts, record: WindowRecord): Promise<Found<WindowState>> {
  const now = await windowNow(parts, record);
  if (!now.ok) return now;
  if (PLACING.has(record.action) ? inShape(now.value, record.after) : sameState(now.value, record.after)) return now;
  return stopWith(failure('mismatch', `I cannot take it back: ${named(record)} was moved or changed since, so nothing was changed.`));
}

/** Is the window still as the command left it? */
export async function windowStillAsLeft(parts: EngineParts, record: WindowRecord): Promise<Found<true>> {
  const now = await asLeft(parts, record);
  return now.ok ? found(true) : now;
}

/** How the window is once it is back: what the sentence says. */
function shapeWords(shape: WindowShape): string {
  if (shape.minimized) return 'minimised again';
  if (shape.fullscreen) return 'full screen again';
  if (shape.maximized) return 'maximised again';
  return 'back where it was, at the size it had';
}

/**
 * Puts the window back as it was before the command, judged by the gate as a window command on
 * that window: out of full screen or the minimised state the command put it in, moved to its frame
 * before (a second time when the first lands a few pixels off: a maximised window's borders differ),
 * then maximised, full screen or minimised again if it was. Each request is read back.
 */
export async function restoreWindow(parts: EngineParts, record: WindowRecord, options: ActOptions): Promise<ActionResult> {
  const { bridge } = parts;
  if (!bridge.windowCommand || !bridge.listWindows) return failure('unsupported', 'I cannot take it back: window commands are not available on this system.');
  const first = await asLeft(parts, record);
  if (!first.ok) return first.result;
  const own = parts.apps.isOwn(record.pid);
  const gated = options.gate?.({ element: { role: 'window', name: record.title, own } });
  if (gated) return gated;
  if (own) return failure('refused', 'That is one of the assistant’s own windows: I do not act on them.');
  const { before } = record;
  let now = first.value;
  /** A request, read back; `still`: and the window then stays put (a state left may slide it after). */
  const ask = async (request: WindowRequest, done: WindowDone, still = false): Promise<void> => {
    await bridge.windowCommand!(record.window, request, request === 'move' ? before.frame : undefined);
    parts.apps.noteActed();
    const { list } = await readBack(parts, record.window, done, still ? parts.tuning.windowStillMs : 0);
    now = list?.windows.find((w) => w.id === record.window) ?? now;
  };
  const placed =
    (tolerance: number): WindowDone =>
    (w) =>
      w !== undefined && !w.maximized && !w.fullscreen && frameNear(w.frame, before.frame, tolerance);
  if (now.fullscreen && !before.fullscreen) await ask('unfullscreen', (w) => w?.fullscreen === false, true);
  // Shown again, the window may slide from the task bar first, or be shown at its place and then slide
  // from where a minimise still under way had got to (openbox): it counts once it stays put.
  if (now.minimized && !before.minimized) await ask('activate', (w) => w?.minimized === false, true);
  const setByState = (before.maximized && now.maximized) || (before.fullscreen && now.fullscreen);
  if (!setByState && !frameNear(now.frame, before.frame, 0)) {
    await ask('move', placed(24));
    if (!frameNear(now.frame, before.frame, 0)) await ask('move', placed(0));
  }
  if (before.maximized && !now.maximized) await ask('maximize', (w) => w?.maximized === true);
  if (before.fullscreen && !now.fullscreen) await ask('fullscreen', (w) => w?.fullscreen === true);
  if (before.minimized && !now.minimized) await ask('minimize', (w) => w?.minimized === true);
  if (inShape(now, before)) return success(`Took it back: ${named(record)} is ${shapeWords(before)}.`);
  return failure(
    'failed',
    `I tried to put ${named(record)} back as it was, but the window manager did not: it may not allow that for this window. Look at it before going on.`,
  );
}
