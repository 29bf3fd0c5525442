/**
 * Switch access vocabulary shared by the settings, the shell and the panel: which inputs a switch
 * may be mapped to, which of them the shell captures system-wide, and the limits of each timing.
 *
 * Plain constants (no zod), so the panel bundle can import them as values.
 */

/**
 * What a switch interface can send. Most USB switch interfaces send Space, Enter, "1"/"2", F13–F24
 * or a mouse click; the names are DOM `KeyboardEvent.key` values, with `Mouse…` for buttons.
 */
export const SWITCH_INPUTS = ['Space', 'Enter', '1', '2', ...Array.from({ length: 12 }, (_, i) => `F${13 + i}`), 'MouseLeft', 'MouseRight'] as const;
export type SwitchInput = (typeof SWITCH_INPUTS)[number];

/**
 * The inputs the shell registers as Electron global shortcuts, so a switch works while another app
 * has the keyboard: only F13–F24, which no keyboard a person types on uses. Space, Enter and digits
 * are held on the X server by the core instead, only while switch access is on and the panel is not
 * focused; a mouse button cannot be taken from other apps at all
 * (docs/decisions/0127-switch-keys-grabbed-every-app-while-switch.md).
 */
export function isGlobalSwitchInput(input: string): boolean {
  return /^F(1[3-9]|2[0-4])$/.test(input);
}

/** The Electron accelerator of a global switch input (F13–F24 are their own accelerators). */
export function switchAccelerator(input: SwitchInput): string | undefined {
  return isGlobalSwitchInput(input) ? input : undefined;
}

/** `auto`: one switch, the panel moves the highlight by itself. `step`: two switches, one moves, the other selects. */
export const SCAN_MODES = ['auto', 'step'] as const;
export type ScanMode = (typeof SCAN_MODES)[number];

/** Limits of each timing, in milliseconds (and loops), as the settings schema enforces them. */
export const SWITCH_LIMITS = {
  scanIntervalMs: { min: 500, max: 5000 },
  scanLoops: { min: 1, max: 10 },
  firstItemPauseMs: { min: 0, max: 5000 },
  holdMs: { min: 0, max: 2000 },
  ignoreRepeatMs: { min: 0, max: 2000 },
  stopHoldMs: { min: 1000, max: 10_000 },
  questionSettleMs: { min: 0, max: 5000 },
  longPressMs: { min: 300, max: 5000 },
} as const;

export const MAX_QUICK_COMMANDS = 12;

/** A switch's settings, as the panel and the shell read them. */
export interface SwitchSettings {
  readonly enabled: boolean;
  readonly mode: ScanMode;
  /** The switch that selects (and, in `auto` mode, the only one). */
  readonly selectInput: SwitchInput;
  /** The switch that moves the highlight (`step` mode only). */
  readonly moveInput: SwitchInput;
  readonly scanIntervalMs: number;
  /** How many times the highlight goes round before scanning stops. */
  readonly scanLoops: number;
  /** Extra time the highlight stays on the first item of a list. */
  readonly firstItemPauseMs: number;
  /** A press counts only once held this long (0: at once). */
  readonly holdMs: number;
  /** A press this soon after the last counted one is ignored (0: never). */
  readonly ignoreRepeatMs: number;
  /** Holding a switch this long stops whatever runs. */
  readonly stopHoldMs: number;
  /**
   * For this long after a confirmation or a question appears, a press does nothing (issue #27): the
   * user takes the question in before choosing. Optional until the panel's settings contract carries
   * it (src/shared/contracts/ipc-contract.ts); the panel then uses the default.
   */
  readonly questionSettleMs?: number;
  /**
   * A press of the select switch held this long (and released before the hold that stops) is a long
   * press: on a cell of the mouse grid it clicks there, where a short press zooms in (issue #29).
   * Optional, as questionSettleMs: absent, the panel uses the default.
   */
  readonly longPressMs?: number;
}

export const DEFAULT_SWITCH_SETTINGS: Required<SwitchSettings> = {
  enabled: false,
  mode: 'auto',
  selectInput: 'Space',
  moveInput: 'Enter',
  scanIntervalMs: 1500,
  scanLoops: 4,
  firstItemPauseMs: 1000,
  holdMs: 0,
  ignoreRepeatMs: 300,
  stopHoldMs: 2000,
  questionSettleMs: 1000,
  longPressMs: 1000,
};

/** "what can I say" first: a new switch user finds every other command through it (issue #15). */
export const DEFAULT_QUICK_COMMANDS: readonly string[] = ['what can I say', 'show numbers', 'scroll down', 'scroll up'];
