/**
 * The numbered marks scanned likeliest first (issue #31): the marks ranked (src/shared/scan-ranking.ts)
 * from this app's targets chosen before and the last one, in Huffman-style groups
 * (src/shared/scan-grouping.ts). With nothing known of the app yet, the marks are scanned row by
 * row instead (switch-scan.ts): a ranking by role alone takes no fewer steps (npm run bench), and
 * rows follow the layout the user sees.
 */
import type { OverlayMark } from '../../shared/contracts/ipc-contract.js';
import { huffmanGroups, type ScanShape } from '../../shared/scan-grouping.js';
import { noteTarget, rankTargets, targetKey, type TargetUse } from '../../shared/scan-ranking.js';
import type { ScanItem, ScanNode } from './switch-scan.js';

/** What the panel remembers of the marks chosen by switch, per app (the panel's memory only: gone when it restarts). */
export interface MarkMemory {
  readonly byApp: ReadonlyMap<string, readonly TargetUse[]>;
  /** The mark chosen last (the element under the last action), by app, role and label. */
  readonly last?: { readonly app: string; readonly role: string; readonly label: string };
}

export const EMPTY_MEMORY: MarkMemory = { byApp: new Map() };

/** The memory after `mark` of `app` was chosen at `now`. */
export function rememberMark(memory: MarkMemory, app: string, mark: OverlayMark, now: number): MarkMemory {
  const byApp = new Map(memory.byApp);
  byApp.set(app, noteTarget(byApp.get(app) ?? [], mark, now));
  return { byApp, last: { app, role: mark.role, label: mark.label } };
}

function markItem(m: OverlayMark): ScanItem {
  return { type: 'item', label: `${m.id} ${m.label || m.role}`.trim(), action: { kind: 'mark', id: m.id } };
}

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
    return [{ type: 'group', label: groupLabel(ids), children }];
  });
}

/** The marks likeliest first in Huffman-style groups, or undefined while nothing is known of `app`. */
export function rankedMarkTree(app: string, marks: readonly OverlayMark[], memory: MarkMemory): ScanNode[] | undefined {
  const history = memory.byApp.get(app);
  if (!history || history.length === 0) return undefined;
  const last = memory.last?.app === app ? memory.last : undefined;
  const lastMark = last ? marks.find((m) => targetKey(m) === targetKey(last)) : undefined;
  const ranked = rankTargets(marks, { history, ...(lastMark ? { lastTargetId: lastMark.id } : {}) });
  return toNodes(huffmanGroups(ranked), new Map(marks.map((m) => [m.id, m])));
}
