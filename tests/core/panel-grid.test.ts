// The mouse grid through the panel's session (issue #29): the real session and loop, a fake engine
// and a fixed screen at the seams. Zooms draw the chosen cell's grid and run nothing; a click or a
// move runs through the loop as the coordinate command it is (clickAt / moveMouse at the centre);
// "what can I say" lists the grid's words; every path ends with the grid in a known state.
import { describe, expect, it } from 'vitest';
import type { GridAreas } from '../../src/core/grid-areas.js';
import type { AssistantEvent } from '../../src/shared/contracts/events.js';
import type { OverlayView, RunReply } from '../../src/shared/contracts/ipc-contract.js';
import { offlineSession } from './offline-session.js';
import { fakeEngine } from '../agent/loop-fakes.js';

const AREAS: GridAreas = {
  screen: async () => ({ x: 0, y: 0, width: 1280, height: 800 }),
  frontWindow: async () => ({ area: { x: 100, y: 50, width: 600, height: 300 }, app: 'Notes' }),
};

async function gridSession(options: { readonly areas?: GridAreas; readonly size?: number } = {}) {
  const engine = fakeEngine();
  const events: AssistantEvent[] = [];
  const session = await offlineSession({
    engine,
    emit: (event) => void events.push(event),
    more: { gridAreas: options.areas ?? AREAS, ...(options.size ? { gridSize: () => options.size ?? 3 } : {}) },
  });
  const say = (text: string) => session.handle('command:run', [text]) as Promise<RunReply>;
  return { session, engine, events, say };
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

  it('a cell that is not there, and a right click, are told in a sentence; the grid stays and the assistant is idle', async () => {
    const { say, engine, events } = await gridSession();
    await say('show grid');
    const wrong = await say('12');
    expect(wrong).toEqual({ outcome: 'failed', message: 'There is no cell 12: the cells are numbered 1 to 9. Say one of those, “click”, or “hide grid”.' });
    expect(events.slice(-2)).toEqual([
      { type: 'status', status: 'idle' },
      { type: 'done', outcome: 'failed', message: wrong.message },
    ]);
    const right = await say('right click');
    expect(right.outcome).toBe('refused');
    expect(right.message).toMatch(/^A right click at a point is not possible yet: say “click”/);
    // Still up: the next digit zooms.
    gridOf(await say('5'));
    expect(engine.calls).toEqual([]);
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
    expect(examples).toEqual(expect.arrayContaining(['5', 'click 5', '5 1', 'click', 'double click', 'move the mouse to 9', 'hide grid']));
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
