// drag (src/execution/drag.ts) on a scripted desktop: the gate sees the dragged element and what is
// under the drop point, the button is always let go, a drag stops when the user moves the pointer,
// and a drop onto a terminal is remembered as a pending line.
import { describe, expect, it } from 'vitest';
import { dragBetween } from '../../src/execution/drag.js';
import type { LiveFacts } from '../../src/execution/engine-types.js';
import { el } from './element-fixtures.js';
import { fakeDesktop, type FakeApp } from './fake-desktop.js';

const FILES = 30;
// el(id, …) sits at (id * 10, id * 5), 80 × 24: "a.txt" centre (80, 32), "Trash" centre (130, 57).
const files = (): FakeApp => ({ pid: FILES, name: 'Files', elements: [el(4, 'list_item', 'a.txt'), el(9, 'list_item', 'Trash')] });

describe('dragBetween', () => {
  it('presses at the start, moves in steps to the end, lets go, and says what it did', async () => {
    const d = fakeDesktop({ apps: [files()], front: FILES });
    const r = await dragBetween(d.parts, { label: 'a.txt' }, { label: 'Trash' }, {});
    expect(r).toMatchObject({ kind: 'success', message: expect.stringMatching(/^Dragged from .*a\.txt.* to .*Trash/) });
    expect(d.calls.filter((c) => /Button/.test(c))).toEqual(['pressButton left', 'releaseButton left']);
    expect(d.state.pointer).toEqual({ x: 130, y: 57 });
  });

  it('shows the gate the dragged element and the drop target; its answer stops the drag before the button', async () => {
    const d = fakeDesktop({ apps: [files()], front: FILES });
    const seen: LiveFacts[] = [];
    const stop = { kind: 'failure', code: 'refused', reason: 'No.' } as const;
    const r = await dragBetween(d.parts, { label: 'a.txt' }, { label: 'Trash' }, { gate: (f) => (seen.push(f), stop) });
    expect(r).toBe(stop);
    expect([seen[0]?.element?.name, seen[0]?.dropTarget?.name]).toEqual(['a.txt', 'Trash']);
    expect(d.calls.some((c) => c.startsWith('pressButton'))).toBe(false);
  });

  it.each<[string, number, boolean]>([
    ['a nudge within the tolerance goes on', 2, false],
    ['a move past it: lets go and stops', 40, true],
  ])('the user moves the pointer mid-drag: %s', async (_, by, stops) => {
    const d = fakeDesktop({ apps: [files()], front: FILES });
    const sleep = d.clock.sleep;
    let n = 0;
    d.clock.sleep = async (ms) => {
      if (++n === 3) d.state.pointer = { x: d.state.pointer.x + by, y: d.state.pointer.y };
      return sleep(ms);
    };
    const r = await dragBetween(d.parts, { label: 'a.txt' }, { label: 'Trash' }, {});
    expect(r.kind === 'failure' && r.code === 'interrupted').toBe(stops);
    expect(d.calls.filter((c) => c === 'releaseButton left')).toHaveLength(1);
  });

  it('remembers a drop onto a terminal as a pending line', async () => {
    const d = fakeDesktop({ apps: [{ pid: FILES, name: 'Files', elements: [el(4, 'list_item', 'a.txt'), el(9, 'terminal', 'Terminal')] }], front: FILES });
    await dragBetween(d.parts, { label: 'a.txt' }, { label: 'Terminal' }, {});
    expect(d.parts.terminalLines.has(FILES)).toBe(true);
  });
});
