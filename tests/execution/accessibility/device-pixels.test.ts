// Element bounds in device pixels (issue #32 item 7): the app's scale from its AT-SPI window and the
// window manager's frame, and the bounds scaled. Measured on the desktop (monitors.desktop.test.ts):
// a GTK 3 app at GDK_SCALE=2 says its window is 521x512 at (30, 10) while its frame is 1042x1024 at (60, 20).
import { describe, expect, it } from 'vitest';
import { DeviceScales, appScale, inDevicePixels, scaleBetween, scaleBounds } from '../../../src/execution/accessibility/device-pixels.js';
import type { AxElement, AxSnapshot, Bounds, WindowList, WindowState } from '../../../src/execution/accessibility/types.js';

const rect = (x: number, y: number, width: number, height: number): Bounds => ({ x, y, width, height });

describe('scaleBetween', () => {
  it.each([
    ['GTK at GDK_SCALE=2 (measured)', rect(30, 10, 521, 512), rect(60, 20, 1042, 1024), 2],
    ['an unscaled app', rect(100, 50, 520, 760), rect(100, 50, 520, 760), 1],
    ['unscaled, a pixel of rounding', rect(100, 50, 520, 760), rect(99, 50, 521, 761), 1],
    ['Qt at 1.5', rect(200, 100, 400, 300), rect(300, 150, 600, 450), 1.5],
    ['GDK_SCALE=3 on the second monitor', rect(500, 10, 400, 300), rect(1500, 30, 1200, 900), 3],
    ['widths agree, heights do not', rect(0, 0, 500, 500), rect(0, 0, 1000, 600), undefined],
    ['sizes agree, the place does not (another window)', rect(0, 0, 500, 400), rect(1300, 0, 1000, 800), undefined],
    ['smaller than reported', rect(0, 0, 1000, 800), rect(0, 0, 500, 400), undefined],
    ['beyond four', rect(0, 0, 100, 100), rect(0, 0, 600, 600), undefined],
    ['no size', rect(0, 0, 0, 0), rect(0, 0, 500, 400), undefined],
    ['no frame', rect(0, 0, 500, 400), rect(0, 0, 0, 0), undefined],
  ])('%s', (_what, reported, frame, scale) => {
    expect(scaleBetween(reported, frame)).toBe(scale);
  });
});

describe('scaleBounds', () => {
  it.each([
    [rect(38, 28, 100, 34), 1, rect(38, 28, 100, 34)],
    [rect(38, 28, 100, 34), 2, rect(76, 56, 200, 68)],
    // Both edges rounded, so neighbours stay edge to edge.
    [rect(10, 10, 3, 3), 1.5, rect(15, 15, 5, 5)],
    [rect(13, 10, 3, 3), 1.5, rect(20, 15, 4, 5)],
  ])('%j at %d is %j', (b, scale, device) => {
    expect(scaleBounds(b, scale)).toEqual(device);
  });
});

const element = (role: string, bounds: Bounds | null, name = ''): AxElement => ({ id: 0, role, name, bounds }) as unknown as AxElement;
const snapshotOf = (pid: number, elements: AxElement[]): AxSnapshot => ({ pid, elements }) as unknown as AxSnapshot;
const frameOf = (pid: number, frame: Bounds, minimized = false): WindowState => ({ pid, frame, minimized }) as unknown as WindowState;

describe('appScale', () => {
  const snap = snapshotOf(7, [element('window', rect(30, 10, 521, 512)), element('button', rect(38, 28, 100, 34))]);
  it('pairs the app’s window with its own frame', () => {
    expect(appScale(snap, [frameOf(8, rect(30, 10, 521, 512)), frameOf(7, rect(60, 20, 1042, 1024))])).toBe(2);
  });
  it('ignores other apps’ frames and minimised ones', () => {
    expect(appScale(snap, [frameOf(8, rect(60, 20, 1042, 1024)), frameOf(7, rect(60, 20, 1042, 1024), true)])).toBeUndefined();
  });
  it('needs a window element with bounds', () => {
    expect(appScale(snapshotOf(7, [element('button', rect(38, 28, 100, 34))]), [frameOf(7, rect(60, 20, 1042, 1024))])).toBeUndefined();
  });
});

describe('DeviceScales', () => {
  const list = (windows: WindowState[]): WindowList => ({ windows, workArea: rect(0, 0, 2560, 1024), monitors: [], showingDesktop: false });
  const snap = snapshotOf(7, [element('window', rect(30, 10, 521, 512)), element('button', rect(38, 28, 100, 34)), element('label', null)]);

  it('scales every bounds of the app, asking the window manager once', async () => {
    let asked = 0;
    const scales = new DeviceScales(async () => (asked++, list([frameOf(7, rect(60, 20, 1042, 1024))])));
    const first = await scales.apply(snap);
    expect(first.elements.map((e) => e.bounds)).toEqual([rect(60, 20, 1042, 1024), rect(76, 56, 200, 68), null]);
    expect(await scales.apply(snap)).toEqual(first);
    expect(asked).toBe(1);
  });

  it('leaves the bounds as given while the window pairs with no frame, and takes the app as unscaled after three reads', async () => {
    let asked = 0;
    const scales = new DeviceScales(async () => (asked++, list([])));
    for (let i = 0; i < 4; i++) expect(await scales.apply(snap)).toBe(snap);
    expect(asked).toBe(3);
  });

  it('a window list that cannot be read leaves the bounds as given', async () => {
    const scales = new DeviceScales(() => Promise.reject(new Error('no window manager')));
    expect(await scales.apply(snap)).toBe(snap);
  });

  it('a snapshot without a window asks nothing', async () => {
    let asked = 0;
    const scales = new DeviceScales(async () => (asked++, list([])));
    const bare = snapshotOf(7, [element('button', rect(1, 1, 2, 2))]);
    expect(await scales.apply(bare)).toBe(bare);
    expect(asked).toBe(0);
    expect(inDevicePixels(bare, 1)).toBe(bare);
  });
});
