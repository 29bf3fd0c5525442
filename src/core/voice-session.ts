/**
 * The core's side of a spoken command: the utterance the panel sent (already checked against the
 * contract by PanelSession) → the speech engine the voice settings name, built at first use and
 * kept while they stay the same → the transcript, or a sentence.
 *
 * The transcript goes back to the panel, which shows it for review or sends it as a command
 * (`command:run`, like typed text, so "stop" and the permission preflight apply unchanged). One
 * transcription at a time; `cancel` ends it (and a model download) at once.
 */
import type { Settings } from '../config/settings.js';
import type { VoiceUtterance } from '../shared/voice-contract.js';
import type { VoiceProgress, VoiceReply } from '../shared/voice-settings.js';
import { SpeechError, cancelledError } from '../voice/speech-error.js';
import type { SpeechToText } from '../voice/speech-to-text.js';
import { transcribeUtterance } from '../voice/utterance.js';
import { speechEngineKey, type VoiceSettings } from '../compose/speech.js';

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
  /** The most one transcription may take (a model download is not counted). */
  readonly deadlineMs?: number;
}

/** whisper on 2 cores takes a few seconds for a short command; a remote service answers faster. */
export const DEFAULT_TRANSCRIBE_DEADLINE_MS = 30_000;

function failure(e: unknown): VoiceReply {
  if (e instanceof SpeechError) return { ok: false, code: e.code, message: e.message };
  return { ok: false, code: 'failed', message: 'Speech recognition failed, so nothing was done. Please say the command again, or type it.' };
}

export class VoiceSession {
  private engine: { readonly key: string; readonly stt: Promise<SpeechToText> } | undefined;
  private running: AbortController | undefined;
  private progressNow: VoiceProgress | null = null;

  constructor(private readonly deps: VoiceSessionDeps) {}

  /** Transcribes one utterance; always resolves, with the transcript or a sentence. */
  async transcribe(utterance: VoiceUtterance): Promise<VoiceReply> {
    if (this.running) return { ok: false, code: 'busy', message: 'The previous recording is still being transcribed: wait a moment, or press Cancel.' };
    const controller = new AbortController();
    this.running = controller;
    try {
      const settings = await this.deps.settings();
      if (!settings.voice.enabled) return { ok: false, code: 'off', message: 'Voice commands are off: turn them on in Settings → Voice.' };
      const stt = await this.engineFor(settings.voice, controller.signal);
      if (controller.signal.aborted) throw cancelledError();
      this.progressNow = null;
      const transcript = await transcribeUtterance(stt, utterance, {
        vocabulary: this.deps.vocabulary(),
        signal: controller.signal,
        deadlineMs: this.deps.deadlineMs ?? DEFAULT_TRANSCRIBE_DEADLINE_MS,
      });
      return { ok: true, text: transcript.text, engine: transcript.engine, ms: Math.round(transcript.ms) };
    } catch (e) {
      return controller.signal.aborted ? failure(cancelledError()) : failure(e);
    } finally {
      this.running = undefined;
      this.progressNow = null;
    }
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
    this.engine = undefined;
    if (engine) await (await engine.stt.catch(() => undefined))?.close();
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
