// scroll (src/execution/scrolling.ts) on a scripted desktop: the wheel over a named element (the
// pointer moved to its centre) or over the front window (the pointer left where it is when already
// over it), the gate seeing what is under the wheel, and what it changed recorded for "take it back".
import { describe, expect, it } from 'vitest';
import { scrollWheel } from '../../src/execution/scrolling.js';
import type { LiveFacts } from '../../src/execution/engine-types.js';
import { el, HIDDEN } from './element-fixtures.js';
import { fakeDesktop, type FakeApp } from './fake-desktop.js';

const FILES = 50;
// el(id, …) sits at (id * 10, id * 5), 80 × 24: "Rows" (id 6) has its centre at (100, 42).
const files = (): FakeApp => ({ pid: FILES, name: 'Files', elements: [el(6, 'list', 'Rows'), el(7, 'list', 'Hidden rows', { states: HIDDEN })] });

describe('scrollWheel', () => {
  it('over a named element: the pointer goes to its centre, the wheel turns, and the change is recorded', async () => {
    const d = fakeDesktop({ apps: [files()], front: FILES });
    const r = await scrollWheel(d.parts, 'down', 2, { label: 'Rows' }, undefined, {});
    expect(r).toMatchObject({
      kind: 'success',
      message: expect.stringMatching(/^Scrolled down 2 steps over .*Rows/),
      undo: { kind: 'scrolled', direction: 'down', steps: 2, over: { name: 'Rows', pid: FILES } },
    });
    expect(d.state.pointer).toEqual({ x: 100, y: 42 });
  });

  it("over the front window when nothing is named, the tuning's steps; the pointer stays where it is over that window", async () => {
    const d = fakeDesktop({ apps: [files()], front: FILES });
    d.state.pointer = { x: 500, y: 300 };
    const r = await scrollWheel(d.parts, 'up', undefined, undefined, undefined, {});
    expect(r).toMatchObject({ kind: 'success', message: expect.stringMatching(/^Scrolled up 3 steps over /) });
    expect(d.state.pointer).toEqual({ x: 500, y: 300 });
  });

  it('shows the gate what is under the wheel; its answer stops it before the pointer moves', async () => {
    const d = fakeDesktop({ apps: [files()], front: FILES });
    const seen: LiveFacts[] = [];
    const stop = { kind: 'failure', code: 'refused', reason: 'No.' } as const;
    const r = await scrollWheel(d.parts, 'down', 1, { label: 'Rows' }, undefined, { gate: (f) => (seen.push(f), stop) });
    expect(r).toBe(stop);
    expect(seen[0]?.element?.name).toBe('Rows');
    expect(d.state.pointer).toEqual({ x: 0, y: 0 });
  });

  it('an element that is not on screen is a sentence, not a scroll somewhere else', async () => {
    const d = fakeDesktop({ apps: [files()], front: FILES });
    const r = await scrollWheel(d.parts, 'down', 1, { label: 'Hidden rows' }, undefined, {});
    expect(r).toMatchObject({ kind: 'failure' });
    expect(d.state.pointer).toEqual({ x: 0, y: 0 });
  });
});
