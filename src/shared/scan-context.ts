/**
 * The scan's context signals (issue #31): from what the assistant just did, which elements of the
 * screen now are likeliest next, for `rankTargets` (scan-ranking.ts). Deterministic, and each one a
 * rule a user can be told:
 *
 * - after a click on an element, that element (the same again: a counter, "Next", a toggle);
 * - after typing into a field, the next field after it in reading order, then the first button after
 *   it (the form's submit or next step); the field itself is not favoured, it was just filled;
 * - after a click by name that found nothing, the elements whose names are closest to the name said
 *   (at most CLOSEST_MAX, each at least CLOSEST_MIN alike), closest first;
 * - when a command left a choice (several elements of that name, or a planner's question with
 *   options), the candidates it named, in its order, before all of these. They come from a planner's
 *   validated answer or from the screen, so they are untrusted: they only order the scan (at most
 *   CANDIDATES_MAX of them); what is chosen is still the user's press, and the gate judges it.
 *
 * The elements are given in reading order (the observation's ids are), so "after" is the reading order.
 */
import type { RankContext, RankElement } from './scan-ranking.js';
import { targetKey } from './scan-ranking.js';

/** What the assistant did last on an element of the app in front. */
export interface LastAction {
  readonly kind: 'clicked' | 'typed';
  readonly role: string;
  readonly label: string;
}

/** An element a planner or the grammar offered for a choice: by role and name (an element it found), or by words only (a question's option). */
export interface ScanCandidate {
  readonly role?: string;
  readonly label: string;
}

export interface ScanContextInput {
  readonly last?: LastAction;
  /** What the last command left to choose from, likeliest first (the engine's matches, a planner's options). */
  readonly candidates?: readonly ScanCandidate[];
  /** The name of a click that found no such element, as said or typed. */
  readonly missed?: string;
}

/** Roles a text is typed into (as TEXT_ENTRY_ROLES, src/shared/roles.ts, without the whole document). */
const FIELD_ROLES = new Set(['text_field', 'search_field', 'text_area', 'combo_box', 'password_field']);
const BUTTON_ROLES = new Set(['button', 'toggle_button']);

/** How many of the closest names a missed click puts first, and how alike a name must be. */
export const CLOSEST_MAX = 3;
export const CLOSEST_MIN = 0.5;
/** At most this many elements are put first for a command's candidates: a list of options, not a screen's worth. */
export const CANDIDATES_MAX = 6;

function normalized(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function bigrams(text: string): string[] {
  const out: string[] = [];
  for (const word of text.split(' ')) for (let i = 0; i + 1 < word.length; i++) out.push(word.slice(i, i + 2));
  return out;
}

/** The share of letter pairs two names have in common (Dice's coefficient): 1 for the same, 0 for none. */
function pairsAlike(a: string, b: string): number {
  const x = bigrams(a);
  const y = bigrams(b);
  if (x.length + y.length === 0) return 0;
  const pool = new Map<string, number>();
  for (const g of y) pool.set(g, (pool.get(g) ?? 0) + 1);
  let shared = 0;
  for (const g of x) {
    const left = pool.get(g) ?? 0;
    if (left > 0) {
      shared++;
      pool.set(g, left - 1);
    }
  }
  return (2 * shared) / (x.length + y.length);
}

/** 1 − the edits (insert, delete, change a letter) from one to the other ÷ the longer length: catches typos pairs miss. */
function editsAlike(a: string, b: string): number {
  const longer = Math.max(a.length, b.length);
  if (longer === 0) return 0;
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min((row[j] ?? 0) + 1, (next[j - 1] ?? 0) + 1, (row[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return 1 - (row[b.length] ?? longer) / longer;
}

/** How alike two names are, 0 to 1 (case and punctuation ignored): the better of shared letter pairs and edits. */
export function nameCloseness(said: string, name: string): number {
  const a = normalized(said);
  const b = normalized(name);
  if (a === '' || b === '') return 0;
  return Math.max(pairsAlike(a, b), editsAlike(a, b));
}

/** The best closeness of `name` to any run of words in `said` about as long as it ("the Submit button" holds "Submit"). */
export function spanCloseness(said: string, name: string): number {
  const words = normalized(said)
    .split(' ')
    .filter((w) => w !== '');
  const size = normalized(name).split(' ').length;
  let best = nameCloseness(said, name);
  for (const width of [size - 1, size, size + 1]) {
    if (width < 1 || width >= words.length) continue;
    for (let i = 0; i + width <= words.length; i++) best = Math.max(best, nameCloseness(words.slice(i, i + width).join(' '), name));
  }
  return best;
}

/** The ids of `candidates` on this screen, in their order: every element of a candidate's role and name, else (words only) the one closest to them. */
function candidateIds(elements: readonly RankElement[], candidates: readonly ScanCandidate[]): number[] {
  const out: number[] = [];
  for (const c of candidates) {
    const same = elements.filter((e) =>
      c.role === undefined ? normalized(e.label) === normalized(c.label) : targetKey(e) === targetKey({ role: c.role, label: c.label }),
    );
    const near = c.role === undefined && same.length === 0 ? elements.map((e) => ({ e, alike: spanCloseness(c.label, e.label) })) : [];
    const best = near.filter((x) => x.alike >= CLOSEST_MIN).sort((a, b) => b.alike - a.alike)[0];
    for (const e of best ? [best.e] : same) if (!out.includes(e.id) && out.length < CANDIDATES_MAX) out.push(e.id);
  }
  return out;
}

/** The ids `missed` names closest, closest first (ties: reading order). */
function closest(elements: readonly RankElement[], missed: string): number[] {
  return elements
    .map((e, order) => ({ id: e.id, order, alike: nameCloseness(missed, e.label) }))
    .filter((x) => x.alike >= CLOSEST_MIN)
    .sort((a, b) => b.alike - a.alike || a.order - b.order)
    .slice(0, CLOSEST_MAX)
    .map((x) => x.id);
}

/** After typing into the field at `at`: the next field, then the first button, after it. */
function afterTyping(elements: readonly RankElement[], at: number): number[] {
  const after = elements.slice(at + 1);
  const field = after.find((e) => FIELD_ROLES.has(e.role));
  const button = after.find((e) => BUTTON_ROLES.has(e.role));
  return [field, button].flatMap((e) => (e ? [e.id] : []));
}

/** The context part of a RankContext (`plannerOrder`, `lastTargetId`) for `elements` (reading order). */
export function scanContext(elements: readonly RankElement[], input: ScanContextInput): Pick<RankContext, 'plannerOrder' | 'lastTargetId'> {
  const order: number[] = candidateIds(elements, input.candidates ?? []);
  for (const id of input.missed ? closest(elements, input.missed) : []) if (!order.includes(id)) order.push(id);
  let lastTargetId: number | undefined;
  const last = input.last;
  if (last) {
    const at = elements.findIndex((e) => targetKey(e) === targetKey(last));
    const element = elements[at];
    if (element && last.kind === 'clicked') lastTargetId = element.id;
    if (element && last.kind === 'typed') for (const id of afterTyping(elements, at)) if (!order.includes(id)) order.push(id);
  }
  return { ...(order.length > 0 ? { plannerOrder: order } : {}), ...(lastTargetId !== undefined ? { lastTargetId } : {}) };
}
