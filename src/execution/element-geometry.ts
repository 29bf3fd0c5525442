/**
 * Where an element is and how results name it: its visible centre, what lies under a point, and the
 * short quoted label a result sentence uses. Pure: no bridge, no input.
 */
import type { AxElement } from './accessibility/types.js';
import { isEnabled, isVisible } from './element-resolution.js';
import type { Point } from './engine-types.js';
import { failure, type ActionResult } from './results.js';
import { quote } from '../shared/text/quote.js';

/** A label quoted in a result is shortened past this many characters. */
export const LABEL_QUOTE_MAX = 40;

/** Where an element lives: its app, for the facts that depend on it (terminal apps, the assistant itself). */
export interface AppOf {
  readonly pid: number;
  readonly app: string;
}

/** An element by its label (quoted, shortened), else by its role ("the push button"). */
export function describeElement(el: AxElement): string {
  const label = el.name || el.description;
  return label ? `${quote(label, LABEL_QUOTE_MAX)}` : `the ${el.role.replace(/_/g, ' ')}`;
}

/** The element's visible centre, or undefined when it has no area on screen. */
export function centre(el: AxElement): Point | undefined {
  const b = el.bounds;
  if (!b || b.width <= 0 || b.height <= 0) return undefined;
  return { x: Math.round(b.x + b.width / 2), y: Math.round(b.y + b.height / 2) };
}

export function contains(el: AxElement, p: Point): boolean {
  const b = el.bounds;
  return !!b && p.x >= b.x && p.y >= b.y && p.x < b.x + b.width && p.y < b.y + b.height;
}

/** The smallest visible element of a snapshot under a point: what a click there would hit. */
export function elementAt(elements: readonly AxElement[], p: Point): AxElement | undefined {
  let best: AxElement | undefined;
  let bestArea = Infinity;
  for (const el of elements) {
    if (!isVisible(el) || !contains(el, p) || el.role === 'application') continue;
    const area = (el.bounds?.width ?? 0) * (el.bounds?.height ?? 0);
    if (area <= bestArea) {
      best = el;
      bestArea = area;
    }
  }
  return best;
}

/** The failure for an element that can be neither pressed nor reached with the pointer. */
export function notOnScreen(el: AxElement): ActionResult {
  const why = !isEnabled(el) ? 'it is disabled' : 'it is not visible on screen';
  return failure('unsupported', `I cannot click ${describeElement(el)}: ${why}, and it offers no accessibility action. Scroll to it or open its window first.`);
}
