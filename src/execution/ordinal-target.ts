/**
 * "The third button in the toolbar", "the second unnamed button", "the last tab" (issue #29 item 3):
 * an element by its rank among the shown controls of its role, in reading order, inside a container
 * or the whole tree read. The count is the observation's own ("3rd of 6 buttons there",
 * unnamed-place.ts), so what an observation says a control's rank is, this finds. Named and unnamed
 * controls alike; `unnamed` counts only those without a name or description. Pure: the resolver
 * reads the tree, and the gate judges what is found like any other target.
 */
import type { AxElement } from './accessibility/types.js';
import type { OrdinalTarget } from './element-target.js';
import { normalizeLabel } from './element-resolution.js';
import { childrenByParent, controlsUnder, PLACE_ROLES, rolePlural } from './unnamed-place.js';
import { ordinal } from '../shared/text/ordinal.js';
import { quote } from '../shared/text/quote.js';

export type OrdinalResult = { readonly kind: 'found'; readonly element: AxElement } | { readonly kind: 'none'; readonly message: string };

const shown = (e: AxElement): boolean =>
  (e.states.includes('showing') || e.states.includes('visible')) && e.bounds !== null && e.bounds.width > 0 && e.bounds.height > 0;
const kindOf = (e: AxElement): string => e.role.replace(/_/g, ' ');

/** The words a container may be called by: its name, its kind ("toolbar", "tool bar"), or both ("Format toolbar", "toolbar Format"). */
function callsIt(container: AxElement, words: string): boolean {
  const said = normalizeLabel(words).replace(/^the /, '');
  const name = normalizeLabel(container.name);
  const kinds = [kindOf(container), kindOf(container).replace(/ /g, '')];
  if (name !== '' && said === name) return true;
  return kinds.some((k) => said === k || (name !== '' && (said === `${name} ${k}` || said === `${k} ${name}`)));
}

/** The containers `within` names, innermost kinds as the observation says them; by name before by kind. */
function containersNamed(elements: readonly AxElement[], within: string): AxElement[] {
  const found = elements.filter((e) => PLACE_ROLES.has(e.role) && shown(e) && callsIt(e, within));
  const byName = found.filter((e) => e.name !== '' && normalizeLabel(e.name) === normalizeLabel(within).replace(/^the /, ''));
  return byName.length > 0 ? byName : found;
}

/** The element `target` names in `elements` (one app's tree), or a sentence saying why there is none. */
export function resolveOrdinal(elements: readonly AxElement[], target: OrdinalTarget): OrdinalResult {
  const children = childrenByParent(elements);
  const ids = new Set(elements.map((e) => e.id));
  const plural = rolePlural(target.role, 2);
  let roots: readonly number[] = elements.filter((e) => e.parent === null || !ids.has(e.parent)).map((e) => e.id);
  let where = '';
  if (target.within !== undefined) {
    const containers = containersNamed(elements, target.within);
    if (containers.length === 0)
      return {
        kind: 'none',
        message: `No ${quote(target.within, 40)} is shown: name a toolbar, menu, list or dialog that is on screen, or say “show numbers”.`,
      };
    if (containers.length > 1) {
      const names = containers.flatMap((c) => (c.name ? [quote(c.name, 40)] : [])).slice(0, 4);
      return {
        kind: 'none',
        message: `There are ${containers.length} of ${quote(target.within, 40)} on screen${names.length > 0 ? ` (${names.join(', ')})` : ''}: say which by its name, or say “show numbers”.`,
      };
    }
    const container = containers[0] as AxElement;
    roots = [container.id];
    where = ` in the ${kindOf(container)}${container.name ? ` ${quote(container.name, 40)}` : ''}`;
  }
  const all = controlsUnder(roots, target.role, children);
  const peers = target.unnamed ? all.filter((e) => !e.name && !e.description) : all;
  const index = target.fromEnd ? peers.length - target.ordinal : target.ordinal - 1;
  const element = peers[index];
  if (element) return { kind: 'found', element };
  const which = `${target.unnamed ? 'unnamed ' : ''}${peers.length === 1 ? rolePlural(target.role, 1) : plural}`;
  const asked = target.fromEnd ? `${ordinal(target.ordinal)} from the end` : ordinal(target.ordinal);
  return {
    kind: 'none',
    message:
      peers.length === 0
        ? `No ${target.unnamed ? 'unnamed ' : ''}${plural} are shown${where}: say “show numbers” to see what can be clicked.`
        : `There ${peers.length === 1 ? 'is 1' : `are ${peers.length}`} ${which}${where}, so there is no ${asked}: say a number up to ${peers.length}, or “show numbers”.`,
  };
}
