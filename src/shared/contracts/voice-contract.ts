/**
 * The voice payload the panel sends to main: one utterance as 16 kHz mono signed 16-bit PCM.
 *
 * Main validates it with `voiceUtterancePayload` before any of it reaches a speech engine (the
 * renderer is untrusted): the format is fixed, the length is capped at `MAX_UTTERANCE_SECONDS`
 * (the panel stops listening there), so a payload is at most ~1 MB.
 */
import * as z from 'zod';
import { MAX_LISTEN_BLOCK_SAMPLES, MAX_UTTERANCE_SAMPLES, MAX_UTTERANCE_SECONDS, SPEECH_SAMPLE_RATE } from '../pcm.js';

export { MAX_UTTERANCE_BYTES, MAX_UTTERANCE_SAMPLES, MAX_UTTERANCE_SECONDS } from '../pcm.js';

export const voiceUtterancePayload = z.strictObject({
  sampleRate: z.literal(SPEECH_SAMPLE_RATE),
  channels: z.literal(1),
  /** Signed 16-bit samples, little-endian as typed arrays are on every supported platform. */
  pcm: z
    .instanceof(Int16Array, { error: 'pcm must be 16-bit samples (Int16Array)' })
    .refine((a) => a.length > 0, { error: 'the recording is empty' })
    .refine((a) => a.length <= MAX_UTTERANCE_SAMPLES, { error: `the recording is longer than ${MAX_UTTERANCE_SECONDS} seconds` }),
  /** When the user stopped speaking (ms since the epoch, the panel's clock): for end-of-speech latency. */
  endedAt: z.number().finite().nonnegative().optional(),
  /**
   * The number continuous listening gave the utterance (its `utterance` reply): the core then applies
   * its sleep state to it (issue #27). Absent: push-to-talk.
   */
  heardId: z.number().int().nonnegative().optional(),
});
export type VoiceUtterance = z.infer<typeof voiceUtterancePayload>;

/** One block of microphone audio while listening continuously (16 kHz mono 16-bit, at most ~0.5 s). */
export const listenAudioPayload = z.strictObject({
  sampleRate: z.literal(SPEECH_SAMPLE_RATE),
  pcm: z
    .instanceof(Int16Array, { error: 'pcm must be 16-bit samples (Int16Array)' })
    .refine((a) => a.length > 0 && a.length <= MAX_LISTEN_BLOCK_SAMPLES, { error: `a block of audio holds 1 to ${MAX_LISTEN_BLOCK_SAMPLES} samples` }),
});
export type ListenAudio = z.infer<typeof listenAudioPayload>;
