// The overlay's title is how the engine tells the click-through overlay from the assistant's other
// windows. Electron replaces a window's title with the page's <title> when the page loads, so the
// page must carry the same title or the engine would refuse every click under the numbers.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OVERLAY_WINDOW_TITLE } from '../../src/shared/own-windows.js';

describe('OVERLAY_WINDOW_TITLE', () => {
  it('is the overlay page’s own <title>', () => {
    const html = readFileSync(new URL('../../src/panel/overlay/overlay.html', import.meta.url), 'utf8');
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toBe(OVERLAY_WINDOW_TITLE);
  });

  it('names the assistant, so a screen reader user knows whose window it is', () => {
    expect(OVERLAY_WINDOW_TITLE).toMatch(/^Assistive Control /);
  });
});
