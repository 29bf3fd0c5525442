/**
 * The speech-to-text interface every engine implements, and the vocabulary hint they share.
 *
 * An engine takes one utterance of 16 kHz mono PCM and returns its text, or throws a SpeechError
 * whose message the user can act on. It never runs past `deadlineMs`, and an aborted signal ends
 * it at once.
 */
import { floatToInt16 } from '../shared/pcm.js';
import { SpeechError } from './speech-error.js';

export type SpeechEngineId = 'whisper-local' | 'openai';

export interface TranscribeOptions {
  /** Names of on-screen elements ("Send", "Subject"), so "click sand" can become "click Send". */
  readonly vocabulary?: readonly string[];
  readonly signal?: AbortSignal;
  /** The most the transcription may take, from the call. */
  readonly deadlineMs: number;
}

export interface Transcript {
  /**
   * What was said, on one line, trimmed. Empty when the engine heard no words: the composer then
   * tells the user so (`noSpeechError().message`) instead of running anything.
   */
  readonly text: string;
  readonly engine: SpeechEngineId;
  /** How long the transcription took. */
  readonly ms: number;
  /**
   * The engine said it likely heard no speech, or was not confident of the words (issue #27): such a
   * transcript answers nothing. Absent: the engine gave no measure (local whisper.cpp drops the
   * segments it judges to be no speech itself, so they never reach here as words).
   */
  readonly uncertain?: boolean;
}

/**
 * whisper's own thresholds (openai/whisper transcribe.py, whisper.cpp's defaults): a segment whose
 * no-speech probability is above 0.6 is likely no speech, and one whose average token log-probability
 * is below -1 is a guess (whisper would decode it again at a higher temperature).
 */
export const UNCERTAIN_BELOW_AVG_LOGPROB = -1;
export const NO_SPEECH_ABOVE = 0.6;

/** Whether any segment of a verbose transcription is likely no speech or a low-confidence guess. */
export function uncertainSegments(segments: readonly { readonly avg_logprob?: number; readonly no_speech_prob?: number }[]): boolean {
  return segments.some(
    (s) =>
      (s.no_speech_prob !== undefined && s.no_speech_prob > NO_SPEECH_ABOVE) || (s.avg_logprob !== undefined && s.avg_logprob < UNCERTAIN_BELOW_AVG_LOGPROB),
  );
}

export interface SpeechToText {
  readonly engine: SpeechEngineId;
  transcribe(pcm16k: Int16Array | Float32Array, options: TranscribeOptions): Promise<Transcript>;
  /** Frees the model or connection; the engine may not be used afterwards. */
  close(): Promise<void>;
}

/** whisper's prompt holds at most 224 tokens; element names are short, so this many characters fit. */
const MAX_PROMPT_CHARS = 600;

/**
 * The vocabulary as a prompt: distinct names, one line each stripped of control characters, the
 * most recent first, cut to what a whisper prompt holds. Empty when there is nothing to hint.
 */
export function vocabularyPrompt(vocabulary: readonly string[] | undefined): string {
  if (!vocabulary || vocabulary.length === 0) return '';
  const seen = new Set<string>();
  const names: string[] = [];
  let length = 0;
  for (const raw of vocabulary) {
    const name = raw
      .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 60);
    const key = name.toLowerCase();
    if (!name || seen.has(key)) continue;
    if (length + name.length + 2 > MAX_PROMPT_CHARS) break;
    seen.add(key);
    names.push(name);
    length += name.length + 2;
  }
  return names.join(', ');
}

/** Checks an utterance and returns it as 16-bit samples, or throws the sentence. */
export function checkedPcm(pcm16k: Int16Array | Float32Array): Int16Array {
  if (pcm16k instanceof Int16Array) {
    if (pcm16k.length === 0) throw noSpeechError();
    return pcm16k;
  }
  if (pcm16k instanceof Float32Array) {
    if (pcm16k.length === 0) throw noSpeechError();
    for (let i = 0; i < pcm16k.length; i++) {
      if (!Number.isFinite(pcm16k[i])) {
        throw new SpeechError(
          'invalid_audio',
          'The recording is damaged (it holds values that are not sound), so it was not transcribed. Please say the command again.',
        );
      }
    }
    return floatToInt16(pcm16k);
  }
  throw new SpeechError('invalid_audio', 'The recording is not 16 kHz mono audio, so it was not transcribed. Please say the command again.');
}

export function noSpeechError(): SpeechError {
  return new SpeechError('no_speech', 'I heard no words. Start listening, speak the command close to the microphone, then stop.', true);
}

/** The transcript text as the loop wants it: one line, trimmed; empty when no words were heard. */
export function cleanTranscript(raw: string): string {
  // whisper marks non-speech as [BLANK_AUDIO], (music), [ Silence ]...: those are not words.
  const text = raw
    .replace(/\[[^\]]*\]|\([^)]*\)/g, ' ')
    .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return /[\p{L}\p{N}]/u.test(text) ? text : '';
}
