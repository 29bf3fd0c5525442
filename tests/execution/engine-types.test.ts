// The engine's parameters (src/execution/engine-types.ts): a place is a point or a target, a target
// is an observation id, a picked choice or a label; the system clock sleeps for real.
import { describe, expect, it } from 'vitest';
import { isChosenTarget, isPoint, isTargetById, SYSTEM_CLOCK, type ElementChoice, type Place, type Target } from '../../src/execution/engine-types.js';

const choice: ElementChoice = { query: { label: 'Save' }, pid: 1, id: 2, role: 'button', name: 'Save', description: '', parent: 0, depth: 1 };

describe('places and targets', () => {
  // [place, a point, by id, a picked choice]
  const cases: [Place, boolean, boolean, boolean][] = [
    [{ x: 1, y: 2 }, true, false, false],
    [{ id: 12 }, false, true, false],
    [{ choice }, false, false, true],
    [{ label: 'Save', role: 'button' }, false, false, false],
  ];
  it.each(cases)('%j: point %s, id %s, choice %s', (place, point, byId, chosen) => {
    expect(isPoint(place)).toBe(point);
    if (!point) {
      expect(isTargetById(place as Target)).toBe(byId);
      expect(isChosenTarget(place as Target)).toBe(chosen);
    }
  });
});

describe('SYSTEM_CLOCK', () => {
  it('moves forward while it sleeps', async () => {
    const before = SYSTEM_CLOCK.now();
    await SYSTEM_CLOCK.sleep(20);
    expect(SYSTEM_CLOCK.now() - before).toBeGreaterThanOrEqual(15);
  });
});
