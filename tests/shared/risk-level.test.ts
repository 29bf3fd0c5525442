// The risk ladder: the gate compares levels by rank, so the order is the contract.
import { describe, expect, it } from 'vitest';
import { RISK_LEVELS, riskRank } from '../../src/shared/risk-level.js';

describe('riskRank', () => {
  it('ranks harmless < moderate < destructive < blocked', () => {
    expect(RISK_LEVELS.map(riskRank)).toEqual([0, 1, 2, 3]);
    expect(riskRank('harmless')).toBeLessThan(riskRank('moderate'));
    expect(riskRank('moderate')).toBeLessThan(riskRank('destructive'));
    expect(riskRank('destructive')).toBeLessThan(riskRank('blocked'));
  });

  it('gives every level a rank of its own (no level is missing from the ladder)', () => {
    const ranks = RISK_LEVELS.map(riskRank);
    expect(new Set(ranks).size).toBe(RISK_LEVELS.length);
    expect(ranks.every((r) => r >= 0)).toBe(true);
  });
});
