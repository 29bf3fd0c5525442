/**
 * Where a window command puts a window (issue #32): the half of the work area on the window's
 * monitor for "snap left/right", the same place on the next monitor for "move to the other
 * monitor". Pure, so each case is a unit test; the engine reads the rectangles from the window
 * manager (window-commands.ts).
 */
import type { ScreenRect } from './accessibility/types.js';

function centreOf(r: ScreenRect): { x: number; y: number } {
  return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
}

function contains(r: ScreenRect, p: { x: number; y: number }): boolean {
  return p.x >= r.x && p.x < r.x + r.width && p.y >= r.y && p.y < r.y + r.height;
}

function overlap(a: ScreenRect, b: ScreenRect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/** The monitor a window is on: the one holding its centre, else the one it overlaps most; -1 with none. */
export function monitorIndexOf(frame: ScreenRect, monitors: readonly ScreenRect[]): number {
  const c = centreOf(frame);
  const holding = monitors.findIndex((m) => contains(m, c));
  if (holding >= 0) return holding;
  let best = -1;
  let most = 0;
  monitors.forEach((m, i) => {
    const o = overlap(m, frame);
    if (o > most) [best, most] = [i, o];
  });
  return best;
}

/** The part of the work area on a monitor (the work area spans every monitor under X11). */
export function usableArea(workArea: ScreenRect, monitor: ScreenRect | undefined): ScreenRect {
  if (!monitor) return workArea;
  const x = Math.max(workArea.x, monitor.x);
  const y = Math.max(workArea.y, monitor.y);
  const right = Math.min(workArea.x + workArea.width, monitor.x + monitor.width);
  const bottom = Math.min(workArea.y + workArea.height, monitor.y + monitor.height);
  return right > x && bottom > y ? { x, y, width: right - x, height: bottom - y } : monitor;
}

/** The left or right half of an area, whole pixels; the right half takes the odd pixel. */
export function halfOf(area: ScreenRect, side: 'left' | 'right'): ScreenRect {
  const left = Math.floor(area.width / 2);
  return side === 'left'
    ? { x: area.x, y: area.y, width: left, height: area.height }
    : { x: area.x + left, y: area.y, width: area.width - left, height: area.height };
}

/**
 * The frame on the next monitor (in the window manager's order, round from the last to the first):
 * the same place relative to the monitor's top left, made to fit inside it. Null with one monitor,
 * or when the window is on none.
 */
export function onOtherMonitor(frame: ScreenRect, monitors: readonly ScreenRect[]): ScreenRect | null {
  if (monitors.length < 2) return null;
  const from = monitorIndexOf(frame, monitors);
  if (from < 0) return null;
  const here = monitors[from]!;
  const there = monitors[(from + 1) % monitors.length]!;
  const width = Math.min(frame.width, there.width);
  const height = Math.min(frame.height, there.height);
  const x = Math.min(Math.max(there.x, there.x + (frame.x - here.x)), there.x + there.width - width);
  const y = Math.min(Math.max(there.y, there.y + (frame.y - here.y)), there.y + there.height - height);
  return { x, y, width, height };
}

/** Whether the window manager put a frame where it was asked, give or take its size steps. */
export function frameNear(frame: ScreenRect, wanted: ScreenRect, tolerance = 24): boolean {
  return (
    Math.abs(frame.x - wanted.x) <= tolerance &&
    Math.abs(frame.y - wanted.y) <= tolerance &&
    Math.abs(frame.width - wanted.width) <= tolerance &&
    Math.abs(frame.height - wanted.height) <= tolerance
  );
}
