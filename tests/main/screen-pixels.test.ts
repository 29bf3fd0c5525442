// The overlay on a scaled screen (issue #32 item 7): marks come in the screen's pixels (X11 device
// pixels), Electron places windows and lays pages out in DIP. Main converts before it picks the
// display and draws; on macOS the accessibility API already speaks in points (DIP). A stand-in
// BrowserWindow (no Electron binary here) records where the overlay goes and what it draws; the page
// itself is checked at a device scale factor of 2 in monitors.desktop.test.ts.
import { describe, expect, it } from 'vitest';
import type { BrowserWindow, BrowserWindowConstructorOptions } from 'electron';
import { NumberOverlay } from '../../src/main/panel/overlay-window.js';
import { pixelsPerDip, targetInDip, viewInDip } from '../../src/main/panel/screen-pixels.js';
import type { OverlayView } from '../../src/shared/contracts/ipc-contract.js';

type Area = { x: number; y: number; width: number; height: number };

describe('pixelsPerDip', () => {
  it.each([
    ['linux', 2, 2],
    ['linux', 1.5, 1.5],
    ['linux', 1, 1],
    ['linux', 0, 1],
    ['linux', Number.NaN, 1],
    ['darwin', 2, 1],
  ] as const)('%s at %d: %d', (platform, factor, scale) => {
    expect(pixelsPerDip(platform, factor)).toBe(scale);
  });
});

const view: OverlayView = {
  app: 'Engine Fixture',
  marks: [
    { id: 1, role: 'button', label: 'Increment', x: 2636, y: 56, width: 200, height: 68 },
    { id: 2, role: 'button', label: 'Delete everything', x: 2836, y: 56, width: 201, height: 68 },
  ],
};

describe('viewInDip and targetInDip', () => {
  it('halve every mark at scale 2, edges kept edge to edge', () => {
    expect(viewInDip(view, 2).marks.map(({ x, y, width, height }) => ({ x, y, width, height }))).toEqual([
      { x: 1318, y: 28, width: 100, height: 34 },
      { x: 1418, y: 28, width: 100.5, height: 34 },
    ]);
  });
  it('leave everything as it is at scale 1', () => {
    expect(viewInDip(view, 1)).toBe(view);
  });
  it('scale an element target and a point target', () => {
    expect(targetInDip({ kind: 'element', label: 'Increment', x: 2636, y: 56, width: 200, height: 68 }, 2)).toEqual({
      kind: 'element',
      label: 'Increment',
      x: 1318,
      y: 28,
      width: 100,
      height: 34,
    });
    expect(targetInDip({ kind: 'point', label: 'the canvas', x: 3001, y: 99 }, 2)).toEqual({ kind: 'point', label: 'the canvas', x: 1500.5, y: 49.5 });
  });
});

/** Two displays of 1280x512 DIP side by side: a 2560x1024-pixel X screen per display at scale 2. */
const DISPLAYS: Area[] = [
  { x: 0, y: 0, width: 1280, height: 512 },
  { x: 1280, y: 0, width: 1280, height: 512 },
];

function standIn(scale: number) {
  const asked: Area[] = [];
  const drawn: { bounds?: Area; url?: string } = {};
  class Window {
    constructor(options: BrowserWindowConstructorOptions) {
      drawn.bounds = { x: options.x ?? 0, y: options.y ?? 0, width: options.width ?? 0, height: options.height ?? 0 };
    }
    isDestroyed = () => false;
    setBounds = (b: Area) => void (drawn.bounds = b);
    loadURL = async (url: string) => void (drawn.url = url);
    showInactive = () => undefined;
    setAlwaysOnTop = () => undefined;
    setVisibleOnAllWorkspaces = () => undefined;
    setIgnoreMouseEvents = () => undefined;
    on = () => undefined;
    once = () => undefined;
    hide = () => undefined;
    isVisible = () => true;
  }
  const overlay = new NumberOverlay({
    BrowserWindow: Window as unknown as new (o: BrowserWindowConstructorOptions) => BrowserWindow,
    globalShortcut: { register: () => true, unregister: () => undefined },
    displayFor: (rect) => {
      asked.push(rect);
      return DISPLAYS.find((d) => rect.x >= d.x && rect.x < d.x + d.width) ?? (DISPLAYS[0] as Area);
    },
    pixelsPerDip: () => scale,
    url: 'app://panel/overlay.html',
    onClosedByUser: () => undefined,
  });
  const page = () => JSON.parse(decodeURIComponent((drawn.url ?? '#{}').split('#')[1] ?? '{}')) as { marks: Area[]; origin: { x: number; y: number } };
  return { overlay, asked, drawn, page };
}

describe('the overlay window at scale 2', () => {
  it('covers the display the marks are on, in DIP, and draws them in DIP from its corner', () => {
    const { overlay, asked, drawn, page } = standIn(2);
    overlay.show(view);
    expect(asked).toEqual([{ x: 1318, y: 28, width: 200.5, height: 34 }]);
    expect(drawn.bounds).toEqual(DISPLAYS[1]);
    expect(page().origin).toEqual({ x: 1280, y: 0 });
    expect(page().marks.map((m) => m.x - page().origin.x)).toEqual([38, 138]);
  });

  it('at scale 1, nothing is converted', () => {
    const { overlay, asked } = standIn(1);
    overlay.show({ ...view, marks: view.marks.map((m) => ({ ...m, x: m.x - 1400 })) });
    expect(asked[0]?.x).toBe(1236);
  });
});
