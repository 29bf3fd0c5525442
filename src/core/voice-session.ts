/**
 * The core's side of a spoken command: the utterance the panel sent (already checked against the
 * contract by PanelSession) → the speech engine the voice settings name, built at first use and
 * kept while they stay the same → the transcript, or a sentence.
 *
 * The transcript goes back to the panel, which shows it for review or sends it as a command
 * (`command:run`, like typed text, so "stop" and the permission preflight apply unchanged). One
 * transcription at a time; `cancel` ends it (and a model download) at once.
 *
 * Issue #27: an utterance continuous listening heard (its `heardId`) is judged by the core's sleep
 * state, not the panel's: while listening sleeps it goes to the wake check (`wakeTranscript`), never
 * as a command; a transcript the engine was unsure of is marked `uncertain` (and remembered, so the
 * core can refuse it as an answer); while a question waits, the screen's names are no hint.
 */
import type { Settings } from '../config/settings.js';
import type { HeardDecision, WakeCheckSent } from '../shared/listening.js';
import type { VoiceUtterance } from '../shared/contracts/voice-contract.js';
import type { VoiceProgress, VoiceReply } from '../shared/voice-settings.js';
import { trimSilence } from '../voice/audio.js';
import { SpeechError, cancelledError } from '../voice/speech-error.js';
import type { SpeechToText } from '../voice/speech-to-text.js';
import { transcribeUtterance } from '../voice/utterance.js';
import { speechEngineKey, type VoiceSettings } from '../compose/speech.js';

/** What the wake check made of one utterance heard asleep: its text and where it was heard, or why it has none. */
export type WakeHearing =
  | { readonly sent: 'local' | 'online'; readonly text: string; readonly uncertain: boolean }
  | { readonly sent: WakeCheckSent; readonly text?: undefined; readonly problem?: string };

/** Continuous listening in the core, as the voice session sees it (ListeningSession). */
export interface HeardUtterances {
  /** The utterance with this `heardId` was handed out by continuous listening (once; later calls say no). */
  claim(heardId: number | undefined): { readonly mayBeWake: boolean } | undefined;
  /** Listening sleeps now. */
  readonly asleep: boolean;
  /** The sleep/wake model on the transcript of one of its utterances: the core's state moves. */
  heard(text: string, uncertain: boolean): HeardDecision;
  /** Asleep: the wake check of one utterance (`mayBeWake`: its shape). */
  checkAsleep(pcm: Int16Array, mayBeWake: boolean): Promise<{ readonly heard: HeardDecision; readonly sent: WakeCheckSent; readonly problem?: string }>;
}

export interface VoiceSessionDeps {
  /** The saved settings, read at each utterance (a change in Settings applies to the next one). */
  readonly settings: () => Promise<Settings>;
  /** Builds the engine (src/compose/speech.ts); may download a model first. */
  readonly createEngine: (
    voice: VoiceSettings,
    run: { readonly signal: AbortSignal; readonly onProgress: (p: VoiceProgress) => void },
  ) => Promise<SpeechToText>;
  /** Names of the elements in the latest observation: the engine's vocabulary hint. */
  readonly vocabulary: () => readonly string[];
  /**
   * A confirmation or a question waits for the user's answer (issue #27): the hint is off then, so
   * the screen's names do not pull an answer towards a label ("yes, delete" towards "Delete all").
   * Absent: never.
   */
  readonly questionWaiting?: () => boolean;
  /** Continuous listening, which holds the sleep state (issue #27); absent: every utterance is push-to-talk. */
  readonly listening?: () => HeardUtterances | undefined;
  /**
   * Whisper on this computer for the wake check while online transcription is chosen: the model the
   * settings name if it is downloaded, else another downloaded one; undefined when none is (never downloads).
   */
  readonly localWakeEngine?: (voice: VoiceSettings) => Promise<SpeechToText | undefined>;
  /** The most one transcription may take (a model download is not counted). */
  readonly deadlineMs?: number;
}

/** whisper on 2 cores takes a few seconds for a short command; a remote service answers faster. */
export const DEFAULT_TRANSCRIBE_DEADLINE_MS = 30_000;
/** The wake check hears a phrase of two seconds at most: it gives up sooner. */
export const WAKE_CHECK_DEADLINE_MS = 10_000;
/** How long an uncertain transcript is remembered for `wasUncertain` (an answer comes at once or not at all). */
export const UNCERTAIN_MEMORY_MS = 60_000;

const ASLEEP_MESSAGE = 'Asleep: that was not “wake up”, so it was not acted on.';

function failureMessage(e: unknown): string {
  const reply = failure(e);
  return reply.ok ? '' : reply.message;
}

function failure(e: unknown): VoiceReply {
  if (e instanceof SpeechError) return { ok: false, code: e.code, message: e.message };
  return { ok: false, code: 'failed', message: 'Speech recognition failed, so nothing was done. Please say the command again, or type it.' };
}

export class VoiceSession {
  private engine: { readonly key: string; readonly stt: Promise<SpeechToText> } | undefined;
  private running: AbortController | undefined;
  private progressNow: VoiceProgress | null = null;
  /** The local engine the wake check uses while online transcription is chosen, by model path key. */
  private wakeEngine: { readonly key: string; readonly stt: Promise<SpeechToText | undefined> } | undefined;
  /** Wake checks one at a time (two can meet: one from listening, one for an utterance handed out just before it slept). */
  private wakeQueue: Promise<unknown> = Promise.resolve();
  /** Texts of recent uncertain transcripts, with when they were made. */
  private uncertainTexts: { readonly text: string; readonly at: number }[] = [];

  constructor(private readonly deps: VoiceSessionDeps) {}

  /**
   * Whether `text` is a transcript this session marked uncertain in the last minute (once: the match
   * is forgotten). For the core's answer rule: a spoken answer that is one never answers (issue #27).
   */
  wasUncertain(text: string, now = Date.now()): boolean {
    this.uncertainTexts = this.uncertainTexts.filter((u) => now - u.at <= UNCERTAIN_MEMORY_MS);
    const at = this.uncertainTexts.findIndex((u) => u.text === text.trim());
    if (at < 0) return false;
    this.uncertainTexts.splice(at, 1);
    return true;
  }

  /** Transcribes one utterance; always resolves, with the transcript or a sentence. */
  async transcribe(utterance: VoiceUtterance): Promise<VoiceReply> {
    if (this.running) return { ok: false, code: 'busy', message: 'The previous recording is still being transcribed: wait a moment, or press Cancel.' };
    const controller = new AbortController();
    this.running = controller;
    try {
      const settings = await this.deps.settings();
      if (!settings.voice.enabled) return { ok: false, code: 'off', message: 'Voice commands are off: turn them on in Settings → Voice.' };
      const listening = this.deps.listening?.();
      const heardBy = listening?.claim(utterance.heardId);
      // Handed out awake, but listening has slept since ("go to sleep" was the utterance before): the wake check, not the transcriber.
      if (listening && heardBy && listening.asleep) return await this.asleepReply(listening, utterance, heardBy.mayBeWake);
      const stt = await this.engineFor(settings.voice, controller.signal);
      if (controller.signal.aborted) throw cancelledError();
      this.progressNow = null;
      const transcript = await transcribeUtterance(stt, utterance, {
        vocabulary: this.deps.questionWaiting?.() ? [] : this.deps.vocabulary(),
        signal: controller.signal,
        deadlineMs: this.deps.deadlineMs ?? DEFAULT_TRANSCRIBE_DEADLINE_MS,
      });
      const uncertain = transcript.uncertain === true;
      if (uncertain) this.uncertainTexts.push({ text: transcript.text, at: Date.now() });
      const heard = listening && heardBy ? listening.heard(transcript.text, uncertain) : undefined;
      return {
        ok: true,
        text: transcript.text,
        engine: transcript.engine,
        ms: Math.round(transcript.ms),
        ...(uncertain ? { uncertain } : {}),
        ...(heard ? { heard } : {}),
      };
    } catch (e) {
      return controller.signal.aborted ? failure(cancelledError()) : failure(e);
    } finally {
      this.running = undefined;
      this.progressNow = null;
    }
  }

  /** An utterance handed out awake, heard after listening slept: the wake check decides, and nothing runs. */
  private async asleepReply(listening: HeardUtterances, utterance: VoiceUtterance, mayBeWake: boolean): Promise<VoiceReply> {
    const started = performance.now();
    const { heard, sent, problem } = await listening.checkAsleep(utterance.pcm, mayBeWake);
    if (heard.next === 'awake') return { ok: true, text: 'wake up', engine: sent, ms: Math.round(performance.now() - started), heard };
    return { ok: false, code: 'asleep', message: problem ?? ASLEEP_MESSAGE, heard };
  }

  /**
   * Listening sleeps (issue #27): what one utterance says, for the wake check only. Whisper on this
   * computer hears it when the settings choose it, or when online transcription is chosen and a
   * model is downloaded; otherwise it goes to the online transcriber only when its shape may be the
   * wake phrase (`mayBeWake`), and is dropped unsent when not. Never throws: a failure is a sentence.
   */
  wakeTranscript(pcm: Int16Array, mayBeWake: boolean): Promise<WakeHearing> {
    const run = this.wakeQueue.then(() => this.hearForWake(pcm, mayBeWake));
    this.wakeQueue = run.catch(() => undefined);
    return run;
  }

  private async hearForWake(pcm: Int16Array, mayBeWake: boolean): Promise<WakeHearing> {
    const settings = await this.deps.settings();
    const voice = settings.voice;
    let local: SpeechToText | undefined;
    try {
      local = voice.engine === 'local' ? await this.engineFor(voice, AbortSignal.timeout(WAKE_CHECK_DEADLINE_MS)) : await this.localForWake(voice);
    } catch (e) {
      // Local recognition is chosen but cannot run (no model yet, a damaged one): nothing is sent anywhere.
      if (voice.engine === 'local') return { sent: 'not_sent', problem: failureMessage(e) };
      local = undefined;
    }
    const speech = trimSilence(pcm);
    if (speech.length === 0) return { sent: 'not_sent' };
    // No whisper here, and a shape the wake phrase never has: dropped, unsent.
    if (!local && !mayBeWake) return { sent: 'not_sent' };
    const sent = local ? 'local' : 'online';
    try {
      const stt = local ?? (await this.engineFor(voice, AbortSignal.timeout(WAKE_CHECK_DEADLINE_MS)));
      const transcript = await stt.transcribe(speech, { deadlineMs: WAKE_CHECK_DEADLINE_MS });
      return { sent, text: transcript.text, uncertain: transcript.uncertain === true };
    } catch (e) {
      return { sent, problem: failureMessage(e) };
    }
  }

  /** Whisper on this computer for the wake check when online transcription is chosen, or undefined. */
  private async localForWake(voice: VoiceSettings): Promise<SpeechToText | undefined> {
    if (!this.deps.localWakeEngine) return undefined;
    const key = speechEngineKey({ ...voice, engine: 'local' });
    if (this.wakeEngine?.key !== key) {
      const previous = this.wakeEngine;
      this.wakeEngine = { key, stt: this.deps.localWakeEngine(voice) };
      if (previous) void previous.stt.then((old) => old?.close()).catch(() => undefined);
    }
    const current = this.wakeEngine;
    const stt = await current.stt.catch(() => undefined);
    // None on this computer yet (or it failed to load): asked again at the next utterance, a download may have finished since.
    if (!stt && this.wakeEngine === current) this.wakeEngine = undefined;
    return stt;
  }

  /** Stops the transcription or download that runs (nothing happens when none does). */
  async cancel(): Promise<void> {
    this.running?.abort();
  }

  /** What the engine is doing while the panel waits, or null. */
  async progress(): Promise<VoiceProgress | null> {
    return this.progressNow;
  }

  /** Frees the engine (at shutdown). */
  async close(): Promise<void> {
    const engine = this.engine;
    const wake = this.wakeEngine;
    this.engine = undefined;
    this.wakeEngine = undefined;
    if (engine) await (await engine.stt.catch(() => undefined))?.close();
    if (wake) await (await wake.stt.catch(() => undefined))?.close();
  }

  private async engineFor(voice: VoiceSettings, signal: AbortSignal): Promise<SpeechToText> {
    const key = speechEngineKey(voice);
    if (this.engine?.key !== key) {
      const previous = this.engine;
      const stt = this.deps.createEngine(voice, { signal, onProgress: (p) => (this.progressNow = p) });
      this.engine = { key, stt };
      if (previous) void previous.stt.then((old) => old.close()).catch(() => undefined);
    }
    const current = this.engine;
    try {
      return await current.stt;
    } catch (e) {
      // A failed build (no key, a download cut off) is tried again at the next utterance.
      if (this.engine === current) this.engine = undefined;
      throw e;
    }
  }
}

/** The vocabulary hint: the labels the latest observation listed, the app's name first. */
export function observationVocabulary(
  observation: { readonly app: string; readonly places?: ReadonlyMap<number, { readonly label: string }> } | undefined,
): readonly string[] {
  if (!observation) return [];
  return [observation.app, ...[...(observation.places?.values() ?? [])].map((p) => p.label)].filter((n) => n.trim().length > 0);
}
