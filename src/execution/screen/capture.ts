/**
 * Which capture this platform has: X11's GetImage on Linux (x11-capture.ts), spoken from TypeScript;
 * on macOS the bridge's picture of the app's front window (accessibility/window-capture.ts, written
 * and unverified), after the Screen Recording permission. Both give RGBA rows and the area they
 * cover; a failure is a CaptureError whose message is the sentence for the user.
 */
import { AccessibilityError } from '../accessibility/types.js';
import { bridgeWindowCapture, type WindowCapture } from '../accessibility/window-capture.js';
import type { Rect } from './picture.js';
import { CaptureError, captureX11, type CaptureOptions, type RgbaImage } from './x11-capture.js';

export { CaptureError, type RgbaImage };

export interface ScreenCaptureOptions extends CaptureOptions {
  /** The app whose front window is pictured (macOS takes that window alone). */
  readonly pid: number;
}

/** What this platform's capture needs, chosen in one place; tests give the macOS half a stand-in bridge. */
export interface CapturePlatform {
  readonly os: NodeJS.Platform;
  readonly windowCapture?: () => WindowCapture | undefined;
}

const HERE: CapturePlatform = { os: process.platform, windowCapture: () => bridgeWindowCapture() };

export async function captureScreen(area: Rect, options: ScreenCaptureOptions, platform: CapturePlatform = HERE): Promise<RgbaImage & { readonly area: Rect }> {
  if (platform.os === 'linux') return captureX11(area, options);
  if (platform.os !== 'darwin')
    throw new CaptureError('Pictures of the screen are taken on Linux and macOS only: name what you want by its words or its number instead.');
  const capture = platform.windowCapture?.();
  if (!capture)
    throw new CaptureError('The accessibility bridge cannot take pictures of windows in this version: name what you want by its words or its number instead.');
  try {
    return await capture(options.pid, area, options.deadlineMs);
  } catch (e) {
    // The bridge's sentences (the permission, no window, the deadline) are for the user as they are.
    throw new CaptureError(e instanceof AccessibilityError ? e.message : 'The picture of the window could not be taken: try again.');
  }
}
