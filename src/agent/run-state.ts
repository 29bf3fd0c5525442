/**
 * What one run of the loop carries from step to step, and how a step ends: plan again, or end with a
 * result. A stop (the run's signal) is the Cancelled error, thrown wherever the run waits.
 */
import type { Intent } from '../intent/schema.js';
import type { IntentSource, Outcome } from '../shared/contracts/events.js';
import type { Role } from '../shared/roles.js';
import { withDeadline } from '../shared/deadline.js';
import type { PlannerAvailability, RunResult } from './loop-types.js';
import type { PickedElement } from './session-memory.js';

export class Cancelled extends Error {}

/** Waits for a promise, or rejects with Cancelled as soon as the signal aborts. */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return withDeadline(promise, { signal, aborted: () => new Cancelled() });
}

export interface Planned {
  readonly intent: Intent;
  readonly source: IntentSource;
  readonly lowConfidence: boolean;
  /** The element the user picked when the engine asked which one. */
  readonly picked?: PickedElement;
  /** Planned by a model after screen content went into its conversation (provenance). */
  readonly screenInfluenced?: boolean;
  /** Planned from a picture of the screen at a place the tree does not name: where, in words (the gate asks, saying so). */
  readonly seenAt?: string;
  /** Its keys and typed text are for this field only (a dictation correction): not sent once the focus is elsewhere. */
  readonly keysFor?: { readonly role: Role; readonly name: string };
}

/** A sequence from its 1-based `step` on (the steps before it were done); the intent itself otherwise. */
export function fromStep(intent: Intent, step: number | undefined): Intent {
  if (intent.intent !== 'sequence' || step === undefined || step <= 1) return intent;
  const rest = intent.steps.slice(step - 1);
  return rest.length === 1 && rest[0] ? rest[0] : { ...intent, steps: rest };
}

/** What a run carries from step to step. */
export interface RunState {
  command: string;
  readonly signal: AbortSignal;
  /** The conversation before this run: a run that aimed at a secure field forgets everything after it. */
  readonly turnMark: number;
  observations: number;
  failures: number;
  grammarTried: boolean;
  availability?: PlannerAvailability;
  lastFailed?: { intent: Intent; reason: string };
  /** A plan was made from a picture of the screen in this run (at most once after a failure). */
  pictured?: boolean;
}

export type Step = { readonly kind: 'again' } | End;
export type End = { readonly kind: 'end'; readonly result: RunResult };

export const end = (outcome: Outcome, message: string): End => ({ kind: 'end', result: { outcome, message } });
export const AGAIN: Step = { kind: 'again' };
