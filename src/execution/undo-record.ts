/**
 * What an action changed, recorded by the engine at the moment it acted, from what it read back:
 * the data "take it back" (src/agent/take-back.ts) needs to reverse it on exactly the same element.
 * Only actions that can be reversed get a record; the rest carry none.
 */
import type { AxElement, AxSnapshot } from './accessibility/types.js';
import type { ElementChoice, LabelTarget } from './element-target.js';

/** The wheel's directions (the input driver's, spelled here: the driver's file imports the results). */
type ScrollDirection = 'up' | 'down' | 'left' | 'right';

export type UndoRecord =
  /** Text typed into a field whose whole text was read before and after. */
  | {
      readonly kind: 'typed';
      readonly field: ElementChoice;
      readonly text: string;
      readonly before: string;
      readonly after: string;
    }
  /** A check box, switch or toggle button pressed: its state before. */
  | { readonly kind: 'toggled'; readonly element: ElementChoice; readonly checkedBefore: boolean }
  /** The wheel turned over an element, or over an app's window. */
  | {
      readonly kind: 'scrolled';
      readonly direction: ScrollDirection;
      readonly steps: number;
      readonly over?: ElementChoice;
      readonly app: string;
      readonly pid: number;
    }
  /** A key chord pressed in an app (Ctrl+W in a browser closes a tab). */
  | { readonly kind: 'chord'; readonly chord: string; readonly app: string; readonly pid: number };

/** The chords that close a browser tab: the only chords whose effect is known well enough to reverse (Ctrl+Shift+T). */
export const CLOSE_TAB_CHORDS: ReadonlySet<string> = new Set(['ctrl+w', 'ctrl+f4', 'cmd+w']);

/** A chord pressed in an app, when it is one "take it back" may reverse. */
export function chordRecord(chord: string, app: Pick<AxSnapshot, 'pid' | 'app'> | undefined): UndoRecord | undefined {
  return app && CLOSE_TAB_CHORDS.has(chord) ? { kind: 'chord', chord, app: app.app, pid: app.pid } : undefined;
}

/** The roles whose press toggles a state a second press toggles back. */
export const TOGGLING_ROLES: ReadonlySet<string> = new Set(['check_box', 'switch', 'toggle_button']);

/** Is this element checked (a toggle button: pressed)? */
export const isChecked = (element: Pick<AxElement, 'states'>): boolean => element.states.includes('checked') || element.states.includes('pressed');

/** An element pinned as the one acted on: checked again live (same place in the tree) before it is acted on again. */
export function pinElement(element: AxElement, snapshot: Pick<AxSnapshot, 'pid' | 'app'>): ElementChoice {
  const query: LabelTarget = { label: element.name, role: element.role, ...(snapshot.app ? { app: snapshot.app } : {}) };
  return {
    query,
    pid: snapshot.pid,
    id: element.id,
    role: element.role,
    name: element.name,
    description: element.description,
    parent: element.parent,
    depth: element.depth,
  };
}

/** A press on a check box, switch or toggle button: its state before (read in the tree it was pressed from). */
export function toggledRecord(element: AxElement, snapshot: Pick<AxSnapshot, 'pid' | 'app'>): UndoRecord | undefined {
  return TOGGLING_ROLES.has(element.role) ? { kind: 'toggled', element: pinElement(element, snapshot), checkedBefore: isChecked(element) } : undefined;
}

/** The wheel turned: over a named element (pinned), else over the app's window. */
export function scrolledRecord(
  direction: ScrollDirection,
  steps: number,
  over: AxElement | undefined,
  app: Pick<AxSnapshot, 'pid' | 'app'> | undefined,
): UndoRecord | undefined {
  if (!app) return undefined;
  return { kind: 'scrolled', direction, steps, app: app.app, pid: app.pid, ...(over ? { over: pinElement(over, app) } : {}) };
}
