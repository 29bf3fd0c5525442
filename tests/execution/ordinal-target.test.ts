// "The third button in the toolbar", "the second unnamed button" (src/execution/ordinal-target.ts):
// the rank counted as the observation counts it, named and unnamed controls alike, inside a
// container named by its name or its kind, and a sentence when there is no such element.
import { describe, expect, it } from 'vitest';
import type { AxElement } from '../../src/execution/accessibility/types.js';
import type { OrdinalTarget } from '../../src/execution/element-target.js';
import { resolveOrdinal } from '../../src/execution/ordinal-target.js';
import { serializeObservation } from '../../src/execution/observation.js';
import { el, HIDDEN, snapshot } from './element-fixtures.js';

const box = (x: number, y: number, width = 30, height = 30) => ({ bounds: { x, y, width, height } });
/** A toolbar at (0, y) with buttons at these x positions (unnamed unless a name is given), ids from `first`. */
const toolbar = (id: number, name: string, y: number, buttons: readonly [number, string?][], first: number): AxElement[] => [
  el(id, 'toolbar', name, box(0, y, 300, 30)),
  ...buttons.map(([x, label], i) => el(first + i, 'button', label ?? '', { parent: id, depth: 2, ...box(x, y) })),
];
const FORMAT = toolbar(1, 'Format', 0, [[0], [40, 'Bold'], [130], [270]], 10);
const tree = (...parts: AxElement[][]): readonly AxElement[] => snapshot(parts.flat()).elements;
const found = (elements: readonly AxElement[], target: OrdinalTarget): number | string => {
  const r = resolveOrdinal(elements, target);
  return r.kind === 'found' ? r.element.id : r.message;
};

describe('an element by its rank', () => {
  it.each<[string, OrdinalTarget, number]>([
    ['the third button in the toolbar', { ordinal: 3, role: 'button', within: 'toolbar' }, 12],
    ['the 2nd button in “Format”', { ordinal: 2, role: 'button', within: 'Format' }, 11],
    ['the first button in the Format toolbar', { ordinal: 1, role: 'button', within: 'the Format toolbar' }, 10],
    ['the fourth button in toolbar Format', { ordinal: 4, role: 'button', within: 'toolbar format' }, 13],
    ['the second unnamed button', { ordinal: 2, role: 'button', unnamed: true }, 12],
    ['the last button', { ordinal: 1, role: 'button', fromEnd: true }, 13],
    ['the second to last unnamed button in the toolbar', { ordinal: 2, role: 'button', unnamed: true, fromEnd: true, within: 'toolbar' }, 12],
    ['the second button (the whole tree)', { ordinal: 2, role: 'button' }, 11],
  ])('%s', (_, target, id) => {
    expect(found(tree(FORMAT), target)).toBe(id);
  });

  it('finds the control the observation says has that rank (“3rd of 4 buttons there”)', () => {
    const o = serializeObservation(snapshot(FORMAT));
    for (const [rank, id] of [
      [1, 10],
      [3, 12],
      [4, 13],
    ] as const) {
      expect(o.text).toContain(`${ordinalText(rank)} of 4 buttons there`);
      expect(found(tree(FORMAT), { ordinal: rank, role: 'button', within: 'toolbar' })).toBe(id);
    }
  });

  it('counts only what is shown, in reading order whatever the tree order', () => {
    const shuffled = [FORMAT[0] as AxElement, ...FORMAT.slice(1).reverse()];
    expect(found(tree(shuffled), { ordinal: 1, role: 'button', within: 'toolbar' })).toBe(10);
    const hidden = FORMAT.map((e) => (e.id === 10 ? { ...e, states: HIDDEN } : e));
    expect(found(tree(hidden), { ordinal: 1, role: 'button', within: 'toolbar' })).toBe(11);
  });

  it('says why when there is no such element, or the container is not one', () => {
    expect(found(tree(FORMAT), { ordinal: 5, role: 'button', within: 'toolbar' })).toBe(
      'There are 4 buttons in the toolbar “Format”, so there is no 5th: say a number up to 4, or “show numbers”.',
    );
    expect(found(tree(FORMAT), { ordinal: 4, role: 'button', unnamed: true })).toBe(
      'There are 3 unnamed buttons, so there is no 4th: say a number up to 3, or “show numbers”.',
    );
    expect(found(tree(FORMAT), { ordinal: 1, role: 'check_box' })).toBe('No check boxes are shown: say “show numbers” to see what can be clicked.');
    expect(found(tree(FORMAT), { ordinal: 1, role: 'button', within: 'Standard' })).toBe(
      'No “Standard” is shown: name a toolbar, menu, list or dialog that is on screen, or say “show numbers”.',
    );
    const two = tree(FORMAT, toolbar(2, 'Standard', 40, [[0, 'New'], [40]], 20));
    expect(found(two, { ordinal: 1, role: 'button', within: 'toolbar' })).toBe(
      'There are 2 of “toolbar” on screen (“Format”, “Standard”): say which by its name, or say “show numbers”.',
    );
    // By its name, one of two is one.
    expect(found(two, { ordinal: 2, role: 'button', within: 'Standard' })).toBe(21);
  });
});

function ordinalText(n: number): string {
  return n === 1 ? '1st' : n === 3 ? '3rd' : `${n}th`;
}
