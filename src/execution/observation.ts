/**
 * The observation serializer: the element list a planner sees, compact and bounded.
 *
 * One line per element: `12 button "Send" disabled`. Actionable, visible elements come first, then
 * named text that gives context; hidden elements are left out. Ids are short (1, 2, 3 … in listing
 * order), are what "click 12" and the numbered overlay use, and map back to the snapshot's element.
 * The list is cut to a token budget with a note saying how much was left out. A secure field's value
 * is `[secure]`: it never leaves the machine. Names are JSON-quoted and shortened, so screen text
 * cannot break the format (what it says is data; the system prompt tells the planner so).
 */
import type { AxElement, AxSnapshot, Bounds } from './accessibility/types.js';
import { isActionable, isEnabled, isVisible } from './element-resolution.js';

export interface ObservationOptions {
  /** Upper bound of the list's size in tokens (estimated as characters / 4). Default 1,500. */
  readonly tokenBudget?: number;
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
  /** Visible elements that did not fit the budget. */
  readonly omitted: number;
  readonly tokenEstimate: number;
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

function line(id: number, el: AxElement): string {
  const label = short(el.name || el.description, NAME_MAX);
  let s = `${id} ${el.role}`;
  if (label) s += ` ${JSON.stringify(label)}`;
  if (isSecure(el)) s += ' =[secure]';
  else if (el.value !== null && el.value !== '' && el.value !== el.name) s += ` =${JSON.stringify(short(el.value, VALUE_MAX))}`;
  const f = flags(el);
  if (f.length > 0) s += ` ${f.join(' ')}`;
  return s;
}

/** Elements inside an actionable element that only repeat its name (a button's label) add nothing. */
function repeatsActionableAncestor(el: AxElement, byId: ReadonlyMap<number, AxElement>): boolean {
  let parent = el.parent === null ? undefined : byId.get(el.parent);
  for (let guard = 0; parent && guard < 1000; guard++) {
    if (isActionable(parent) && !CONTAINER_ROLES.has(parent.role)) return true;
    parent = parent.parent === null ? undefined : byId.get(parent.parent);
  }
  return false;
}

/** Serializes a snapshot for the planner. */
export function serializeObservation(snapshot: AxSnapshot, options: ObservationOptions = {}): Observation {
  const budget = options.tokenBudget ?? DEFAULT_TOKEN_BUDGET;
  const byId = new Map(snapshot.elements.map((e) => [e.id, e] as const));
  const actionable: AxElement[] = [];
  const contextual: AxElement[] = [];
  for (const el of snapshot.elements) {
    if (!isVisible(el) || CONTAINER_ROLES.has(el.role)) continue;
    if (isActionable(el)) actionable.push(el);
    else if ((el.name || el.description) && CONTEXT_ROLES.has(el.role) && !repeatsActionableAncestor(el, byId)) contextual.push(el);
  }

  const window = snapshot.elements.find((e) => (e.role === 'window' || e.role === 'dialog') && isVisible(e) && e.name);
  const focused = snapshot.elements.find((e) => e.states.includes('focused'));
  const header = `App ${JSON.stringify(short(snapshot.app, NAME_MAX))}${window ? `, window ${JSON.stringify(short(window.name, NAME_MAX))}` : ''}.`;

  const lines: string[] = [];
  const elementIds = new Map<number, number>();
  const places = new Map<number, ObservedPlace>();
  let used = estimateTokens(header) + 20; // room for the closing note
  let omitted = 0;
  let focusId: number | undefined;
  const ordered = [...actionable, ...contextual];
  for (const [index, el] of ordered.entries()) {
    const id = lines.length + 1;
    const l = line(id, el);
    const cost = estimateTokens(l) + 1;
    if (used + cost > budget) {
      // Stop at the first that does not fit, so what is listed keeps its priority order.
      omitted = ordered.length - index;
      break;
    }
    used += cost;
    lines.push(l);
    elementIds.set(id, el.id);
    places.set(id, { role: el.role, label: short(el.name || el.description, NAME_MAX), bounds: el.bounds, actionable: index < actionable.length });
    if (el === focused) focusId = id;
  }

  const parts = [header];
  if (lines.length === 0) parts.push('No visible element to act on.');
  else parts.push(...lines);
  if (omitted > 0) parts.push(`(${omitted} more elements not listed: too many to show. Name one by its label, or look in one window.)`);
  if (snapshot.truncated !== 'none') parts.push(`(The app's tree was cut short: ${snapshot.truncated.replace('_', ' ')}.)`);
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
  };
}
