/**
 * The outline a confirmation draws (issue #31), as the loop's events say it: a confirmation request
 * with a target outlines it; the question's end takes it away — an answer to it, the run going on
 * (confirmed: executing), or ending (declined, timed out, stopped: idle, then done).
 */
import type { ActionTarget, AssistantEvent } from '../../shared/contracts/events.js';

/** What is outlined after `event`, given what was outlined before it. */
export function outlineAfter(event: AssistantEvent, current: ActionTarget | undefined): ActionTarget | undefined {
  switch (event.type) {
    case 'confirmation_request':
      return event.target;
    case 'answer':
      return event.to === 'confirmation' && event.answer !== 'not_an_answer' ? undefined : current;
    case 'status':
      return event.status === 'waiting_for_user' ? current : undefined;
    case 'done':
      return undefined;
    default:
      return current;
  }
}

/** Feeds each event to `draw` with the outline it leaves (undefined: none). */
export function followOutline(draw: (target: ActionTarget | undefined) => void): (event: AssistantEvent) => void {
  let current: ActionTarget | undefined;
  return (event) => {
    const next = outlineAfter(event, current);
    if (next === current) return;
    current = next;
    draw(next);
  };
}
