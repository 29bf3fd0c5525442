// The mouse grid's geometry (issue #29), as tables: the cells of a rectangle, refining by a path of
// cell numbers, the centre a click lands on, a window clipped to the screen, the window found in a snapshot.
import { describe, expect, it } from 'vitest';
import { canRefine, centrePoint, clipArea, gridCells, gridView, refineArea, windowArea, type GridArea } from '../../src/shared/mouse-grid.js';

const SCREEN: GridArea = { x: 0, y: 0, width: 1280, height: 800 };

describe('gridCells', () => {
  it.each<[string, GridArea, number, number, GridArea]>([
    ['the first cell of the screen', SCREEN, 3, 1, { x: 0, y: 0, width: 427, height: 267 }],
    ['the middle cell of the screen', SCREEN, 3, 5, { x: 427, y: 267, width: 426, height: 266 }],
    ['the last cell of the screen', SCREEN, 3, 9, { x: 853, y: 533, width: 427, height: 267 }],
    ['cell 3 is the top right', SCREEN, 3, 3, { x: 853, y: 0, width: 427, height: 267 }],
    ['cell 7 is the bottom left', SCREEN, 3, 7, { x: 0, y: 533, width: 427, height: 267 }],
    ['an offset area keeps its origin', { x: 100, y: 50, width: 90, height: 30 }, 3, 6, { x: 160, y: 60, width: 30, height: 10 }],
    ['a 2 × 2 grid', { x: 0, y: 0, width: 100, height: 100 }, 2, 4, { x: 50, y: 50, width: 50, height: 50 }],
    ['a size past 9 is 9', { x: 0, y: 0, width: 90, height: 90 }, 20, 81, { x: 80, y: 80, width: 10, height: 10 }],
  ])('%s', (_name, area, size, cell, expected) => {
    expect(gridCells(area, size)[cell - 1]).toEqual(expected);
  });

  it.each([2, 3, 4, 5, 9])('a %i × %i grid tiles the area exactly, cells numbered row by row', (size) => {
    const area = { x: 7, y: 11, width: 1001, height: 733 };
    const cells = gridCells(area, size);
    expect(cells).toHaveLength(size * size);
    expect(cells.reduce((sum, c) => sum + c.width * c.height, 0)).toBe(area.width * area.height);
    // Row by row: each row starts at the area's left edge, the next row lower than the last.
    for (let r = 0; r < size; r++) expect(cells[r * size]?.x).toBe(area.x);
    expect(cells.at(-1)).toMatchObject({ x: expect.any(Number) as number });
    const last = cells.at(-1) as GridArea;
    expect(last.x + last.width).toBe(area.x + area.width);
    expect(last.y + last.height).toBe(area.y + area.height);
  });
});

describe('refineArea', () => {
  it.each<[string, GridArea, number[], GridArea]>([
    ['no cell: the area itself', SCREEN, [], SCREEN],
    ['5: the middle cell', SCREEN, [5], { x: 427, y: 267, width: 426, height: 266 }],
    ['5 3: the top right of the middle cell', SCREEN, [5, 3], { x: 711, y: 267, width: 142, height: 89 }],
    ['1 1 1: towards the corner', SCREEN, [1, 1, 1], { x: 0, y: 0, width: 47, height: 30 }],
  ])('%s', (_name, area, path, expected) => {
    expect(refineArea(area, path)).toEqual({ ok: true, area: expected });
  });

  it.each<[string, number[], number]>([
    ['0 is no cell', [0], 0],
    ['10 is no cell of a 3 × 3 grid', [10], 10],
    ['a wrong number anywhere in the path', [5, 12], 12],
  ])('%s', (_name, path, cell) => {
    expect(refineArea(SCREEN, path)).toEqual({ ok: false, problem: { kind: 'no_such_cell', cell, last: 9 } });
  });

  it('stops where a cell would be smaller than 6 pixels, and says where it stopped', () => {
    const small = { x: 10, y: 10, width: 17, height: 30 };
    expect(canRefine(small)).toBe(false);
    expect(canRefine({ x: 0, y: 0, width: 18, height: 18 })).toBe(true);
    expect(refineArea(small, [5])).toEqual({ ok: false, problem: { kind: 'too_small', area: small } });
  });
});

describe('centrePoint', () => {
  it.each<[GridArea, { x: number; y: number }]>([
    [SCREEN, { x: 640, y: 400 }],
    [
      { x: 427, y: 267, width: 426, height: 266 },
      { x: 640, y: 400 },
    ],
    // Rounded down: an odd size keeps the point inside.
    [
      { x: 10, y: 20, width: 5, height: 3 },
      { x: 12, y: 21 },
    ],
    [
      { x: 10, y: 20, width: 1, height: 1 },
      { x: 10, y: 20 },
    ],
  ])('the centre of %j is %j', (area, point) => {
    expect(centrePoint(area)).toEqual(point);
  });
});

describe('clipArea', () => {
  it.each<[string, GridArea, GridArea | undefined]>([
    ['inside: itself', { x: 10, y: 10, width: 100, height: 100 }, { x: 10, y: 10, width: 100, height: 100 }],
    ['partly off the left and top', { x: -50, y: -20, width: 100, height: 100 }, { x: 0, y: 0, width: 50, height: 80 }],
    ['partly off the right', { x: 1200, y: 700, width: 200, height: 200 }, { x: 1200, y: 700, width: 80, height: 100 }],
    ['wholly off the screen', { x: 1300, y: 0, width: 100, height: 100 }, undefined],
  ])('%s', (_name, area, expected) => {
    expect(clipArea(area, SCREEN)).toEqual(expected);
  });
});

describe('windowArea', () => {
  const b = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });
  it.each<[string, { role: string; bounds: GridArea | null }[], GridArea | undefined]>([
    [
      'the first window',
      [
        { role: 'application', bounds: null },
        { role: 'window', bounds: b(0, 0, 520, 320) },
        { role: 'button', bounds: b(5, 5, 50, 20) },
      ],
      b(0, 0, 520, 320),
    ],
    ['a dialog counts', [{ role: 'dialog', bounds: b(100, 100, 300, 200) }], b(100, 100, 300, 200)],
    [
      'a window without a size is skipped',
      [
        { role: 'window', bounds: b(0, 0, 0, 0) },
        { role: 'window', bounds: b(1, 2, 3, 4) },
      ],
      b(1, 2, 3, 4),
    ],
    ['no window', [{ role: 'button', bounds: b(5, 5, 50, 20) }], undefined],
  ])('%s', (_name, elements, expected) => {
    expect(windowArea(elements)).toEqual(expected);
  });
});

describe('gridView', () => {
  it('the cells as marks, numbered 1 to 9, marked as a grid', () => {
    const view = gridView(SCREEN, 'the screen');
    expect(view.grid).toBe(true);
    expect(view.app).toBe('the screen');
    expect(view.marks.map((m) => m.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(view.marks[4]).toEqual({ id: 5, role: 'grid cell', label: 'cell 5', x: 427, y: 267, width: 426, height: 266 });
  });
});
