/**
 * What the provider modules' tests share: an in-memory fetch that records each request (address,
 * method, headers, signal) and answers with what `answer` returns for it, a JSON body by default; a
 * client class that records the options it was built with; the environment and console set-up.
 */
import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';
import type { FetchLike } from '../../src/providers/http.js';

export interface SeenRequest {
  readonly url: string;
  readonly path: string;
  readonly method: string;
  readonly headers: Headers;
  readonly signal: AbortSignal | undefined;
}

export interface RecordingFetch {
  readonly fetch: FetchLike;
  readonly seen: SeenRequest[];
}

/** `answer` returns a body to send as JSON with status 200, or a whole Response. */
export function recordingFetch(answer: (request: SeenRequest) => unknown | Response | Promise<unknown | Response>): RecordingFetch {
  const seen: SeenRequest[] = [];
  const fetch: FetchLike = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const request: SeenRequest = {
      url,
      path: new URL(url).pathname,
      method: init?.method ?? (input instanceof Request ? input.method : 'GET'),
      headers: new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined)),
      signal: init?.signal ?? undefined,
    };
    seen.push(request);
    const body = await answer(request);
    return body instanceof Response ? body : Response.json(body);
  };
  return { fetch, seen };
}

/** An answer for `recordingFetch`: the body of the route the request's path ends with, else 404 "no such path". */
export function byPath(routes: Readonly<Record<string, unknown>>): (request: SeenRequest) => unknown {
  return (request) => {
    const route = Object.keys(routes).find((path) => request.path.endsWith(path));
    return route === undefined ? new Response('no such path', { status: 404 }) : routes[route];
  };
}

/**
 * A subclass of an SDK's client class that records the options of every client built (for
 * `vi.mock` of the SDK: the provider module then builds this class in the test).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a mixin over any SDK's client class
export function recordingClass<C extends new (...args: any[]) => object>(Base: C, built: Record<string, unknown>[]): C {
  return class extends Base {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the SDK's own constructor parameters
    constructor(...args: any[]) {
      super(...args);
      built.push({ ...(args[0] as Record<string, unknown>) });
    }
  };
}

/**
 * The SDK module as `vi.mock` returns it: the module itself, with its client class `name` (and its
 * default export, where `asDefault`) replaced by one that records each client's options in `built`.
 */
export function recordedSdk<M extends object>(actual: M, name: keyof M & string, built: Record<string, unknown>[], asDefault = false): M {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the SDK's client class, whatever its constructor
  const Recorded = recordingClass(actual[name] as new (...args: any[]) => object, built);
  return { ...actual, [name]: Recorded, ...(asDefault ? { default: Recorded } : {}) };
}

/**
 * For each test: no client recorded yet in `built`, environment variables the SDK would read (none
 * may reach a request), and the console spied on; after it, the environment and console as they
 * were. Returns the console's spies of the running test.
 */
export function eachTest(options: { readonly built: unknown[]; readonly env?: Readonly<Record<string, string>> }): { readonly spies: MockInstance[] } {
  const state = { spies: [] as MockInstance[] };
  beforeEach(() => {
    options.built.length = 0;
    for (const [name, value] of Object.entries(options.env ?? {})) vi.stubEnv(name, value);
    state.spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((m) => vi.spyOn(console, m).mockImplementation(() => undefined));
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });
  return state;
}
