/**
 * Local speech-to-text: whisper.cpp in this process through @fugood/whisper.node, with the model
 * loaded once and kept for every utterance.
 *
 * The binding runs whisper_full on libuv's thread pool, so the event loop keeps running while it
 * works (bench/voice.ts; docs/decisions/0065-whisper-cpp-process-fugood-whisper-node-1-1-3.md for why this package). Its
 * `stop()` only raises a flag and leaves the job's promise unsettled, so cancel and the deadline are
 * ours: the call rejects at once with a sentence and the native job is told to stop.
 */
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { SpeechError, cancelledError, seconds } from './speech-error.js';
import { checkedPcm, cleanTranscript, vocabularyPrompt, type SpeechToText, type TranscribeOptions, type Transcript } from './speech-to-text.js';
import { withDeadline } from '../shared/deadline.js';

/** The part of @fugood/whisper.node this engine uses (the package ships no .d.ts). */
export interface WhisperJob {
  stop(): Promise<void>;
  promise: Promise<{ result: string; isAborted?: boolean }>;
}
export interface WhisperContextLike {
  transcribeData(pcm16: ArrayBuffer, options: Record<string, unknown>): WhisperJob;
  release(): Promise<void>;
}
export interface WhisperBinding {
  initWhisper(options: { filePath: string; useGpu?: boolean }): Promise<WhisperContextLike>;
}

/** Loads the binding; a failure (no prebuilt binary for this platform) becomes a sentence. */
export function loadWhisperBinding(): WhisperBinding {
  try {
    const mod = createRequire(import.meta.url)('@fugood/whisper.node') as Partial<WhisperBinding>;
    if (typeof mod.initWhisper !== 'function') throw new Error('initWhisper missing');
    return mod as WhisperBinding;
  } catch {
    throw new SpeechError(
      'engine_unavailable',
      `Local speech recognition is not available on this computer (${process.platform}/${process.arch}): reinstall Assistive Control, or choose an online transcription service in the settings.`,
    );
  }
}

export interface WhisperEngineOptions {
  /** The ggml model file (see model-manager.ts). */
  readonly modelPath: string;
  /** Threads for whisper; default: all cores but one, at least one. */
  readonly threads?: number;
  /** Language of the speech ("en"); whisper detects it when absent on multilingual models. */
  readonly language?: string;
  /** Injected for tests; defaults to the real binding. */
  readonly binding?: WhisperBinding;
}

export interface WhisperEngine extends SpeechToText {
  readonly engine: 'whisper-local';
  /** Loads the model now (otherwise the first utterance does). */
  load(): Promise<void>;
  /** How many times the model was loaded (1 while it stays loaded). */
  readonly loads: number;
}

export function createWhisperEngine(options: WhisperEngineOptions): WhisperEngine {
  const threads = options.threads ?? Math.max(1, availableParallelism() - 1);
  let context: Promise<WhisperContextLike> | undefined;
  let loads = 0;
  let closed = false;

  const open = (): Promise<WhisperContextLike> => {
    if (closed)
      return Promise.reject(new SpeechError('engine_unavailable', 'Local speech recognition was shut down; restart Assistive Control to use it again.'));
    if (!context) {
      context = (async () => {
        const path = options.modelPath;
        if (!existsSync(path) || !statSync(path).isFile()) {
          throw new SpeechError(
            'model_missing',
            `The speech model is not on this computer yet (${path}): download it from the voice settings, then try again.`,
          );
        }
        const binding = options.binding ?? loadWhisperBinding();
        loads++;
        try {
          return await binding.initWhisper({ filePath: path, useGpu: false });
        } catch {
          throw new SpeechError(
            'model_invalid',
            `The speech model at ${path} could not be loaded: it may be damaged. Delete it and download it again from the voice settings.`,
          );
        }
      })();
      // A failed load is not kept: the next utterance tries again (the user may have fixed it).
      context.catch(() => (context = undefined));
    }
    return context;
  };

  return {
    engine: 'whisper-local',
    get loads() {
      return loads;
    },
    async load() {
      await open();
    },
    async transcribe(pcm16k: Int16Array | Float32Array, opts: TranscribeOptions): Promise<Transcript> {
      const started = performance.now();
      if (opts.signal?.aborted) throw cancelledError();
      const pcm = checkedPcm(pcm16k);
      const ctx = await untilDone(open(), opts, () => undefined);
      const prompt = vocabularyPrompt(opts.vocabulary);
      // The binding takes its own copy of exactly these bytes.
      const bytes = pcm.buffer.slice(pcm.byteOffset, pcm.byteOffset + pcm.byteLength) as ArrayBuffer;
      let job: WhisperJob;
      try {
        job = ctx.transcribeData(bytes, {
          maxThreads: threads,
          temperatureInc: 0,
          ...(options.language ? { language: options.language } : {}),
          ...(prompt ? { prompt } : {}),
        });
      } catch {
        throw new SpeechError('server_error', 'Speech recognition could not start on this recording, so nothing was done. Please say the command again.', true);
      }
      const result = await untilDone(job.promise, opts, () => void job.stop().catch(() => undefined), started);
      return { text: cleanTranscript(result.result ?? ''), engine: 'whisper-local', ms: Math.round(performance.now() - started) };
    },
    async close() {
      closed = true;
      const pending = context;
      context = undefined;
      if (pending) await pending.then((c) => c.release()).catch(() => undefined);
    },
  };
}

/** Settles with the promise, or rejects with a sentence on cancel or at the deadline (calling `stop`). */
function untilDone<T>(promise: Promise<T>, opts: TranscribeOptions, stop: () => void, started = performance.now()): Promise<T> {
  return withDeadline(promise, {
    deadlineMs: opts.deadlineMs - (performance.now() - started),
    signal: opts.signal,
    late: () =>
      new SpeechError(
        'timeout',
        `Speech recognition took longer than ${seconds(opts.deadlineMs)}, so it was stopped and nothing was done. Try a shorter command, or choose a smaller speech model in the voice settings.`,
        true,
      ),
    aborted: cancelledError,
    giveUp: stop,
  }).catch((e: unknown) => {
    throw e instanceof SpeechError
      ? e
      : new SpeechError('server_error', 'Speech recognition failed on this recording, so nothing was done. Please say the command again.', true);
  });
}
