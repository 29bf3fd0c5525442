/**
 * Which capture this platform has: X11's GetImage on Linux (x11-capture.ts). macOS would use
 * CGWindowListCreateImage through the bridge, which is not written yet: there a picture is refused
 * with a sentence, and the assistant keeps to what the accessibility tree says.
 */
import type { Rect } from './picture.js';
import { CaptureError, captureX11, type CaptureOptions, type RgbaImage } from './x11-capture.js';

export { CaptureError, type RgbaImage };

export function captureScreen(area: Rect, options: CaptureOptions): Promise<RgbaImage & { readonly area: Rect }> {
  if (process.platform !== 'linux')
    return Promise.reject(
      new CaptureError('Pictures of the screen are taken on Linux (X11) only for now: name what you want by its words or its number instead.'),
    );
  return captureX11(area, options);
}
