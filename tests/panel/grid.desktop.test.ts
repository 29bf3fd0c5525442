// The mouse grid (issue #29) against the Linux desktop stack: the real session, loop, engine and
// AT-SPI, and a fixture app with a button drawn on a canvas (nothing below it is accessible) whose
// place on the screen the app says itself. "show grid", then cell numbers, then "click" press the
// drawn button, read back from the app's own counter; "grid on the window" over a destructive button
// asks before clicking, and declined, nothing is pressed. The grid page is rendered in Debian's
// Chromium at the screen's size, each cell checked where it should be; screenshot in
// artifacts/panel/, axe-core on the page.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPanel } from '../../scripts/build-panel.js';
import { gridCells, type GridArea } from '../../src/shared/mouse-grid.js';
import { overlayFragment } from '../../src/main/panel/overlay-window.js';
import { desktopSkipReason, stopApps, until } from '../support/desktop.js';
import { axeViolations, openBundlePage } from '../support/panel-browser.js';
import { gridOf, openGridDesktop, type GridDesktop } from './grid-desktop.js';
import { SCREEN, pathTo } from './grid-path.js';

const skip = desktopSkipReason();
const ARTIFACTS = fileURLToPath(new URL('../../artifacts/panel/', import.meta.url));

describe.skipIf(skip !== '')('the mouse grid, on the real desktop', () => {
  let grid: GridDesktop;
  let bundleDir: string;
  const run = (command: string) => grid.run(command);
  const count = (prefix: string) => grid.count(prefix);

  beforeAll(async () => {
    grid = await openGridDesktop();
    bundleDir = await mkdtemp(join(tmpdir(), 'ac-grid-panel-'));
    await buildPanel(bundleDir);
  }, 60_000);

  afterAll(async () => {
    await stopApps();
    await grid?.fixture.session.stop();
  });

  it('"show grid", then cell numbers, then "click" press the button drawn on a canvas, at the point the app reports', async () => {
    const placed = await grid.drawnButton();
    const shown = await run('show grid');
    const view = gridOf(shown);
    expect(shown.message).toBe('A grid of 9 cells is shown on the screen. Say a cell’s number to zoom into it, “click” to click its centre, or “hide grid”.');
    // The screen as the input library sees it: the private desktop's.
    expect(view.marks.map((m) => m.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(view.marks[0]).toMatchObject({ x: 0, y: 0 });
    expect(view.marks[8]).toMatchObject({ x: 853, y: 533, width: 427, height: 267 });

    const path = pathTo(SCREEN, placed);
    expect(path.length).toBeGreaterThanOrEqual(2);
    // The first cell alone, as a bare digit; the rest in one go ("5 3").
    const [first, ...rest] = path;
    const cell = gridCells(SCREEN)[(first ?? 1) - 1];
    // The chosen cell's own grid: its first cell starts at the chosen cell's corner.
    expect(gridOf(await run(String(first))).marks[0]).toMatchObject({ x: cell?.x, y: cell?.y });
    if (rest.length > 0) gridOf(await run(`click ${rest.join(' ')}`));

    const before = grid.events.length;
    const clicked = await run('click');
    expect(clicked.outcome, clicked.message).toBe('done');
    expect(clicked.overlay).toBe('hidden');
    await until('the drawn button to count the press', async () => ((await count('Drawn presses:')) === 1 ? true : undefined));
    // Through the loop, as the coordinate click it is: an intent event, then done.
    expect(grid.events.slice(before).find((e) => e.type === 'intent')).toMatchObject({ intent: { intent: 'left_click_coordinates' } });
    expect(await count('Deleted:')).toBe(0);
  });

  it('the grid page draws each cell as a numbered box where it is on the screen', async () => {
    const view = gridOf(await run('show grid'));
    const page = await openBundlePage({ bundleDir, path: `overlay.html${overlayFragment(view, { x: 0, y: 0 }, [5])}`, viewport: SCREEN });
    try {
      await page.page.waitForSelector('[data-cell]', { state: 'attached' });
      const drawn = (await page.page.evaluate(`[...document.querySelectorAll('[data-cell]')].map((li) => {
        const r = li.getBoundingClientRect();
        const badge = li.querySelector('.mark-badge').getBoundingClientRect();
        return { id: Number(li.getAttribute('data-cell')), text: li.textContent, lit: li.classList.contains('mark-highlight'),
          box: { x: r.x, y: r.y, width: r.width, height: r.height }, badge: { x: badge.x + badge.width / 2, y: badge.y + badge.height / 2 } };
      })`)) as { id: number; text: string; lit: boolean; box: GridArea; badge: { x: number; y: number } }[];
      expect(drawn.map((d) => d.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
      for (const d of drawn) {
        const mark = view.marks[d.id - 1];
        if (!mark) throw new Error(`no cell ${d.id}`);
        expect(d.text).toBe(String(d.id));
        expect(d.box).toEqual({ x: mark.x, y: mark.y, width: mark.width, height: mark.height });
        // The number in the middle of its cell.
        expect(Math.abs(d.badge.x - (mark.x + mark.width / 2))).toBeLessThanOrEqual(1);
        expect(Math.abs(d.badge.y - (mark.y + mark.height / 2))).toBeLessThanOrEqual(1);
        expect(d.lit).toBe(d.id === 5);
      }
      expect(await page.page.evaluate(`getComputedStyle(document.body).backgroundColor`)).toBe('rgba(0, 0, 0, 0)');
      await page.page.screenshot({ path: join(ARTIFACTS, 'grid-01-screen.png') });
      expect(await axeViolations(page.page)).toEqual([]);
    } finally {
      await page.close();
    }
    await run('hide grid');
  });

  it('"grid on the window" over a destructive button asks before clicking; declined, nothing is pressed and the grid closes', async () => {
    const target = (await grid.fixture.bridge.snapshot({ pid: grid.fixture.pid })).elements.find(
      (e) => e.role === 'button' && e.name === 'Delete everything',
    )?.bounds;
    if (!target) throw new Error('no Delete everything button');
    const shown = await run('grid on the window');
    const view = gridOf(shown);
    expect(shown.message).toMatch(/^A grid of 9 cells is shown on the window of “.+”\./);
    // Over the window, not the screen: the grid's cells together are the window's rectangle.
    const window = { x: view.marks[0]?.x ?? 0, y: view.marks[0]?.y ?? 0, width: 0, height: 0 };
    const last = view.marks[8];
    if (!last) throw new Error('no cell 9');
    const area = { ...window, width: last.x + last.width - window.x, height: last.y + last.height - window.y };
    expect(area.width).toBeLessThan(SCREEN.width);
    gridOf(await run(pathTo(area, target).join(' ')));

    const earlier = new Set(grid.events.flatMap((e) => (e.type === 'confirmation_request' ? [e.id] : [])));
    const clicking = run('click');
    const asked = until('the confirmation', async () => {
      const request = grid.events.find((e) => e.type === 'confirmation_request' && !earlier.has(e.id));
      return request?.type === 'confirmation_request' ? request : undefined;
    });
    const request = await asked;
    expect(request.risk.level).toBe('destructive');
    expect(request.summary).toMatch(/^Click at \d+, \d+/);
    await grid.session.handle('confirmation:answer', ['cancel', request.id]);
    const reply = await clicking;
    expect(reply.outcome).not.toBe('done');
    expect(reply.overlay).toBe('hidden');
    // The click was never sent: the run is over, and the button counted nothing.
    expect(await count('Deleted:')).toBe(0);
  });
});
