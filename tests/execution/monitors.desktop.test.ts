// HiDPI and two monitors (issue #32 item 7, #29's multi-monitor gap): a private desktop of its own
// whose one X screen (2560x1024) is split into two RandR 1.5 monitors side by side, as GTK,
// Chromium and `xrandr --listmonitors` read them (tests/fixtures/two-monitors.py holds them). On it,
// real GTK fixture apps: a coordinate click and the mouse grid (on the monitor of the app in front)
// press a button on the second monitor, the numbers mark it there, and on an app drawn at GDK_SCALE=2 the AT-SPI bounds are
// checked against the window's device pixels and a click at their centre presses the button.
import { execFile, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPanel } from '../../scripts/build-panel.js';
import type { DesktopSession } from '../../scripts/desktop-session.js';
import { overlayFragment } from '../../src/main/panel/overlay-window.js';
import { viewInDip } from '../../src/main/panel/screen-pixels.js';
import { desktopGridAreas } from '../../src/core/grid-areas.js';
import type { PanelSession } from '../../src/core/panel-session.js';
import type { AxBridge } from '../../src/execution/accessibility/ax-bridge.js';
import type { AssistantEvent } from '../../src/shared/contracts/events.js';
import type { OverlayView, RunReply } from '../../src/shared/contracts/ipc-contract.js';
import { gridCells, type GridArea } from '../../src/shared/mouse-grid.js';
import { desktopSkipReason, openFixture, stopApps, until, type Fixture } from '../support/desktop.js';
import { openDesktop } from '../support/fixture-window.js';
import { TWO_MONITOR_SCREEN, TWO_MONITORS, splitScreen } from '../support/two-monitors.js';
import { openBundlePage } from '../support/panel-browser.js';
import { grammarPanelSession } from '../panel/grammar-session.js';
import { pathTo } from '../panel/grid-path.js';

const run = promisify(execFile);
const skip = desktopSkipReason();

const SCREEN = TWO_MONITOR_SCREEN;
const MONITORS = TWO_MONITORS;
const SECOND = MONITORS[1] as GridArea;

const within = (r: GridArea, m: GridArea): boolean => r.x >= m.x && r.y >= m.y && r.x + r.width <= m.x + m.width && r.y + r.height <= m.y + m.height;

/** Moves a window (by its exact title) to a point of the screen, through the window manager, and waits until it is there. */
async function moveWindow(title: string, x: number, y: number): Promise<void> {
  await run('xdotool', ['search', '--sync', '--name', `^${title}$`, 'windowmove', '--sync', String(x), String(y)], { timeout: 10_000 });
}

/** The window's outer rectangle in the X server's (device) pixels, as xdotool reads it. */
async function windowGeometry(title: string): Promise<GridArea> {
  const { stdout } = await run('xdotool', ['search', '--sync', '--name', `^${title}$`, 'getwindowgeometry', '--shell'], { timeout: 10_000 });
  const v = (k: string): number => Number(new RegExp(`^${k}=(\\d+)`, 'm').exec(stdout)?.[1]);
  return { x: v('X'), y: v('Y'), width: v('WIDTH'), height: v('HEIGHT') };
}

describe.skipIf(skip !== '')('two monitors and a scaled app, on a desktop of their own', () => {
  let desktop: DesktopSession;
  let bridge: AxBridge;
  let holder: ChildProcess;
  let listed: GridArea[];
  let bundleDir: string;
  let session: PanelSession;
  const events: AssistantEvent[] = [];
  const say = (command: string) => session.handle('command:run', [command]) as Promise<RunReply>;
  const viewOf = (reply: RunReply): OverlayView => {
    if (!reply.overlay || reply.overlay === 'hidden') throw new Error(`nothing drawn: ${reply.message}`);
    return reply.overlay;
  };

  beforeAll(async () => {
    ({ session: desktop, bridge } = await openDesktop({ screen: `${SCREEN.width}x${SCREEN.height}x24` }));
    ({ holder, listed } = await splitScreen());
    bundleDir = await mkdtemp(join(tmpdir(), 'ac-monitors-panel-'));
    await buildPanel(bundleDir);
    ({ session } = await grammarPanelSession({
      bridge,
      events,
      more: (engine) => ({ emit: (e) => events.push(e), gridAreas: desktopGridAreas({ bridge, engine: engine.engine }) }),
    }));
  }, 60_000);

  afterAll(async () => {
    await stopApps();
    holder?.stdin?.end();
    await desktop?.stop();
  });

  it('the X server lists the two monitors side by side, and so does the bridge (RandR 1.5, the primary first)', async () => {
    expect(listed).toEqual(MONITORS);
    expect((await bridge.listWindows()).monitors).toEqual(MONITORS);
  });

  describe('an app on the second monitor', () => {
    let app: Fixture;
    beforeAll(async () => {
      app = await openFixture('engine', bridge);
      await moveWindow('Engine Fixture', SECOND.x + 100, 40);
    }, 30_000);
    afterAll(() => app?.stop());

    const increment = async (): Promise<GridArea> =>
      until('the Increment button on the second monitor', async () => {
        const b = (await bridge.snapshot({ pid: app.pid })).elements.find((e) => e.role === 'button' && e.name === 'Increment')?.bounds;
        return b && b.x >= SECOND.x ? b : undefined;
      });

    it('"click at X, Y" on the button presses it (the app counts it)', async () => {
      const b = await increment();
      expect(within(b, SECOND)).toBe(true);
      const before = await app.counter('Count:');
      const reply = await say(`click at ${Math.round(b.x + b.width / 2)}, ${Math.round(b.y + b.height / 2)}`);
      expect(reply.outcome, reply.message).toBe('done');
      await until('the click to be counted', async () => ((await app.counter('Count:')) === before + 1 ? true : undefined));
    });

    it('"show numbers" marks the button where it is, on the second monitor', async () => {
      const b = await increment();
      const view = viewOf(await say('show numbers'));
      const mark = view.marks.find((m) => m.label === 'Increment');
      expect(mark).toMatchObject({ x: b.x, y: b.y, width: b.width, height: b.height });
      // Every mark of the app lies on the monitor its window is on.
      for (const m of view.marks) expect(within(m, SECOND), JSON.stringify(m)).toBe(true);
      await say('hide numbers');
    });
  });

  it('the grid covers the monitor of the app in front: its cells lead to a drawn button on the second one and "click" presses it', async () => {
    const grid = await openFixture('grid', bridge);
    try {
      await moveWindow('Grid Fixture', SECOND.x + 400, 300);
      const label = async (prefix: string): Promise<string> =>
        (await bridge.snapshot({ pid: grid.pid })).elements
          .find((e) => e.role === 'text' && e.name.startsWith(prefix))
          ?.name.slice(prefix.length)
          .trim() ?? '';
      const placed = await until('the drawn button on the second monitor', async () => {
        const [x = 0, y = 0, width = 0, height = 0] = (await label('Drawn button at:')).split(' ').map(Number);
        return x >= SECOND.x && width > 0 ? { x, y, width, height } : undefined;
      });
      const cells = (view: OverlayView): GridArea[] => view.marks.map(({ x, y, width, height }) => ({ x, y, width, height }));
      // "The screen" is the second monitor, the one the app is on: the cells as gridCells computes them there.
      expect(cells(viewOf(await say('show grid')))).toEqual(gridCells(SECOND));
      const [first, ...rest] = pathTo(SECOND, placed);
      await say(String(first));
      if (rest.length > 0) await say(rest.join(' '));
      const reply = await say('click');
      expect(reply.outcome, reply.message).toBe('done');
      await until('the drawn button to count the press', async () => ((await grid.counter('Drawn presses:')) === 1 ? true : undefined));
      // The app moved to the first monitor: the grid follows it there.
      await moveWindow('Grid Fixture', 100, 100);
      await until('the drawn button on the first monitor', async () => (Number((await label('Drawn button at:')).split(' ')[0]) < SECOND.x ? true : undefined));
      expect(cells(viewOf(await say('show grid')))).toEqual(gridCells(MONITORS[0] as GridArea));
      await say('hide grid');
    } finally {
      await grid.stop();
    }
  });

  it('an app drawn at GDK_SCALE=2: its bounds come in device pixels, and "click at" the button’s centre presses it', async () => {
    process.env.GDK_SCALE = '2';
    let scaled: Fixture;
    try {
      scaled = await openFixture('engine', bridge);
    } finally {
      delete process.env.GDK_SCALE;
    }
    try {
      await moveWindow('Engine Fixture', 60, 20);
      // The X window's inside, in the server's pixels: the app asked for 520 logical pixels across.
      const inside = await windowGeometry('Engine Fixture');
      expect(inside.width).toBe(1040);
      const snapshot = await until('the scaled window where it was moved', async () => {
        const s = await bridge.snapshot({ pid: scaled.pid });
        const w = s.elements.find((e) => e.role === 'window')?.bounds;
        return w && w.x <= inside.x && w.width >= inside.width ? s : undefined;
      });
      const frame = snapshot.elements.find((e) => e.role === 'window')?.bounds;
      const b = snapshot.elements.find((e) => e.role === 'button' && e.name === 'Increment')?.bounds;
      console.log(
        `[monitors] GDK_SCALE=2: X window inside ${JSON.stringify(inside)}, its frame as the bridge gives it ${JSON.stringify(frame)}, Increment ${JSON.stringify(b)}`,
      );
      if (!b) throw new Error('no Increment button');
      // The frame holds the window's inside and a border at most (device pixels: AT-SPI itself says 521 across).
      expect(frame?.width).toBeLessThan(inside.width + 20);
      expect(frame?.height).toBeGreaterThan(inside.height);
      const before = await scaled.counter('Count:');
      const reply = await say(`click at ${Math.round(b.x + b.width / 2)}, ${Math.round(b.y + b.height / 2)}`);
      expect(reply.outcome, reply.message).toBe('done');
      await until('the click to be counted', async () => ((await scaled.counter('Count:')) === before + 1 ? true : undefined));
      const numbers = viewOf(await say('show numbers'));
      expect(numbers.marks.find((m) => m.label === 'Increment')).toMatchObject(b);
      await say('hide numbers');
      // The overlay page on a display of scale 2, as main draws it (marks in DIP): each outline covers its element's device pixels.
      const dip = { width: SCREEN.width / 2, height: SCREEN.height / 2 };
      const page = await openBundlePage({
        bundleDir,
        path: `overlay.html${overlayFragment(viewInDip(numbers, 2), { x: 0, y: 0 })}`,
        viewport: dip,
        deviceScaleFactor: 2,
      });
      try {
        await page.page.waitForSelector('[data-mark]', { state: 'attached' });
        const drawn = (await page.page.evaluate(`[...document.querySelectorAll('[data-mark]')].map((li) => {
          const r = li.querySelector('.mark-outline').getBoundingClientRect();
          return { id: Number(li.getAttribute('data-mark')), x: r.x * devicePixelRatio, y: r.y * devicePixelRatio, width: r.width * devicePixelRatio, height: r.height * devicePixelRatio };
        })`)) as ({ id: number } & GridArea)[];
        expect(drawn.length).toBe(numbers.marks.length);
        for (const d of drawn) {
          const m = numbers.marks.find((x) => x.id === d.id);
          for (const k of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(d[k] - (m?.[k] ?? NaN)), `${d.id} ${k}`).toBeLessThanOrEqual(1);
        }
      } finally {
        await page.close();
      }
    } finally {
      await scaled.stop();
    }
  });
});
