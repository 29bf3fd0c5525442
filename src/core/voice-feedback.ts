/**
 * Spoken feedback on the assistant's events (issue #8): short confirmations of what was done, and
 * questions, confirmation requests and problems read aloud at once (they interrupt whatever is being
 * said, because the user must answer them). On/off, rate and language follow the saved settings:
 * the language chooses the frames and the voice (speech-dispatcher's LANGUAGE, espeak-ng's -v).
 */
import { spokenGuide } from '../shared/command-guide.js';
import type { ActionTarget, AssistantEvent } from '../shared/contracts/events.js';
import { spokenFramesFor } from '../shared/lang/spoken.js';
import type { SpokenFrames } from '../shared/lang/spoken-frames.js';
import { DEFAULT_LANGUAGE, type Language } from '../shared/language.js';
import type { SpokenFeedback } from '../voice/spoken-feedback.js';

/** The error code of a command no planner could read (src/agent/planning.ts). */
const NOT_UNDERSTOOD = 'no_planner';

export interface SpokenLine {
  readonly text: string;
  readonly interrupt: boolean;
}

/** Where the overlay shows what the confirmation is about, said after its summary. */
function outlined(frames: SpokenFrames, target: ActionTarget | undefined): string {
  if (!target) return '';
  return frames.outlined(target.kind === 'element' ? target.label : undefined);
}

/**
 * What to say for one event, if anything: results, questions, confirmations, answers, the command
 * guide and problems; not plans or status. The frame is the language's (src/shared/lang/<language>/spoken.ts);
 * names from the screen and the engine's sentences inside it are said as they are.
 */
export function spokenLineFor(event: AssistantEvent, language: Language = DEFAULT_LANGUAGE): SpokenLine | undefined {
  const say = spokenFramesFor(language);
  switch (event.type) {
    case 'action_result':
      return event.ok ? { text: say.done(event.message), interrupt: false } : { text: say.failed(event.message), interrupt: true };
    case 'clarification':
      return { text: say.choose(event.question, event.options), interrupt: true };
    case 'confirmation_request': {
      // The words that answer it by voice (src/shared/answer-words.ts). Heard back by a microphone, the
      // prompt is a sentence, not a bare "yes", so it can never confirm itself. By voice a destructive
      // one takes "confirm" or a yes that names it (issue #27): the prompt says so.
      // The overlay outlines the target meanwhile (issue #31): the summary names it, the line says where to look.
      const where = outlined(say, event.target);
      return {
        text: event.risk.level === 'moderate' ? say.confirmModerate(event.summary, where) : say.confirmDestructive(event.summary, where),
        interrupt: true,
      };
    }
    case 'error':
      return { text: event.code === NOT_UNDERSTOOD ? say.notUnderstood(event.message) : say.problem(event.message), interrupt: true };
    case 'answer':
      // What waits keeps waiting: say at once what can be said. "Confirmed." waits for nothing.
      // The dialogue already says it in the user's language.
      return { text: event.message, interrupt: event.answer === 'not_an_answer' };
    case 'command_guide':
      return { text: spokenGuide(event.guide), interrupt: true };
    case 'mode':
      return { text: say.mode(event.mode, event.message), interrupt: true };
    case 'progress':
      // Each step is shown, not said (a 30-step run would talk over itself); a pause is said once.
      return event.paused ? { text: say.paused(event.step, event.total), interrupt: true } : undefined;
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
  language: () => Language = () => DEFAULT_LANGUAGE,
): (event: AssistantEvent) => void {
  return (event) => {
    const spoken = language();
    const line = spokenLineFor(event, spoken);
    if (!line) return;
    const { enabled, rate, quietWithScreenReader } = settings();
    feedback.setEnabled(enabled);
    if (!enabled) return;
    feedback.setRate(rate);
    feedback.setLanguage(spoken);
    feedback.setQuietWithScreenReader(quietWithScreenReader ?? false);
    void feedback.speak(line.text, { interrupt: line.interrupt });
  };
}
