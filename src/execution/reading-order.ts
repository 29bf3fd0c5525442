/**
 * Reading order of elements with bounds: top to bottom in lines, left to right within a line (the
 * observation's listing, and the count "3rd of 5 buttons" of an unnamed control).
 */
import type { AxElement, Bounds } from './accessibility/types.js';

/**
 * Reading order: top to bottom in lines, left to right within a line. An element joins the line
 * of the one before it when it starts above the middle of the line's first element (a label a few
 * pixels lower than its field is on the same line).
 */
export function readingOrder(elements: readonly AxElement[]): AxElement[] {
  const byTop = elements.map((el, index) => ({ el, index, b: el.bounds as Bounds })).sort((p, q) => p.b.y - q.b.y || p.b.x - q.b.x || p.index - q.index);
  const out: AxElement[] = [];
  let lineItems: typeof byTop = [];
  let lineMiddle = -Infinity;
  const flush = (): void => {
    lineItems.sort((p, q) => p.b.x - q.b.x || p.b.y - q.b.y || p.index - q.index);
    out.push(...lineItems.map((p) => p.el));
    lineItems = [];
  };
  for (const p of byTop) {
    if (lineItems.length > 0 && p.b.y >= lineMiddle) flush();
    if (lineItems.length === 0) lineMiddle = p.b.y + p.b.height / 2;
    lineItems.push(p);
  }
  flush();
  return out;
}
