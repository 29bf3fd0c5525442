/**
 * Is a provider there, does it take the key, which models does it offer: one model-list request
 * through the provider's official SDK (Ollama `GET /api/tags`, OpenAI-compatible `GET /models`,
 * Anthropic `GET /v1/models`). Listing models is free; a message would cost tokens. Used by
 * `assistive-control doctor`.
 *
 * The key, the address and the fetch (the composer's, which may send the key only where it was
 * saved for) come in as parameters; nothing is read from the environment or the settings. What the
 * server answered is read from the fetch itself — whether a response came, its status — so the
 * three SDKs' error classes need not be told apart: no response is `unreachable` (with the network
 * error's own words), a status other than 200 is `status`, and 200 is the model names (none when the
 * body was not a model list). A call cut short by `signal` rejects.
 */
import Anthropic from '@anthropic-ai/sdk';
import { Ollama } from 'ollama';
import OpenAI from 'openai';
import { HttpStatusError } from './faults.js';
import type { FetchLike } from './planner.js';

export type ModelListProbe =
  | { readonly kind: 'models'; readonly models: readonly string[] }
  | { readonly kind: 'status'; readonly status: number }
  | { readonly kind: 'unreachable'; readonly reason: string };

export interface ProbeOptions {
  /** Ollama's host, the OpenAI-compatible base URL (ending in /v1), or Anthropic's base URL. */
  readonly baseURL: string;
  /** Ends the request (the doctor's deadline); the probe then rejects. */
  readonly signal: AbortSignal;
  readonly fetch?: FetchLike;
}

export interface KeyedProbeOptions extends ProbeOptions {
  /** Sent as the provider sends keys; absent: no key header at all (a server that needs none). */
  readonly apiKey?: string;
}

/** The network error's own words: the cause of fetch's "fetch failed" (ECONNREFUSED …), else its message. */
function networkReason(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  return e.cause instanceof Error ? e.cause.message : e.message;
}

/**
 * Runs `list` over a fetch that carries `signal` and remembers what came back. `throwOnError`:
 * a non-2xx response is thrown before the client reads it (the Ollama client prints to stdout otherwise).
 */
async function probeWith(options: ProbeOptions, throwOnError: boolean, list: (fetch: FetchLike) => Promise<readonly string[]>): Promise<ModelListProbe> {
  const base = options.fetch ?? globalThis.fetch;
  let status: number | undefined;
  let failure: unknown;
  const watched: FetchLike = async (input, init) => {
    const signal = init?.signal ? AbortSignal.any([init.signal, options.signal]) : options.signal;
    let response: Response;
    try {
      response = await base(input, { ...init, signal });
    } catch (e) {
      failure = e;
      throw e;
    }
    status = response.status;
    if (throwOnError && !response.ok) throw new HttpStatusError(response.status, response.headers, await response.text().catch(() => ''));
    return response;
  };
  try {
    const models = await list(watched);
    return status === 200 ? { kind: 'models', models } : { kind: 'status', status: status ?? 0 };
  } catch (e) {
    if (options.signal.aborted) throw e;
    if (status === undefined) return { kind: 'unreachable', reason: networkReason(failure ?? e) };
    // An answer that was not a model list: a status to report, or (200) no models.
    return status === 200 ? { kind: 'models', models: [] } : { kind: 'status', status };
  }
}

const strings = (values: readonly unknown[]): string[] => values.filter((v): v is string => typeof v === 'string');

/** Ollama's pulled models (`name`, else `model`). */
export function probeOllama(options: ProbeOptions): Promise<ModelListProbe> {
  return probeWith(options, true, async (fetch) => {
    const answer = await new Ollama({ host: options.baseURL.replace(/\/+$/, ''), fetch }).list();
    const models: unknown = answer?.models;
    if (!Array.isArray(models)) return [];
    return strings(models.map((m: { name?: unknown; model?: unknown }) => m?.name ?? m?.model));
  });
}

/** The model ids an OpenAI-compatible server offers; without `apiKey` no Authorization header is sent. */
export function probeOpenAI(options: KeyedProbeOptions): Promise<ModelListProbe> {
  return probeWith(options, false, async (fetch) => {
    const client = new OpenAI({
      apiKey: options.apiKey ?? 'no-key',
      baseURL: options.baseURL.replace(/\/+$/, ''),
      organization: null,
      project: null,
      maxRetries: 0,
      logLevel: 'off',
      fetch,
    });
    const page = await client.models.list(options.apiKey ? {} : { headers: { Authorization: null } });
    const data: unknown = page?.data;
    return Array.isArray(data) ? strings(data.map((m: { id?: unknown }) => m?.id)) : [];
  });
}

/** The models the key may use at Anthropic (or at the base URL that stands in for it). */
export function probeAnthropic(options: KeyedProbeOptions & { readonly apiKey: string }): Promise<ModelListProbe> {
  return probeWith(options, false, async (fetch) => {
    const client = new Anthropic({
      apiKey: options.apiKey,
      authToken: null,
      baseURL: options.baseURL.replace(/\/+$/, ''),
      maxRetries: 0,
      logLevel: 'off',
      fetch,
    });
    const page = await client.models.list();
    const data: unknown = page?.data;
    return Array.isArray(data) ? strings(data.map((m: { id?: unknown }) => m?.id)) : [];
  });
}
