/**
 * From the screen's pixels to Electron's display units (DIP), for the overlay. On X11 the
 * accessibility bounds, the grid's cells and the pointer are in the X server's device pixels, while
 * Electron places windows and the page lays out in DIP: one scale for every display (Chromium on X11
 * has a single device scale factor). On macOS the accessibility API already speaks in points, Electron's
 * DIP, so nothing is scaled there.
 */
import type { ActionTarget } from '../../shared/contracts/events.js';
import type { OverlayView } from '../../shared/contracts/ipc-contract.js';

/** Screen pixels per DIP on this platform, given the primary display's scale factor. */
export function pixelsPerDip(platform: NodeJS.Platform, primaryScaleFactor: number): number {
  if (platform === 'darwin') return 1;
  return Number.isFinite(primaryScaleFactor) && primaryScaleFactor > 0 ? primaryScaleFactor : 1;
}

/** A rectangle in screen pixels, in DIP (both edges scaled, so neighbours stay edge to edge). */
function inDip<T extends { readonly x: number; readonly y: number; readonly width: number; readonly height: number }>(r: T, scale: number): T {
  const x = r.x / scale;
  const y = r.y / scale;
  return { ...r, x, y, width: (r.x + r.width) / scale - x, height: (r.y + r.height) / scale - y };
}

/** The overlay's marks (numbers or grid cells) in DIP. */
export function viewInDip(view: OverlayView, scale: number): OverlayView {
  return scale === 1 ? view : { ...view, marks: view.marks.map((m) => inDip(m, scale)) };
}

/** A confirmation's target in DIP. */
export function targetInDip(target: ActionTarget, scale: number): ActionTarget {
  if (scale === 1) return target;
  return target.kind === 'element' ? inDip(target, scale) : { ...target, x: target.x / scale, y: target.y / scale };
}
