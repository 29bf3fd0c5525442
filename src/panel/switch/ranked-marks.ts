/**
 * The numbered marks scanned likeliest first (issue #31): the core ranks them (src/core/scan-picks.ts:
 * the user's picks in this app, kept across restarts, the element under the last action, the names
 * closest to a click that found nothing) and the view carries the ranking; here it becomes
 * Huffman-style groups (src/shared/scan-grouping.ts). While nothing is known the view carries no
 * ranking and the marks are scanned row by row (switch-scan.ts): a ranking by role alone takes no
 * fewer steps (npm run bench), and rows follow the layout the user sees. The numbers stay by
 * position either way: only the order of the scan changes.
 */
import type { OverlayMark, OverlayView } from '../../shared/contracts/ipc-contract.js';
import { huffmanGroups, type ScanShape } from '../../shared/scan-grouping.js';
import { markItem, type ScanNode } from './switch-scan.js';

function groupLabel(ids: readonly number[]): string {
  const shown = ids.slice(0, 4).join(', ');
  return ids.length > 4 ? `Numbers ${shown} and ${ids.length - 4} more` : `Numbers ${shown}`;
}

function toNodes(shapes: readonly ScanShape[], marks: ReadonlyMap<number, OverlayMark>): ScanNode[] {
  return shapes.flatMap((s): ScanNode[] => {
    if ('id' in s) {
      const m = marks.get(s.id);
      return m ? [markItem(m)] : [];
    }
    const children = toNodes(s.children, marks);
    const ids = children.flatMap(function idsOf(c): number[] {
      return c.type === 'item' ? (c.action.kind === 'mark' ? [c.action.id] : []) : c.children.flatMap(idsOf);
    });
    return children.length === 1 && children[0] ? [children[0]] : [{ type: 'group', label: groupLabel(ids), children }];
  });
}

/** The marks likeliest first in Huffman-style groups, or undefined while the view carries no ranking (the rows are scanned). */
export function rankedMarkTree(view: OverlayView): ScanNode[] | undefined {
  if (view.grid || !view.ranked || view.ranked.length === 0) return undefined;
  const marks = new Map(view.marks.map((m) => [m.id, m]));
  // Only numbers shown, each once, and every number shown: what the ranking misses comes last.
  const seen = new Set<number>();
  const ranked = view.ranked.filter((r) => marks.has(r.id) && !seen.has(r.id) && seen.add(r.id));
  const rest = view.marks.filter((m) => !seen.has(m.id)).map((m) => ({ id: m.id, p: 0 }));
  return toNodes(huffmanGroups([...ranked, ...rest]), marks);
}
