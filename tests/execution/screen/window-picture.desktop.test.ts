// The picture a model that takes images sees (issue #29 item 4), taken of a real GTK window on the
// private desktop: the PNG has the window's size, the password field and the assistant's own panel
// (a stand-in process declared as the assistant's) are filled flat, the numbered elements carry their
// numbers, and what is neither masked nor drawn on is the screen's own pixels.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDesktopEngine } from '../../../src/compose/desktop-engine.js';
import type { AxBridge } from '../../../src/execution/accessibility/ax-bridge.js';
import { PICTURE_COLOURS, type Rect } from '../../../src/execution/screen/picture.js';
import { takeWindowPicture } from '../../../src/execution/screen/window-picture.js';
import { captureX11 } from '../../../src/execution/screen/x11-capture.js';
import { desktopSkipReason, openFixture, stopApps, until } from '../../support/desktop.js';
import { openDesktop } from '../../support/fixture-window.js';
import { decodePng, type DecodedPng } from '../../support/png-decode.js';

const skip = desktopSkipReason();
const run = promisify(execFile);

describe.skipIf(skip !== '')('a picture of the front window, on the real desktop', () => {
  let bridge: AxBridge;
  let pid = 0;
  let panelPid = 0;

  beforeAll(async () => {
    ({ bridge } = await openDesktop());
    panelPid = (await openFixture('own-panel', bridge, { front: false })).pid;
    ({ pid } = await openFixture('ax', bridge));
    // Put the fixture where the panel (800, 0, 360 × 300) overlaps it, as the floating panel does over an app.
    await run('xdotool', ['search', '--name', '^AX Fixture$', 'windowmove', '%@', '420', '180'], { timeout: 10_000 });
    await until(
      'the fixture window to move',
      async () => {
        const w = (await bridge.snapshot({ pid })).elements.find((e) => e.role === 'window');
        return w?.bounds && w.bounds.x >= 410 && w.bounds.x <= 440 ? true : undefined;
      },
      15_000,
    );
  }, 60_000);

  afterAll(async () => {
    await stopApps();
  });

  const everyPixel = (png: DecodedPng, r: Rect, colour: readonly number[]): string[] => {
    const wrong: string[] = [];
    for (let y = Math.max(0, r.y); y < Math.min(png.height, r.y + r.height); y++)
      for (let x = Math.max(0, r.x); x < Math.min(png.width, r.x + r.width); x++)
        if (png.pixel(x, y).join() !== colour.join()) wrong.push(`${x},${y}=${png.pixel(x, y).join()}`);
    return wrong;
  };

  it("is the window's size, masks the password field and the panel, and numbers the elements the list numbers", async () => {
    const engine = createDesktopEngine(process.env, { bridge, ownPids: [panelPid] });
    const observed = await engine.getScreenElements();
    expect(observed.kind).toBe('observation');
    const observation = engine.latestObservation;
    if (!observation) throw new Error('no observation');
    const picture = await takeWindowPicture({ bridge, env: process.env, ownPids: [panelPid] }, { pid, observation });
    const elements = (await bridge.snapshot({ pid })).elements;
    const window = elements.find((e) => e.role === 'window')?.bounds;
    if (!window) throw new Error('no window bounds');
    const png = decodePng(picture.png);
    const onScreen = { width: Math.min(window.width, 1280 - window.x), height: Math.min(window.height, 800 - window.y) };
    expect([png.width, png.height]).toEqual([onScreen.width, onScreen.height]);
    expect(picture.area).toMatchObject({ x: window.x, y: window.y });

    const password = elements.find((e) => e.role === 'password_field')?.bounds;
    if (!password) throw new Error('no password field');
    const inPicture = (r: Rect): Rect => ({ x: r.x - window.x, y: r.y - window.y, width: r.width, height: r.height });
    expect(everyPixel(png, inPicture(password), PICTURE_COLOURS.mask)).toEqual([]);
    const panel = inPicture({ x: 800, y: 0, width: 360, height: 300 });
    expect(panel.x).toBeLessThan(png.width);
    expect(everyPixel(png, panel, PICTURE_COLOURS.mask)).toEqual([]);

    // Every numbered element the panel does not cover carries its list number at its top left (the last drawn is on top).
    const unmasked = [...(observation.places ?? [])].filter(([, p]) => {
      const b = p.bounds && inPicture(p.bounds);
      if (!p.actionable || !b || b.width <= 0) return false;
      const cx = b.x + b.width / 2;
      const cy = b.y + b.height / 2;
      const under = (r: Rect) => cx >= r.x && cx < r.x + r.width && cy >= r.y && cy < r.y + r.height;
      return cx >= 0 && cy >= 0 && cx < png.width && cy < png.height && !under(panel) && !under(inPicture(password));
    });
    expect(unmasked.length, JSON.stringify([picture.area, [...(observation.places ?? [])], picture.marks])).toBeGreaterThan(2);
    expect(picture.marks.map((m) => m.id).sort()).toEqual(unmasked.map(([id]) => id).sort());
    const last = picture.marks.at(-1);
    if (!last) throw new Error('no marks');
    expect(png.pixel(Math.max(0, Math.round(last.x)), Math.max(0, Math.round(last.y)))).toEqual([...PICTURE_COLOURS.markLabelBack]);
    expect(picture.marks.some((m) => m.role === 'password_field')).toBe(false);

    // Elsewhere the pixels are the screen's: a raw capture of the same place agrees at a point nothing was drawn on.
    const raw = await captureX11(picture.area, { env: process.env, deadlineMs: 2000 });
    const drawnOn = (x: number, y: number) =>
      [...picture.marks, ...picture.cells].some(
        (r) =>
          x >= r.x - 2 &&
          x <= r.x + r.width + 2 &&
          y >= r.y - 2 &&
          y <= r.y + r.height + 2 &&
          (x <= r.x + 40 || y <= r.y + 22 || x >= r.x + r.width - 3 || y >= r.y + r.height - 3),
      ) ||
      picture.cells.some((c) => Math.abs(x - (c.x + c.width / 2)) <= 16 && Math.abs(y - (c.y + c.height / 2)) <= 14) ||
      [panel, inPicture(password)].some((r) => x >= r.x && x < r.x + r.width && y >= r.y && y < r.y + r.height);
    const same: number[] = [];
    const colours = new Set<string>();
    for (let y = 5; y < png.height; y += 37)
      for (let x = 5; x < png.width; x += 41) {
        const i = (y * raw.width + x) * 4;
        colours.add([...raw.rgba.subarray(i, i + 3)].join());
        if (!drawnOn(x, y)) same.push(png.pixel(x, y).join() === [...raw.rgba.subarray(i, i + 3)].join() ? 1 : 0);
      }
    expect(same.length).toBeGreaterThan(20);
    expect(same.every((s) => s === 1)).toBe(true);
    expect(colours.size).toBeGreaterThan(2);
  }, 60_000);

  it('refuses within its deadline with a sentence when the display is not there', async () => {
    await expect(captureX11({ x: 0, y: 0, width: 10, height: 10 }, { env: { DISPLAY: ':97' }, deadlineMs: 1000 })).rejects.toThrow(
      /could not reach the X display.*desktop session/,
    );
  });
});
