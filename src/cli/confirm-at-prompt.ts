/**
 * A confirmation asked at a terminal prompt (`session`, and `run` at a terminal), answered through
 * the dialogue (src/agent/dialogue.ts) as the panel's are: the same yes and no, only a line typed
 * after the question, "stop" stops. Enter alone is the prompt's default, no; a line that is neither
 * a yes nor a no says so and asks again, so a typo never decides.
 */
import type { Dialogue } from '../agent/dialogue.js';
import type { ConfirmAnswer, ConfirmationRequest } from '../agent/loop-types.js';

/** A line typed at the prompt; `at`: when it arrived (ms since the epoch), absent for now. */
export interface PromptLine {
  readonly text: string;
  readonly at?: number;
}

export interface PromptAsk {
  /** The question's first asking (it may set aside lines typed before it). */
  readonly first: (question: string) => Promise<PromptLine | undefined>;
  /** Asking again after a line that answered nothing. */
  readonly again: (question: string) => Promise<PromptLine | undefined>;
  /** "stop" typed at the question: stops the command (its signal then settles the question). */
  readonly stop: () => void;
}

export async function confirmAtPrompt(dialogue: Dialogue, request: ConfirmationRequest, signal: AbortSignal, ask: PromptAsk): Promise<ConfirmAnswer> {
  const answered = dialogue.confirm(request, signal);
  // The prompt in the user's language (its answers count in English too: "y" still says yes).
  const doIt = dialogue.sentences().doItPrompt;
  let line = await ask.first(`${request.risk.reason} ${request.summary} ${doIt}`);
  for (;;) {
    if (line === undefined) dialogue.abandon();
    else if (line.text.trim() === '') dialogue.press(request.id, 'cancel');
    else {
      const heard = dialogue.hear(line.text, line.at === undefined ? { via: 'typed' } : { via: 'typed', startedAt: line.at });
      if (heard.kind === 'pass' && heard.route === 'stop') ask.stop();
      if (heard.kind === 'not_an_answer') {
        line = await ask.again(`${heard.message}\n${doIt}`);
        continue;
      }
    }
    return answered;
  }
}
