/**
 * The observation serializer: the element list a planner sees, compact and bounded.
 *
 * One line per element: `12 button "Send" disabled`. What fits the token budget is chosen by
 * priority: the focused element, then what is on screen (its bounds meet the visible part of its
 * window, and of its web page or document) — controls first, then links, then named text that
 * gives context —, then elements that give no bounds, then what is scrolled out of view. The chosen
 * elements are listed in reading order (top to bottom, left to right by bounds): the on-screen ones,
 * then those without bounds, then the off-screen ones. Hidden elements are left out. A text label
 * that only repeats the name of the field beside it is left out; a field with no name of its own is
 * shown with the label before it (`labelled "Email"`); a control with no name at all by what it shows
 * and where it is (`button (no name, at the left of the toolbar "Format", 1st of 6 buttons there)`,
 * unnamed-place.ts), so it can still be named by its number. Ids are short (1, 2, 3 … in listing order),
 * are what "click 12" and the numbered overlay use, and map back to the snapshot's element. What
 * did not fit is counted in a closing note that says how to reach it (scroll, or name it). A secure
 * field's value is `[secure]`: it never leaves the machine. Names are JSON-quoted and shortened, so
 * screen text cannot break the format (what it says is data; the system prompt tells the planner so).
 */
import type { AxElement, AxSnapshot, Bounds } from './accessibility/types.js';
import { isActionable, isEnabled, normalizeLabel } from './element-resolution.js';
import { TEXT_ENTRY_ROLES } from '../shared/roles.js';
import { readingOrder } from './reading-order.js';
import { unnamedPlace } from './unnamed-place.js';

export interface ObservationOptions {
  /** Upper bound of the list's size in tokens (estimated as characters / 4). Default 1,500. */
  readonly tokenBudget?: number;
  /** The app was still building the tree when it was read (settled-read.ts): this sentence is added to the text. */
  readonly unsettled?: string;
}

export interface Observation {
  readonly generation: number;
  readonly app: string;
  /** The text given to the planner. */
  readonly text: string;
  /** Observation id (what the planner and the overlay see) → the snapshot's element id. */
  readonly elementIds: ReadonlyMap<number, number>;
  /** Observation id → where the numbered overlay draws it: role, short label and screen bounds (null when the app gave none). Always set by serializeObservation. */
  readonly places?: ReadonlyMap<number, ObservedPlace>;
  readonly listed: number;
  /** Visible elements that did not fit the budget (on screen, without bounds, or scrolled out of view). */
  readonly omitted: number;
  readonly tokenEstimate: number;
  /** Set when the tree was still being built at the deadline: the sentence the text carries. */
  readonly unsettled?: string;
}

/** One listed element as the numbered overlay needs it. */
export interface ObservedPlace {
  readonly role: string;
  readonly label: string;
  readonly bounds: Bounds | null;
  /** Listed to be acted on (not only as context): the overlay numbers these. */
  readonly actionable: boolean;
}

export const DEFAULT_TOKEN_BUDGET = 1500;
const NAME_MAX = 60;
const VALUE_MAX = 40;

/** Roles never listed: containers whose children are listed instead. */
const CONTAINER_ROLES = new Set(['application', 'window', 'group', 'unknown', 'separator', 'scroll_bar', 'web_area', 'document']);
/** Non-actionable roles worth listing when named: they tell the planner where it is. */
const CONTEXT_ROLES = new Set(['text', 'heading', 'image', 'dialog', 'alert', 'status_bar', 'progress_bar', 'tab_list', 'table', 'list', 'column_header']);

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

function short(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function isSecure(el: AxElement): boolean {
  return el.role === 'password_field';
}

/** The flags worth a planner's attention, in a fixed order. */
function flags(el: AxElement): string[] {
  const out: string[] = [];
  if (!isEnabled(el) && isActionable(el)) out.push('disabled');
  for (const s of ['focused', 'checked', 'pressed', 'selected', 'expanded'] as const) if (el.states.includes(s)) out.push(s);
  if (el.states.includes('expandable') && !el.states.includes('expanded')) out.push('collapsed');
  return out;
}

/** An unnamed control's line says what it shows and where it is instead (unnamed-place.ts). */
function line(id: number, el: AxElement, labelledBy?: string, unnamed?: string): string {
  const label = short(el.name || el.description, NAME_MAX);
  let s = `${id} ${el.role}`;
  if (label) s += ` ${JSON.stringify(label)}`;
  else if (labelledBy) s += ` labelled ${JSON.stringify(short(labelledBy, NAME_MAX))}`;
  else if (unnamed) s += ` (${unnamed})`;
  if (isSecure(el)) s += ' =[secure]';
  else if (el.value !== null && el.value !== '' && el.value !== el.name) s += ` =${JSON.stringify(short(el.value, VALUE_MAX))}`;
  const f = flags(el);
  if (f.length > 0) s += ` ${f.join(' ')}`;
  return s;
}

/**
 * Elements inside an actionable element that only repeat its name (a button's label) add nothing.
 * A tab is the exception: ATK puts a notebook page's whole content inside its tab (GTK), and that
 * content is the page the user reads, not the tab's label.
 */
function repeatsActionableAncestor(el: AxElement, byId: ReadonlyMap<number, AxElement>): boolean {
  let parent = el.parent === null ? undefined : byId.get(el.parent);
  for (let guard = 0; parent && guard < 1000; guard++) {
    if (parent.role === 'tab') return false;
    if (isActionable(parent) && !CONTAINER_ROLES.has(parent.role)) return true;
    parent = parent.parent === null ? undefined : byId.get(parent.parent);
  }
  return false;
}

/** Shown (the platform says so) and not collapsed to nothing; an element without bounds counts as shown. */
function isShown(el: AxElement): boolean {
  const shown = el.states.includes('showing') || el.states.includes('visible');
  return shown && (el.bounds === null || (el.bounds.width > 0 && el.bounds.height > 0));
}

function intersect(a: Bounds, b: Bounds): Bounds | null {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const right = Math.min(a.x + a.width, b.x + b.width);
  const bottom = Math.min(a.y + a.height, b.y + b.height);
  return right > x && bottom > y ? { x, y, width: right - x, height: bottom - y } : null;
}

/** Where an element is relative to the visible part of its window: on screen, scrolled out of view, or unknown. */
type Place = 'on' | 'below' | 'above' | 'aside' | 'unknown';

/** Ancestors whose bounds clip what is visible inside them: windows, and web pages and documents that scroll. */
const VIEWPORT_ROLES = new Set(['window', 'dialog', 'alert', 'web_area', 'document']);

/**
 * The visible part of an element's surroundings: the intersection of the bounds of its windows and
 * documents (null when none gives bounds: then nothing is known to be off screen).
 */
function viewportOf(el: AxElement, byId: ReadonlyMap<number, AxElement>, cache: Map<number, Bounds | null | 'empty'>): Bounds | null | 'empty' {
  const chain: AxElement[] = [];
  let parent = el.parent === null ? undefined : byId.get(el.parent);
  let found: Bounds | null | 'empty' | undefined;
  for (let guard = 0; parent && guard < 1000; guard++) {
    const known = cache.get(parent.id);
    if (known !== undefined) {
      found = known;
      break;
    }
    chain.push(parent);
    parent = parent.parent === null ? undefined : byId.get(parent.parent);
  }
  let view: Bounds | null | 'empty' = found ?? null;
  // From the outermost ancestor inwards, so each cached value is that ancestor's own viewport.
  for (const a of chain.reverse()) {
    if (view !== 'empty' && VIEWPORT_ROLES.has(a.role) && a.bounds !== null && a.bounds.width > 0 && a.bounds.height > 0) {
      view = view === null ? a.bounds : (intersect(view, a.bounds) ?? 'empty');
    }
    cache.set(a.id, view);
  }
  return view;
}

/** How far outside the visible part an element is, in pixels (0 on screen or unknown): nearer ones get room first. */
function distanceOf(el: AxElement, view: Bounds | null | 'empty'): number {
  if (el.bounds === null || view === null || view === 'empty') return 0;
  const b = el.bounds;
  const dy = Math.max(0, view.y - (b.y + b.height), b.y - (view.y + view.height));
  const dx = Math.max(0, view.x - (b.x + b.width), b.x - (view.x + view.width));
  return dy + dx;
}

function placeOf(el: AxElement, view: Bounds | null | 'empty'): Place {
  if (el.bounds === null) return 'unknown';
  if (view === null) return 'on';
  if (view === 'empty') return 'aside';
  if (intersect(el.bounds, view) !== null) return 'on';
  if (el.bounds.y >= view.y + view.height) return 'below';
  if (el.bounds.y + el.bounds.height <= view.y) return 'above';
  return 'aside';
}

/** The order in which candidates get room in the budget (lower first). */
function priority(el: AxElement, place: Place, actionable: boolean, focused: boolean): number {
  if (focused) return 0;
  if (place === 'on') return actionable ? (el.role === 'link' ? 2 : 1) : 3;
  if (place === 'unknown') return actionable ? 4 : 5;
  return actionable ? 6 : 7;
}

/** Serializes a snapshot for the planner. */
export function serializeObservation(snapshot: AxSnapshot, options: ObservationOptions = {}): Observation {
  const budget = options.tokenBudget ?? DEFAULT_TOKEN_BUDGET;
  const byId = new Map(snapshot.elements.map((e) => [e.id, e] as const));
  // The innermost: a sheet and its current cell both say they are focused.
  const focused = [...snapshot.elements].reverse().find((e) => e.states.includes('focused') && isShown(e) && !CONTAINER_ROLES.has(e.role));

  // Fields and the text labels beside them (same parent): a label that repeats the field's name
  // adds nothing; a field without a name is shown with the nearest label before it.
  const labelledBy = new Map<number, string>();
  const redundantLabels = new Set<number>();
  const children = new Map<number, AxElement[]>();
  for (const el of snapshot.elements) {
    if (el.parent === null) continue;
    const list = children.get(el.parent) ?? [];
    list.push(el);
    children.set(el.parent, list);
  }
  for (const siblings of children.values()) {
    const names = new Set(siblings.filter((e) => isActionable(e) && e.name).map((e) => normalizeLabel(e.name)));
    let lastLabel: AxElement | undefined;
    for (const e of siblings) {
      if (e.role === 'text' && e.name) {
        if (names.has(normalizeLabel(e.name))) redundantLabels.add(e.id);
        lastLabel = e;
      } else if (TEXT_ENTRY_ROLES.has(e.role) && !e.name && !e.description && lastLabel) {
        labelledBy.set(e.id, lastLabel.name);
        redundantLabels.add(lastLabel.id);
        lastLabel = undefined;
      }
    }
  }

  const viewports = new Map<number, Bounds | null | 'empty'>();
  const candidates: { el: AxElement; place: Place; actionable: boolean; rank: number; distance: number; index: number }[] = [];
  for (const [index, el] of snapshot.elements.entries()) {
    if (!isShown(el) || CONTAINER_ROLES.has(el.role)) continue;
    if (isEmptyCell(el, byId) && el !== focused) continue;
    const actionable = isActionable(el);
    if (!actionable && !((el.name || el.description) && CONTEXT_ROLES.has(el.role) && !repeatsActionableAncestor(el, byId) && !redundantLabels.has(el.id)))
      continue;
    const view = viewportOf(el, byId, viewports);
    const place = placeOf(el, view);
    candidates.push({ el, place, actionable, rank: priority(el, place, actionable, el === focused), distance: distanceOf(el, view), index });
  }

  // Controls without a name, label or description: what they show and where they are.
  const unnamed = new Map<number, string>();
  const peers = new Map<string, AxElement[]>();
  for (const c of candidates) {
    if (c.actionable && !c.el.name && !c.el.description && !labelledBy.has(c.el.id)) unnamed.set(c.el.id, unnamedPlace(c.el, byId, children, peers).text);
  }

  const window = snapshot.elements.find((e) => (e.role === 'window' || e.role === 'dialog') && isShown(e) && e.bounds !== null && e.name);
  const header = `App ${JSON.stringify(short(snapshot.app, NAME_MAX))}${window ? `, window ${JSON.stringify(short(window.name, NAME_MAX))}` : ''}.`;

  // Choose by priority, stopping at the first that does not fit so that what is listed keeps its
  // priority; out of view, the nearest first. Ids are not known yet: each line is costed with the
  // longest id it could get.
  const byPriority = [...candidates].sort(
    (a, b) => a.rank - b.rank || a.distance - b.distance || (a.el.bounds?.x ?? 0) - (b.el.bounds?.x ?? 0) || a.index - b.index,
  );
  const idWidth = Math.min(candidates.length, 99_999);
  let used = estimateTokens(header) + 60; // room for the closing notes
  const chosen = new Set<AxElement>();
  for (const c of byPriority) {
    const cost = estimateTokens(line(idWidth, c.el, labelledBy.get(c.el.id), unnamed.get(c.el.id))) + 1;
    if (used + cost > budget) break;
    used += cost;
    chosen.add(c.el);
  }
  const left = candidates.filter((c) => !chosen.has(c.el));

  // List in reading order: on screen, then without bounds (in tree order), then out of view.
  const pick = (places: readonly Place[]): AxElement[] => candidates.filter((c) => chosen.has(c.el) && places.includes(c.place)).map((c) => c.el);
  const ordered = [...readingOrder(pick(['on'])), ...pick(['unknown']), ...readingOrder(pick(['above', 'below', 'aside']))];
  const actionableSet = new Set(candidates.filter((c) => c.actionable).map((c) => c.el));

  const lines: string[] = [];
  const elementIds = new Map<number, number>();
  const places = new Map<number, ObservedPlace>();
  let focusId: number | undefined;
  for (const el of ordered) {
    const id = lines.length + 1;
    const labelled = labelledBy.get(el.id);
    lines.push(line(id, el, labelled, unnamed.get(el.id)));
    elementIds.set(id, el.id);
    places.set(id, {
      role: el.role,
      label: short(el.name || el.description || labelled || '', NAME_MAX),
      bounds: el.bounds,
      actionable: actionableSet.has(el),
    });
    if (el === focused) focusId = id;
  }

  const parts = [header];
  if (lines.length === 0) parts.push('No visible element to act on.');
  else parts.push(...lines);
  const omitted = left.length;
  if (omitted > 0) parts.push(omittedNote(left.map((c) => c.place)));
  for (const el of snapshot.elements) if (el.visiblePart && isShown(el)) parts.push(visiblePartNote(el, snapshot.elements));
  if (snapshot.truncated !== 'none' && snapshot.truncated !== 'visible_only') {
    parts.push(`(The app's tree was cut short: ${snapshot.truncated.replace('_', ' ')}.)`);
  }
  if (options.unsettled) parts.push(options.unsettled);
  if (focusId !== undefined) parts.push(`Focus: ${focusId}.`);
  const text = parts.join('\n');
  return {
    generation: snapshot.generation,
    app: snapshot.app,
    text,
    elementIds,
    places,
    listed: lines.length,
    omitted,
    tokenEstimate: estimateTokens(text),
    ...(options.unsettled ? { unsettled: options.unsettled } : {}),
  };
}

/** A spreadsheet cell's name when it is only its address ("B3", "AA10"). */
const CELL_ADDRESS = /^[A-Z]{1,3}[1-9][0-9]*$/;

/**
 * A cell of a container read only where it is on screen (a sheet) that says nothing but where it
 * is: no value and a name that is only its address. Hundreds of them would fill the budget.
 */
function isEmptyCell(el: AxElement, byId: ReadonlyMap<number, AxElement>): boolean {
  if (el.role !== 'cell' || (el.value !== null && el.value !== '')) return false;
  const parent = el.parent === null ? undefined : byId.get(el.parent);
  return parent?.visiblePart !== undefined && (el.name === '' || CELL_ADDRESS.test(el.name));
}

const count = (n: number): string => n.toLocaleString('en-US');

/**
 * What was read of a container too big to read whole, and how to reach the rest: `(Table "Sheet
 * Sheet1": only its part on screen was read — cells A1 to O26 of 1,048,576 rows and 16,384
 * columns; empty cells are not listed. For others, say "go to cell" and an address, or scroll.)`
 */
function visiblePartNote(el: AxElement, elements: readonly AxElement[]): string {
  const part = el.visiblePart!;
  const what = `${el.role === 'table' ? 'Table' : 'List'}${el.name ? ` ${JSON.stringify(short(el.name, NAME_MAX))}` : ''}`;
  const kids = elements.filter((e) => e.parent === el.id);
  if (part.firstRow !== null && part.lastRow !== null) {
    const size = part.rows !== null && part.columns !== null ? ` of ${count(part.rows)} rows and ${count(part.columns)} columns` : '';
    const first = kids[0]?.name ?? '';
    const last = kids.at(-1)?.name ?? '';
    if (CELL_ADDRESS.test(first) && CELL_ADDRESS.test(last)) {
      return `(${what}: only its part on screen was read — cells ${first} to ${last}${size}; empty cells are not listed. For others, say "go to cell" and an address, or scroll.)`;
    }
    return `(${what}: only its part on screen was read — rows ${count(part.firstRow + 1)} to ${count(part.lastRow + 1)}${size}. For others, scroll, or name one.)`;
  }
  const of = part.itemCount !== null ? ` of ${count(part.itemCount)}` : '';
  return `(${what}: only its part on screen was read — ${count(part.items)} items${of}. For others, scroll, or name one.)`;
}

/** "(183 more elements not listed: 150 below the visible part — say "scroll down" — and 33 others: name one by its label.)" */
function omittedNote(left: readonly Place[]): string {
  const below = left.filter((p) => p === 'below').length;
  const above = left.filter((p) => p === 'above').length;
  const others = left.length - below - above;
  const parts: string[] = [];
  if (below > 0) parts.push(`${below} below the visible part — say "scroll down"`);
  if (above > 0) parts.push(`${above} above it — say "scroll up"`);
  const rest = 'name one by its label, or look in one window';
  let text = parts.join(' — ');
  if (others > 0) text = parts.length > 0 ? `${text} — and ${others} others: ${rest}` : `too many to show: ${rest}`;
  else text += `, or name one by its label`;
  return `(${left.length} more elements not listed: ${text}.)`;
}
