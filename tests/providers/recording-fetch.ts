/**
 * An in-memory fetch for the provider modules' tests: it records each request (address, method,
 * headers, signal) and answers with what `answer` returns for it, a JSON body by default.
 */
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
