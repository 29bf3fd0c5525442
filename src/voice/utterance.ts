/**
 * Main's side of one spoken command: the utterance the panel sent (already validated against
 * `voiceUtterancePayload`) → silence trimmed → a speech-to-text engine → the text for the loop.
 *
 * The one place that decides "nothing was said": a recording with no voiced frame never reaches an
 * engine, and a transcript without words is the same sentence.
 */
import type { VoiceUtterance } from '../shared/contracts/voice-contract.js';
import { trimSilence } from './audio.js';
import { noSpeechError, type SpeechToText, type TranscribeOptions, type Transcript } from './speech-to-text.js';

export interface UtteranceTranscript extends Transcript {
  /** Seconds of audio left after trimming: what the engine heard. */
  readonly speechSeconds: number;
}

/** Transcribes one utterance, or throws a SpeechError sentence (no words heard, engine faults). */
export async function transcribeUtterance(stt: SpeechToText, utterance: VoiceUtterance, options: TranscribeOptions): Promise<UtteranceTranscript> {
  const speech = trimSilence(utterance.pcm);
  if (speech.length === 0) throw noSpeechError();
  const transcript = await stt.transcribe(speech, options);
  if (!transcript.text) throw noSpeechError();
  return { ...transcript, speechSeconds: speech.length / utterance.sampleRate };
}
