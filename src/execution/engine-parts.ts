/**
 * What the engine lends the modules that act for it (typing, spreadsheet cells): its drivers, its
 * app focus and target resolution, the gate's facts of an element, and its one way to click.
 */
import type { AxElement } from './accessibility/types.js';
import type { AppFocus } from './apps/app-focus.js';
import type { AppOf } from './element-geometry.js';
import type { AccessibilityDriver, Clock, LiveElementFacts, Point } from './engine-types.js';
import type { InputDriver, MouseButton } from './input/input-driver.js';
import type { PointerTrail } from './pointer-trail.js';
import type { TargetAppTracker } from './apps/target-app.js';
import type { TargetResolver } from './target-resolution.js';

export interface EngineTuning {
  /** Extra look-ups after "not found" (the element may still be appearing). Default 3. */
  readonly notFoundRetries: number;
  /** Wait between those look-ups. Default 500 ms. */
  readonly retryDelayMs: number;
  /** How long open_application waits for the app's window. Default 5,000 ms. */
  readonly windowWaitMs: number;
  /** Polling interval of waits. Default 50 ms. */
  readonly pollMs: number;
  /** How long typed text may take to show up in the field before it is called unconfirmed. Default 1,000 ms. */
  readonly readBackMs: number;
  /** Wheel steps when a scroll names no amount. Default 3. */
  readonly defaultScrollSteps: number;
  /** Pointer travel tolerance (px) before "the user moved the pointer" stops a multi-step action. Default 3. */
  readonly takeoverTolerancePx: number;
  /** Deadline of one snapshot of the target app. Default 3,000 ms (the bridge's). */
  readonly snapshotDeadlineMs: number;
  /** How long a named app may take to come to the front for keys or scrolling. Default 2,000 ms. */
  readonly activateWaitMs: number;
  /**
   * How long a window must stay where it is, once its state reads back, before "take it back" counts it
   * as there: window managers slide a window in and out (openbox shows one at its place, then slides it
   * from where its minimise had got to, 150 ms). Default 250 ms.
   */
  readonly windowStillMs: number;
  /** How long a spreadsheet may take to show the cell asked for after Enter in its address box. Default 3,000 ms. */
  readonly cellWaitMs: number;
  /** How long get_screen_elements may keep reading a tree the app is still building (settled-read.ts). Default 5,000 ms. */
  readonly settleMs: number;
  /** Token budget of get_screen_elements. */
  readonly tokenBudget?: number;
}

export const DEFAULT_TUNING: EngineTuning = {
  notFoundRetries: 3,
  retryDelayMs: 500,
  windowWaitMs: 5000,
  pollMs: 50,
  readBackMs: 1000,
  defaultScrollSteps: 3,
  takeoverTolerancePx: 3,
  snapshotDeadlineMs: 3000,
  activateWaitMs: 2000,
  windowStillMs: 250,
  cellWaitMs: 3000,
  settleMs: 5000,
};

export interface EngineDeps {
  readonly bridge: AccessibilityDriver;
  readonly input: InputDriver;
  readonly clock?: Clock;
  readonly tuning?: Partial<EngineTuning>;
  /**
   * The assistant's own processes (its panel's, its core's): never "the frontmost app". While one
   * of them is in front, commands go to the app the user was in before (see target-app.ts).
   */
  readonly ownPids?: readonly number[];
  /** The same, already remembering from the bridge's events (ownPids is then ignored). */
  readonly targetApp?: TargetAppTracker;
}

export interface EngineParts {
  readonly bridge: AccessibilityDriver;
  readonly input: InputDriver;
  readonly clock: Clock;
  readonly tuning: EngineTuning;
  readonly apps: AppFocus;
  readonly targets: TargetResolver;
  readonly terminalLines: TerminalLines;
  /** Where the engine last put the pointer (a drag stops when the user moves it). */
  readonly pointer: PointerTrail;
  /** The live facts of an element for the gate: role, names, secure, terminal, the assistant's own. */
  factsOf(el: AxElement | undefined, where: AppOf | undefined): LiveElementFacts | undefined;
  /** Clicks at a point, refusing when one of the assistant's own windows is there. */
  pointerClick(p: Point, button: MouseButton, count: number): Promise<void>;
}

/**
 * The terminal lines (by app pid) that hold text the engine typed, not yet followed by Enter: the
 * Enter that runs such a line is judged as the destructive step it is.
 */
export class TerminalLines {
  private readonly lines = new Map<number, string>();

  has(pid: number): boolean {
    return this.lines.has(pid);
  }

  /** Notes text typed into a terminal: what follows its last line break is the pending line. */
  typed(pid: number, text: string): void {
    const line = (this.lines.get(pid) ?? '') + text;
    const rest = line.slice(Math.max(line.lastIndexOf('\n'), line.lastIndexOf('\r')) + 1);
    if (rest) this.lines.set(pid, rest);
    else this.lines.delete(pid);
  }

  /** Something was dropped onto a terminal: its line now holds what the drop put there. */
  dropped(pid: number): void {
    this.lines.set(pid, '(dropped)');
  }

  /** The line ran (Enter) or was cleared (Ctrl+C, Ctrl+U). */
  cleared(pid: number): void {
    this.lines.delete(pid);
  }
}
