/**
 * Loopback HTTP servers that speak the three providers' wire protocols, with realistic bodies.
 *
 * Each server answers `POST` on its provider's path (Ollama `/api/chat`, Anthropic `/v1/messages`,
 * OpenAI `/v1/chat/completions`) according to the current scenario, so the official SDKs run
 * unmodified against them, and `GET` on its model list (Ollama `/api/tags`, Anthropic and OpenAI
 * `/v1/models`) with `models` (the error, hang and unreadable scenarios apply there too). Used by the
 * provider tests, the probe tests and by `bench/providers.ts`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type LlmProvider = 'ollama' | 'anthropic' | 'openai';

export type Scenario =
  | 'ok'
  | 'prose'
  | 'invalid_json'
  | 'wrong_shape'
  | 'unknown_intent'
  | 'refusal'
  | 'empty_body'
  | 'http_401'
  | 'http_404_model'
  | 'http_429_then_ok'
  | 'http_429_long'
  | 'http_500'
  | 'http_500_then_ok'
  | 'hang'
  | 'cut_midway'
  | 'truncated'
  /** Each answer comes from `server.script` (a scripted model: the evaluation's tests). */
  | 'scripted';

/** What a scripted model answers to one request. */
export interface ScriptedAnswer {
  /** The plan, sent as the protocol's structured answer (Anthropic: the `plan` tool's input). */
  readonly plan?: unknown;
  /** Raw text instead of a plan (to send something invalid). */
  readonly text?: string;
  /** The model declines (each protocol's own refusal). */
  readonly refusal?: boolean;
  /** Wait this long before answering. */
  readonly delayMs?: number;
  /** Answer only once this settles: the test holds the model's answer until it releases it. */
  readonly after?: Promise<unknown>;
}

/** The messages of a request, as plain role/text pairs, whichever protocol carried them. */
export function requestMessages(body: Record<string, unknown>): { role: string; content: string }[] {
  const messages = Array.isArray(body.messages) ? (body.messages as { role: string; content: unknown }[]) : [];
  return messages
    .filter((m) => m.role !== 'system')
    .map((m) => ({ role: m.role, content: typeof m.content === 'string' ? m.content : JSON.stringify(m.content) }));
}

export interface RecordedRequest {
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: Record<string, unknown>;
}

export interface LlmServer {
  readonly provider: LlmProvider;
  /** The base URL each SDK takes: Ollama's host, Anthropic's base, OpenAI's base ending in /v1. */
  readonly baseURL: string;
  readonly scenario: Scenario;
  /** Switches the scenario and resets its attempt counter ("then_ok" scenarios fail once again). */
  setScenario(scenario: Scenario): void;
  /** The intent returned by `ok` (and wrapped by `prose`). */
  plan: Record<string, unknown>;
  /** The model names the model list offers. */
  models: string[];
  /** The scripted model of the `scripted` scenario. */
  script?: (body: Record<string, unknown>) => ScriptedAnswer;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

const DEFAULT_PLAN = { intent: 'click_element', element: { label: 'Send', role: 'button' } };

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** The success envelope of each protocol around the model's text (or tool input). */
function success(provider: LlmProvider, model: string, text: string, opts: { toolInput?: unknown; stop?: string } = {}): unknown {
  switch (provider) {
    case 'ollama':
      return {
        model,
        created_at: '2025-06-01T10:15:42.123456Z',
        message: { role: 'assistant', content: text },
        done_reason: opts.stop ?? 'stop',
        done: true,
        total_duration: 812_345_678,
        load_duration: 21_345_678,
        prompt_eval_count: 1712,
        prompt_eval_duration: 401_234_567,
        eval_count: 38,
        eval_duration: 389_765_432,
      };
    case 'anthropic':
      return {
        id: 'msg_01XFDUDYJgAACzvnptvVoYEL',
        type: 'message',
        role: 'assistant',
        model,
        content:
          opts.toolInput !== undefined
            ? [{ type: 'tool_use', id: 'toolu_01A09q90qw90lq917835lq9', name: 'plan', input: opts.toolInput }]
            : text
              ? [{ type: 'text', text }]
              : [],
        stop_reason: opts.stop ?? (opts.toolInput !== undefined ? 'tool_use' : 'end_turn'),
        stop_sequence: null,
        usage: { input_tokens: 312, output_tokens: 41, cache_creation_input_tokens: 0, cache_read_input_tokens: 3894, service_tier: 'standard' },
      };
    case 'openai':
      return {
        id: 'chatcmpl-B9MBs8CjcvOU2jLn4n570S5qMJKcT',
        object: 'chat.completion',
        created: 1_741_569_952,
        model: `${model}-2025-04-14`,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: text, refusal: null, annotations: [] },
            logprobs: null,
            finish_reason: opts.stop ?? 'stop',
          },
        ],
        usage: {
          prompt_tokens: 4206,
          completion_tokens: 39,
          total_tokens: 4245,
          prompt_tokens_details: { cached_tokens: 3968, audio_tokens: 0 },
          completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
        },
        service_tier: 'default',
        system_fingerprint: 'fp_6ec83003ad',
      };
  }
}

/** The key the client sent (Anthropic's SDK sends `x-api-key` or, since 1.x, a bearer token). */
function keyOf(_provider: LlmProvider, req: IncomingMessage): string {
  return String(req.headers['x-api-key'] ?? req.headers.authorization ?? '').replace(/^Bearer /, '');
}

function errorBody(provider: LlmProvider, status: number, message: string, type: string, code?: string): unknown {
  switch (provider) {
    case 'ollama':
      return { error: message };
    case 'anthropic':
      return { type: 'error', error: { type, message }, request_id: 'req_011CSHoEeqs5C35K2UUqR7Fy' };
    case 'openai':
      return { error: { message, type, param: null, code: code ?? null } };
  }
}

function answer(server: LlmServer, req: IncomingMessage, res: ServerResponse, body: Record<string, unknown>, attempt: number): void {
  const p = server.provider;
  const model = typeof body.model === 'string' ? body.model : 'unknown';
  const planJson = JSON.stringify({ plan: server.plan });
  const ok = () =>
    p === 'anthropic' ? json(res, 200, success(p, model, '', { toolInput: { plan: server.plan } })) : json(res, 200, success(p, model, planJson));
  switch (server.scenario) {
    case 'ok':
      return ok();
    case 'scripted':
      return scripted(server, res, model, body);
    case 'prose':
      return json(res, 200, success(p, model, `Sure! Here is the plan:\n\`\`\`json\n${planJson}\n\`\`\`\nLet me know if you need anything else.`));
    case 'invalid_json':
      return json(res, 200, success(p, model, '{"plan": {"intent": "click_element", "element": {"label": "Send",}'));
    case 'wrong_shape': {
      const wrong = { plan: { intent: 'click_element', element: 'Send' } };
      return p === 'anthropic' ? json(res, 200, success(p, model, '', { toolInput: wrong })) : json(res, 200, success(p, model, JSON.stringify(wrong)));
    }
    case 'unknown_intent': {
      const unknown = { plan: { intent: 'delete_all_files', path: '~' } };
      return p === 'anthropic' ? json(res, 200, success(p, model, '', { toolInput: unknown })) : json(res, 200, success(p, model, JSON.stringify(unknown)));
    }
    case 'refusal':
      if (p === 'anthropic') return json(res, 200, success(p, model, '', { stop: 'refusal' }));
      if (p === 'openai') {
        const body2 = success(p, model, '') as { choices: [{ message: Record<string, unknown> }] };
        body2.choices[0].message.content = null;
        body2.choices[0].message.refusal = "I'm sorry, but I can't help with that request.";
        return json(res, 200, body2);
      }
      return json(res, 200, success(p, model, "I'm sorry, but I can't help with that request."));
    case 'truncated':
      return p === 'anthropic'
        ? json(res, 200, success(p, model, '{"plan": {"intent": "type_text", "text": "Dear', { stop: 'max_tokens' }))
        : json(res, 200, success(p, model, '{"plan": {"intent": "type_text", "text": "Dear', { stop: 'length' }));
    case 'empty_body':
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 0 });
      return void res.end();
    case 'http_401':
      return wrongKey(res, p, req);
    case 'http_404_model':
      return json(
        res,
        404,
        p === 'ollama'
          ? { error: `model "${model}" not found, try pulling it first` }
          : p === 'anthropic'
            ? errorBody(p, 404, `model: ${model}`, 'not_found_error')
            : errorBody(p, 404, `The model \`${model}\` does not exist or you do not have access to it.`, 'invalid_request_error', 'model_not_found'),
      );
    case 'http_429_then_ok':
      if (attempt === 1)
        return json(res, 429, errorBody(p, 429, 'Rate limit reached for requests', 'rate_limit_error', 'rate_limit_exceeded'), { 'retry-after': '0' });
      return ok();
    case 'http_429_long':
      return json(res, 429, errorBody(p, 429, 'Rate limit reached for requests', 'rate_limit_error', 'rate_limit_exceeded'), { 'retry-after': '30' });
    case 'http_500':
      return json(res, 500, errorBody(p, 500, `Internal server error (key ${keyOf(p, req)})`, 'api_error', 'server_error'));
    case 'http_500_then_ok':
      if (attempt === 1) return json(res, 500, errorBody(p, 500, 'Internal server error', 'api_error', 'server_error'));
      return ok();
    case 'hang':
      return; // headers never come
    case 'cut_midway': {
      const full = JSON.stringify(success(p, model, planJson));
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(full) });
      res.write(full.slice(0, Math.floor(full.length / 2)));
      setTimeout(() => res.socket?.destroy(), 20);
      return;
    }
  }
}

/** A 401 for a wrong key that echoes the key, as some servers do: the client must never pass it on to the user. */
function wrongKey(res: ServerResponse, p: LlmProvider, req: IncomingMessage): void {
  const type = p === 'anthropic' ? 'authentication_error' : 'invalid_request_error';
  return json(res, 401, errorBody(p, 401, `Incorrect API key provided: ${keyOf(p, req)}.`, type, 'invalid_api_key'));
}

function scripted(server: LlmServer, res: ServerResponse, model: string, body: Record<string, unknown>): void {
  const p = server.provider;
  const a = server.script?.(body) ?? {};
  const send = () => {
    if (a.refusal) {
      if (p === 'anthropic') return json(res, 200, success(p, model, '', { stop: 'refusal' }));
      const declined = success(p, model, "I'm sorry, but I can't help with that request.") as { choices?: [{ message: Record<string, unknown> }] };
      if (p === 'openai' && declined.choices) {
        declined.choices[0].message.content = null;
        declined.choices[0].message.refusal = "I'm sorry, but I can't help with that request.";
      }
      return json(res, 200, declined);
    }
    if (a.text !== undefined) return json(res, 200, success(p, model, a.text));
    const reply = { plan: a.plan };
    return p === 'anthropic' ? json(res, 200, success(p, model, '', { toolInput: reply })) : json(res, 200, success(p, model, JSON.stringify(reply)));
  };
  if (a.after) void a.after.then(send);
  else if (a.delayMs) setTimeout(send, a.delayMs);
  else send();
}

/** Each protocol's model list, as the real servers send it. */
function modelList(provider: LlmProvider, models: readonly string[]): unknown {
  switch (provider) {
    case 'ollama':
      return {
        models: models.map((name) => ({
          name,
          model: name,
          modified_at: '2025-05-28T09:12:44.187432Z',
          size: 2_019_393_189,
          digest: 'a80c4f17acd55265feec403c7aef86be0c25983ab279d83f3bcd3abbcb5b8b72',
          details: { parent_model: '', format: 'gguf', family: 'llama', families: ['llama'], parameter_size: '3.2B', quantization_level: 'Q4_K_M' },
        })),
      };
    case 'anthropic':
      return {
        data: models.map((id) => ({ type: 'model', id, display_name: id, created_at: '2025-05-14T00:00:00Z' })),
        has_more: false,
        first_id: models[0] ?? null,
        last_id: models.at(-1) ?? null,
      };
    case 'openai':
      return { object: 'list', data: models.map((id) => ({ id, object: 'model', created: 1_744_316_542, owned_by: 'system' })) };
  }
}

/** A `GET` of the model list, in the current scenario. */
function answerList(server: LlmServer, req: IncomingMessage, res: ServerResponse): void {
  const p = server.provider;
  switch (server.scenario) {
    case 'http_401':
      return wrongKey(res, p, req);
    case 'http_500':
      return json(res, 500, errorBody(p, 500, 'Internal server error', 'api_error', 'server_error'));
    case 'hang':
      return;
    case 'invalid_json':
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end('<html>not a model list</html>');
    default:
      return json(res, 200, modelList(p, server.models));
  }
}

const LIST_PATHS: Readonly<Record<LlmProvider, string>> = {
  ollama: '/api/tags',
  anthropic: '/v1/models',
  openai: '/v1/models',
};

const PATHS: Readonly<Record<LlmProvider, string>> = {
  ollama: '/api/chat',
  anthropic: '/v1/messages',
  openai: '/v1/chat/completions',
};

/** Starts a server on 127.0.0.1 with a free port. */
export async function startLlmServer(provider: LlmProvider): Promise<LlmServer> {
  const sockets = new Set<Socket>();
  let attempts = 0;
  const requests: RecordedRequest[] = [];
  const state: LlmServer = {
    provider,
    baseURL: '',
    scenario: 'ok',
    setScenario(scenario) {
      (state as { scenario: Scenario }).scenario = scenario;
      attempts = 0;
    },
    plan: DEFAULT_PLAN,
    models: [],
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'GET' && req.url?.split('?')[0] === LIST_PATHS[provider]) {
        requests.push({ path: req.url, headers: req.headers, body: {} });
        attempts++;
        return answerList(state, req, res);
      }
      if (req.method !== 'POST' || req.url !== PATHS[provider]) {
        return json(res, 404, provider === 'ollama' ? { error: 'not found' } : errorBody(provider, 404, 'Not found', 'not_found_error'));
      }
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        return json(res, 400, errorBody(provider, 400, 'invalid JSON body', 'invalid_request_error'));
      }
      requests.push({ path: req.url, headers: req.headers, body });
      attempts++;
      answer(state, req, res, body, attempts);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const root = `http://127.0.0.1:${port}`;
  return Object.assign(state, { baseURL: provider === 'openai' ? `${root}/v1` : root }) as LlmServer;
}

/** A loopback address where nothing listens (a port that was free a moment ago). */
export async function refusedAddress(): Promise<string> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
