/**
 * What an action changed, recorded by the engine at the moment it acted, from what it read back:
 * the data "take it back" (src/agent/take-back.ts) needs to reverse it on exactly the same element.
 * Only actions that can be reversed get a record; the rest carry none.
 */
import type { WindowAction } from '../shared/window-actions.js';
import type { AxElement, AxSnapshot, ScreenRect, WindowState } from './accessibility/types.js';
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
  | { readonly kind: 'chord'; readonly chord: string; readonly app: string; readonly pid: number }
  /** A window command that moved, resized, maximised, minimised or made a window full screen: its shape before and after. */
  | {
      readonly kind: 'window';
      readonly action: WindowAction;
      /** The window manager's id (X11: the window's XID) and the process that owns it. */
      readonly window: number;
      readonly pid: number;
      readonly title: string;
      readonly before: WindowShape;
      readonly after: WindowShape;
    };

/** Where a window is, how big (its frame, decorations included) and in which state. */
export interface WindowShape {
  readonly frame: ScreenRect;
  readonly maximized: boolean;
  readonly fullscreen: boolean;
  readonly minimized: boolean;
}

/** The window commands that change a window's place, size or state, which its shape before can undo. */
export const SHAPE_ACTIONS: ReadonlySet<WindowAction> = new Set(['maximize', 'minimize', 'restore', 'snap_left', 'snap_right', 'other_monitor', 'full_screen']);

const shapeOf = ({ frame, maximized, fullscreen, minimized }: WindowState): WindowShape => ({ frame, maximized, fullscreen, minimized });

/** A window command done and read back: the record that puts the window back, when the command changes its shape. */
export function windowRecord(action: WindowAction, before: WindowState, after: WindowState | undefined): UndoRecord | undefined {
  if (!after || !SHAPE_ACTIONS.has(action)) return undefined;
  return { kind: 'window', action, window: before.id, pid: before.pid, title: before.title, before: shapeOf(before), after: shapeOf(after) };
}

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
