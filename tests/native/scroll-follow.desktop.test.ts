// The bridge's mirror following a scroll (issue #29 item 5): GTK 3 says of a scroll only that the
// scroll bar's value changed (and that the scroll bar and its ancestors were allocated again where
// they were). The bridge moves the places it keeps by the distance a few elements read again moved,
// judges what shows by place where the view lies within views it has seen whole (asking only the
// elements at the view's edges or coming into it), and asks the pane elsewhere. After every scroll
// (down, back, a few pixels, further than a page, sideways, and after the app moved everything
// without a scroll) a snapshot from the mirror holds exactly the elements, at exactly the places, that
// a walk of the live tree gives: no number on an element scrolled away, none missing on one that
// came into view.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AxBridge } from '../../src/execution/accessibility/ax-bridge.js';
import type { AxElement } from '../../src/execution/accessibility/types.js';
import { desktopSkipReason, openFixture, until, type Fixture } from '../support/desktop.js';

const skip = desktopSkipReason();

const place = (e: AxElement): string => `${e.role} “${e.name}” ${JSON.stringify(e.bounds ?? null)}`;

describe.skipIf(skip !== '')('the mirror following a scroll', () => {
  let bridge: AxBridge;
  let many: Fixture;

  beforeAll(async () => {
    bridge = AxBridge.open();
    many = await openFixture('ax', bridge, { args: ['--many', '750', '--toggle'], ready: 'Toggle', front: false });
  }, 60_000);

  afterAll(async () => {
    await many?.stop();
  });

  /** The live tree: neither the app's cache nor the bridge's mirror. */
  const live = async (): Promise<readonly AxElement[]> => (await bridge.snapshot({ pid: many.pid, useCache: false, useMirror: false })).elements;

  /** A snapshot from the mirror (its bounds kept) holds what the live tree holds, where it holds it. */
  async function expectAsLive(what: string): Promise<readonly AxElement[]> {
    const kept = await bridge.snapshot({ pid: many.pid });
    expect(kept.source, `${what}: from the mirror`).toBe('mirror');
    const walked = await live();
    expect(kept.elements.map(place).sort(), what).toEqual(walked.map(place).sort());
    return kept.elements;
  }

  /** Scrolls with the scroll bar (vertical or horizontal) as the user's scrolling would, and waits until it reads back. */
  async function scroll(vertical: boolean, to: number): Promise<void> {
    const snap = await bridge.snapshot({ pid: many.pid });
    const bar = snap.elements.find((e) => e.role === 'scroll_bar' && e.bounds && e.bounds.height > e.bounds.width === vertical);
    if (!bar) throw new Error(`no ${vertical ? 'vertical' : 'horizontal'} scroll bar in AX Many`);
    await bridge.setValue({ generation: snap.generation, id: bar.id }, String(to));
    await until(`the scroll bar at ${to}`, async () => (Number(await bridge.readValue({ generation: snap.generation, id: bar.id })) === to ? true : undefined));
  }

  const items = (elements: readonly AxElement[]): Set<string> => new Set(elements.filter((e) => e.role === 'button' && e.name.startsWith('Item ')).map((e) => e.name));

  it('numbers exactly what shows after scrolls down, back, by a few pixels and further than a page', async () => {
    await expectAsLive('before any scroll');
    const seen: Set<string>[] = [];
    for (const to of [200, 0, 200, 7, 1500, 1400, 0]) {
      await scroll(true, to);
      seen.push(items(await expectAsLive(`scrolled down to ${to}`)));
    }
    // The scrolls did show other rows: the first list and the one further than a page share none.
    expect(seen[0]).not.toEqual(seen[1]);
    expect([...seen[4]!].filter((name) => seen[1]!.has(name))).toEqual([]);
  });

  it('numbers exactly what shows after a scroll sideways, and after the app moved everything without a scroll', async () => {
    for (const to of [300, 0, 300]) {
      await scroll(false, to);
      await expectAsLive(`scrolled sideways to ${to}`);
    }
    // The app makes its first button taller: the scroll pane and all in it move down (GTK says the
    // pane and its ancestors were allocated again), then the list scrolls again.
    const before = (await live()).find((e) => e.name === 'Toggle')?.bounds?.height ?? 0;
    process.kill(many.pid, 'SIGUSR1');
    await until('the Toggle button to grow', async () => (((await live()).find((e) => e.name === 'Toggle')?.bounds?.height ?? 0) > before ? true : undefined));
    await expectAsLive('after the app moved the pane');
    for (const to of [250, 0, 250]) {
      await scroll(true, to);
      await expectAsLive(`moved, then scrolled to ${to}`);
    }
  });
});
