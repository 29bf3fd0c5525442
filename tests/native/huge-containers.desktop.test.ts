// Containers too big to read whole, on the private headless desktop (issue #14): a GTK tree view of
// 50,000 rows (it manages its descendants and is an AT-SPI Table) and a GTK icon view of 10,000
// items (no such state, no Table: only its child count says it is huge). A snapshot reads only
// what is on screen — the table's visible cells by row and column, the icon view's items by
// sampling points — says so (`visible_only`, the element's `visiblePart`), answers well within its
// deadline, and leaves the app's memory where it was.
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AxBridge } from '../../src/execution/accessibility/ax-bridge.js';
import type { AxElement, AxSnapshot } from '../../src/execution/accessibility/types.js';
import { desktopSkipReason, startFixtureApp, stopApp, until } from '../support/desktop.js';

const skip = desktopSkipReason();

function rssMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 'NaN') / 1024;
}

function childrenOf(snap: AxSnapshot, parent: AxElement): AxElement[] {
  return snap.elements.filter((e) => e.parent === parent.id);
}

describe.skipIf(skip !== '')('containers too big to read whole', () => {
  let bridge: AxBridge;
  const apps: ChildProcess[] = [];

  /** Starts the fixture and waits for its window's big container to be on the bus. */
  async function start(...args: string[]): Promise<number> {
    const app = startFixtureApp(...args);
    apps.push(app);
    const pid = app.pid ?? 0;
    await until(
      `the fixture ${args.join(' ')}`,
      async () => {
        const s = await bridge.snapshot({ pid, deadlineMs: 3000 }).catch(() => undefined);
        return s?.elements.some((e) => e.visiblePart && e.visiblePart.items > 0) ? true : undefined;
      },
      60_000,
    );
    return pid;
  }

  beforeAll(() => {
    bridge = AxBridge.open();
  });

  afterAll(async () => {
    for (const app of apps) await stopApp(app);
  });

  it('reads a 50,000-row tree view as its visible rows only, by row and column', async () => {
    const pid = await start('--long-list', '50000');
    const before = rssMb(pid);
    for (let i = 0; i < 5; i++) {
      const snap = await bridge.snapshot({ pid, deadlineMs: 2000 });
      expect(snap.truncated).toBe('visible_only');
      const table = snap.elements.find((e) => e.visiblePart);
      expect(table?.role).toBe('table');
      const part = table!.visiblePart!;
      expect(part.rows).toBe(50000);
      expect(part.columns).toBe(3);
      expect(part.firstRow).toBe(0);
      expect(part.firstColumn).toBe(0);
      expect(part.lastColumn).toBe(2);
      // A 400-pixel window shows a screenful of rows, not thousands.
      expect(part.lastRow).toBeGreaterThan(5);
      expect(part.lastRow).toBeLessThan(40);
      const cells = childrenOf(snap, table!);
      expect(cells).toHaveLength((part.lastRow! - part.firstRow! + 1) * 3);
      // Row by row, in reading order: "Row 1", "Size 0", "Kind 0", "Row 2", ...
      expect(cells.slice(0, 4).map((c) => c.name)).toEqual(['Row 1', 'Size 0', 'Kind 0', 'Row 2']);
      expect(cells.at(-3)?.name).toBe(`Row ${part.lastRow! + 1}`);
    }
    console.log(`[huge] tree view of 50,000 rows: fixture ${before.toFixed(0)} → ${rssMb(pid).toFixed(0)} MB after 5 snapshots`);
    expect(rssMb(pid) - before).toBeLessThan(50);
  }, 90_000);

  it('follows the scrolled view: the rows read are the ones on screen, far down the list', async () => {
    const pid = await start('--long-list', '50000', '--scroll-to', '25000');
    const snap = await until(
      'the view scrolled to row 25,001',
      async () => {
        const s = await bridge.snapshot({ pid, deadlineMs: 2000 });
        const part = s.elements.find((e) => e.visiblePart)?.visiblePart;
        // Row 25,001 (index 25,000) at the top; a sliver of the one above may show too.
        return part && part.firstRow !== null && part.firstRow >= 24999 ? s : undefined;
      },
      30_000,
    );
    const table = snap.elements.find((e) => e.visiblePart)!;
    const part = table.visiblePart!;
    expect(part.firstRow).toBeLessThanOrEqual(25000);
    const cells = childrenOf(snap, table);
    expect(cells[0]?.name).toBe(`Row ${part.firstRow! + 1}`);
    expect(cells.some((c) => c.name === 'Row 25001')).toBe(true);
    expect(cells.some((c) => c.name === 'Row 1')).toBe(false);
  }, 90_000);

  it('samples a 10,000-item icon view (no Table, no managed state: only its count says it is huge)', async () => {
    const pid = await start('--icons', '10000');
    const before = rssMb(pid);
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const snap = await bridge.snapshot({ pid, deadlineMs: 2000 });
      const elapsed = performance.now() - started;
      expect(elapsed).toBeLessThan(2000 + 500);
      expect(snap.truncated).toBe('visible_only');
      const view = snap.elements.find((e) => e.visiblePart)!;
      expect(view.visiblePart?.itemCount).toBe(10000);
      const items = childrenOf(snap, view);
      // What a 600×400 window shows: a few dozen icons, each named by its text, each once.
      expect(items.length).toBeGreaterThan(10);
      expect(items.length).toBeLessThan(200);
      expect(new Set(items.map((e) => e.name)).size).toBe(items.length);
      expect(items.every((e) => /^Icon \d+$/.test(e.name))).toBe(true);
      expect(items.some((e) => e.name === 'Icon 1')).toBe(true);
      expect(items.some((e) => e.name === 'Icon 5000')).toBe(false);
    }
    expect(rssMb(pid) - before).toBeLessThan(50);
  }, 90_000);
});
