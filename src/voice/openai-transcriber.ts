/**
 * Speech-to-text through any OpenAI-compatible `/v1/audio/transcriptions` endpoint (OpenAI's, or
 * a local whisper server), on the official `openai` SDK's client as the provider module builds it
 * (`src/providers/openai.ts`).
 *
 * The key is injected by the composer and appears nowhere else: not in errors (server text is
 * scrubbed of it), not in logs (the SDK's logging is off). The SDK's own retries are off; this
 * module retries once, for a rate limit whose `retry-after` fits the deadline or a server fault,
 * like the planners do.
 */
import * as z from 'zod';
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError, createOpenAI, toFile } from '../providers/openai.js';
import { encodeWav } from './audio.js';
import { SpeechError, cancelledError, seconds, withoutSecrets } from './speech-error.js';
import {
  checkedPcm,
  cleanTranscript,
  uncertainSegments,
  vocabularyPrompt,
  type SpeechToText,
  type TranscribeOptions,
  type Transcript,
} from './speech-to-text.js';

/** The model every compatible server knows by this name (local servers map it to theirs). */
export const DEFAULT_TRANSCRIPTION_MODEL = 'whisper-1';

export interface OpenAITranscriberOptions {
  /** Injected by the composer; optional for self-hosted servers that need none. */
  readonly apiKey?: string;
  /** Base URL ending in /v1; OpenAI's by default. */
  readonly baseURL?: string;
  readonly model?: string;
  /** ISO-639-1 language of the speech ("en"), which helps accuracy and speed. */
  readonly language?: string;
  /** How the user changes the key, as a sentence ("Set it with `assistive-control keys set openai`."). */
  readonly keyAdvice?: string;
  /** Injectable fetch (tests, proxies). */
  readonly fetch?: typeof fetch;
}

/**
 * `verbose_json` adds each segment's average log-probability and no-speech probability (issue #27);
 * a server that answers without them gives a transcript with no measure of its confidence.
 */
const measure = z.number().finite().optional().catch(undefined);
const reply = z.object({
  text: z.string(),
  segments: z
    .array(z.object({ avg_logprob: measure, no_speech_prob: measure }))
    .nullish()
    .catch(undefined),
});
const MIN_ATTEMPT_MS = 1_000;

type Fault =
  | { kind: 'http'; status: number; retryAfterMs?: number; detail: string }
  | { kind: 'unreachable' }
  | { kind: 'interrupted' }
  | { kind: 'timeout' }
  | { kind: 'aborted' }
  | { kind: 'unreadable' };

function retryAfter(headers: Headers | undefined): number | undefined {
  const ms = Number.parseFloat(headers?.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers?.get('retry-after');
  if (!value) return undefined;
  const s = Number(value);
  if (Number.isFinite(s) && s >= 0) return s * 1000;
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : undefined;
}

function classify(e: unknown): Fault {
  if (e instanceof APIUserAbortError) return { kind: 'aborted' };
  if (e instanceof APIConnectionTimeoutError) return { kind: 'timeout' };
  if (e instanceof APIConnectionError) {
    // undici's cause chain says whether the connection was never made or broke off.
    for (let c: unknown = e.cause, d = 0; c && typeof c === 'object' && d < 5; c = (c as { cause?: unknown }).cause, d++) {
      const code = (c as { code?: unknown }).code;
      if (typeof code === 'string' && /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|EADDRNOTAVAIL|UND_ERR_CONNECT_TIMEOUT)$/.test(code))
        return { kind: 'unreachable' };
    }
    return { kind: 'interrupted' };
  }
  if (e instanceof APIError && typeof e.status === 'number') {
    const inner = e.error as { message?: unknown } | undefined;
    const detail = typeof inner?.message === 'string' ? inner.message : '';
    const wait = retryAfter(e.headers);
    return { kind: 'http', status: e.status, detail, ...(wait !== undefined ? { retryAfterMs: wait } : {}) };
  }
  if (e instanceof Error && e.name === 'AbortError') return { kind: 'aborted' };
  return { kind: 'unreadable' };
}

function transient(f: Fault): boolean {
  return f.kind === 'interrupted' || (f.kind === 'http' && (f.status === 429 || f.status === 408 || (f.status >= 500 && f.status !== 501)));
}

export function createOpenAITranscriber(options: OpenAITranscriberOptions = {}): SpeechToText {
  // The client (key, base URL, no SDK retries, no SDK logging) is the provider module's.
  const { client, baseURL, official, secrets } = createOpenAI(options);
  const model = options.model ?? DEFAULT_TRANSCRIPTION_MODEL;
  const who = official ? 'OpenAI' : `The transcription server at ${baseURL}`;
  const keyAdvice = options.keyAdvice ?? 'Save a new key with `assistive-control keys set openai`.';
  // Verbose answers carry the confidence; a server that refuses them is asked plainly from then on.
  let format: 'verbose_json' | 'json' = 'verbose_json';

  const sentence = (f: Fault, deadlineMs: number, retried: boolean): SpeechError => {
    const again = retried ? ' (tried twice)' : '';
    const make = (code: SpeechError['code'], text: string, retryable = false) => new SpeechError(code, withoutSecrets(text, secrets), retryable);
    switch (f.kind) {
      case 'aborted':
        return cancelledError();
      case 'timeout':
        return make(
          'timeout',
          `${who} did not transcribe the recording within ${seconds(deadlineMs)}, so nothing was done. Try again, or switch to local speech recognition in the voice settings.`,
          true,
        );
      case 'unreachable':
        return official
          ? make(
              'unreachable',
              `Can't reach OpenAI to transcribe the recording: check the internet connection, or switch to local speech recognition in the voice settings.`,
              true,
            )
          : make('unreachable', `Nothing is answering at ${baseURL}: start that transcription server, or change its address in the voice settings.`, true);
      case 'interrupted':
        return make(
          'interrupted',
          `The connection to ${who} broke off before the transcript arrived${again}, so nothing was done. Please say the command again.`,
          true,
        );
      case 'unreadable':
        return make(
          'unreadable',
          `${who} sent a transcript the assistant could not read${again}, so nothing was done. Check that the address points at an OpenAI-compatible transcription service.`,
          true,
        );
      case 'http': {
        const s = f.status;
        if (s === 401) return make('auth', `${who} rejected the API key (HTTP 401): it is wrong, revoked or expired. ${keyAdvice}`);
        if (s === 403) return make('auth', `${who} refused the request (HTTP 403): the key has no access to the model "${model}". ${keyAdvice}`);
        if (s === 429) {
          const wait = f.retryAfterMs !== undefined ? ` Try again in ${seconds(f.retryAfterMs)}.` : ' Wait a moment and try again.';
          return make('rate_limited', `${who} is limiting requests right now (HTTP 429)${again}, so the recording was not transcribed.${wait}`, true);
        }
        if (s === 404)
          return make(
            'bad_request',
            `${who} has no transcription endpoint or no model "${model}" (HTTP 404): check the address (it usually ends in /v1) and the model in the voice settings.`,
          );
        if (s === 400 || s === 413 || s === 415 || s === 422) {
          const detail = withoutSecrets(f.detail, secrets).replace(/\s+/g, ' ').trim().slice(0, 160);
          return make(
            'bad_request',
            `${who} refused the recording (HTTP ${s}${detail ? `: ${detail}` : ''}), so nothing was done. Please say the command again, more briefly.`,
          );
        }
        return make(
          'server_error',
          `${who} had a problem (HTTP ${s})${again}, so the recording was not transcribed. Try again in a moment, or switch to local speech recognition in the voice settings.`,
          true,
        );
      }
    }
  };

  return {
    engine: 'openai',
    async transcribe(pcm16k: Int16Array | Float32Array, opts: TranscribeOptions): Promise<Transcript> {
      const started = performance.now();
      if (opts.signal?.aborted) throw cancelledError();
      const wav = encodeWav(checkedPcm(pcm16k));
      const prompt = vocabularyPrompt(opts.vocabulary);
      const deadline = AbortSignal.timeout(Math.max(1, opts.deadlineMs));
      const signal = opts.signal ? AbortSignal.any([opts.signal, deadline]) : deadline;
      const left = () => opts.deadlineMs - (performance.now() - started);
      for (let attempt = 1; ; attempt++) {
        try {
          const file = await toFile(wav, 'speech.wav', { type: 'audio/wav' });
          const body = await client.audio.transcriptions.create(
            { file, model, response_format: format, ...(prompt ? { prompt } : {}), ...(options.language ? { language: options.language } : {}) },
            { signal, timeout: Math.max(1, Math.ceil(left())), maxRetries: 0 },
          );
          const parsed = reply.safeParse(body);
          if (!parsed.success) throw sentence({ kind: 'unreadable' }, opts.deadlineMs, attempt > 1);
          const text = cleanTranscript(parsed.data.text);
          const uncertain = uncertainSegments(parsed.data.segments ?? []);
          return { text, engine: 'openai', ms: Math.round(performance.now() - started), ...(uncertain ? { uncertain } : {}) };
        } catch (e) {
          if (e instanceof SpeechError) throw e;
          let fault = classify(e);
          if (signal.aborted) fault = opts.signal?.aborted ? { kind: 'aborted' } : { kind: 'timeout' };
          // A server that knows only plain answers refuses the verbose format: asked again plainly, not counted as a try.
          if (format === 'verbose_json' && fault.kind === 'http' && (fault.status === 400 || fault.status === 422)) {
            format = 'json';
            attempt--;
            continue;
          }
          if (attempt === 1 && transient(fault)) {
            const wait =
              fault.kind === 'http' && fault.retryAfterMs !== undefined ? fault.retryAfterMs : fault.kind === 'http' && fault.status === 429 ? 1_000 : 300;
            if (wait + MIN_ATTEMPT_MS <= left()) {
              const woke = await new Promise<boolean>((resolve) => {
                const t = setTimeout(() => resolve(true), wait);
                signal.addEventListener('abort', () => (clearTimeout(t), resolve(false)), { once: true });
              });
              if (woke) continue;
              fault = opts.signal?.aborted ? { kind: 'aborted' } : { kind: 'timeout' };
            }
          }
          throw sentence(fault, opts.deadlineMs, attempt > 1);
        }
      }
    },
    async close() {
      // Nothing held open: each request is its own.
    },
  };
}
