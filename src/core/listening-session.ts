/**
 * The core's side of continuous listening (issue #15): blocks of microphone audio from the panel →
 * the voice activity detector, frame by frame → the segmenter → an utterance, which goes back to the
 * panel to be transcribed and handled exactly as a push-to-talk one (voice:transcribe).
 *
 * While the assistant speaks (and for a short tail after, the room's echo), the audio is dropped and
 * whatever utterance was being collected is forgotten: its own voice is never taken as a command.
 * Blocks are handled one at a time in the order they came; every call resolves with a ListenReply,
 * a failure included (a sentence), never with an exception.
 *
 * The sleep state is the core's (issue #27): "go to sleep" in a transcript of one of its utterances
 * puts it to sleep, and while it sleeps no utterance goes to the panel. Each one is checked for the
 * wake phrase here instead: by whisper on this computer when there is one, else — online
 * transcription chosen, no model downloaded — sent only when its shape may be the wake phrase
 * (src/voice/wake-shape.ts), and otherwise dropped unsent.
 */
import type { Settings } from '../config/settings.js';
import { decideHeard, type HeardDecision, type ListenReply, type WakeCheckSent, type Wakefulness } from '../shared/listening.js';
import { SPEECH_SAMPLE_RATE } from '../shared/pcm.js';
import type { ListenAudio } from '../shared/contracts/voice-contract.js';
import { SpeechError } from '../voice/speech-error.js';
import { UtteranceSegmenter, type SegmenterOptions, type Segment } from '../voice/segmenter.js';
import type { VoiceActivityDetector } from '../voice/vad.js';
import { wakeShape } from '../voice/wake-shape.js';
import { errorMessage } from '../shared/errors.js';
import type { HeardUtterances, WakeHearing } from './voice-session.js';

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
  /**
   * Asleep: what one utterance says, for the wake check (VoiceSession.wakeTranscript: local whisper,
   * or online only when `mayBeWake`). Absent: every utterance heard asleep is dropped unsent.
   */
  readonly wakeTranscript?: (pcm: Int16Array, mayBeWake: boolean) => Promise<WakeHearing>;
}

export const DEFAULT_ECHO_TAIL_MS = 300;
/** Utterances handed to the panel and not yet back to be transcribed; older ones are forgotten. */
const HANDED_OUT_KEPT = 8;

const OFF: ListenReply = { kind: 'failed', message: 'Continuous listening is off: turn it on in Settings → Voice, or press Listen for one command.' };

export class ListeningSession implements HeardUtterances {
  private wake: Wakefulness = 'awake';
  /** The utterances handed to the panel, by their `heardId`: whether their shape may be the wake phrase. */
  private readonly handedOut = new Map<number, { readonly mayBeWake: boolean }>();
  private lastId = 0;
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

  /** The panel stopped listening: the utterance being collected is dropped (the detector stays loaded); the next start is awake. */
  async stop(): Promise<void> {
    await this.queue;
    this.forget();
    this.wake = 'awake';
    this.handedOut.clear();
    (await this.detector?.catch(() => undefined))?.reset();
  }

  get asleep(): boolean {
    return this.wake === 'asleep';
  }

  claim(heardId: number | undefined): { readonly mayBeWake: boolean } | undefined {
    if (heardId === undefined) return undefined;
    const handed = this.handedOut.get(heardId);
    this.handedOut.delete(heardId);
    return handed;
  }

  /** The sleep/wake model on a transcript: an uncertain one never wakes (it may be noise heard as "wake up"). */
  heard(text: string, uncertain: boolean): HeardDecision {
    const decision = uncertain && this.wake === 'asleep' ? { next: 'asleep' as const, act: false } : decideHeard(this.wake, text);
    this.wake = decision.next;
    return decision;
  }

  async checkAsleep(pcm: Int16Array, mayBeWake: boolean): Promise<{ readonly heard: HeardDecision; readonly sent: WakeCheckSent; readonly problem?: string }> {
    const hearing: WakeHearing = this.deps.wakeTranscript ? await this.deps.wakeTranscript(pcm, mayBeWake) : { sent: 'not_sent' };
    // Listening may have been stopped (and so woken) meanwhile: a late answer changes nothing then.
    if (this.wake !== 'asleep') return { heard: { next: this.wake, act: false }, sent: hearing.sent };
    const heard = hearing.text !== undefined ? this.heard(hearing.text, hearing.uncertain) : { next: 'asleep' as const, act: false };
    return { heard, sent: hearing.sent, ...(hearing.text === undefined && hearing.problem ? { problem: hearing.problem } : {}) };
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
          const { mayBeWake } = wakeShape(step.segment, n);
          if (this.wake === 'asleep') return { kind: 'asleep', ...(await this.checkAsleep(step.segment.pcm, mayBeWake)) };
          const heardId = ++this.lastId;
          this.handedOut.set(heardId, { mayBeWake });
          for (const old of this.handedOut.keys()) if (this.handedOut.size > HANDED_OUT_KEPT) this.handedOut.delete(old);
          return {
            kind: 'utterance',
            capped: step.segment.capped,
            utterance: { sampleRate: SPEECH_SAMPLE_RATE, channels: 1, pcm: step.segment.pcm, endedAt: Date.now(), heardId },
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
