// "Show numbers" never shows stale numbers (issue #29 item 5): the bridge keeps its mirror of the
// app between observations, so a window that changed must still be read as it is now. The AX
// fixture's window is changed from outside the assistant — a button destroyed (its tree changes),
// a button added (GTK sends no event for it), a list scrolled (GTK sends no showing change for what
// comes into sight), the window moved and resized (bounds change, and GTK says nothing about it) —
// and after each change "show numbers" draws exactly the window's actionable elements at the bounds
// a walk of the live tree gives (AT-SPI read without the app's cache or the bridge's mirror).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PanelSession } from '../../src/core/panel-session.js';
import type { AxElement } from '../../src/execution/accessibility/types.js';
import type { AssistantEvent } from '../../src/shared/contracts/events.js';
import type { OverlayMark, OverlayView, RunReply } from '../../src/shared/contracts/ipc-contract.js';
import { activateWindow, desktopSkipReason, openFixture, until } from '../support/desktop.js';
import { openFixtureWindow, type FixtureWindow } from '../support/fixture-window.js';
import { grammarPanelSession } from './grammar-session.js';

const run = promisify(execFile);
const skip = desktopSkipReason();
const WINDOW = '^AX Fixture$';

type Box = Pick<OverlayMark, 'x' | 'y' | 'width' | 'height'>;
const boxOf = (m: Box): Box => ({ x: m.x, y: m.y, width: m.width, height: m.height });

describe.skipIf(skip !== '')('the numbers follow a window that changed', () => {
  let fixture: FixtureWindow;
  let session: PanelSession;
  const events: AssistantEvent[] = [];

  beforeAll(async () => {
    fixture = await openFixtureWindow('ax');
    ({ session } = await grammarPanelSession({ bridge: fixture.bridge, events }));
  }, 60_000);

  afterAll(async () => {
    await fixture?.close();
  });

  /** The app's tree as it is now, read element by element: neither the app's cache nor the bridge's mirror. */
  const walk = async (): Promise<readonly AxElement[]> => (await fixture.bridge.snapshot({ pid: fixture.pid, useCache: false, useMirror: false })).elements;

  async function showNumbers(): Promise<OverlayView> {
    const reply = (await session.handle('command:run', ['show numbers'])) as RunReply;
    if (!reply.overlay || reply.overlay === 'hidden') throw new Error(`no numbers: ${reply.message}`);
    return reply.overlay;
  }

  /** Each mark sits where the live tree has an element of its role and name; none names an element gone. */
  async function expectLive(view: OverlayView): Promise<readonly AxElement[]> {
    const live = await walk();
    for (const mark of view.marks) {
      const places = live.filter((e) => e.role === mark.role && e.name === mark.label && e.bounds).map((e) => e.bounds);
      expect(places, `${mark.id}: ${mark.role} “${mark.label}”`).toContainEqual(boxOf(mark));
    }
    return live;
  }

  const frame = async (): Promise<Box> => {
    const found = (await walk()).find((e) => e.role === 'window' && e.name === 'AX Fixture')?.bounds;
    if (!found) throw new Error('no AX Fixture window in the tree');
    return found;
  };

  it('an unchanged window gives the same numbers at the same places', async () => {
    const first = await showNumbers();
    expect(first.marks.map((m) => m.label)).toContain('Vanish');
    await expectLive(first);
    const again = await showNumbers();
    expect(again.marks).toEqual(first.marks);
  });

  it('a button destroyed is no longer numbered, and the numbers below it follow', async () => {
    const before = await showNumbers();
    const live = await walk();
    const vanish = live.find((e) => e.role === 'button' && e.name === 'Vanish');
    if (!vanish) throw new Error('no Vanish button');
    // The user (here the test, through AT-SPI, not the assistant) presses it: it destroys itself.
    const snap = await fixture.bridge.snapshot({ pid: fixture.pid });
    const ref = snap.elements.find((e) => e.role === 'button' && e.name === 'Vanish');
    await fixture.bridge.performAction({ generation: snap.generation, id: ref?.id ?? 0 }, 'press');
    await until('Vanish to go', async () => ((await walk()).some((e) => e.name === 'Vanish') ? undefined : true));
    const after = await showNumbers();
    expect(after.marks.map((m) => m.label)).not.toContain('Vanish');
    expect(after.marks).toHaveLength(before.marks.length - 1);
    await expectLive(after);
  });

  it('a button added where the app sends no event for it is numbered at once', async () => {
    // The many-buttons window's Toggle adds a button "Toggled" beside it, or takes it away; GTK says
    // nothing about it on the bus (no children-changed), so only a read of the live tree can tell.
    const many = await openFixture('ax', fixture.bridge, { args: ['--many', '5', '--toggle'], ready: 'Toggle', front: false });
    await activateWindow('^AX Many$');
    try {
      const named = async (): Promise<readonly string[]> => (await showNumbers()).marks.map((m) => m.label);
      expect(await named()).not.toContain('Toggled');
      for (const present of [true, false, true]) {
        const snap = await fixture.bridge.snapshot({ pid: many.pid });
        const toggle = snap.elements.find((e) => e.role === 'button' && e.name === 'Toggle');
        await fixture.bridge.performAction({ generation: snap.generation, id: toggle?.id ?? 0 }, 'press');
        const walked = await until('the button to come or go', async () => {
          const live = (await fixture.bridge.snapshot({ pid: many.pid, useCache: false, useMirror: false })).elements;
          return live.some((e) => e.name === 'Toggled') === present ? live : undefined;
        });
        const view = await showNumbers();
        expect(
          view.marks.some((m) => m.label === 'Toggled'),
          `Toggled ${present ? 'added' : 'gone'}`,
        ).toBe(present);
        for (const mark of view.marks) expect(walked.filter((e) => e.name === mark.label).map((e) => e.bounds)).toContainEqual(boxOf(mark));
      }
    } finally {
      await many.stop();
      await activateWindow(WINDOW);
    }
  });

  it('a view scrolled (GTK sends no showing change for what scrolls into sight) numbers what it shows now', async () => {
    const many = await openFixture('ax', fixture.bridge, { args: ['--many', '400', '--toggle'], ready: 'Toggle', front: false });
    await activateWindow('^AX Many$');
    try {
      const items = (elements: readonly AxElement[]): Set<string> =>
        new Set(elements.filter((e) => e.role === 'button' && e.name.startsWith('Item ')).map((e) => e.name));
      const liveMany = async (): Promise<readonly AxElement[]> =>
        (await fixture.bridge.snapshot({ pid: many.pid, useCache: false, useMirror: false })).elements;
      // Twice: the second is drawn from the bridge's mirror of the app.
      await showNumbers();
      const before = await showNumbers();
      const shownBefore = items(await liveMany());
      expect(before.marks.some((m) => shownBefore.has(m.label))).toBe(true);
      // The user scrolls the list (here the test, through AT-SPI): a page further down.
      const snap = await fixture.bridge.snapshot({ pid: many.pid });
      const bar = snap.elements.find((e) => e.role === 'scroll_bar' && e.bounds && e.bounds.height > e.bounds.width);
      if (!bar) throw new Error('no vertical scroll bar in AX Many');
      await fixture.bridge.setValue({ generation: snap.generation, id: bar.id }, '400');
      const pane = snap.elements.find((e) => e.id === bar.parent)?.bounds;
      if (!pane) throw new Error('no scroll pane around the scroll bar');
      // The buttons that came into sight, whole inside the pane.
      const { walked, came } = await until('the list to scroll', async () => {
        const live = await liveMany();
        const inSight = live.filter(
          (e) => e.role === 'button' && !shownBefore.has(e.name) && e.bounds && e.bounds.y >= pane.y && e.bounds.y + e.bounds.height <= pane.y + pane.height,
        );
        return inSight.length > 0 ? { walked: live, came: inSight.map((e) => e.name) } : undefined;
      });
      const view = await showNumbers();
      const labels = view.marks.map((m) => m.label);
      for (const name of came) expect(labels, `${name} came into sight`).toContain(name);
      for (const mark of view.marks) expect(walked.filter((e) => e.name === mark.label).map((e) => e.bounds)).toContainEqual(boxOf(mark));
    } finally {
      await many.stop();
      await activateWindow(WINDOW);
    }
  });

  it('controls moved inside a window that stayed put (GTK says only that bounds changed) are numbered where they are now', async () => {
    const many = await openFixture('ax', fixture.bridge, { args: ['--many', '20', '--toggle'], ready: 'Toggle', front: false });
    await activateWindow('^AX Many$');
    try {
      const liveMany = async (): Promise<readonly AxElement[]> =>
        (await fixture.bridge.snapshot({ pid: many.pid, useCache: false, useMirror: false })).elements;
      const itemAt = async (): Promise<number> => (await liveMany()).find((e) => e.name === 'Item 1')?.bounds?.y ?? Number.NaN;
      // Twice: the second is drawn from the bridge's mirror of the app, with the bounds it kept.
      await showNumbers();
      const before = await showNumbers();
      const from = await itemAt();
      expect(before.marks.find((m) => m.label === 'Item 1')?.y).toBe(from);
      // The app makes its first button taller: everything below it moves down, nothing else changes.
      process.kill(many.pid, 'SIGUSR1');
      await until('the buttons to move down', async () => ((await itemAt()) > from ? true : undefined));
      const walked = await liveMany();
      const view = await showNumbers();
      expect(view.marks.find((m) => m.label === 'Item 1')?.y).toBeGreaterThan(from);
      for (const mark of view.marks) expect(walked.filter((e) => e.name === mark.label).map((e) => e.bounds)).toContainEqual(boxOf(mark));
    } finally {
      await many.stop();
      await activateWindow(WINDOW);
    }
  });

  it('a window moved and resized (no event the bridge follows says so) is numbered where it is now', async () => {
    const before = await showNumbers();
    const from = await frame();
    await run('xdotool', ['search', '--name', WINDOW, 'windowmove', '%@', String(from.x + 137), String(from.y + 61)], { timeout: 10_000 });
    const moved = await until('the window to move', async () => {
      const f = await frame();
      return f.x !== from.x || f.y !== from.y ? f : undefined;
    });
    const afterMove = await showNumbers();
    await expectLive(afterMove);
    // Every number moved with the window.
    const dx = moved.x - from.x;
    const dy = moved.y - from.y;
    expect(afterMove.marks.map((m) => ({ label: m.label, ...boxOf(m) }))).toEqual(
      before.marks.map((m) => ({ label: m.label, ...boxOf({ ...m, x: m.x + dx, y: m.y + dy }) })),
    );

    await run('xdotool', ['search', '--name', WINDOW, 'windowsize', '%@', String(moved.width + 180), String(moved.height)], { timeout: 10_000 });
    await until('the window to grow', async () => ((await frame()).width > moved.width ? true : undefined));
    // The buttons fill the window's width: once laid out again, the field's width changed too.
    const wider = await until('the controls to be laid out again', async () => {
      const view = await showNumbers();
      const field = view.marks.find((m) => m.label === 'Your name');
      const old = afterMove.marks.find((m) => m.label === 'Your name');
      return field && old && field.width > old.width ? view : undefined;
    });
    await expectLive(wider);
  });
});
