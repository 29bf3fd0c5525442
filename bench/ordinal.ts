/**
 * "The third button in the toolbar" (issue #29 item 3): finding a control by its rank in one read of
 * an app's tree, per command, for trees of 500 and 5,000 elements (a toolbar of 12 buttons among rows
 * of labelled buttons), by rank in the toolbar and by rank among the whole tree's unnamed buttons.
 * Pure: no desktop; the read itself is the bridge's (see the accessibility bridge's figures).
 */
import type { AxElement } from '../src/execution/accessibility/types.js';
import { resolveOrdinal } from '../src/execution/ordinal-target.js';
import { timeCalls, type Timing } from './stats.js';
import { el } from '../tests/execution/element-fixtures.js';

/** A window, a toolbar of 12 unnamed buttons, then rows of 10 named buttons up to `size` elements. */
function tree(size: number): AxElement[] {
  const at = (x: number, y: number, width = 30, height = 24) => ({ bounds: { x, y, width, height } });
  const out = [{ ...el(0, 'window', 'Big', at(0, 0, 2000, 4000)), parent: null, depth: 0 }, el(1, 'toolbar', 'Format', at(0, 0, 600, 30))];
  for (let i = 0; i < 12; i++) out.push(el(2 + i, 'button', '', { parent: 1, depth: 2, ...at(i * 40, 2) }));
  for (let id = out.length; id < size; id++) {
    const n = id - 14;
    out.push(el(id, 'button', `Item ${n}`, at((n % 10) * 100, 40 + Math.floor(n / 10) * 30, 90)));
  }
  return out;
}

export function benchOrdinal(): ReadonlyArray<{ readonly name: string; readonly timing: Timing }> {
  const out: { name: string; timing: Timing }[] = [];
  for (const size of [500, 5000]) {
    const elements = tree(size);
    const samples = size > 1000 ? 200 : 2000;
    out.push({
      name: `${size.toLocaleString('en-US')} elements, 3rd button in the toolbar`,
      timing: timeCalls(() => resolveOrdinal(elements, { ordinal: 3, role: 'button', within: 'toolbar' }), samples, 20),
    });
    out.push({
      name: `${size.toLocaleString('en-US')} elements, last button of all`,
      timing: timeCalls(() => resolveOrdinal(elements, { ordinal: 1, role: 'button', fromEnd: true }), samples, 20),
    });
  }
  return out;
}
