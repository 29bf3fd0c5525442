import { describe, expect, it } from 'vitest';
import { MAX_ARITY, expectedCost, huffmanGroups, pathTo, stepsTo, type ScanShape } from '../../src/shared/scan-grouping.js';

function ids(shapes: readonly ScanShape[]): number[] {
  return shapes.flatMap((s) => ('id' in s ? [s.id] : ids(s.children)));
}
function widest(shapes: readonly ScanShape[]): number {
  return Math.max(shapes.length, ...shapes.map((s) => ('id' in s ? 0 : widest(s.children))));
}

describe('huffmanGroups', () => {
  it('keeps every entry once, no list longer than MAX_ARITY', () => {
    const ranked = Array.from({ length: 60 }, (_, i) => ({ id: i + 1, p: 1 / 60 }));
    const tree = huffmanGroups(ranked);
    expect(ids(tree).sort((a, b) => a - b)).toEqual(ranked.map((r) => r.id));
    expect(widest(tree)).toBeLessThanOrEqual(MAX_ARITY);
  });

  it('puts a likely entry first at the top, where one step reaches it', () => {
    const ranked = [{ id: 7, p: 0.6 }, ...Array.from({ length: 30 }, (_, i) => ({ id: 100 + i, p: 0.4 / 30 }))];
    const tree = huffmanGroups(ranked);
    expect(tree[0]).toEqual({ id: 7 });
    expect(stepsTo(tree, 7)).toBe(1);
  });

  it('takes fewer expected steps than row/column scanning of the same 60 entries when a few are likely', () => {
    const ranked = Array.from({ length: 60 }, (_, i) => ({ id: i + 1, p: i < 3 ? 0.2 : 0.4 / 57 }));
    const p = new Map(ranked.map((r) => [r.id, r.p]));
    const rows: ScanShape[] = [];
    for (let r = 0; r < 60; r += 8) rows.push({ children: ranked.slice(r, r + 8).map((e) => ({ id: e.id })) });
    expect(expectedCost(huffmanGroups(ranked), p, 0, 0)).toBeLessThan(expectedCost(rows, p, 0, 0));
  });

  it('gives a single entry as itself, and none for none', () => {
    expect(huffmanGroups([{ id: 3, p: 1 }])).toEqual([{ id: 3 }]);
    expect(huffmanGroups([])).toEqual([]);
  });
});

describe('pathTo and stepsTo', () => {
  const tree: ScanShape[] = [{ id: 1 }, { children: [{ id: 2 }, { children: [{ id: 3 }, { id: 4 }] }] }];
  it('give the position in each list entered, and the steps', () => {
    expect(pathTo(tree, 4)).toEqual([
      { index: 1, size: 2 },
      { index: 1, size: 2 },
      { index: 1, size: 2 },
    ]);
    expect(stepsTo(tree, 4)).toBe(6);
    expect(stepsTo(tree, 1)).toBe(1);
    expect(pathTo(tree, 9)).toBeUndefined();
  });
});
