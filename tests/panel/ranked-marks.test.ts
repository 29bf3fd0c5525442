import { describe, expect, it } from 'vitest';
import type { OverlayMark } from '../../src/shared/contracts/ipc-contract.js';
import { EMPTY_MEMORY, rankedMarkTree, rememberMark } from '../../src/panel/switch/ranked-marks.js';
import { markIds, scanTree, type ScanContext, type ScanNode } from '../../src/panel/switch/switch-scan.js';

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

describe('rankedMarkTree', () => {
  it('gives nothing while nothing is known of the app (the rows are scanned then)', () => {
    expect(rankedMarkTree('Mail', marks, EMPTY_MEMORY)).toBeUndefined();
    const other = rememberMark(EMPTY_MEMORY, 'Editor', mark(3, 'Save'), 1);
    expect(rankedMarkTree('Mail', marks, other)).toBeUndefined();
  });

  it('puts the marks chosen before in this app first, by role and label (ids change between screens), every mark once', () => {
    let memory = rememberMark(EMPTY_MEMORY, 'Mail', mark(99, 'B7'), 1);
    memory = rememberMark(memory, 'Mail', mark(98, 'B12'), 2);
    memory = rememberMark(memory, 'Mail', mark(97, 'B7'), 3);
    const tree = rankedMarkTree('Mail', marks, memory)!;
    expect(tree[0]).toMatchObject({ type: 'item', label: '7 B7', action: { kind: 'mark', id: 7 } });
    // The next likeliest is reached in fewer steps than any mark never chosen.
    for (const m of marks) if (m.id !== 7 && m.id !== 12) expect(stepsTo(tree, 12)).toBeLessThan(stepsTo(tree, m.id));
    expect(allIds(tree).sort((a, b) => a - b)).toEqual(marks.map((m) => m.id));
    const group = tree.find((n) => n.type === 'group');
    expect(group?.label).toMatch(/^Numbers \d+, \d+, \d+, \d+ and \d+ more$/);
  });

  it('is what the scan offers with the numbers shown, then Hide numbers', () => {
    const memory = rememberMark(EMPTY_MEMORY, 'Mail', mark(50, 'B4'), 1);
    const rankedMarks = rankedMarkTree('Mail', marks, memory)!;
    const tree = scanTree({ ...idle, overlay: { app: 'Mail', marks }, rankedMarks });
    expect(tree[0]?.label).toBe('4 B4');
    expect(tree.at(-1)?.label).toBe('Hide numbers');
  });
});
