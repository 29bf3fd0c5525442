/**
 * What every engine call returns: a typed value, never an exception.
 *
 * The assistant loop switches on `kind`: success ends the command, failure may be re-planned (its
 * `reason` is a sentence the user can act on), clarification asks the user, observation feeds the
 * planner, needs_confirmation asks the user before the same action is tried again.
 */
import type { RiskLevel } from '../shared/risk-level.js';
import type { ElementChoice } from './element-target.js';
import type { Observation } from './observation.js';
import type { UndoRecord } from './undo-record.js';

/** Why an action failed, for the loop's decisions (re-plan, re-observe, give up); the sentence is in `reason`. */
export type FailureCode =
  /** No display (Linux without DISPLAY) or input synthesis not allowed. */
  | 'no_display'
  /** The accessibility API is off, missing or not built. */
  | 'no_accessibility'
  /** The element, app or window was not found. */
  | 'not_found'
  /** The element id belongs to an older observation. */
  | 'stale'
  /** The target app did not answer within its deadline. */
  | 'timeout'
  /** The element or app went away. */
  | 'gone'
  /** This action cannot be done on this target or platform. */
  | 'unsupported'
  /** Refused by policy (a password field). */
  | 'refused'
  /** Typed text did not read back as typed. */
  | 'mismatch'
  /** The user took over (moved the pointer) or cancelled. */
  | 'interrupted'
  | 'failed';

export type ActionResult =
  | {
      readonly kind: 'success';
      readonly message: string;
      /** What the action changed, for "take it back" (undo-record.ts); absent when it cannot be reversed. */
      readonly undo?: UndoRecord;
    }
  | {
      readonly kind: 'failure';
      readonly code: FailureCode;
      readonly reason: string;
      /** In a sequence: the 1-based step that failed. */
      readonly step?: number;
    }
  | {
      readonly kind: 'clarification';
      readonly question: string;
      readonly options: readonly string[];
      /** For "which element?": the element each option names, in the same order, to act on the answer. */
      readonly choices?: readonly ElementChoice[];
      /** In a sequence: the 1-based step that asked. */
      readonly step?: number;
    }
  | {
      readonly kind: 'observation';
      /** What the planner reads. */
      readonly text: string;
      /** For get_screen_elements: the serialized list and its id map. */
      readonly observation?: Observation;
      /** For get_frontmost_app. */
      readonly app?: { readonly name: string; readonly pid: number };
    }
  | {
      /**
       * The live target turned out riskier than what the caller approved: nothing was done.
       * Ask the user, then repeat the call approving `level` (in a sequence, from `step` on).
       */
      readonly kind: 'needs_confirmation';
      readonly level: RiskLevel;
      readonly reason: string;
      /** The effect rule that judged what the input would do (src/registry/effect-rules.ts), when one did. */
      readonly rule?: string;
      /** The live element the question is about: a yes approves that one (issue #27). */
      readonly element?: string;
      readonly step?: number;
    };

export type ActionResultKind = ActionResult['kind'];

export function success(message: string, undo?: UndoRecord): ActionResult {
  return undo ? { kind: 'success', message, undo } : { kind: 'success', message };
}

export function failure(code: FailureCode, reason: string): ActionResult {
  return { kind: 'failure', code, reason };
}

export function clarification(question: string, options: readonly string[], choices?: readonly ElementChoice[]): ActionResult {
  return { kind: 'clarification', question, options, ...(choices ? { choices } : {}) };
}

/** An error raised inside the engine's drivers whose message is already a sentence for the user. */
export class ExecutionError extends Error {
  override readonly name = 'ExecutionError';
  constructor(
    readonly code: FailureCode,
    message: string,
  ) {
    super(message);
  }
}

/** A value found on the way to acting, or the result that ends the action (not found, a question…). */
export type Found<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly result: ActionResult };

export const found = <T>(value: T): Found<T> => ({ ok: true, value });
export const stopWith = <T>(result: ActionResult): Found<T> => ({ ok: false, result });
