/**
 * Types of the accessibility bridge's results, the same on every platform.
 *
 * Roles come from the shared vocabulary (src/shared/roles.ts); actions and states are the bridge's
 * own vocabularies, normalized from AT-SPI (Linux) and AX (macOS).
 */
import type { Role } from '../../shared/roles.js';

/** Actions an element may offer; `performAction` takes one of these. */
export const ACTIONS = ['press', 'show_menu', 'focus', 'increment', 'decrement', 'confirm', 'cancel', 'expand', 'collapse', 'select', 'raise'] as const;
export type ActionName = (typeof ACTIONS)[number];

/** States an element may be in. */
export const STATES = [
  'active',
  'busy',
  'checked',
  'collapsed',
  'default',
  'editable',
  'enabled',
  'expandable',
  'expanded',
  'focusable',
  'focused',
  'has_popup',
  'invalid',
  'mixed',
  'modal',
  'multi_line',
  'pressed',
  'read_only',
  'required',
  'selectable',
  'selected',
  'showing',
  'visible',
] as const;
export type ElementState = (typeof STATES)[number];

/** Screen rectangle in pixels, origin at the top-left of the primary screen. */
export interface Bounds {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** One element of a snapshot. `id` is valid only with the snapshot's `generation`. */
export interface AxElement {
  readonly id: number;
  readonly role: Role;
  /** What the OS called the role (AT-SPI role name or AXRole/AXSubrole), for diagnostics. */
  readonly platformRole: string;
  readonly name: string;
  readonly description: string;
  /** Text of an editable field or the number of a slider; null when there is none or it is secret. */
  readonly value: string | null;
  readonly bounds: Bounds | null;
  readonly states: readonly ElementState[];
  readonly actions: readonly ActionName[];
  /**
   * Keys that do what this element does, as the platform declares them on its actions (AT-SPI:
   * "<Alt>d" for a button's mnemonic, "n;<Alt>f:n;<Control>n" for a menu item); absent when none.
   * Read by the gate (src/execution/key-bindings.ts), which judges a chord as the element it is bound to.
   */
  readonly keys?: readonly string[];
  /** The parent's id; null for the root. */
  readonly parent: number | null;
  readonly depth: number;
  /** Set on a container too big to read whole (a sheet, a list of thousands): what was read of it. */
  readonly visiblePart?: VisiblePart;
}

/**
 * The part of a container too big to read whole that a snapshot read: the cells on screen of a
 * table (rows and columns count from 0, as the platform's Table interface does), or the items found
 * on screen in a list. Its children in the snapshot are exactly these. null: not known.
 */
export interface VisiblePart {
  readonly firstRow: number | null;
  readonly lastRow: number | null;
  readonly firstColumn: number | null;
  readonly lastColumn: number | null;
  /** The table's size. */
  readonly rows: number | null;
  readonly columns: number | null;
  /** Children read. */
  readonly items: number;
  /** Children it says it has; null when it cannot say (more than 2^31). */
  readonly itemCount: number | null;
}

/**
 * Why a snapshot is partial. `visible_only`: the whole tree was read, but a container too big to
 * read whole only where it is on screen (its element has `visiblePart`). The others cut the tree
 * short: the elements are then a prefix in depth-first order.
 */
export type Truncation = 'none' | 'max_nodes' | 'max_depth' | 'deadline' | 'visible_only';

export interface AxSnapshot {
  readonly generation: number;
  readonly pid: number;
  readonly app: string;
  /** Whether, and why, the snapshot is partial. */
  readonly truncated: Truncation;
  readonly elements: readonly AxElement[];
  readonly elapsedMs: number;
  /**
   * How the tree was read: from the app's own accessibility cache in one call ('app_cache'), from
   * that cache as read before with only what the app's change events named read again ('mirror'),
   * or by a walk that asks for every element. For diagnosis and tests; nothing should depend on it.
   */
  readonly source?: SnapshotSource;
}

export type SnapshotSource = 'app_cache' | 'mirror' | 'walk';

/** Names one element of one snapshot. */
export interface ElementRef {
  readonly generation: number;
  readonly id: number;
}

export interface RunningApp {
  readonly pid: number;
  readonly name: string;
  /** macOS bundle identifier; null on Linux. */
  readonly bundleId: string | null;
  readonly frontmost: boolean;
  /** False when the app did not answer in time (hung or busy). */
  readonly responding: boolean;
}

export interface LaunchedApp {
  readonly pid: number;
  readonly name: string;
  /** The desktop id (Linux) or bundle id (macOS) that was launched. */
  readonly id: string;
  /** macOS: the app lives in the menu bar, with no Dock icon and no window by design. */
  readonly menuBarOnly?: boolean;
}

/** The bridge's answer to "may I read and act?" (shared: main's Linux permission check reads it). */
export type { BridgePermission as PermissionStatus, BridgePermissionState as PermissionState } from '../../shared/permissions.js';

export type AxEventType = 'focus_changed' | 'window_changed';

export interface AxEvent {
  readonly type: AxEventType;
  readonly pid: number;
  readonly app: string;
  readonly role: Role;
  readonly name: string;
}

export type AccessibilityErrorCode = 'not_built' | 'unavailable' | 'permission_denied' | 'timeout' | 'stale' | 'gone' | 'not_found' | 'unsupported' | 'failed';

const ERROR_CODES: ReadonlySet<string> = new Set<AccessibilityErrorCode>([
  'not_built',
  'unavailable',
  'permission_denied',
  'timeout',
  'stale',
  'gone',
  'not_found',
  'unsupported',
  'failed',
]);

/** A failure of the accessibility bridge; `message` is a sentence the user can act on. */
export class AccessibilityError extends Error {
  override readonly name = 'AccessibilityError';
  constructor(
    readonly code: AccessibilityErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export function isAccessibilityErrorCode(value: unknown): value is AccessibilityErrorCode {
  return typeof value === 'string' && ERROR_CODES.has(value);
}

/**
 * What insertText did, in characters (Unicode code points, as `Array.from` counts them) of the text
 * as it was before: [start, end) was replaced by the new text; the caret is now at `caret`.
 */
export interface InsertedText {
  readonly start: number;
  readonly end: number;
  readonly caret: number;
}

/**
 * Where a text element's caret and selection are, in characters (Unicode code points, as
 * `Array.from` counts them): the caret (-1: the element has no caret) and the first selection
 * [start, end) (start === end: nothing selected).
 */
export interface TextSelection {
  readonly caret: number;
  readonly start: number;
  readonly end: number;
}

/** A rectangle on screen, in pixels. */
export interface ScreenRect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** What the bridge asks of the window manager (native/ax-bridge: kWindowCommands); `move` takes a frame. */
export type WindowRequest =
  'maximize' | 'restore' | 'minimize' | 'fullscreen' | 'unfullscreen' | 'close' | 'activate' | 'move' | 'show_desktop' | 'hide_desktop';

/** A top-level window as the window system lists it: `frame` includes its decorations. */
export interface WindowState {
  readonly id: number;
  /** 0 when the window names no process. */
  readonly pid: number;
  readonly title: string;
  readonly frame: ScreenRect;
  readonly maximized: boolean;
  readonly fullscreen: boolean;
  readonly minimized: boolean;
  readonly active: boolean;
}

/** The windows bottom to top of the stacking order, the work area (less the panels), the monitors. */
export interface WindowList {
  readonly windows: readonly WindowState[];
  readonly workArea: ScreenRect;
  readonly monitors: readonly ScreenRect[];
  readonly showingDesktop: boolean;
}
