// Reading order (src/execution/reading-order.ts), as a table of layouts: top to bottom in lines, left
// to right within a line, a label a few pixels lower than its field on the field's line.
import { describe, expect, it } from 'vitest';
import type { Bounds } from '../../src/execution/accessibility/types.js';
import { readingOrder } from '../../src/execution/reading-order.js';
import { el } from './element-fixtures.js';

const at = (id: number, x: number, y: number, height = 20): ReturnType<typeof el> =>
  el(id, 'button', `b${id}`, { bounds: { x, y, width: 50, height } as Bounds });
const order = (elements: ReturnType<typeof el>[]): number[] => readingOrder(elements).map((e) => e.id);

describe('readingOrder', () => {
  it.each([
    ['one line, given right to left', [at(1, 200, 10), at(2, 100, 10), at(3, 0, 10)], [3, 2, 1]],
    ['two lines', [at(1, 100, 50), at(2, 0, 50), at(3, 100, 10), at(4, 0, 10)], [4, 3, 2, 1]],
    ['a label 5 px lower than its field stays on its line', [at(1, 100, 10), at(2, 0, 15)], [2, 1]],
    ['below the middle of the line’s first element starts a new line', [at(1, 100, 10), at(2, 0, 20)], [1, 2]],
    ['the same place keeps the order given', [at(1, 0, 0), at(2, 0, 0), at(3, 0, 0)], [1, 2, 3]],
    ['nothing', [], []],
  ])('%s', (_name, elements, ids) => {
    expect(order(elements)).toEqual(ids);
  });

  it('does not reorder the array it is given', () => {
    const given = [at(1, 100, 10), at(2, 0, 10)];
    readingOrder(given);
    expect(given.map((e) => e.id)).toEqual([1, 2]);
  });
});
