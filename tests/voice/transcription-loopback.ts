/**
 * A loopback server that speaks OpenAI's `POST /v1/audio/transcriptions` (multipart/form-data), so
 * the official SDK runs unmodified against it; each scenario is one way such a server answers.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';

export type TranscriptionScenario =
  | 'ok'
  | 'http_401'
  | 'http_429_then_ok'
  | 'http_429_long'
  | 'http_500'
  | 'http_500_then_ok'
  | 'hang'
  | 'malformed'
  | 'not_json'
  | 'cut_midway'
  /** Answers like `ok` to `response_format: json`, and refuses `verbose_json` with HTTP 400 (servers that know only plain answers). */
  | 'json_only';

/** What a `verbose_json` answer says of its one segment (whisper's measures of confidence). */
export interface SegmentConfidence {
  readonly avg_logprob: number;
  readonly no_speech_prob: number;
}

/** A clear transcript: what whisper-1 gives a short command said close to the microphone. */
export const CLEAR: SegmentConfidence = { avg_logprob: -0.2, no_speech_prob: 0.02 };

export interface TranscriptionRequest {
  readonly headers: IncomingMessage['headers'];
  /** Text fields of the form (model, prompt, language, response_format). */
  readonly fields: Readonly<Record<string, string>>;
  readonly file?: { readonly filename: string; readonly contentType: string; readonly bytes: Buffer };
}

export interface TranscriptionServer {
  readonly baseURL: string;
  scenario: TranscriptionScenario;
  /** The text `ok` answers with. */
  text: string;
  /** When set, `ok` answers with what this returns for the request (to answer only audio it checked). */
  respond: ((request: TranscriptionRequest) => string) | undefined;
  /** The confidence a `verbose_json` answer gives its segment (CLEAR unless a test sets another). */
  confidence: SegmentConfidence;
  /** When set, `ok` answers once this settles (a transcription still running while something else happens). */
  hold: Promise<void> | undefined;
  readonly requests: TranscriptionRequest[];
  close(): Promise<void>;
}

/**
 * The transcription server of the tests in the describe block (or file) that calls this: started
 * before them, closed after them; before each test it answers `ok` with CLEAR confidence and has
 * heard nothing. The object returned stands for the started server, so read it in hooks and tests.
 */
export function transcriptionServerForTests(): TranscriptionServer {
  let started: TranscriptionServer | undefined;
  const live = (): TranscriptionServer => {
    if (!started) throw new Error('The transcription server starts in beforeAll: read it in a hook or a test.');
    return started;
  };
  beforeAll(async () => {
    started = await startTranscriptionServer();
  });
  afterAll(() => started?.close());
  beforeEach(() => {
    const server = live();
    server.scenario = 'ok';
    server.confidence = CLEAR;
    server.requests.length = 0;
  });
  return new Proxy({} as TranscriptionServer, {
    get: (_target, key) => Reflect.get(live(), key),
    set: (_target, key, value) => Reflect.set(live(), key, value),
  });
}

/** Splits a multipart/form-data body into its parts (enough of RFC 7578 for one client's requests). */
export function parseMultipart(body: Buffer, contentType: string): { fields: Record<string, string>; file?: TranscriptionRequest['file'] } {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const fields: Record<string, string> = {};
  let file: TranscriptionRequest['file'];
  if (!boundary) return { fields };
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next < 0) break;
    const part = body.subarray(start + 2, next - 2); // after CRLF, before CRLF
    const split = part.indexOf('\r\n\r\n');
    const head = part.subarray(0, split).toString('utf8');
    const content = part.subarray(split + 4);
    const name = /name="([^"]*)"/.exec(head)?.[1] ?? '';
    const filename = /filename="([^"]*)"/.exec(head)?.[1];
    if (filename !== undefined) file = { filename, contentType: /content-type:\s*([^\r\n]+)/i.exec(head)?.[1] ?? '', bytes: Buffer.from(content) };
    else fields[name] = content.toString('utf8');
    at = next;
  }
  return file ? { fields, file } : { fields };
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

const error = (message: string, type: string, code: string | null) => ({ error: { message, type, param: null, code } });

export async function startTranscriptionServer(): Promise<TranscriptionServer> {
  const sockets = new Set<Socket>();
  let attempts = 0;
  let scenario: TranscriptionScenario = 'ok';
  const requests: TranscriptionRequest[] = [];
  const state = {
    baseURL: '',
    get scenario() {
      return scenario;
    },
    set scenario(s: TranscriptionScenario) {
      scenario = s;
      attempts = 0;
    },
    text: 'click Send',
    respond: undefined as ((request: TranscriptionRequest) => string) | undefined,
    confidence: CLEAR,
    hold: undefined as Promise<void> | undefined,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/audio/transcriptions') return json(res, 404, error('Not found', 'invalid_request_error', null));
      const parsed = parseMultipart(Buffer.concat(chunks), String(req.headers['content-type'] ?? ''));
      const request = { headers: req.headers, ...parsed };
      requests.push(request);
      attempts++;
      const key = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
      const verbose = request.fields.response_format === 'verbose_json';
      const ok = () => {
        const text = state.respond?.(request) ?? state.text;
        if (!verbose) return json(res, 200, { text, usage: { type: 'duration', seconds: 2 } });
        // OpenAI's verbose answer: the text, and each segment with whisper's measures.
        const segment = { id: 0, seek: 0, start: 0, end: 1, text, tokens: [50364], temperature: 0, compression_ratio: 1, ...state.confidence };
        return json(res, 200, { task: 'transcribe', language: 'english', duration: 1, text, segments: [segment], usage: { type: 'duration', seconds: 2 } });
      };
      switch (scenario) {
        case 'ok':
          return state.hold ? void state.hold.then(ok) : ok();
        case 'json_only':
          return verbose ? json(res, 400, error("response_format 'verbose_json' is not supported", 'invalid_request_error', null)) : ok();
        case 'http_401':
          // Echo the key, as some servers do: it must never reach the user.
          return json(res, 401, error(`Incorrect API key provided: ${key}.`, 'invalid_request_error', 'invalid_api_key'));
        case 'http_429_then_ok':
          return attempts === 1 ? json(res, 429, error('Rate limit reached', 'requests', 'rate_limit_exceeded'), { 'retry-after': '0' }) : ok();
        case 'http_429_long':
          return json(res, 429, error('Rate limit reached', 'requests', 'rate_limit_exceeded'), { 'retry-after': '30' });
        case 'http_500':
          return json(res, 500, error(`The server had an error (key ${key})`, 'server_error', null));
        case 'http_500_then_ok':
          return attempts === 1 ? json(res, 500, error('The server had an error', 'server_error', null)) : ok();
        case 'hang':
          return;
        case 'malformed':
          return json(res, 200, { transcript: 'click Send' });
        case 'not_json':
          res.writeHead(200, { 'content-type': 'application/json' });
          return void res.end('<html>502 Bad Gateway</html>');
        case 'cut_midway': {
          const full = JSON.stringify({ text: state.text });
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(full) + 40 });
          res.write(full.slice(0, 5));
          setTimeout(() => res.socket?.destroy(), 20);
          return;
        }
      }
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return state;
}
