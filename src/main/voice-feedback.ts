/**
 * Spoken feedback on the assistant's events (issue #8): short confirmations of what was done, and
 * questions, confirmation requests and problems read aloud at once (they interrupt whatever is being
 * said, because the user must answer them). On/off and rate follow the saved settings.
 */
import type { AssistantEvent } from '../shared/events.js';
import type { SpokenFeedback } from '../voice/spoken-feedback.js';

export interface SpokenLine {
  readonly text: string;
  readonly interrupt: boolean;
}

/** What to say for one event, if anything: results, questions, confirmations and problems; not plans or status. */
export function spokenLineFor(event: AssistantEvent): SpokenLine | undefined {
  switch (event.type) {
    case 'action_result':
      return { text: event.message, interrupt: !event.ok };
    case 'clarification':
      return { text: event.options.length > 0 ? `${event.question} ${event.options.join(', or ')}?` : event.question, interrupt: true };
    case 'confirmation_request':
      return { text: `${event.summary} Confirm or cancel?`, interrupt: true };
    case 'error':
      return { text: event.message, interrupt: true };
    case 'status':
    case 'intent':
    case 'observation':
    case 'done':
      return undefined;
  }
}

/** Feeds the loop's events to the speech synthesizer, with the settings as they are now. */
export function speakEvents(feedback: SpokenFeedback, settings: () => { readonly enabled: boolean; readonly rate: number }): (event: AssistantEvent) => void {
  return (event) => {
    const line = spokenLineFor(event);
    if (!line) return;
    const { enabled, rate } = settings();
    feedback.setEnabled(enabled);
    if (!enabled) return;
    feedback.setRate(rate);
    void feedback.speak(line.text, { interrupt: line.interrupt });
  };
}
