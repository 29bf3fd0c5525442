/**
 * Cuts a stream of microphone frames into utterances from a voice activity detector's verdicts
 * (docs/decisions/0114-where-utterance-ends-256-ms-silence-hysteresis.md): pure state, no clock and no detector, so it is tested frame by frame.
 *
 * A frame whose speech probability reaches `startThreshold` opens an utterance (with `preRollMs` of
 * the audio before it, so a soft first consonant is kept); the utterance ends once the probability
 * stayed below `endThreshold` for `endSilenceMs` (Talon-like: a quarter of a second), or at the length
 * cap. An utterance with less than `minSpeechMs` of voiced frames (a cough, a click) is dropped.
 * Silence never produces one.
 */
import { MAX_UTTERANCE_SECONDS, SPEECH_SAMPLE_RATE } from '../shared/pcm.js';

export interface SegmenterOptions {
  /** Samples per frame (the detector's window: 512 at 16 kHz = 32 ms). */
  readonly frameSamples: number;
  readonly startThreshold?: number;
  readonly endThreshold?: number;
  readonly endSilenceMs?: number;
  readonly preRollMs?: number;
  readonly minSpeechMs?: number;
  readonly maxSeconds?: number;
}

export const SEGMENTER_DEFAULTS = {
  startThreshold: 0.5,
  endThreshold: 0.35,
  endSilenceMs: 256,
  preRollMs: 320,
  minSpeechMs: 160,
  maxSeconds: MAX_UTTERANCE_SECONDS,
} as const;

/** One utterance, as 16 kHz mono 16-bit PCM. */
export interface Segment {
  readonly pcm: Int16Array<ArrayBuffer>;
  /** It reached the length cap and was cut there (the user was still speaking). */
  readonly capped: boolean;
  /** Frames (from the stream's start) of the last voiced frame and of the frame that ended the utterance. */
  readonly lastVoicedFrame: number;
  readonly endFrame: number;
  /** The detector's speech probability of each frame of `pcm`, in order (the wake check reads its shape). */
  readonly probabilities: Float32Array;
}

export type SegmenterStep = { readonly kind: 'quiet' } | { readonly kind: 'speech' } | { readonly kind: 'utterance'; readonly segment: Segment };

export class UtteranceSegmenter {
  private readonly o: Required<SegmenterOptions>;
  private readonly endSilenceFrames: number;
  private readonly preRollFrames: number;
  private readonly minSpeechFrames: number;
  private readonly maxFrames: number;
  /** The frames before an utterance (at most the pre-roll), then the utterance's frames. */
  private frames: Int16Array[] = [];
  /** The speech probability of each of `frames`. */
  private probabilities: number[] = [];
  private inSpeech = false;
  private voicedFrames = 0;
  private silentRun = 0;
  private frameNo = -1;
  private lastVoiced = -1;

  constructor(options: SegmenterOptions) {
    this.o = { ...SEGMENTER_DEFAULTS, ...options };
    const frameMs = (this.o.frameSamples / SPEECH_SAMPLE_RATE) * 1000;
    this.endSilenceFrames = Math.max(1, Math.round(this.o.endSilenceMs / frameMs));
    this.preRollFrames = Math.max(0, Math.round(this.o.preRollMs / frameMs));
    this.minSpeechFrames = Math.max(1, Math.round(this.o.minSpeechMs / frameMs));
    this.maxFrames = Math.floor((this.o.maxSeconds * SPEECH_SAMPLE_RATE) / this.o.frameSamples);
  }

  /** Milliseconds of silence that end an utterance, as whole frames. */
  get endSilenceMs(): number {
    return (this.endSilenceFrames * this.o.frameSamples * 1000) / SPEECH_SAMPLE_RATE;
  }

  /** Feeds one frame (exactly `frameSamples` samples, copied) and its speech probability. */
  push(frame: Int16Array, probability: number): SegmenterStep {
    if (frame.length !== this.o.frameSamples) throw new RangeError(`a frame holds ${this.o.frameSamples} samples (got ${frame.length})`);
    this.frameNo++;
    this.frames.push(frame.slice());
    this.probabilities.push(probability);
    if (!this.inSpeech) {
      if (probability < this.o.startThreshold) {
        if (this.frames.length > this.preRollFrames) {
          this.frames.shift();
          this.probabilities.shift();
        }
        return { kind: 'quiet' };
      }
      this.inSpeech = true;
      this.voicedFrames = 0;
      this.silentRun = 0;
    }
    if (probability >= this.o.endThreshold) {
      this.voicedFrames++;
      this.silentRun = 0;
      this.lastVoiced = this.frameNo;
    } else {
      this.silentRun++;
    }
    const speechFrames = this.frames.length;
    if (this.silentRun >= this.endSilenceFrames) return this.end(false);
    if (speechFrames >= this.maxFrames) return this.end(true);
    return { kind: 'speech' };
  }

  /** Forgets the utterance being collected and the pre-roll (the assistant spoke, listening stopped). */
  reset(): void {
    this.frames = [];
    this.probabilities = [];
    this.inSpeech = false;
    this.voicedFrames = 0;
    this.silentRun = 0;
  }

  private end(capped: boolean): SegmenterStep {
    const frames = this.frames;
    const probabilities = Float32Array.from(this.probabilities);
    const enough = this.voicedFrames >= this.minSpeechFrames;
    const lastVoicedFrame = this.lastVoiced;
    this.reset();
    if (!enough) return { kind: 'quiet' };
    const pcm = new Int16Array(frames.length * this.o.frameSamples);
    frames.forEach((f, i) => pcm.set(f, i * this.o.frameSamples));
    return { kind: 'utterance', segment: { pcm, capped, lastVoicedFrame, endFrame: this.frameNo, probabilities } };
  }
}
