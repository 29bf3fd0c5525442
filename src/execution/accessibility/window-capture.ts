/**
 * A picture of an app's front window taken by the bridge (macOS: native/ax-bridge/src/mac/
 * screen_capture.mm, written and unverified), in the shape the X11 capture gives: RGBA rows from the
 * top, the area it covers in the snapshot's coordinates. Bounded like every bridge call
 * (bridge-call.ts); what the addon answers is checked before it is used.
 */
import { DEFAULTS, checkDeadline, checkPid } from './arguments.js';
import { callWithDeadline } from './bridge-call.js';
import { loadNativeBridge, type NativeBridge } from './native.js';
import { AccessibilityError, type ScreenRect } from './types.js';

export interface BridgePicture {
  readonly width: number;
  readonly height: number;
  /** width × height × 4 bytes: red, green, blue, alpha (255). */
  readonly rgba: Uint8Array;
  /** Where the picture is on the screen: a picture point (x, y) is the screen's (area.x + x, area.y + y). */
  readonly area: ScreenRect;
}

export type WindowCapture = (pid: number, area: ScreenRect, deadlineMs: number) => Promise<BridgePicture>;

const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

/** The bridge's window capture where the addon has one (macOS); undefined elsewhere, or when the addon cannot load. */
export function bridgeWindowCapture(load: () => NativeBridge = loadNativeBridge): WindowCapture | undefined {
  let native: NativeBridge;
  try {
    native = load();
  } catch {
    return undefined;
  }
  const capture = native.captureWindow;
  if (typeof capture !== 'function') return undefined;
  return async (pid, area, deadlineMs) => {
    const p = checkPid(pid);
    const deadline = checkDeadline(deadlineMs, DEFAULTS.callDeadlineMs);
    const r = await callWithDeadline(deadline, () => capture(p, area.x, area.y, area.width, area.height, deadline));
    const sized = Number.isInteger(r?.width) && Number.isInteger(r?.height) && r.width > 0 && r.height > 0 && r.rgba instanceof Uint8Array;
    if (!sized || r.rgba.length !== r.width * r.height * 4 || ![r.area?.x, r.area?.y, r.area?.width, r.area?.height].every(finite))
      throw new AccessibilityError('failed', 'The picture of the window came back damaged: try again.');
    return { width: r.width, height: r.height, rgba: r.rgba, area: { x: r.area.x, y: r.area.y, width: r.area.width, height: r.area.height } };
  };
}
