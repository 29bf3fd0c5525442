/**
 * The live facts of an element for the gate: its role and names, whether it is a secret field, a
 * terminal (and whether its line holds text the engine typed), or one of the assistant's own; and,
 * when the tree it was read from is at hand, what else an input on it reaches: the dialog it
 * answers, the window's default button, the list it is an item of (issue #27).
 */
import { isSecureFieldName } from '../shared/secure-fields.js';
import type { Role } from '../shared/roles.js';
import type { AxElement, AxSnapshot } from './accessibility/types.js';
import { isTerminalApp, isTerminalElement } from './apps/app-classes.js';
import type { AppOf } from './element-geometry.js';
import type { TerminalLines } from './engine-parts.js';
import type { LiveElementFacts } from './engine-types.js';
import { childrenByParent, iconOf } from './unnamed-place.js';

/** Fields of one line: Enter there activates the window's default button, or submits the form. */
const SINGLE_LINE_ROLES: ReadonlySet<Role> = new Set<Role>(['text_field', 'search_field', 'password_field', 'combo_box', 'spin_button']);
export const DIALOG_ROLES: ReadonlySet<Role> = new Set<Role>(['dialog', 'alert']);
/** What a dialog says: its own name and its texts, never its buttons (an answer is judged by the question). */
const MESSAGE_ROLES: ReadonlySet<Role> = new Set<Role>(['text', 'heading', 'document']);
const ITEM_ROLES: ReadonlySet<Role> = new Set<Role>(['list_item', 'tree_item', 'row', 'cell']);
/** Controls whose activation may paste (a “Paste” menu item, a button): told whether the app shows a terminal. */
const CONTROL_ROLES: ReadonlySet<Role> = new Set<Role>(['menu_item', 'button', 'toggle_button', 'link', 'unknown']);
const DIALOG_TEXT_MAX = 600;

/** Whether a tree shows a terminal, once per snapshot (a chord's bound elements share one). */
const SHOWS_TERMINAL = new WeakMap<AxSnapshot, boolean>();
function showsTerminal(tree: AxSnapshot): boolean {
  let shows = SHOWS_TERMINAL.get(tree);
  if (shows === undefined) SHOWS_TERMINAL.set(tree, (shows = tree.elements.some((e) => isTerminalElement(e, tree.app))));
  return shows;
}

/** The children of each element of a tree, once per snapshot. */
const CHILDREN = new WeakMap<AxSnapshot, ReadonlyMap<number, readonly AxElement[]>>();
function childrenOf(tree: AxSnapshot): ReadonlyMap<number, readonly AxElement[]> {
  let children = CHILDREN.get(tree);
  if (!children) CHILDREN.set(tree, (children = childrenByParent(tree.elements)));
  return children;
}

/**
 * A control with no name and no description is judged by the name of the icon it shows, as the
 * observation lists it (issue #29 item 3): an unnamed button showing "edit-delete" is a delete
 * button to the gate. The icon stands as its description.
 */
function descriptionOf(el: AxElement, tree: AxSnapshot | undefined): string {
  if (el.description || el.name || !tree) return el.description;
  return iconOf(el, childrenOf(tree)) ?? '';
}

/** A snapshot, when `where` is one: the tree the element was read from. */
function treeOf(where: AppOf | undefined): AxSnapshot | undefined {
  return where && 'elements' in where && Array.isArray((where as AxSnapshot).elements) ? (where as AxSnapshot) : undefined;
}

export function liveFacts(
  el: AxElement | undefined,
  where: AppOf | undefined,
  lines: TerminalLines,
  isOwn: (pid: number) => boolean,
): LiveElementFacts | undefined {
  if (!el) return undefined;
  const terminal = isTerminalElement(el, where?.app);
  const tree = treeOf(where);
  const context = tree ? contextOf(el, tree.elements, (e) => liveFacts(e, { pid: tree.pid, app: tree.app }, lines, isOwn)) : {};
  // A control's "Paste" pastes into the app's terminal: a terminal app, or a window that shows one.
  const besideTerminal = !terminal && CONTROL_ROLES.has(el.role) && (isTerminalApp(where?.app) || (tree !== undefined && showsTerminal(tree)));
  return {
    role: el.role,
    name: el.name,
    description: descriptionOf(el, tree),
    secure: el.role === 'password_field' || isSecureFieldName(el.name, el.description),
    ...(terminal ? { terminal, typedLine: where !== undefined && lines.has(where.pid) } : {}),
    ...(where && isOwn(where.pid) ? { own: true } : {}),
    ...(el.states.includes('editable') ? { editable: true } : {}),
    ...(SINGLE_LINE_ROLES.has(el.role) && !el.states.includes('multi_line') ? { singleLine: true } : {}),
    ...(besideTerminal ? { besideTerminal } : {}),
    ...context,
  };
}

/** What else an input on `el` reaches, from the tree it is in. `factsOf`: the plain facts of another element. */
function contextOf(
  el: AxElement,
  elements: readonly AxElement[],
  factsOf: (e: AxElement) => LiveElementFacts | undefined,
  withDefaults = true,
): Pick<LiveElementFacts, 'dialogText' | 'defaultButtons' | 'itemOf'> {
  const byId = new Map(elements.map((e) => [e.id, e]));
  const ancestors: AxElement[] = [];
  for (let p = el.parent, guard = 0; p !== null && guard < 200; guard++) {
    const parent = byId.get(p);
    if (!parent) break;
    ancestors.push(parent);
    p = parent.parent;
  }
  const out: { dialogText?: string; defaultButtons?: LiveElementFacts[]; itemOf?: string } = {};
  const dialog = ancestors.find((a) => DIALOG_ROLES.has(a.role));
  if (dialog) out.dialogText = dialogText(dialog, elements, byId);
  if (ITEM_ROLES.has(el.role) || el.states.includes('selected')) {
    const container = ancestors.find((a) => a.role === 'list' || a.role === 'tree' || a.role === 'table');
    out.itemOf = container ? container.name : '';
  }
  // The window's default button: the element Enter in a one-line field presses. Judged with its own
  // context (it may answer a dialog), but not with theirs: a window may mark two buttons default
  // (GTK marks a focused button default as well as the dialog's own).
  const defaults = withDefaults ? elements.filter((e) => e.id !== el.id && e.states.includes('default') && e.role !== 'window') : [];
  if (defaults.length > 0) {
    out.defaultButtons = defaults.slice(0, 4).flatMap((d) => {
      const f = factsOf(d);
      const ctx = contextOf(d, elements, () => undefined, false);
      return f ? [{ ...f, ...(ctx.dialogText ? { dialogText: ctx.dialogText } : {}) }] : [];
    });
  }
  return out;
}

/** Whether `e` is inside `container` (a descendant, not itself). */
export function isInside(e: AxElement, container: AxElement, byId: ReadonlyMap<number, AxElement>): boolean {
  for (let p = e.parent, guard = 0; p !== null && guard < 200; guard++) {
    if (p === container.id) return true;
    p = byId.get(p)?.parent ?? null;
  }
  return false;
}

/** The dialog's name, description and the texts inside it, in order, bounded; never its buttons. */
export function dialogText(dialog: AxElement, elements: readonly AxElement[], byId: ReadonlyMap<number, AxElement>): string {
  const parts = [dialog.name, dialog.description];
  for (const e of elements) if (MESSAGE_ROLES.has(e.role) && isInside(e, dialog, byId)) parts.push(e.name, e.value ?? '');
  return parts
    .map((t) => t.trim())
    .filter((t) => t !== '')
    .join(' ')
    .slice(0, DIALOG_TEXT_MAX);
}
