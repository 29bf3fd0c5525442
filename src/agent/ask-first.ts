/**
 * Asking before a change the loop makes to what it keeps for the user (their commands, the scan's
 * choices): the status, the question, the answer. Nothing on the desktop is acted on here.
 */
import type { AssistantEvent, RiskSummary } from '../shared/contracts/events.js';
import type { ConfirmCallback } from './loop-types.js';
import { questionId } from './question-id.js';
import { Cancelled, end, untilAborted, type RunState, type Step } from './run-state.js';

export interface AskDeps {
  readonly emit: (event: AssistantEvent) => void;
  readonly confirm: ConfirmCallback;
}

/** Asks `summary`: undefined once the user said yes, else the end of the run (declined, or nobody could answer). */
export async function askFirst(
  deps: AskDeps,
  state: RunState,
  summary: string,
  risk: RiskSummary,
  ends: { readonly declined: string; readonly unanswered: string },
): Promise<Step | undefined> {
  // The run ends right after the answer (back to idle), so the status is said here, as the panel shows it.
  deps.emit({ type: 'status', status: 'waiting_for_user' });
  const id = questionId();
  deps.emit({ type: 'confirmation_request', id, summary, risk });
  const answer = await untilAborted(deps.confirm({ id, summary, risk }, state.signal), state.signal);
  if (state.signal.aborted) throw new Cancelled();
  if (answer === 'declined') {
    deps.emit({ type: 'action_result', ok: false, message: ends.declined });
    return end('refused', ends.declined);
  }
  if (answer === 'unanswered') return end('needs_user', ends.unanswered);
  return undefined;
}
