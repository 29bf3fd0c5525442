/**
 * The core's side of continuous listening (issue #15): blocks of microphone audio from the panel →
 * the voice activity detector, frame by frame → the segmenter → an utterance, which goes back to the
 * panel to be transcribed and handled exactly as a push-to-talk one (voice:transcribe).
 *
 * While the assistant speaks (and for a short tail after, the room's echo), the audio is dropped and
 * whatever utterance was being collected is forgotten: its own voice is never taken as a command.
 * Blocks are handled one at a time in the order they came; every call resolves with a ListenReply,
 * a failure included (a sentence), never with an exception.
 */
import type { Settings } from '../config/settings.js';
import type { ListenReply } from '../shared/listening.js';
import { SPEECH_SAMPLE_RATE } from '../shared/pcm.js';
import type { ListenAudio } from '../shared/voice-contract.js';
import { SpeechError } from '../voice/speech-error.js';
import { UtteranceSegmenter, type SegmenterOptions, type Segment } from '../voice/segmenter.js';
import type { VoiceActivityDetector } from '../voice/vad.js';
import { errorMessage } from '../shared/errors.js';

export interface ListeningSessionDeps {
  /** Loads the detector (once, at the first block; kept until `close`). */
  readonly createDetector: () => Promise<VoiceActivityDetector>;
  /** The assistant is speaking now (SpokenFeedback.speaking). */
  readonly speaking: () => boolean;
  /** The saved settings: blocks are refused while continuous listening is off. */
  readonly settings: () => Promise<Settings>;
  readonly segmenter?: Omit<SegmenterOptions, 'frameSamples'>;
  /** After the assistant stops speaking, this long is still dropped (the room's echo). */
  readonly echoTailMs?: number;
  readonly now?: () => number;
  /** Told of each utterance with how long after its last voiced frame it was handed on (the bench). */
  readonly onUtterance?: (segment: Segment, handedOnAt: number) => void;
}

export const DEFAULT_ECHO_TAIL_MS = 300;

const OFF: ListenReply = { kind: 'failed', message: 'Continuous listening is off: turn it on in Settings → Voice, or press Listen for one command.' };

export class ListeningSession {
  private detector: Promise<VoiceActivityDetector> | undefined;
  private segmenter: UtteranceSegmenter | undefined;
  /** Samples waiting to fill the next frame. */
  private pending = new Int16Array(0);
  private queue: Promise<unknown> = Promise.resolve();
  private spokeUntil = Number.NEGATIVE_INFINITY;
  private readonly now: () => number;

  constructor(private readonly deps: ListeningSessionDeps) {
    this.now = deps.now ?? (() => performance.now());
  }

  /** Handles one block of audio, after the blocks before it. */
  hear(block: ListenAudio): Promise<ListenReply> {
    const run = this.queue.then(() => this.handle(block.pcm));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** The panel stopped listening: the utterance being collected is dropped (the detector stays loaded). */
  async stop(): Promise<void> {
    await this.queue;
    this.forget();
    (await this.detector?.catch(() => undefined))?.reset();
  }

  async close(): Promise<void> {
    await this.stop();
    const detector = this.detector;
    this.detector = undefined;
    await (await detector?.catch(() => undefined))?.close();
  }

  private forget(): void {
    this.segmenter?.reset();
    this.pending = new Int16Array(0);
  }

  private async handle(pcm: Int16Array): Promise<ListenReply> {
    const settings = await this.deps.settings();
    if (!settings.voice.enabled || !settings.voice.continuous) return OFF;
    let detector: VoiceActivityDetector;
    try {
      detector = await this.loadDetector();
    } catch (e) {
      return {
        kind: 'failed',
        message: e instanceof SpeechError ? e.message : 'Continuous listening could not start. Use the Listen button instead, or restart Assistive Control.',
      };
    }
    if (this.deps.speaking()) this.spokeUntil = this.now() + (this.deps.echoTailMs ?? DEFAULT_ECHO_TAIL_MS);
    if (this.now() < this.spokeUntil) {
      this.forget();
      detector.reset();
      return { kind: 'paused' };
    }
    const segmenter = (this.segmenter ??= new UtteranceSegmenter({ ...this.deps.segmenter, frameSamples: detector.frameSamples }));
    const n = detector.frameSamples;
    const all = new Int16Array(this.pending.length + pcm.length);
    all.set(this.pending);
    all.set(pcm, this.pending.length);
    let speech = false;
    let at = 0;
    try {
      for (; at + n <= all.length; at += n) {
        const frame = all.subarray(at, at + n);
        const step = segmenter.push(frame, await detector.probability(frame));
        if (step.kind === 'speech') speech = true;
        if (step.kind === 'utterance') {
          // The rest of this block starts the next stretch; an utterance is rare enough to drop it.
          this.pending = new Int16Array(0);
          this.deps.onUtterance?.(step.segment, this.now());
          return {
            kind: 'utterance',
            capped: step.segment.capped,
            utterance: { sampleRate: SPEECH_SAMPLE_RATE, channels: 1, pcm: step.segment.pcm, endedAt: Date.now() },
          };
        }
      }
    } catch (e) {
      this.forget();
      return {
        kind: 'failed',
        message: `Continuous listening stopped: the voice detector failed (${errorMessage(e)}). Press Listen to try again, or use push-to-talk.`,
      };
    }
    this.pending = all.slice(at);
    return { kind: 'listening', speech };
  }

  private loadDetector(): Promise<VoiceActivityDetector> {
    const current = (this.detector ??= this.deps.createDetector());
    // A detector that failed to load is tried again at the next block.
    current.catch(() => {
      if (this.detector === current) this.detector = undefined;
    });
    return current;
  }
}
