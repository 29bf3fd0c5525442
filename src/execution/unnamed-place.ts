/**
 * How an observation names a control the app gave no name (issue #29 item 3): by what it shows and
 * where it is. `no name, icon "document-save", at the top right of the toolbar "Format", 3rd of 5
 * buttons there`. A tooltip or description comes first and needs none of this (the app's
 * description is then its label); a named image inside it is its icon; its place is said relative
 * to the nearest toolbar, menu, list, dialog or window around it (thirds of that container: left,
 * middle, right; top, middle, bottom; one direction for a long thin one), and its rank among the
 * container's controls of the same role in reading order.
 */
import type { AxElement, Bounds } from './accessibility/types.js';
import { isActionable } from './element-resolution.js';
import { readingOrder } from './reading-order.js';
import type { Role } from '../shared/roles.js';
import { ordinal } from '../shared/text/ordinal.js';

/** Containers that say where a control is, the innermost around it first. */
export const PLACE_ROLES: ReadonlySet<Role> = new Set<Role>([
  'toolbar',
  'menu_bar',
  'menu',
  'status_bar',
  'tab_list',
  'list',
  'table',
  'tree',
  'dialog',
  'alert',
  'window',
]);
const NAME_MAX = 40;

export interface UnnamedPlace {
  /** The words after the role: `no name, at the left of the toolbar "Format", 1st of 6 buttons there`. */
  readonly text: string;
  /** The container its place is said in, and its rank there among controls of its role (1-based). */
  readonly container?: AxElement;
  readonly rank?: number;
  readonly of?: number;
}

const shown = (e: AxElement): boolean => e.states.includes('showing') || e.states.includes('visible');
const sized = (b: Bounds | null): b is Bounds => b !== null && b.width > 0 && b.height > 0;
const flat = (text: string): string => {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > NAME_MAX ? `${t.slice(0, NAME_MAX - 1)}…` : t;
};

/** "button" → "buttons", "check_box" → "check boxes". */
export function rolePlural(role: Role, n: number): string {
  const words = role.replace(/_/g, ' ');
  if (n === 1) return words;
  return /(x|s|ch|sh)$/.test(words) ? `${words}es` : `${words}s`;
}

/** Where a point lies in a container, in thirds: "top right", "left", "middle". */
function position(el: Bounds, box: Bounds): string {
  const fx = (el.x + el.width / 2 - box.x) / box.width;
  const fy = (el.y + el.height / 2 - box.y) / box.height;
  const h = fx < 1 / 3 ? 'left' : fx > 2 / 3 ? 'right' : 'middle';
  const v = fy < 1 / 3 ? 'top' : fy > 2 / 3 ? 'bottom' : 'middle';
  if (box.width >= 3 * box.height) return h;
  if (box.height >= 3 * box.width) return v;
  if (v === 'middle') return h;
  return h === 'middle' ? v : `${v} ${h}`;
}

/** The children of each element of a tree, by its id, in tree order. */
export function childrenByParent(elements: readonly AxElement[]): Map<number, AxElement[]> {
  const children = new Map<number, AxElement[]>();
  for (const e of elements) {
    if (e.parent === null) continue;
    const list = children.get(e.parent);
    if (list) list.push(e);
    else children.set(e.parent, [e]);
  }
  return children;
}

/** The first named image among an element's descendants (its icon), breadth first, a few levels down. */
export function iconOf(el: AxElement, children: ReadonlyMap<number, readonly AxElement[]>): string | undefined {
  let level: readonly AxElement[] = children.get(el.id) ?? [];
  for (let depth = 0; depth < 3 && level.length > 0; depth++) {
    const icon = level.find((c) => c.role === 'image' && (c.name || c.description));
    if (icon) return icon.name || icon.description;
    level = level.flatMap((c) => children.get(c.id) ?? []);
  }
  return undefined;
}

/**
 * The controls of `role` shown inside the elements `roots` (not counting them), in reading order: the
 * rank an unnamed control is said by here, and the one "the third button in the toolbar" finds
 * (ordinal-target.ts).
 */
export function controlsUnder(roots: readonly number[], role: Role, children: ReadonlyMap<number, readonly AxElement[]>): AxElement[] {
  const found: AxElement[] = [];
  const walk = (id: number, depth: number): void => {
    for (const c of children.get(id) ?? []) {
      if (c.role === role && shown(c) && sized(c.bounds) && isActionable(c)) found.push(c);
      else if (depth < 12) walk(c.id, depth + 1);
    }
  };
  for (const id of roots) walk(id, 0);
  return readingOrder(found);
}

/** How to say where an unnamed control is and what it shows. */
export function unnamedPlace(
  el: AxElement,
  byId: ReadonlyMap<number, AxElement>,
  children: ReadonlyMap<number, readonly AxElement[]>,
  /** Peers by container and role, shared by the calls of one observation. */
  peersCache: Map<string, AxElement[]> = new Map(),
): UnnamedPlace {
  const parts = ['no name'];
  const icon = iconOf(el, children);
  if (icon) parts.push(`icon ${JSON.stringify(flat(icon))}`);
  let container = el.parent === null ? undefined : byId.get(el.parent);
  for (let guard = 0; container && guard < 1000; guard++) {
    if (PLACE_ROLES.has(container.role) && sized(container.bounds)) break;
    container = container.parent === null ? undefined : byId.get(container.parent);
  }
  if (!container || !sized(el.bounds) || !sized(container.bounds)) return { text: parts.join(', ') };
  const what = `the ${container.role.replace(/_/g, ' ')}${container.name && container.role !== 'window' ? ` ${JSON.stringify(flat(container.name))}` : ''}`;
  parts.push(`at the ${position(el.bounds, container.bounds)} of ${what}`);
  const key = `${container.id} ${el.role}`;
  const peers = peersCache.get(key) ?? controlsUnder([container.id], el.role, children);
  peersCache.set(key, peers);
  const rank = peers.indexOf(el) + 1;
  if (rank === 0) return { text: parts.join(', '), container };
  parts.push(`${ordinal(rank)} of ${peers.length} ${rolePlural(el.role, peers.length)} there`);
  return { text: parts.join(', '), container, rank, of: peers.length };
}
