/**
 * Element bounds in the screen's own (device) pixels, the ones the pointer moves in. A GTK 3 app
 * drawn at a scale (GDK_SCALE=2 on X11) reports its AT-SPI extents in its logical pixels, half the
 * device ones; the window manager's frame of the same window is in device pixels. The app's scale is
 * the ratio of the two (both axes agreeing, a step of a quarter), learnt once per app and applied to
 * every bounds its snapshots give, so the engine's clicks, the numbers and the grid all work in one
 * unit. An app whose ratio cannot be told (no window yet, no frame) keeps its bounds as given.
 */
import type { AxSnapshot, Bounds, ScreenRect, WindowList } from './types.js';

/** Scales an app can be drawn at: a quarter step from 1 to 4 (Qt allows 1.25, 1.5, …; GTK 3 whole numbers). */
const SCALE_STEP = 0.25;
const MAX_SCALE = 4;
/** How far a measured ratio may be from its step (decorations are drawn unscaled by some window managers). */
const TOLERANCE = 0.04;
/** Apps whose scale is remembered at most (the oldest is forgotten first). */
const MAX_APPS = 64;
/** Reads of an app whose window pairs with no frame before it is taken as drawn at 1 (no window manager, an app with odd extents). */
const MAX_TRIES = 3;

/** The scale between an app's window as AT-SPI gives it and the window manager's frame of it, or undefined when the two do not agree. */
export function scaleBetween(reported: Bounds, frame: ScreenRect): number | undefined {
  if (!(reported.width > 0 && reported.height > 0 && frame.width > 0 && frame.height > 0)) return undefined;
  const across = frame.width / reported.width;
  const down = frame.height / reported.height;
  const step = Math.round(across / SCALE_STEP) * SCALE_STEP;
  if (step < 1 || step > MAX_SCALE) return undefined;
  const near = (ratio: number): boolean => Math.abs(ratio - step) / step <= TOLERANCE;
  if (!near(across) || !near(down)) return undefined;
  // The position agrees too: the window is where the frame is, at that scale.
  if (Math.abs(reported.x * step - frame.x) > 2 * step + 1 || Math.abs(reported.y * step - frame.y) > 2 * step + 1) return undefined;
  return step;
}

/** The app's scale from its snapshot's windows and the window manager's frames of its windows; undefined when none pairs up. */
export function appScale(snapshot: Pick<AxSnapshot, 'pid' | 'elements'>, windows: WindowList['windows']): number | undefined {
  const frames = windows.filter((w) => w.pid === snapshot.pid && !w.minimized).map((w) => w.frame);
  for (const el of snapshot.elements) {
    if ((el.role !== 'window' && el.role !== 'dialog') || !el.bounds) continue;
    for (const frame of frames) {
      const scale = scaleBetween(el.bounds, frame);
      if (scale !== undefined) return scale;
    }
  }
  return undefined;
}

/** Bounds scaled to device pixels (whole pixels). */
export function scaleBounds(b: Bounds, scale: number): Bounds {
  if (scale === 1) return b;
  const x = Math.round(b.x * scale);
  const y = Math.round(b.y * scale);
  return { x, y, width: Math.round((b.x + b.width) * scale) - x, height: Math.round((b.y + b.height) * scale) - y };
}

/** The snapshot with every element's bounds in device pixels. */
export function inDevicePixels(snapshot: AxSnapshot, scale: number): AxSnapshot {
  if (scale === 1) return snapshot;
  return { ...snapshot, elements: snapshot.elements.map((e) => (e.bounds ? { ...e, bounds: scaleBounds(e.bounds, scale) } : e)) };
}

/** The scale of each app seen, learnt from the window manager once per app (the bridge's `listWindows`). */
export class DeviceScales {
  private readonly known = new Map<number, number>();
  private readonly tries = new Map<number, number>();

  constructor(private readonly listWindows: () => Promise<WindowList>) {}

  /** The snapshot in device pixels; a window list that cannot be read leaves it as given (and is asked again next time). */
  async apply(snapshot: AxSnapshot): Promise<AxSnapshot> {
    let scale = this.known.get(snapshot.pid);
    if (scale === undefined) {
      if (!snapshot.elements.some((e) => (e.role === 'window' || e.role === 'dialog') && e.bounds)) return snapshot;
      const windows = await this.listWindows().catch(() => undefined);
      scale = windows && appScale(snapshot, windows.windows);
      const tried = (this.tries.get(snapshot.pid) ?? 0) + 1;
      if (scale === undefined && tried < MAX_TRIES) {
        if (this.tries.size >= MAX_APPS) this.tries.delete(this.tries.keys().next().value as number);
        this.tries.set(snapshot.pid, tried);
        return snapshot;
      }
      this.tries.delete(snapshot.pid);
      if (this.known.size >= MAX_APPS) this.known.delete(this.known.keys().next().value as number);
      this.known.set(snapshot.pid, (scale ??= 1));
    }
    return inDevicePixels(snapshot, scale);
  }
}
