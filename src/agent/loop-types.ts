/**
 * The assistant loop's contract with its front ends: what it needs (an engine, a way to ask for
 * confirmation, a planner factory, an audit sink) and what a run gives back.
 */
import type { InputPlatform } from '../execution/input/keymap.js';
import type { Observation } from '../execution/observation.js';
import type { WindowPicture } from '../execution/screen/window-picture.js';
import type { Planner } from '../intent/providers/planner.js';
import type { Intent } from '../intent/schema.js';
import type { UserCommandSet } from '../intent/user-commands.js';
import type { ConfidencePolicy } from '../intent/validator.js';
import type { EngineApi } from '../registry/dispatch.js';
import type { GatePolicy } from '../registry/risk.js';
import type { AssistantEvent, Outcome, RiskSummary } from '../shared/contracts/events.js';
import type { Language } from '../shared/language.js';
import type { AuditRecord } from './audit-log.js';
import type { SessionMemory } from './session-memory.js';

/** What the user answered to a confirmation request. `unanswered`: nobody is there to answer (a script). */
export type StoreEdit = { readonly ok: true; readonly count: number } | { readonly ok: false; readonly message: string };

/** Where the user's commands come from and go to (src/compose/user-commands.ts implements it over src/config). */
export interface UserCommandStore {
  /** The commands as they are now (the file read again after each change). */
  commands(): Promise<UserCommandSet>;
  /** Adds a command; one with the same phrase and no app scope is replaced (`count`: how many were). */
  save(command: { readonly say: string; readonly do: Intent }): Promise<StoreEdit>;
  /** Removes every command with this phrase (`count`: how many). */
  forget(say: string): Promise<StoreEdit>;
}

export type ConfirmAnswer = 'confirmed' | 'confirmed_by_flag' | 'declined' | 'unanswered';

export interface ConfirmationRequest {
  /** The question's id (src/agent/question-id.ts): an answer names it, and counts for this question only. */
  readonly id: string;
  /** One sentence: what will be done (every step of a sequence, elements by their names). */
  readonly summary: string;
  readonly risk: RiskSummary;
  /** The action asked about; absent when what is asked is not an action on the desktop (forgetting one of the user's commands). */
  readonly intent?: Intent;
  /** The plan was made after screen content went to a model: text on the screen may have chosen it. */
  readonly screenInfluenced?: boolean;
}

/** Asks the user to confirm; resolves `unanswered` when no one can answer. Aborted with the run's signal. */
export type ConfirmCallback = (request: ConfirmationRequest, signal: AbortSignal) => Promise<ConfirmAnswer>;

/** What the planner factory found when the grammar had no match. */
export type PlannerAvailability =
  | { readonly kind: 'ready'; readonly planner: Planner; readonly budgetMs?: number; readonly confidence?: ConfidencePolicy }
  /** No LLM provider is configured; `message` says what the user can do. */
  | { readonly kind: 'none'; readonly message: string }
  /** A provider is configured but cannot be built now (no key saved, keychain locked). */
  | { readonly kind: 'unavailable'; readonly code: string; readonly message: string };

/** Builds the LLM planner at send time (so a settings change applies to the next command). */
export type PlannerFactory = () => Promise<PlannerAvailability>;

export interface LoopLimits {
  /** Observations an LLM may ask for in one run. */
  readonly observations: number;
  /** Re-plans after a failure or a rejected answer in one run. */
  readonly retries: number;
}

export const DEFAULT_LOOP_LIMITS: LoopLimits = { observations: 5, retries: 2 };

export interface AuditSink {
  append(record: AuditRecord): boolean;
}

export interface AssistantDeps {
  readonly engine: EngineApi;
  /** Receives every event, in order. A listener that throws is ignored (and never stops the loop). */
  readonly emit: (event: AssistantEvent) => void;
  readonly confirm: ConfirmCallback;
  /** Absent: the grammar is the only planner. */
  readonly planner?: PlannerFactory;
  readonly audit?: AuditSink;
  /** Wall-clock time for audit records. */
  readonly now?: () => Date;
  readonly policy?: GatePolicy;
  /** Plan and validate; perform only read-only observations. */
  readonly dryRun?: boolean;
  readonly limits?: Partial<LoopLimits>;
  /** The session's memory; give the same one to every loop of a session. */
  readonly memory?: SessionMemory;
  /** The user's own commands (tried before the grammar), and where "save that as" and "forget" write. */
  readonly userCommands?: UserCommandStore;
  /** The switch scan's learned choices, for "forget my choices" (forget-choices.ts); absent, there are none to forget. */
  readonly scanChoices?: ScanChoicesStore;
  /** The confidence policy for the grammar's intents (an LLM's comes with its planner). */
  readonly confidence?: ConfidencePolicy;
  /** Pictures of the screen for a planner that takes images (vision.ts); absent, the assistant never takes one. */
  readonly vision?: VisionDeps;
  /** The language the grammar reads commands in (the `language` setting, read at each plan); absent: English. */
  readonly language?: () => Language;
  /** Steps a long sequence takes before it asks to go on (the `stepBudget` setting, read when a sequence starts); default 25. */
  readonly stepBudget?: () => number;
  /** How long a paused run waits for "go on" before it ends (read when it pauses); absent: until "go on" or "stop". */
  readonly pauseLimitMs?: () => number | undefined;
  /** Whose keys dictation's corrections press (a Mac's ⌘↑ and ⌘↓, or Ctrl+Home and Ctrl+End); default this process's platform. */
  readonly platform?: InputPlatform;
}

/** Where the scan's choices are kept: how many there are, and forgetting them (undefined app: every app). */
export interface ScanChoicesStore {
  kept(app?: string): Promise<number>;
  forget(app?: string): Promise<number>;
}

export interface RunOptions {
  /** Stops the LLM request, the confirmation prompt and any running sequence. */
  readonly signal?: AbortSignal;
}

export interface RunResult {
  readonly outcome: Outcome;
  /** One sentence for the user (for an observation the user asked for: what was seen). */
  readonly message: string;
}

/** What the loop needs to look at the screen (src/agent/vision.ts). */
export interface VisionDeps {
  /** The picture of app `pid`'s front window with `observation`'s numbers; rejects with an Error whose message is for the user. */
  readonly picture: (pid: number, observation: Observation) => Promise<WindowPicture>;
  /** The planner the user allowed pictures for, built at send time; `none` says how to allow one. */
  readonly planner: PlannerFactory;
}
