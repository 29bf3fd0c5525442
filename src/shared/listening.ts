/**
 * Continuous listening (issue #15), the parts both sides share: what the core answers for each block
 * of microphone audio, and the pure sleep/wake model the core applies to every transcript heard
 * while listening continuously (no zod here: the panel bundle imports it). The core holds the sleep
 * state and decides (issue #27): the panel is told, with each transcript and each reply, what it is.
 */
import type { VoiceUtterance } from './contracts/voice-contract.js';

export { LISTEN_BLOCK_SAMPLES, MAX_LISTEN_BLOCK_SAMPLES } from './pcm.js';

/** What the core made of one block of audio. */
export type ListenReply =
  /** Listening; `speech`: a voice is heard now (an utterance is being collected). */
  | { readonly kind: 'listening'; readonly speech: boolean }
  /** The assistant is speaking: what the microphone hears now is dropped, never taken as a command. */
  | { readonly kind: 'paused' }
  /**
   * An utterance ended (≈ 0.25 s of silence, or the length cap): transcribe it as a push-to-talk one.
   * Its `heardId` tells the core, when it comes back to be transcribed, that continuous listening heard it.
   */
  | { readonly kind: 'utterance'; readonly utterance: VoiceUtterance; readonly capped: boolean }
  /**
   * Listening sleeps (issue #27): the core checked an utterance for the wake phrase itself, and there
   * is nothing for the panel to transcribe. `heard`: whether it woke (and the sentence to say);
   * `sent`: where its audio went — whisper on this computer, the online transcriber (its shape may be
   * the wake phrase), or nowhere; `problem`: the wake check failed, as a sentence.
   */
  | { readonly kind: 'asleep'; readonly heard: HeardDecision; readonly sent: WakeCheckSent; readonly problem?: string }
  /** Listening cannot go on; a sentence the user can act on. */
  | { readonly kind: 'failed'; readonly message: string };

export type Wakefulness = 'awake' | 'asleep';

/** Where an utterance heard asleep went for the wake check. */
export type WakeCheckSent = 'local' | 'online' | 'not_sent';

/** What to do with one transcript heard while listening continuously. */
export interface HeardDecision {
  readonly next: Wakefulness;
  /** Hand the text on as a command (the push-to-talk way). */
  readonly act: boolean;
  /** Said to the user (and shown) when the state changed. */
  readonly say?: string;
}

const SLEEP = new Set(['go to sleep', 'sleep', 'stop listening']);
const WAKE = new Set(['wake up', 'start listening']);

/** The words of a transcript, lower case, without punctuation, "please" or "assistant" around them. */
function phrase(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}' ]+/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/^(please|assistant|ok|okay)\s+|\s+(please|now)$/gu, '')
    .trim();
}

/** Sleep/wake: asleep, only "wake up" is acted on; awake, "go to sleep" sleeps and everything else runs. */
export function decideHeard(state: Wakefulness, text: string): HeardDecision {
  const words = phrase(text);
  if (state === 'asleep') {
    return WAKE.has(words) ? { next: 'awake', act: false, say: 'Awake: I am listening for commands again.' } : { next: 'asleep', act: false };
  }
  if (SLEEP.has(words)) return { next: 'asleep', act: false, say: 'Sleeping: I will act on nothing until you say “wake up”.' };
  if (WAKE.has(words)) return { next: 'awake', act: false, say: 'Already listening: say a command.' };
  return { next: 'awake', act: true };
}
