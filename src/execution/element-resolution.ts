/**
 * Element resolution by label: which element of a snapshot a planner's `{label, role?}` means.
 *
 * Ranking, in order: visible and enabled elements first; then the quality of the match (exact, then
 * case-insensitive, then prefix, then contains; the name before the description); then elements that
 * offer an action. A button and the text label inside it with the same name count once (the outer,
 * actionable one). When the best rank is shared by several elements the answer is a question with
 * options, never a guess.
 */
import { normaliseLabel } from '../shared/text/label-text.js';
import type { Role } from '../shared/roles.js';
import type { AxElement } from './accessibility/types.js';
import { quote } from '../shared/text/quote.js';

/** Roles a planner's role also accepts: a "button" may be a toggle button, a "field" a search field. */
const ROLE_FAMILIES: ReadonlyArray<ReadonlySet<Role>> = [
  new Set<Role>(['button', 'toggle_button']),
  new Set<Role>(['text_field', 'search_field', 'text_area', 'password_field', 'combo_box']),
  new Set<Role>(['check_box', 'switch']),
  new Set<Role>(['list_item', 'tree_item', 'row', 'cell']),
  new Set<Role>(['menu', 'menu_item']),
  new Set<Role>(['dialog', 'alert', 'window']),
];

export function roleMatches(wanted: Role, actual: Role): boolean {
  if (wanted === actual) return true;
  return ROLE_FAMILIES.some((family) => family.has(wanted) && family.has(actual));
}

/** Roles that are acted on even when the platform lists no action for them. */
const INTERACTIVE_ROLES: ReadonlySet<Role> = new Set<Role>([
  'button',
  'toggle_button',
  'check_box',
  'radio_button',
  'switch',
  'link',
  'menu_item',
  'menu',
  'combo_box',
  'list_item',
  'tree_item',
  'tab',
  'text_field',
  'password_field',
  'search_field',
  'text_area',
  'slider',
  'spin_button',
]);

export function isActionable(el: AxElement): boolean {
  return el.actions.length > 0 || INTERACTIVE_ROLES.has(el.role);
}

export function isVisible(el: AxElement): boolean {
  const shown = el.states.includes('showing') || el.states.includes('visible');
  return shown && el.bounds !== null && el.bounds.width > 0 && el.bounds.height > 0;
}

export function isEnabled(el: AxElement): boolean {
  return el.states.includes('enabled');
}

/**
 * Folds case, white space, compatibility forms (full-width letters) and invisible characters, and
 * drops trailing ellipses and colons ("Save As…" ~ "save as", "Dele\u00ADte" ~ "delete").
 */
export function normalizeLabel(text: string): string {
  return normaliseLabel(text).text.replace(/(?:\s*(?:…|\.\.\.|:))+$/u, '');
}

/** 0 exact, 1 case-insensitive, 2 prefix, 3 contains; undefined when it does not match at all. */
function matchTier(text: string, label: string, normalizedLabel: string): number | undefined {
  if (text.length === 0) return undefined;
  if (text.trim() === label.trim()) return 0;
  const t = normalizeLabel(text);
  if (t.length === 0 || normalizedLabel.length === 0) return undefined;
  if (t === normalizedLabel) return 1;
  if (t.startsWith(normalizedLabel)) return 2;
  if (t.includes(normalizedLabel)) return 3;
  return undefined;
}

export interface LabelQuery {
  readonly label: string;
  readonly role?: Role;
}

export type Resolution =
  | { readonly kind: 'found'; readonly element: AxElement }
  | {
      readonly kind: 'ambiguous';
      /** "There are 3 buttons named “OK” — which one?" */
      readonly question: string;
      /** One short option per candidate, in the same order as `candidates`. */
      readonly options: readonly string[];
      readonly candidates: readonly AxElement[];
    }
  | { readonly kind: 'not_found'; readonly message: string };

interface Candidate {
  readonly el: AxElement;
  readonly usable: boolean;
  /** tier × 2, plus 1 when only the description matched. Lower is better. */
  readonly rank: number;
}

const MAX_OPTIONS = 6;
/** A label quoted in a question is shortened past this many characters. */
const LABEL_QUOTE_MAX = 40;

function candidatesFor(elements: readonly AxElement[], query: LabelQuery, roleFilter: boolean): Candidate[] {
  const normalized = normalizeLabel(query.label);
  const out: Candidate[] = [];
  for (const el of elements) {
    if (roleFilter && query.role && !roleMatches(query.role, el.role)) continue;
    const byName = matchTier(el.name, query.label, normalized);
    const byDescription = matchTier(el.description, query.label, normalized);
    const rank = Math.min(byName === undefined ? Infinity : byName * 2, byDescription === undefined ? Infinity : byDescription * 2 + 1);
    if (rank === Infinity) continue;
    out.push({ el, usable: isVisible(el) && isEnabled(el), rank });
  }
  return out;
}

function best(cands: readonly Candidate[]): Candidate[] {
  if (cands.length === 0) return [];
  const anyUsable = cands.some((c) => c.usable);
  const pool = anyUsable ? cands.filter((c) => c.usable) : cands;
  const top = Math.min(...pool.map((c) => c.rank));
  return pool.filter((c) => c.rank === top);
}

/** Drops candidates whose ancestor is also a candidate: the text inside a button is the button. */
function collapseNested(cands: readonly Candidate[], byId: ReadonlyMap<number, AxElement>): Candidate[] {
  const ids = new Set(cands.map((c) => c.el.id));
  return cands.filter((c) => {
    let parent = c.el.parent;
    for (let guard = 0; parent !== null && guard < 1000; guard++) {
      if (ids.has(parent)) return false;
      parent = byId.get(parent)?.parent ?? null;
    }
    return true;
  });
}

function pluralRole(cands: readonly Candidate[]): string {
  const roles = new Set(cands.map((c) => c.el.role));
  if (roles.size !== 1) return 'elements';
  const role = [...roles][0]!.replace(/_/g, ' ');
  return role.endsWith('s') || role.endsWith('x') ? `${role}es` : `${role}s`;
}

/** Where an element is, in words: its nearest named window, dialog or group, else its position. */
function context(el: AxElement, byId: ReadonlyMap<number, AxElement>): string {
  let parent = el.parent === null ? undefined : byId.get(el.parent);
  for (let guard = 0; parent && guard < 1000; guard++) {
    if (parent.name && parent.name !== el.name && ['window', 'dialog', 'alert', 'group', 'toolbar', 'tab', 'list', 'menu'].includes(parent.role)) {
      return `in ${quote(parent.name, 28)}`;
    }
    parent = parent.parent === null ? undefined : byId.get(parent.parent);
  }
  return el.bounds ? `at ${Math.round(el.bounds.x)}, ${Math.round(el.bounds.y)}` : `element ${el.id}`;
}

/** Resolves `{label, role?}` among a snapshot's elements. */
export function resolveByLabel(elements: readonly AxElement[], query: LabelQuery): Resolution {
  const byId = new Map(elements.map((e) => [e.id, e] as const));
  let cands = candidatesFor(elements, query, true);
  // The planner's role is a hint: when nothing of that role matches, an exact name still counts.
  if (cands.length === 0 && query.role) cands = candidatesFor(elements, query, false).filter((c) => c.rank <= 2);
  if (cands.length === 0) {
    const what = query.role
      ? `${query.role.replace(/_/g, ' ')} named ${quote(query.label, LABEL_QUOTE_MAX)}`
      : `element named ${quote(query.label, LABEL_QUOTE_MAX)}`;
    return { kind: 'not_found', message: `There is no ${what} on screen.` };
  }
  let top = collapseNested(best(cands), byId);
  if (top.length > 1 && top.some((c) => isActionable(c.el))) top = top.filter((c) => isActionable(c.el));
  if (top.length === 1) return { kind: 'found', element: top[0]!.el };

  const shown = top.slice(0, MAX_OPTIONS);
  const options = shown.map((c) => `${quote(c.el.name || c.el.description, 20)} ${context(c.el, byId)}`);
  // Two options that read the same would be no help: number them instead.
  const unique = new Set(options).size === options.length ? options : options.map((o, i) => `${i + 1}: ${o}`);
  return {
    kind: 'ambiguous',
    question: `There are ${top.length} ${pluralRole(top)} named ${quote(query.label, LABEL_QUOTE_MAX)} — which one?`,
    options: unique,
    candidates: shown.map((c) => c.el),
  };
}
