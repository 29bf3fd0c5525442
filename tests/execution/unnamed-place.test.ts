// How an observation names a control without a name (src/execution/unnamed-place.ts): by its icon,
// its place in the nearest container and its rank among that container's controls of its role.
import { describe, expect, it } from 'vitest';
import type { AxElement } from '../../src/execution/accessibility/types.js';
import { serializeObservation } from '../../src/execution/observation.js';
import { rolePlural, unnamedPlace } from '../../src/execution/unnamed-place.js';
import { ordinal } from '../../src/shared/text/ordinal.js';
import { el, snapshot } from './element-fixtures.js';

const box = (x: number, y: number, width = 30, height = 30) => ({ bounds: { x, y, width, height } });
/** A toolbar 300 × 30 at (0, 0) with buttons at these x positions (unnamed unless a name is given). */
const toolbar = (...buttons: [number, string?][]): AxElement[] => [
  el(1, 'toolbar', 'Format', box(0, 0, 300, 30)),
  ...buttons.map(([x, name], i) => el(10 + i, 'button', name ?? '', { parent: 1, depth: 2, ...box(x, 0) })),
];
const listing = (elements: AxElement[]): string[] => serializeObservation(snapshot(elements)).text.split('\n').slice(1);

describe('an unnamed control in an observation', () => {
  it('is listed by its place in the toolbar and its rank there, named ones counted too', () => {
    expect(listing(toolbar([0], [40, 'Bold'], [130], [270]))).toEqual([
      '1 button (no name, at the left of the toolbar "Format", 1st of 4 buttons there)',
      '2 button "Bold"',
      '3 button (no name, at the middle of the toolbar "Format", 3rd of 4 buttons there)',
      '4 button (no name, at the right of the toolbar "Format", 4th of 4 buttons there)',
    ]);
  });

  it('a tooltip (description) or a label beside it comes first', () => {
    const [first] = listing(toolbar([0]).map((e) => (e.id === 10 ? { ...e, description: 'Zoom in' } : e)));
    expect(first).toBe('1 button "Zoom in"');
  });

  it('says the icon a named image inside it shows', () => {
    const lines = listing([...toolbar([0]), el(20, 'image', 'document-save', { parent: 10, depth: 3, ...box(5, 5, 16, 16) })]);
    expect(lines[0]).toBe('1 button (no name, icon "document-save", at the left of the toolbar "Format", 1st of 1 button there)');
  });

  it('in a window and no other container: where in the window, in two directions', () => {
    const root = { ...el(0, 'window', 'Editor'), parent: null, depth: 0, ...box(0, 0, 900, 600) };
    const b = el(5, 'button', '', box(850, 10));
    const byId = new Map([root, b].map((e) => [e.id, e] as const));
    expect(unnamedPlace(b, byId, new Map([[0, [b]]]))).toMatchObject({
      text: 'no name, at the top right of the window, 1st of 1 button there',
      rank: 1,
      of: 1,
    });
  });

  it('without bounds: only that it has no name', () => {
    const b = el(5, 'button', '', { bounds: null });
    expect(unnamedPlace(b, new Map([[5, b]]), new Map()).text).toBe('no name');
  });

  it('is numbered for the overlay like any control (actionable, with its bounds)', () => {
    const o = serializeObservation(snapshot(toolbar([0])));
    expect(o.places?.get(1)).toMatchObject({ role: 'button', actionable: true, bounds: { x: 0, y: 0, width: 30, height: 30 } });
  });
});

describe('words', () => {
  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [102, '102nd'],
  ])('ordinal(%i) is %s', (n, word) => expect(ordinal(n)).toBe(word));

  it('plurals of roles', () => {
    expect(rolePlural('button', 2)).toBe('buttons');
    expect(rolePlural('check_box', 3)).toBe('check boxes');
    expect(rolePlural('menu_item', 1)).toBe('menu item');
  });
});
