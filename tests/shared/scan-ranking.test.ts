import { describe, expect, it } from 'vitest';
import { huffmanGroups, stepsTo } from '../../src/shared/scan-grouping.js';
import { noteTarget, rankTargets, type RankElement } from '../../src/shared/scan-ranking.js';

const screen: RankElement[] = [
  { id: 1, role: 'text', label: 'Weather in Leeds' },
  { id: 2, role: 'button', label: 'Back' },
  { id: 3, role: 'slider', label: 'Volume' },
  { id: 4, role: 'button', label: 'Reload' },
  { id: 5, role: 'text_field', label: 'Address' },
];

describe('rankTargets', () => {
  it('with nothing known, orders by role, the screen order breaking ties, probabilities summing to 1', () => {
    const ranked = rankTargets(screen);
    expect(ranked.map((r) => r.id)).toEqual([2, 4, 5, 3, 1]);
    expect(ranked.reduce((s, r) => s + r.p, 0)).toBeCloseTo(1, 10);
  });

  it('puts the targets chosen before in this app first, the more frequent before the less', () => {
    let history = noteTarget([], { role: 'slider', label: 'Volume' }, 1);
    history = noteTarget(history, { role: 'text_field', label: 'address' }, 2);
    history = noteTarget(history, { role: 'slider', label: 'Volume' }, 3);
    const ranked = rankTargets(screen, { history });
    expect(ranked.slice(0, 2).map((r) => r.id)).toEqual([3, 5]);
    expect(ranked[0]!.p).toBeGreaterThan(ranked[2]!.p * 3);
  });

  it('follows the planner order and the element under the last action', () => {
    expect(
      rankTargets(screen, { plannerOrder: [1, 3] })
        .slice(0, 2)
        .map((r) => r.id),
    ).toEqual([1, 3]);
    expect(rankTargets(screen, { lastTargetId: 5 })[0]!.id).toBe(5);
  });

  it('merges the evidence: a command’s candidates before a habit, a habit before the rest', () => {
    let history = noteTarget([], { role: 'button', label: 'Back' }, 1);
    for (let t = 2; t < 6; t++) history = noteTarget(history, { role: 'button', label: 'Back' }, t);
    expect(
      rankTargets(screen, { history, plannerOrder: [4] })
        .map((r) => r.id)
        .slice(0, 3),
    ).toEqual([4, 2, 5]);
  });

  it('on a screen of 150 buttons, the planner’s first candidate takes at most 2 steps, the second at most 3', () => {
    const many: RankElement[] = Array.from({ length: 150 }, (_, i) => ({ id: i + 1, role: 'button', label: `Item ${i + 1}` }));
    const tree = huffmanGroups(rankTargets(many, { plannerOrder: [77, 140] }));
    expect(stepsTo(tree, 77)).toBeLessThanOrEqual(2);
    expect(stepsTo(tree, 140)).toBeLessThanOrEqual(3);
    // Without the candidates, an element there takes more than 3 steps.
    expect(stepsTo(huffmanGroups(rankTargets(many)), 77)).toBeGreaterThan(3);
  });
});

describe('noteTarget', () => {
  it('counts a target again by role and label (case ignored), the latest first, keeping a bounded list', () => {
    let h = noteTarget([], { role: 'button', label: 'Send' }, 1);
    h = noteTarget(h, { role: 'button', label: 'send ' }, 2);
    expect(h).toEqual([{ role: 'button', label: 'send ', count: 2, last: 2 }]);
    for (let i = 0; i < 10; i++) h = noteTarget(h, { role: 'button', label: `B${i}` }, 10 + i, 4);
    expect(h.map((u) => u.label)).toEqual(['B9', 'B8', 'B7', 'B6']);
  });
});
