import { describe, expect, it } from 'vitest';
import type { OverlayMark, OverlayView } from '../../src/shared/contracts/ipc-contract.js';
import { rankedMarkTree } from '../../src/panel/switch/ranked-marks.js';
import { markIds, scanTree, type ScanContext, type ScanNode } from '../../src/panel/switch/switch-scan.js';
import { noteTarget, rankTargets, type TargetUse } from '../../src/shared/scan-ranking.js';

const mark = (id: number, label: string, role = 'button'): OverlayMark => ({ id, role, label, x: id * 40, y: 10, width: 30, height: 20 });
const marks = Array.from({ length: 20 }, (_, i) => mark(i + 1, `B${i + 1}`));
const idle: ScanContext = { busy: false, options: [], recent: [], quick: [] };

/** One-switch scan steps to a mark: each list's position + 1, summed. */
function stepsTo(nodes: readonly ScanNode[], id: number): number {
  for (const [i, n] of nodes.entries()) {
    if (n.type === 'item' && n.action.kind === 'mark' && n.action.id === id) return i + 1;
    if (n.type === 'group' && markIds(n, true).includes(id)) return i + 1 + stepsTo(n.children, id);
  }
  return Number.NaN;
}

function allIds(nodes: readonly ScanNode[]): number[] {
  return nodes.flatMap((n) => markIds(n, true));
}

/** The view as the core sends it after these picks (by label) in the app. */
function viewAfter(picked: readonly string[]): OverlayView {
  const history = picked.reduce<TargetUse[]>((h, label, t) => noteTarget(h, { role: 'button', label }, t), []);
  return { app: 'Mail', marks, ranked: rankTargets(marks, { history }) };
}

describe('rankedMarkTree', () => {
  it('gives nothing while the view carries no ranking (the rows are scanned then), nor for the grid', () => {
    expect(rankedMarkTree({ app: 'Mail', marks })).toBeUndefined();
    expect(rankedMarkTree({ app: 'Mail', marks, ranked: [] })).toBeUndefined();
    expect(rankedMarkTree({ app: 'Mail', marks, grid: true, ranked: [{ id: 1, p: 1 }] })).toBeUndefined();
  });

  it('puts the marks the core ranks first, the rest in Huffman-style groups, every mark once', () => {
    const tree = rankedMarkTree(viewAfter(['B7', 'B12', 'B7']))!;
    expect(tree[0]).toMatchObject({ type: 'item', label: '7 B7', action: { kind: 'mark', id: 7 } });
    // The next likeliest is reached in fewer steps than any mark never chosen.
    for (const m of marks) if (m.id !== 7 && m.id !== 12) expect(stepsTo(tree, 12)).toBeLessThan(stepsTo(tree, m.id));
    expect(allIds(tree).sort((a, b) => a - b)).toEqual(marks.map((m) => m.id));
    const group = tree.find((n) => n.type === 'group');
    expect(group?.label).toMatch(/^Numbers \d+, \d+, \d+, \d+ and \d+ more$/);
  });

  it('scans only numbers shown, each once, and every number shown even when the ranking leaves it out', () => {
    const tree = rankedMarkTree({
      app: 'Mail',
      marks: marks.slice(0, 5),
      ranked: [
        { id: 4, p: 0.6 },
        { id: 99, p: 0.2 },
        { id: 4, p: 0.1 },
        { id: 2, p: 0.1 },
      ],
    })!;
    expect(tree[0]).toMatchObject({ label: '4 B4' });
    expect(allIds(tree).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
  });

  it('is what the scan offers with the numbers shown, then Hide numbers, then Forget my choices (which sends the words that ask first)', () => {
    const view = viewAfter(['B4']);
    const tree = scanTree({ ...idle, overlay: view, rankedMarks: rankedMarkTree(view)! });
    expect(tree[0]?.label).toBe('4 B4');
    expect(tree.slice(-2)).toEqual([
      { type: 'item', label: 'Hide numbers', action: { kind: 'run', command: 'hide numbers' } },
      { type: 'item', label: 'Forget my choices', action: { kind: 'run', command: 'forget my choices' } },
    ]);
  });
});
