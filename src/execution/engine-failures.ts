/**
 * Failures as sentences: any error an action meets (the bridge's, the drivers', a bug) becomes a
 * failure result the user can act on, and a step of a sequence says which step it was and what was
 * already done. Nothing thrown reaches the caller of the engine.
 */
import { errorMessage } from '../shared/errors.js';
import { AccessibilityError, type AccessibilityErrorCode } from './accessibility/types.js';
import { ExecutionError, failure, type ActionResult, type FailureCode } from './results.js';

/** Every code of the bridge has its case: a new one without one fails the type check here. */
const ACCESSIBILITY_CODES: Readonly<Record<AccessibilityErrorCode, FailureCode>> = {
  not_built: 'no_accessibility',
  unavailable: 'no_accessibility',
  permission_denied: 'no_accessibility',
  timeout: 'timeout',
  stale: 'stale',
  gone: 'gone',
  not_found: 'not_found',
  unsupported: 'unsupported',
  failed: 'failed',
};

/** Any error → a failure with a sentence; nothing thrown reaches the caller. */
export function toFailure(error: unknown, doing: string): ActionResult {
  if (error instanceof ExecutionError) return failure(error.code, error.message);
  if (error instanceof AccessibilityError) return failure(ACCESSIBILITY_CODES[error.code] ?? 'failed', error.message);
  if (error instanceof TypeError) return failure('failed', `Could not ${doing}: ${error.message}.`);
  const text = errorMessage(error);
  return failure('failed', `Could not ${doing} (${text}). Try again, or do it another way.`);
}

const doneTextOf = (done: number): string => (done === 0 ? 'Nothing was done.' : done === 1 ? 'Step 1 was done.' : `Steps 1–${done} were done.`);

/** A sequence stopped before step `step` by the caller (a stop, a budget not extended, a pause that ran out): `why` first. */
export function stoppedBefore(step: number, total: number, describe: string, why: string): ActionResult {
  return {
    kind: 'failure',
    code: 'interrupted',
    step,
    reason: `${why} Stopped before step ${step} of ${total} (${describe.replace(/\.$/u, '')}). ${doneTextOf(step - 1)}`,
  };
}

/** A step's result, told as that step of the sequence, with what was done before it. */
export function stepFailure(result: ActionResult, step: number, total: number, describe: string, done: number): ActionResult {
  const doneText = doneTextOf(done);
  switch (result.kind) {
    case 'failure':
      return { ...result, step, reason: `Step ${step} of ${total} (${describe}) failed: ${result.reason} ${doneText}` };
    case 'needs_confirmation':
      return { ...result, step, reason: `Step ${step} of ${total} (${describe}): ${result.reason} ${doneText}` };
    case 'clarification':
      return { ...result, step, question: `Step ${step} of ${total} (${describe}): ${result.question}` };
    case 'success':
    case 'observation':
      return result;
  }
}
