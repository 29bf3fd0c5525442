import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../../src/eval/corpus.js';
import { DEFAULT_USER, rowColumnShape, select, seeded, simulateScreen } from '../../src/eval/scan-simulator.js';
import { stepsTo } from '../../src/shared/scan-grouping.js';

const median = (v: readonly number[]): number => [...v].sort((a, b) => a - b)[v.length >> 1] ?? NaN;

describe('the switch-user simulator', () => {
  it('lays out row/column as the panel groups rows: 60 elements take about 9 steps on average', () => {
    const ids = Array.from({ length: 60 }, (_, i) => i + 1);
    const shape = rowColumnShape(ids);
    const mean = ids.reduce((s, id) => s + (stepsTo(shape, id) ?? NaN), 0) / ids.length;
    expect(mean).toBeGreaterThan(7);
    expect(mean).toBeLessThan(11);
  });

  it('counts the steps of the path, and a miss as a round of the list', () => {
    const shape = rowColumnShape([1, 2, 3, 4]);
    const sure = { ...DEFAULT_USER, reactionSigma: 0, missProbability: 0 };
    expect(select(shape, 4, sure, seeded(1))).toEqual({ steps: 4, ms: 2 * (1000 + 1500 + 600) });
    const clumsy = { ...sure, missProbability: 1 };
    // Three rounds missed in each list of two, then the press is taken.
    expect(select(shape, 1, clumsy, seeded(1)).steps).toBe(2 * (3 * 2 + 1));
  });

  it('on the corpus, the ranked scan takes fewer steps than row/column when most targets are habitual', () => {
    const corpus = loadCorpus(fileURLToPath(new URL('../../eval/corpus', import.meta.url)));
    const rc: number[] = [];
    const rk: number[] = [];
    for (const screen of corpus.screens.values()) {
      const f = simulateScreen(screen.elements, { habitShare: 0.8, habits: 5 });
      rc.push(...f.rowColumn.map((s) => s.steps));
      rk.push(...f.ranked.map((s) => s.steps));
    }
    expect(median(rk)).toBeLessThanOrEqual(3);
    expect(median(rk)).toBeLessThan(median(rc));
  });
});
