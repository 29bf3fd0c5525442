// The mouse grid through the panel's session (issue #29): the real session and loop, a fake engine
// and a fixed screen at the seams. Zooms draw the chosen cell's grid and run nothing; a click, a
// right click, a move or a drag between two cells runs through the loop as the coordinate command it
// is (clickAt / moveMouse / drag at the centres), so the gate judges what is under each point;
// "what can I say" lists the grid's words; every path ends with the grid in a known state.
import { describe, expect, it } from 'vitest';
import type { GridAreas } from '../../src/core/grid-areas.js';
import type { AssistantEvent } from '../../src/shared/contracts/events.js';
import type { OverlayView, RunReply } from '../../src/shared/contracts/ipc-contract.js';
import { offlineSession } from './offline-session.js';
import { fakeEngine, type EngineScript } from '../agent/loop-fakes.js';

const AREAS: GridAreas = {
  screen: async () => ({ x: 0, y: 0, width: 1280, height: 800 }),
  frontWindow: async () => ({ area: { x: 100, y: 50, width: 600, height: 300 }, app: 'Notes' }),
};

async function gridSession(options: { readonly areas?: GridAreas; readonly size?: number; readonly script?: EngineScript } = {}) {
  const engine = fakeEngine(options.script);
  const events: AssistantEvent[] = [];
  const waiting = new Map<AssistantEvent['type'], Array<(e: AssistantEvent) => void>>();
  /** The next event of `type` emitted from now on. */
  const next = (type: AssistantEvent['type']) => new Promise<AssistantEvent>((resolve) => waiting.set(type, [...(waiting.get(type) ?? []), resolve]));
  const session = await offlineSession({
    engine,
    emit: (event) => {
      events.push(event);
      for (const resolve of waiting.get(event.type) ?? []) resolve(event);
      waiting.delete(event.type);
    },
    more: { gridAreas: options.areas ?? AREAS, ...(options.size ? { gridSize: () => options.size ?? 3 } : {}) },
  });
  const say = (text: string) => session.handle('command:run', [text]) as Promise<RunReply>;
  return { session, engine, events, say, next };
}

const gridOf = (reply: RunReply): OverlayView => {
  if (!reply.overlay || reply.overlay === 'hidden' || !reply.overlay.grid) throw new Error(`no grid: ${reply.message}`);
  return reply.overlay;
};

describe('the mouse grid in the panel session', () => {
  it('"show grid" draws 9 cells over the screen; a digit zooms, "5 3" refines twice, and nothing runs', async () => {
    const { say, engine } = await gridSession();
    const shown = await say('show grid');
    expect(shown.message).toBe('A grid of 9 cells is shown on the screen. Say a cell’s number to zoom into it, “click” to click its centre, or “hide grid”.');
    expect(gridOf(shown).marks).toHaveLength(9);
    const five = gridOf(await say('5'));
    expect(five.marks[0]).toMatchObject({ id: 1, x: 427, y: 267, width: 142, height: 89 });
    const deeper = await say('click 5 3');
    expect(deeper.message).toMatch(
      /^Cell 5, then 3: its centre is at \d+, \d+\. Say a cell’s number to zoom in further, “click” to click there, or “hide grid”\.$/,
    );
    expect(engine.calls).toEqual([]);
  });

  it('"click" clicks at the current cell’s centre through the loop, and the grid closes', async () => {
    const { say, engine, events } = await gridSession();
    await say('show grid');
    await say('5');
    const reply = await say('click');
    expect(reply.outcome).toBe('done');
    expect(reply.overlay).toBe('hidden');
    expect(engine.calls).toEqual([{ method: 'clickAt', args: [{ x: 640, y: 400 }, 1] }]);
    expect(events.at(-1)).toMatchObject({ type: 'done' });
    // The grid is gone: a digit is an ordinary command again (no element 5 was observed).
    const after = await say('5');
    expect(after.overlay).toBeUndefined();
    expect(engine.calls).toHaveLength(1);
  });

  it('"double click" clicks twice; "move the mouse to 7" moves only and keeps the grid on that cell', async () => {
    const { say, engine } = await gridSession();
    await say('show grid');
    const moved = await say('move the mouse to 7');
    expect(engine.calls).toEqual([{ method: 'moveMouse', args: [{ x: 213, y: 666 }] }]);
    expect(gridOf(moved).marks[0]).toMatchObject({ x: 0, y: 533 });
    await say('double click');
    expect(engine.calls[1]).toEqual({ method: 'clickAt', args: [{ x: 213, y: 666 }, 2] });
  });

  it('"grid on the window" draws over the front window', async () => {
    const { say } = await gridSession();
    const reply = await say('grid on the window');
    expect(reply.message).toMatch(/^A grid of 9 cells is shown on the window of “Notes”\./);
    expect(gridOf(reply).marks[0]).toEqual({ id: 1, role: 'grid cell', label: 'cell 1', x: 100, y: 50, width: 200, height: 100 });
  });

  it('a cell that is not there is told in a sentence, in a zoom, a click after cells or a drag; the grid stays and the assistant is idle', async () => {
    const { say, engine, events } = await gridSession();
    await say('show grid');
    const wrong = await say('12');
    expect(wrong).toEqual({ outcome: 'failed', message: 'There is no cell 12: the cells are numbered 1 to 9. Say one of those, “click”, or “hide grid”.' });
    expect(events.slice(-2)).toEqual([
      { type: 'status', status: 'idle' },
      { type: 'done', outcome: 'failed', message: wrong.message },
    ]);
    expect((await say('5 12 click')).message).toBe(wrong.message);
    expect((await say('drag from 2 to 12')).message).toBe(wrong.message);
    // Still up, on the whole screen: the next digit zooms into the screen's cell 5.
    expect(gridOf(await say('5')).marks[0]).toMatchObject({ x: 427, y: 267 });
    expect(engine.calls).toEqual([]);
  });

  it('"right click" right-clicks at the current cell’s centre through the loop (right_click_element at a point), and the grid closes', async () => {
    const { say, engine, events } = await gridSession();
    await say('show grid');
    await say('7');
    const reply = await say('right click');
    expect(reply).toMatchObject({ outcome: 'done', overlay: 'hidden' });
    expect(engine.calls).toEqual([{ method: 'clickAt', args: [{ x: 213, y: 666 }, 1, 'right'] }]);
    expect(events.find((e) => e.type === 'intent')).toMatchObject({ intent: { intent: 'right_click_element', element: { x: 213, y: 666 } } });
  });

  it('"5 3 click" zooms through the cells and clicks in one go (what a switch’s long press on a cell sends)', async () => {
    const { say, engine } = await gridSession();
    await say('show grid');
    const reply = await say('5 3 click');
    expect(reply).toMatchObject({ outcome: 'done', overlay: 'hidden' });
    // Cell 5 of the screen is 427–853 × 267–533; its cell 3 is 711–853 × 267–356.
    expect(engine.calls).toEqual([{ method: 'clickAt', args: [{ x: 782, y: 311 }, 1] }]);
  });

  it('"drag from 2 to 8" drags between the two cells’ centres through the loop, and the grid closes', async () => {
    const { say, engine } = await gridSession();
    await say('show grid');
    const reply = await say('drag from 2 to 8');
    expect(reply).toMatchObject({ outcome: 'done', overlay: 'hidden' });
    expect(engine.calls).toEqual([
      {
        method: 'drag',
        args: [
          { x: 640, y: 133 },
          { x: 640, y: 666 },
        ],
      },
    ]);
  });

  it('a drag whose end lands on the assistant’s own window is refused; one ending on “Delete everything” asks, and declined nothing is done', async () => {
    const own = { role: 'button' as const, name: 'Send', own: true };
    const refused = await gridSession({
      script: (call) => ({ result: { kind: 'success', message: 'Dragged.' }, facts: call.method === 'drag' ? { dropTarget: own } : {} }),
    });
    await refused.say('show grid');
    const reply = await refused.say('drag from 2 to 8');
    expect(reply).toMatchObject({ outcome: 'refused', overlay: 'hidden', message: expect.stringContaining('never acts on its own panel or overlay') });
    expect(refused.engine.calls).toEqual([]);

    const danger = { role: 'button' as const, name: 'Delete everything' };
    const asked = await gridSession({ script: () => ({ result: { kind: 'success', message: 'Done.' }, facts: { element: danger, dropTarget: danger } }) });
    await asked.say('show grid');
    for (const command of ['drag from 2 to 8', 'right click']) {
      const question = asked.next('confirmation_request');
      const run = asked.say(command);
      expect(await question).toMatchObject({ risk: { level: 'destructive' } });
      await expect(asked.say('no')).resolves.toEqual({ outcome: 'refused', message: 'Cancelled.' });
      await expect(run).resolves.toMatchObject({ outcome: 'refused', overlay: 'hidden' });
      await asked.say('show grid');
    }
    expect(asked.engine.calls).toEqual([]);
  });

  it('"hide grid", and "hide numbers" (what Esc sends), close it', async () => {
    const { say } = await gridSession();
    await say('show grid');
    expect(await say('hide grid')).toEqual({ outcome: 'done', message: 'The grid is hidden.', overlay: 'hidden' });
    await say('show grid');
    expect(await say('hide numbers')).toEqual({ outcome: 'done', message: 'The grid is hidden.', overlay: 'hidden' });
    expect(await say('hide numbers')).toEqual({ outcome: 'done', message: 'The numbers are hidden.', overlay: 'hidden' });
  });

  it('"what can I say" while the grid is up lists the grid’s words, and observes nothing', async () => {
    const { say, engine, events } = await gridSession();
    await say('show grid');
    const reply = await say('what can I say');
    expect(reply.message).toBe('The mouse grid is up: say a cell’s number to zoom in, then “click”.');
    const guide = events.findLast((e) => e.type === 'command_guide');
    expect(guide).toMatchObject({ guide: { scope: 'grid' } });
    const examples = guide?.type === 'command_guide' ? guide.guide.groups.flatMap((g) => g.examples) : [];
    expect(examples).toEqual(
      expect.arrayContaining([
        '5',
        'click 5',
        '5 1',
        'click',
        'double click',
        'right click',
        '5 click',
        'move the mouse to 9',
        'drag from 2 to 8',
        'hide grid',
      ]),
    );
    expect(engine.calls).toEqual([]);
  });

  it('the cell count follows the setting', async () => {
    const { say } = await gridSession({ size: 4 });
    const reply = await say('show grid');
    expect(gridOf(reply).marks).toHaveLength(16);
    expect((await say('16')).outcome).toBe('done');
    expect((await say('17')).message).toMatch(/the cells are numbered 1 to 16/);
  });

  it('without a screen to read, "show grid" says why in a sentence and nothing is drawn', async () => {
    const { say } = await gridSession({
      areas: { screen: async () => 'There is no display: start Assistive Control from inside your desktop session.', frontWindow: async () => 'No window.' },
    });
    expect(await say('show grid')).toEqual({ outcome: 'failed', message: 'There is no display: start Assistive Control from inside your desktop session.' });
    // No grid: a digit is not the grid's.
    expect((await say('5')).overlay).toBeUndefined();
  });
});
