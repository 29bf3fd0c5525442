/**
 * Ollama: the one place the official `ollama` client is built. `createOllama` builds it once from
 * the settings, and that client serves every use — the planner's `POST /api/chat`
 * (`src/intent/providers/ollama.ts`) and the doctor's model list (`probeOllama`).
 *
 * The client has no timeout, no retry and passes no signal on non-streaming calls, so its fetch is
 * wrapped: `withSignal(signal, call)` puts the call's signal on every request the call makes (the
 * signal travels with the call's async context, so calls at the same time keep their own), and an
 * error response becomes an `HttpStatusError` before the client reads it (the client would print
 * "Getting text from response" to stdout and lose the status headers).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Ollama } from 'ollama';
import { DEFAULT_OLLAMA_URL } from '../shared/llm-providers.js';
import { throwIfNotOk, trimBaseURL, type ClientSettings, type FetchLike } from './http.js';
import { modelNames, probeModelList, type ModelListProbe, type ProbeOptions } from './probe.js';

/** Ollama's address as `host` (the local default; trailing slashes do not count), not `baseURL`. */
export interface OllamaSettings extends Omit<ClientSettings, 'baseURL'> {
  readonly host?: string;
}

export interface OllamaProvider {
  /** The client, built once for these settings. */
  readonly client: Ollama;
  /** The host in use, without trailing slashes. */
  readonly host: string;
  /** Runs `call` with `signal` on every request it makes: aborting it ends them. */
  withSignal<T>(signal: AbortSignal, call: (client: Ollama) => Promise<T>): Promise<T>;
  /** The pulled models (`GET /api/tags`: `name`, else `model`). */
  listModels(): Promise<string[]>;
}

export function createOllama(settings: OllamaSettings = {}): OllamaProvider {
  const host = trimBaseURL(settings.host ?? DEFAULT_OLLAMA_URL);
  const base = settings.fetch ?? globalThis.fetch;
  const callSignal = new AsyncLocalStorage<AbortSignal>();
  const fetch: FetchLike = async (input, init) => {
    const extra = callSignal.getStore();
    const signal = extra && init?.signal ? AbortSignal.any([init.signal, extra]) : (extra ?? init?.signal);
    return throwIfNotOk(await base(input, signal ? { ...init, signal } : init));
  };
  const client = new Ollama({ host, fetch, ...(settings.headers ? { headers: settings.headers } : {}) });
  return {
    client,
    host,
    withSignal: (signal, call) => callSignal.run(signal, () => call(client)),
    async listModels() {
      const answer = await client.list();
      const models: unknown = answer?.models;
      if (!Array.isArray(models)) return [];
      return modelNames(models.map((m: { name?: unknown; model?: unknown }) => m?.name ?? m?.model));
    },
  };
}

/** The doctor's probe of Ollama: its pulled models. */
export function probeOllama(options: ProbeOptions): Promise<ModelListProbe> {
  return probeModelList(options, (fetch) => createOllama({ host: options.baseURL, fetch }).listModels());
}
