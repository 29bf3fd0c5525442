/**
 * Is a provider there, does it take the key, which models does it offer: one model-list request
 * (Ollama `GET /api/tags`, OpenAI-compatible `GET /models`, Anthropic `GET /v1/models`) through the
 * provider's own module and so its official SDK (`probeOllama`, `probeOpenAI`, `probeAnthropic`).
 * Listing models is free; a message would cost tokens. Used by `assistive-control doctor`.
 *
 * The key, the address and the fetch (the composer's, which may send the key only where it was
 * saved for) come in as parameters; nothing is read from the environment or the settings. What the
 * server answered is read from the fetch itself — whether a response came, its status — so the
 * three SDKs' error classes need not be told apart: no response is `unreachable` (with the network
 * error's own words), a status other than 200 is `status`, and 200 is the model names (none when the
 * body was not a model list). A call cut short by `signal` rejects.
 */
import type { FetchLike } from './http.js';

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
 * Runs `list` (one model-list call through a client built on the fetch it is handed) over a fetch
 * that carries `signal` and remembers what came back.
 */
export async function probeModelList(options: ProbeOptions, list: (fetch: FetchLike) => Promise<readonly string[]>): Promise<ModelListProbe> {
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

/** The strings among what a model list named (a server may send anything). */
export function modelNames(values: readonly unknown[]): string[] {
  return values.filter((v): v is string => typeof v === 'string');
}

/** The model ids of an OpenAI-style page (`{data: [{id}]}`, as OpenAI and Anthropic answer); none when it is not one. */
export function pageModelIds(page: { readonly data?: unknown } | undefined): string[] {
  const data = page?.data;
  return Array.isArray(data) ? modelNames(data.map((m: { id?: unknown }) => m?.id)) : [];
}
