/**
 * The one error type of the voice layer: a code for the program and a sentence for the user.
 *
 * Every message says what happened and what to do about it, and never quotes a key.
 */

export type SpeechErrorCode =
  /** The user (or the app) stopped it. */
  | 'cancelled'
  /** The engine did not finish within its deadline. */
  | 'timeout'
  /** The recording held no speech (empty, or silence only). */
  | 'no_speech'
  /** The audio was not 16 kHz mono PCM, or held values that are not sound. */
  | 'invalid_audio'
  /** The speech model is not on disk, or could not be loaded. */
  | 'model_missing'
  | 'model_invalid'
  /** The whisper.cpp binding could not be loaded on this machine. */
  | 'engine_unavailable'
  /** Transcription endpoint faults. */
  | 'auth'
  | 'rate_limited'
  | 'server_error'
  | 'bad_request'
  | 'unreachable'
  | 'interrupted'
  | 'unreadable'
  /** Model download faults. */
  | 'download_failed'
  | 'checksum_mismatch'
  | 'disk'
  /** Spoken feedback: no speech synthesizer on this machine. */
  | 'tts_unavailable'
  | 'tts_failed'
  /** Continuous listening: the voice activity detector could not load or run. */
  | 'vad_failed';

export class SpeechError extends Error {
  constructor(
    readonly code: SpeechErrorCode,
    message: string,
    /** True when trying the same thing again may work. */
    readonly retryable = false,
  ) {
    super(message);
    this.name = 'SpeechError';
  }
}

/** The sentence for a cancel: nothing was transcribed, so nothing will run. */
export function cancelledError(): SpeechError {
  return new SpeechError('cancelled', 'Listening was cancelled: nothing was transcribed, and nothing was done.');
}

export function seconds(ms: number): string {
  const s = Math.max(1, Math.ceil(ms / 1000));
  return `${s} second${s === 1 ? '' : 's'}`;
}

/** Removes the key (and anything shaped like a provider key) from a text before anyone sees it. */
export function withoutSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join('[key hidden]');
  return out.replace(/\bsk-[A-Za-z0-9_-]{4,}/g, '[key hidden]');
}
