/**
 * Main's side of the assistant's core process. The core (settings, keychain, planner, loop, engine
 * and so the accessibility addon) runs in an Electron utilityProcess, so that a native crash or a hung
 * call cannot take the windows and the tray down (docs/decisions/0054-assistant-core-runs-utilityprocess-main-keeps.md);
 * main keeps the windows, the tray and the OS permission APIs that only exist there.
 *
 * Panel requests are relayed to the core's PanelSession (which validates them); the core's events
 * come back for the panel; the core asks main for permissions (macOS systemPreferences and shell
 * live in main). If the core process dies, every waiting request gets a sentence, the panel is told
 * and returns to idle, and the core is started again: always, after a pause that grows with each crash
 * in a row (`restartPause`), because a user who cannot use a keyboard or mouse cannot quit and open the
 * app again. The restarted core says it came back (in speech and in the panel).
 */
import type { AssistantEvent } from '../shared/contracts/events.js';
import type { RequestChannel } from '../shared/contracts/ipc-contract.js';
import type { PermissionChecker } from '../shared/permissions.js';
import type { Settings } from '../shared/settings-schema.js';
import type { SwitchInput } from '../shared/switch-access.js';
import type { MessageLink } from '../shared/contracts/core-rpc.js';
import { withDeadline } from '../shared/deadline.js';
import {
  shellPeer,
  type BridgePermission,
  type ContractPeer,
  type CoreAnswers,
  type HoldOutcomeMessage,
  type ShellAnswers,
  type SwitchKeyReport,
} from '../shared/contracts/core-contract.js';

/** What main needs of Electron's UtilityProcess. */
export interface CoreChild {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  on(event: 'exit', listener: (code: number) => void): unknown;
  removeListener(event: 'message', listener: (message: unknown) => void): unknown;
  kill(): boolean;
}

export interface CoreHostDeps {
  /** Starts the core; `restarts`: how many times it was started again after a crash (0 at launch). */
  readonly fork: (restarts: number) => CoreChild;
  /** Main's permission checker, which the core asks before acting. */
  readonly permissions: () => PermissionChecker;
  readonly onEvent: (event: AssistantEvent) => void;
  /** The settings the core just saved (main applies the shortcut and launch at login). */
  readonly onSettingsSaved: (settings: Settings) => void;
  /** A held switch key went down or up (the core's key grab; see src/execution/input/switch-keys.ts). */
  readonly onSwitchKey?: (report: SwitchKeyReport) => void;
  /** The core process started (again): what main asked of the old one must be asked again. */
  readonly onStarted?: () => void;
  /** The core process ended unexpectedly and starts again after a pause: main stands in for what it held. */
  readonly onStopped?: () => void;
  /** A sentence for the log when the core process ends unexpectedly. */
  readonly log: (line: string) => void;
  /** The first pause before a restart; each crash in a row doubles it, up to `maxRestartDelayMs`. Default 500 ms. */
  readonly restartDelayMs?: number;
  /** The longest pause. Default 30 s. */
  readonly maxRestartDelayMs?: number;
  /** Runs the restart after the pause (default: a timer); returns what cancels it. */
  readonly schedule?: (pauseMs: number, restart: () => void) => () => void;
  /** The clock a core's time up is measured with (default Date.now). */
  readonly now?: () => number;
}

function afterPause(pauseMs: number, restart: () => void): () => void {
  const timer = setTimeout(restart, pauseMs);
  timer.unref?.();
  return () => clearTimeout(timer);
}

/** A core that ran this long before it ended crashed once, not again: the pauses start over. */
export const STABLE_RUN_MS = 60_000;

/** The pause before the next start after `crashesInRow` crashes in a row (1 for the first): doubling, capped. */
export function restartPause(crashesInRow: number, firstMs: number, maxMs: number): number {
  const doublings = Math.min(Math.max(crashesInRow - 1, 0), 30);
  return Math.min(firstMs * 2 ** doublings, maxMs);
}

const seconds = (ms: number): string => {
  const s = Math.max(1, Math.round(ms / 1000));
  return s === 1 ? '1 second' : `${s} seconds`;
};

/** How long main waits for the core to hold or let go of the switch keys. */
const HOLD_DEADLINE_MS = 10_000;
const RESTARTING = 'The assistant is starting again after a problem: give the command again in a moment.';

export function childLink(child: CoreChild): MessageLink {
  return {
    post: (message) => child.postMessage(message),
    onMessage: (listener) => {
      child.on('message', listener);
      return () => child.removeListener('message', listener);
    },
  };
}

type Peer = ContractPeer<ShellAnswers, CoreAnswers>;

export class CoreHost {
  private child: CoreChild | undefined;
  private peer: Peer | undefined;
  private stopping = false;
  /** Crashes since the core last ran for STABLE_RUN_MS. */
  private crashesInRow = 0;
  private restarts = 0;
  private startedAt = 0;
  /** Cancels the restart that waits for its pause; set only between a crash and the next start. */
  private pending: (() => void) | undefined;

  constructor(private readonly deps: CoreHostDeps) {}

  /** True between a crash and the next start. */
  get restarting(): boolean {
    return this.pending !== undefined;
  }

  start(): void {
    if (this.child || this.stopping) return;
    this.pending = undefined;
    const child = this.deps.fork(this.restarts);
    this.child = child;
    this.startedAt = (this.deps.now ?? Date.now)();
    const peer = shellPeer(
      childLink(child),
      {
        'permissions:check': (kinds) => this.deps.permissions().check(kinds),
        'permissions:open-settings': (kind) => this.deps.permissions().openSettings(kind),
        'assistant:event': (event) => this.deps.onEvent(event),
        'settings:saved': (settings) => this.deps.onSettingsSaved(settings),
        'switch:key': (report) => this.deps.onSwitchKey?.(report),
      },
      this.deps.log,
    );
    this.peer = peer;
    child.on('exit', (code) => this.exited(child, peer, code));
    this.deps.onStarted?.();
  }

  /** Relays one panel request to the core's PanelSession; rejects with a sentence when the core is gone. */
  handle(channel: RequestChannel, args: readonly unknown[]): Promise<unknown> {
    if (!this.peer) return Promise.reject(new Error(this.pending ? RESTARTING : 'The assistant is starting: try again in a moment.'));
    return this.peer.call('panel:request', channel, [...args]);
  }

  /** The accessibility bridge's permission, asked where the bridge runs. */
  bridgePermission(deadlineMs: number): Promise<BridgePermission> {
    if (!this.peer) return Promise.reject(new Error('The assistant is not running.'));
    return this.peer.call('bridge:permission', deadlineMs);
  }

  /** Holds exactly these switch keys system-wide ([]: none); the outcome as HoldOutcome (src/execution/input/switch-keys.ts). */
  holdSwitchKeys(keys: readonly SwitchInput[]): Promise<HoldOutcomeMessage> {
    if (!this.peer) return Promise.reject(new Error('The assistant is not running.'));
    // The core's own grab has a deadline; this one is for a core that is wedged.
    return withDeadline(this.peer.call('switch:hold', [...keys]), {
      deadlineMs: HOLD_DEADLINE_MS,
      late: () => new Error(`the assistant did not answer within ${HOLD_DEADLINE_MS / 1000} s`),
    });
  }

  /** Ends the core process for good (at quit). */
  stop(): void {
    this.stopping = true;
    this.pending?.();
    this.pending = undefined;
    this.peer?.close('Assistive Control is quitting.');
    this.child?.kill();
    this.child = undefined;
    this.peer = undefined;
  }

  private exited(child: CoreChild, peer: Peer, code: number): void {
    if (this.child !== child) return;
    this.child = undefined;
    this.peer = undefined;
    if (this.stopping) return;
    if ((this.deps.now ?? Date.now)() - this.startedAt >= STABLE_RUN_MS) this.crashesInRow = 0;
    this.crashesInRow += 1;
    const pause = restartPause(this.crashesInRow, this.deps.restartDelayMs ?? 500, this.deps.maxRestartDelayMs ?? 30_000);
    const message = `The assistant stopped unexpectedly, so the last command did not finish. It starts again in ${seconds(pause)}: your switch and shortcuts keep working, give the command again then.`;
    peer.close(message);
    this.deps.log(`The assistant's core process ended with code ${code}; starting it again in ${pause} ms (crash ${this.crashesInRow} in a row).`);
    // The panel follows the events: tell it what happened and bring it back to idle.
    this.deps.onEvent({ type: 'error', code: 'core_exited', message, retryable: true });
    this.deps.onEvent({ type: 'status', status: 'idle' });
    this.deps.onStopped?.();
    this.restarts += 1;
    this.pending = (this.deps.schedule ?? afterPause)(pause, () => this.start());
  }
}
