/**
 * What the provider modules (`openai.ts`, `anthropic.ts`, `ollama.ts`; see this folder's README)
 * share over HTTP: the fetch type, the settings every client is built from, what a keyed provider
 * serves besides its client, the Stainless SDKs' options, and error answers as `HttpStatusError`.
 */

/** The `fetch` the SDKs accept; injectable so tests and proxies can stand in the middle. */
export type FetchLike = typeof globalThis.fetch;

/** What every provider's client is built from, besides the key: where it goes and how. */
export interface ClientSettings {
  /** The provider's own address by default. Trailing slashes do not count. */
  readonly baseURL?: string;
  /** Sent with every request. */
  readonly headers?: Record<string, string>;
  /** Injectable fetch (tests, proxies, the composer's fetch that carries the key only where it may go). */
  readonly fetch?: FetchLike;
}

/** What a keyed provider's module serves besides its client. */
export interface ProviderEndpoint {
  /** The base URL in use, without trailing slashes. */
  readonly baseURL: string;
  /** Whether that is the provider's own endpoint (not a compatible server or a proxy). */
  readonly official: boolean;
  /** Texts to scrub from anything shown or logged: the key, when one is sent. */
  readonly secrets: readonly string[];
  /** The model ids the server offers to this key (one free GET of the model list). */
  listModels(): Promise<string[]>;
}

/**
 * What the two Stainless SDKs (OpenAI, Anthropic) are built with besides the key and the address:
 * no retries of their own (each use keeps its own budget and retries once itself), no logging
 * (OPENAI_LOG / ANTHROPIC_LOG=debug would print requests), the settings' headers and fetch.
 */
export function sdkClientOptions(settings: ClientSettings) {
  return {
    maxRetries: 0,
    logLevel: 'off' as const,
    ...(settings.headers ? { defaultHeaders: settings.headers } : {}),
    ...(settings.fetch ? { fetch: settings.fetch } : {}),
  };
}

/** A non-2xx response, thrown by fetch wrappers for clients (Ollama's) that report errors poorly. */
export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    readonly headers: Headers,
    readonly body: string,
  ) {
    super(`HTTP ${status}`);
    this.name = 'HttpStatusError';
  }
}

/** Throws a non-2xx response as HttpStatusError (its body read as text), before a client reads it. */
export async function throwIfNotOk(response: Response): Promise<Response> {
  if (!response.ok) throw new HttpStatusError(response.status, response.headers, await response.text().catch(() => ''));
  return response;
}

/** A base URL as every client is given it: without trailing slashes. */
export function trimBaseURL(url: string): string {
  return url.replace(/\/+$/, '');
}
