// The mouse grid's right click and drag (issue #29) against the Linux desktop stack: the real
// session, loop, engine and AT-SPI, and the grid fixture, whose canvas says itself what reached it
// (a right press on the drawn button, where a drag began and was let go). "<cells> right click" and
// "drag from <cells> to 9" act at the cells' centres through the gate; a right click or a drag that
// lands on "Delete everything" asks, and declined, nothing is pressed or dragged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssistantEvent } from '../../src/shared/contracts/events.js';
import type { OverlayView, RunReply } from '../../src/shared/contracts/ipc-contract.js';
import { desktopSkipReason, stopApps, until } from '../support/desktop.js';
import { gridOf, openGridDesktop, type GridDesktop } from './grid-desktop.js';
import { SCREEN, pathTo } from './grid-path.js';

const skip = desktopSkipReason();

interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

describe.skipIf(skip !== '')('the mouse grid’s right click and drag, on the real desktop', () => {
  let grid: GridDesktop;
  const run = (command: string) => grid.run(command);
  const label = (prefix: string) => grid.label(prefix);
  const count = (prefix: string) => grid.count(prefix);
  const drawnButton = () => grid.drawnButton();
  const deleteButton = async (): Promise<Box> => {
    const b = (await grid.fixture.bridge.snapshot({ pid: grid.fixture.pid })).elements.find(
      (e) => e.role === 'button' && e.name === 'Delete everything',
    )?.bounds;
    if (!b) throw new Error('no Delete everything button');
    return b;
  };
  /** The rectangle a grid's cells cover together. */
  const areaOf = (view: OverlayView): Box => {
    const first = view.marks[0];
    const last = view.marks.at(-1);
    if (!first || !last) throw new Error('an empty grid');
    return { x: first.x, y: first.y, width: last.x + last.width - first.x, height: last.y + last.height - first.y };
  };
  /** Runs `command`, waits for the confirmation it asks, declines it; the reply once the run ended. */
  const declined = async (command: string): Promise<{ reply: RunReply; request: Extract<AssistantEvent, { type: 'confirmation_request' }> }> => {
    const earlier = new Set(grid.events.flatMap((e) => (e.type === 'confirmation_request' ? [e.id] : [])));
    const running = run(command);
    const request = await until(`the confirmation of “${command}”`, async () => {
      const r = grid.events.find((e) => e.type === 'confirmation_request' && !earlier.has(e.id));
      return r?.type === 'confirmation_request' ? r : undefined;
    });
    await grid.session.handle('confirmation:answer', ['cancel', request.id]);
    return { reply: await running, request };
  };

  beforeAll(async () => {
    grid = await openGridDesktop();
  }, 60_000);

  afterAll(async () => {
    await stopApps();
    await grid?.fixture.session.stop();
  });

  it('"<cells> right click" zooms and presses the right button on the drawn button, as a right click at a point', async () => {
    const path = pathTo(SCREEN, await drawnButton());
    gridOf(await run('show grid'));
    const before = grid.events.length;
    const reply = await run(`${path.join(' ')} right click`);
    expect(reply.outcome, reply.message).toBe('done');
    expect(reply.overlay).toBe('hidden');
    await until('the drawn button to count the right press', async () => ((await count('Drawn right presses:')) === 1 ? true : undefined));
    expect(await count('Drawn presses:')).toBe(0);
    expect(grid.events.slice(before).find((e) => e.type === 'intent')).toMatchObject({
      intent: { intent: 'right_click_element', element: { x: expect.any(Number) } },
    });
  });

  it('"drag from <cells> to 9" drags from the drawn button to the centre of cell 9', async () => {
    const path = pathTo(SCREEN, await drawnButton());
    gridOf(await run('show grid'));
    const reply = await run(`drag from ${path.join(' ')} to 9`);
    expect(reply.outcome, reply.message).toBe('done');
    expect(reply.overlay).toBe('hidden');
    const drag = await until('the app to say where the drag went', async () => {
      const text = await label('Last drag:');
      return text === 'none' ? undefined : text.split(/ to | /).map(Number);
    });
    // Cell 9 of the 1280 × 800 screen is 853–1280 × 533–800: its centre is 1066, 666.
    expect(drag.slice(2)).toEqual([1066, 666]);
    const button = await drawnButton();
    const [fx = 0, fy = 0] = drag;
    expect(fx >= button.x && fx < button.x + button.width && fy >= button.y && fy < button.y + button.height, `began at ${fx}, ${fy}`).toBe(true);
  });

  it('a drag or a right click that lands on “Delete everything” asks; declined, nothing is deleted or dragged', async () => {
    const lastDrag = await label('Last drag:');
    const rightPresses = await count('Drawn right presses:');
    const area = areaOf(gridOf(await run('grid on the window')));
    const from = pathTo(area, await drawnButton());
    const onto = pathTo(area, await deleteButton());

    const dragged = await declined(`drag from ${from.join(' ')} to ${onto.join(' ')}`);
    expect(dragged.request.risk.level).toBe('destructive');
    expect(dragged.request.summary).toMatch(/^Drag from \d+, \d+ to \d+, \d+/);
    expect(dragged.reply.outcome).not.toBe('done');
    expect(dragged.reply.overlay).toBe('hidden');

    gridOf(await run('grid on the window'));
    const right = await declined(`${onto.join(' ')} right click`);
    expect(right.request.risk.level).toBe('destructive');
    expect(right.request.summary).toMatch(/^Right-click at \d+, \d+/);
    expect(right.reply.outcome).not.toBe('done');

    // Neither was sent: the runs are over, and the app counted nothing.
    expect(await count('Deleted:')).toBe(0);
    expect(await label('Last drag:')).toBe(lastDrag);
    expect(await count('Drawn right presses:')).toBe(rightPresses);
  });
});
