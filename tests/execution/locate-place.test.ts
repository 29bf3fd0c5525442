// Where a place is on screen now, for a confirmation's outline (src/execution/locate-place.ts), on the
// scripted desktop: a point as given, an element at its bounds with its name, and no outline for a
// label that names none or more than one, an element without a size, or an id no longer there.
import { describe, expect, it } from 'vitest';
import type { Bounds } from '../../src/execution/accessibility/types.js';
import type { Place } from '../../src/execution/engine-types.js';
import { locatePlace } from '../../src/execution/locate-place.js';
import { el } from './element-fixtures.js';
import { fakeDesktop } from './fake-desktop.js';

const PID = 4321;
const at = (x: number, y: number, width = 80, height = 24): Bounds => ({ x, y, width, height });

function desktop() {
  return fakeDesktop({
    front: PID,
    apps: [
      {
        pid: PID,
        name: 'Mail',
        elements: [
          el(1, 'button', 'Send', { bounds: at(100, 200) }),
          el(2, 'button', 'OK', { bounds: at(10, 10) }),
          el(3, 'button', 'OK', { bounds: at(50, 10) }),
          el(4, 'button', 'Flat', { bounds: at(5, 5, 0, 24) }),
          el(5, 'button', '', { description: 'Attach a file', bounds: at(300, 200) }),
          el(6, 'button', 'x'.repeat(300), { bounds: at(400, 200) }),
        ],
      },
    ],
  });
}

describe('locatePlace', () => {
  it.each<[string, Place, unknown]>([
    ['a point as given', { x: 640, y: 400 }, { kind: 'point', label: 'the point 640, 400', x: 640, y: 400 }],
    ['an element by its label', { label: 'Send' }, { kind: 'element', label: 'Send', x: 100, y: 200, width: 80, height: 24 }],
    ['a label naming two elements: no outline', { label: 'OK' }, undefined],
    ['a label naming none: no outline', { label: 'Delete' }, undefined],
    ['an element without a width: no outline', { label: 'Flat' }, undefined],
    ['an id before any observation: no outline', { id: 1 }, undefined],
  ])('%s', async (_what, place, target) => {
    const d = desktop();
    expect(await locatePlace(place, d.targets, d.apps)).toEqual(target);
  });

  /** The id the latest observation gave the element `elementId`. */
  async function observedId(d: ReturnType<typeof desktop>, elementId: number): Promise<number> {
    await d.targets.observe(PID);
    return [...(d.targets.latestObservation?.elementIds ?? [])].find(([, e]) => e === elementId)?.[0] ?? -1;
  }

  it.each([
    [1, { kind: 'element', label: 'Send', x: 100, y: 200, width: 80, height: 24 }],
    [5, { kind: 'element', label: 'Attach a file', x: 300, y: 200, width: 80, height: 24 }],
  ])('finds element %i by the id the observation gave it, named by its name or description', async (elementId, target) => {
    const d = desktop();
    expect(await locatePlace({ id: await observedId(d, elementId) }, d.targets, d.apps)).toEqual(target);
  });

  it('gives no outline for an id whose element is gone since the observation', async () => {
    const d = desktop();
    const id = await observedId(d, 1);
    d.app(PID).elements.splice(0, 1);
    expect(await locatePlace({ id }, d.targets, d.apps)).toBeUndefined();
  });

  it('cuts a long name to the 200 characters the event takes', async () => {
    const d = desktop();
    const found = await locatePlace({ id: await observedId(d, 6) }, d.targets, d.apps);
    expect(found?.label).toBe('x'.repeat(200));
  });
});
