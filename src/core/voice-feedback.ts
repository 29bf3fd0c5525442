/**
 * Spoken feedback on the assistant's events (issue #8): short confirmations of what was done, and
 * questions, confirmation requests and problems read aloud at once (they interrupt whatever is being
 * said, because the user must answer them). On/off and rate follow the saved settings.
 */
import { spokenGuide } from '../shared/command-guide.js';
import type { ActionTarget, AssistantEvent } from '../shared/contracts/events.js';
import type { SpokenFeedback } from '../voice/spoken-feedback.js';

export interface SpokenLine {
  readonly text: string;
  readonly interrupt: boolean;
}

/** Where the overlay shows what the confirmation is about, said after its summary. */
function outlined(target: ActionTarget | undefined): string {
  if (!target) return '';
  return target.kind === 'element' ? ` “${target.label}” is outlined on the screen.` : ' The point is marked on the screen.';
}

/** What to say for one event, if anything: results, questions, confirmations, answers, the command guide and problems; not plans or status. */
export function spokenLineFor(event: AssistantEvent): SpokenLine | undefined {
  switch (event.type) {
    case 'action_result':
      return { text: event.message, interrupt: !event.ok };
    case 'clarification':
      return { text: event.options.length > 0 ? `${event.question} ${event.options.join(', or ')}?` : event.question, interrupt: true };
    case 'confirmation_request':
      // The words that answer it by voice (src/shared/answer-words.ts). Heard back by a microphone, the
      // prompt is a sentence, not a bare "yes", so it can never confirm itself. By voice a destructive
      // one takes "confirm" or a yes that names it (issue #27): the prompt says so.
      // The overlay outlines the target meanwhile (issue #31): the summary names it, the line says where to look.
      return {
        text:
          event.risk.level === 'moderate'
            ? `${event.summary}${outlined(event.target)} Say yes to do it, or no to cancel.`
            : `${event.summary}${outlined(event.target)} This cannot be undone: say confirm to do it, or no to cancel.`,
        interrupt: true,
      };
    case 'error':
      return { text: event.message, interrupt: true };
    case 'answer':
      // What waits keeps waiting: say at once what can be said. "Confirmed." waits for nothing.
      return { text: event.message, interrupt: event.answer === 'not_an_answer' };
    case 'command_guide':
      return { text: spokenGuide(event.guide), interrupt: true };
    case 'mode':
      return { text: event.message, interrupt: true };
    case 'progress':
      // Each step is shown, not said (a 30-step run would talk over itself); a pause is said once.
      return event.paused ? { text: `Paused before step ${event.step} of ${event.total}. Say go on to continue, or stop.`, interrupt: true } : undefined;
    case 'status':
    case 'intent':
    case 'observation':
    case 'done':
    case 'user_commands_changed':
      return undefined;
  }
}

/** Feeds the loop's events to the speech synthesizer, with the settings as they are now. */
export function speakEvents(
  feedback: SpokenFeedback,
  settings: () => { readonly enabled: boolean; readonly rate: number; readonly quietWithScreenReader?: boolean },
): (event: AssistantEvent) => void {
  return (event) => {
    const line = spokenLineFor(event);
    if (!line) return;
    const { enabled, rate, quietWithScreenReader } = settings();
    feedback.setEnabled(enabled);
    if (!enabled) return;
    feedback.setRate(rate);
    feedback.setQuietWithScreenReader(quietWithScreenReader ?? false);
    void feedback.speak(line.text, { interrupt: line.interrupt });
  };
}
