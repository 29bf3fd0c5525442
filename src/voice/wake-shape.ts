/**
 * The local wake detector's shape test (issue #27, privacy while asleep): whether an utterance heard
 * while listening sleeps may be the wake phrase ("wake up", "start listening"), judged from the voice
 * detector's verdict on each of its frames alone. With online transcription and no local whisper
 * model, only an utterance that passes is sent to the transcriber; the rest is dropped unsent.
 *
 * Measured on espeak-ng through the Silero detector over room noise (docs/decisions/0192-privacy-while-asleep-core-sleeps-local-gate.md "Privacy while
 * asleep"): "wake up" is 0.6 s of speech at 175 words a minute and 1.2 s at 80; "start listening"
 * 0.8–1.7 s; a sentence of ten words 3.2–6.5 s. The bound leaves room for a slow speaker and a
 * "please"; a pause between the two words of a slow speaker is allowed once.
 */
import { SPEECH_SAMPLE_RATE } from '../shared/pcm.js';
import { SEGMENTER_DEFAULTS } from './segmenter.js';

export const WAKE_SHAPE = {
  /** The most speech (first voiced frame to last) the wake phrase takes. */
  maxSpeechMs: 2000,
  /** A pause at least this long inside the utterance separates two bursts of speech. */
  pauseMs: 160,
  /** The wake phrase is one burst, or two for a speaker who pauses between its words. */
  maxBursts: 2,
  /** A frame is voiced at this probability (the segmenter's own threshold for staying in speech). */
  voicedAt: SEGMENTER_DEFAULTS.endThreshold,
} as const;

export interface WakeShape {
  /** It may be the wake phrase: short, one or two bursts, not cut at the length cap. */
  readonly mayBeWake: boolean;
  /** Milliseconds from the first voiced frame to the last. */
  readonly speechMs: number;
  readonly bursts: number;
}

/** The shape of one utterance from its frames' speech probabilities (`frameSamples` samples each). */
export function wakeShape(segment: { readonly probabilities: ArrayLike<number>; readonly capped: boolean }, frameSamples: number): WakeShape {
  const frameMs = (frameSamples / SPEECH_SAMPLE_RATE) * 1000;
  const pauseFrames = Math.max(1, Math.round(WAKE_SHAPE.pauseMs / frameMs));
  let first = -1;
  let last = -1;
  let bursts = 0;
  let quiet = 0;
  for (let i = 0; i < segment.probabilities.length; i++) {
    if ((segment.probabilities[i] ?? 0) < WAKE_SHAPE.voicedAt) {
      quiet++;
      continue;
    }
    if (first < 0 || quiet >= pauseFrames) bursts++;
    if (first < 0) first = i;
    last = i;
    quiet = 0;
  }
  const speechMs = first < 0 ? 0 : (last - first + 1) * frameMs;
  const mayBeWake = !segment.capped && first >= 0 && speechMs <= WAKE_SHAPE.maxSpeechMs && bursts <= WAKE_SHAPE.maxBursts;
  return { mayBeWake, speechMs, bursts };
}
