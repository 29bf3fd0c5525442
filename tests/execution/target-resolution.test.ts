// From a planner's target to a live element (src/execution/target-resolution.ts), on a scripted
// desktop: by label with bounded look-ups, ambiguity as a question with its choices, an observation
// id or a picked choice kept only while the element is the same one at the same place.
import { describe, expect, it } from 'vitest';
import type { ElementChoice } from '../../src/execution/engine-types.js';
import { el, HIDDEN } from './element-fixtures.js';
import { fakeDesktop } from './fake-desktop.js';

const APP = 20;
const desktop = () =>
  fakeDesktop({
    apps: [
      { pid: APP, name: 'Mail', elements: [el(1, 'button', 'Send'), el(2, 'button', 'Save draft'), el(3, 'button', 'Save draft', { parent: 1, depth: 2 })] },
    ],
    front: APP,
    tuning: { notFoundRetries: 2, retryDelayMs: 100 },
  });

describe('by label', () => {
  it('finds the one element of that name, with a ref into the snapshot it came from', async () => {
    const d = desktop();
    const r = await d.targets.resolve({ label: 'Send' });
    expect(r.ok && r.value.element.id).toBe(1);
    expect(r.ok && r.value.ref.generation).toBe(r.ok && r.value.snapshot.generation);
  });

  it('asks which one when two match, with one choice per option', async () => {
    const d = desktop();
    const r = await d.targets.resolve({ label: 'Save draft' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.result.kind).toBe('clarification');
    if (r.result.kind !== 'clarification') return;
    expect(r.result.choices?.map((c) => c.id)).toEqual([2, 3]);
    expect(r.result.options).toHaveLength(2);
  });

  it('looks again, a bounded number of times, before saying it is not there', async () => {
    const d = desktop();
    const r = await d.targets.resolve({ label: 'Archive' });
    expect(r.ok || r.result).toMatchObject({ kind: 'failure', code: 'not_found' });
    expect(d.clock.slept).toEqual([100, 100]);
    expect(d.calls.filter((c) => c.startsWith('snapshot'))).toHaveLength(3);
  });

  it('finds an element that appears between two look-ups', async () => {
    const d = desktop();
    const sleep = d.clock.sleep;
    d.clock.sleep = async (ms) => {
      d.app(APP).elements.push(el(9, 'button', 'Archive'));
      return sleep(ms);
    };
    const r = await d.targets.resolve({ label: 'Archive' });
    expect(r.ok && r.value.element.id).toBe(9);
  });
});

describe('by the id of the latest observation', () => {
  const idOf = (d: ReturnType<typeof desktop>, elementId: number) =>
    [...(d.targets.latestObservation?.elementIds ?? [])].find(([, e]) => e === elementId)?.[0] ?? -1;

  it('is stale before any observation', async () => {
    const r = await desktop().targets.resolve({ id: 1 });
    expect(r.ok || r.result).toMatchObject({ kind: 'failure', code: 'stale' });
  });

  it.each<[string, (d: ReturnType<typeof desktop>) => void, boolean]>([
    ['the same element: found', () => undefined, true],
    ['renamed since: stale', (d) => (d.app(APP).elements[0] = el(1, 'button', 'Delete')), false],
    ['moved in the tree since: stale', (d) => (d.app(APP).elements[0] = el(1, 'button', 'Send', { parent: 2, depth: 2 })), false],
    ['gone since: stale', (d) => d.app(APP).elements.shift(), false],
  ])('%s', async (_, change, ok) => {
    const d = desktop();
    await d.targets.observe(APP);
    const id = idOf(d, 1);
    expect(d.targets.observedElement(id)?.name).toBe('Send');
    change(d);
    const r = await d.targets.resolve({ id });
    expect(r.ok).toBe(ok);
    if (!r.ok) expect(r.result).toMatchObject({ kind: 'failure', code: 'stale' });
  });
});

describe('by a choice the user picked', () => {
  const choice = (over: Partial<ElementChoice> = {}): ElementChoice => ({
    query: { label: 'Save draft' },
    pid: APP,
    id: 3,
    role: 'button',
    name: 'Save draft',
    description: '',
    parent: 1,
    depth: 2,
    ...over,
  });
  it.each([
    ['the same element at the same place', choice(), true],
    ['another element at that id', choice({ name: 'Send later' }), false],
    ['the same name at another place', choice({ depth: 1 }), false],
  ])('%s', async (_, picked, ok) => {
    const r = await desktop().targets.resolve({ choice: picked });
    expect(r.ok).toBe(ok);
  });
});

describe('placePoint', () => {
  it('keeps a point as given and puts an element at its visible centre', async () => {
    const d = desktop();
    const p = await d.targets.placePoint({ x: 5.5, y: 7 });
    expect(p.ok && p.value.point).toEqual({ x: 5.5, y: 7 });
    const e = await d.targets.placePoint({ label: 'Send' });
    // el(1, …) is at (10, 5), 80 × 24.
    expect(e.ok && e.value.point).toEqual({ x: 50, y: 17 });
  });

  it('refuses an element that is not on screen', async () => {
    const d = fakeDesktop({ apps: [{ pid: APP, name: 'Mail', elements: [el(1, 'button', 'Send', { states: HIDDEN })] }], front: APP });
    const r = await d.targets.placePoint({ label: 'Send' });
    expect(r.ok).toBe(false);
  });
});
