/**
 * The Ollama planner: a local model through the official `ollama` client (`POST /api/chat`).
 *
 * Structured output through `format` (the planner's JSON Schema), `keep_alive` so the model stays
 * loaded between commands, temperature 0. The client has no timeout, no retry and passes no signal
 * on non-streaming calls, so its fetch is wrapped: the wrapper adds the call's signal, and turns an
 * error response into an `HttpStatusError` itself (the client would print "Getting text from
 * response" to stdout and lose the status headers).
 */
import { Ollama } from 'ollama';
import { DEFAULT_MODELS, DEFAULT_OLLAMA_URL } from '../../shared/llm-providers.js';
import { plannerJsonSchema } from '../json-schema.js';
import { plannerSystemPrompt } from '../system-prompt.js';
import { HttpStatusError } from './faults.js';
import type { FetchLike, Planner } from './planner.js';
import { plannerFromTransport, type ModelReply } from './run-plan.js';

export const OLLAMA_DEFAULT_HOST = DEFAULT_OLLAMA_URL;
export const OLLAMA_DEFAULT_MODEL = DEFAULT_MODELS.ollama;
/** Long enough to keep the model warm through a working session, short enough to free memory after. */
export const OLLAMA_KEEP_ALIVE = '30m';

export interface OllamaPlannerOptions {
  readonly host?: string;
  readonly model?: string;
  readonly headers?: Record<string, string>;
  readonly fetch?: FetchLike;
  readonly keepAlive?: string | number;
  /** The system prompt; defaults to the one generated for this platform. */
  readonly systemPrompt?: string;
}

/** A fetch that carries the call's signal and reports error statuses as HttpStatusError. */
function fetchWithSignal(base: FetchLike, signal: AbortSignal): FetchLike {
  return async (input, init) => {
    const merged = init?.signal ? AbortSignal.any([init.signal, signal]) : signal;
    const response = await base(input, { ...init, signal: merged });
    if (!response.ok) throw new HttpStatusError(response.status, response.headers, await response.text().catch(() => ''));
    return response;
  };
}

export function createOllamaPlanner(options: OllamaPlannerOptions = {}): Planner {
  const host = (options.host ?? OLLAMA_DEFAULT_HOST).replace(/\/+$/, '');
  const model = options.model ?? OLLAMA_DEFAULT_MODEL;
  const baseFetch = options.fetch ?? globalThis.fetch;
  const system = options.systemPrompt ?? plannerSystemPrompt();
  const format = plannerJsonSchema();
  return plannerFromTransport(
    {
      provider: 'ollama',
      model,
      async send(messages, { signal }): Promise<ModelReply> {
        // A client per call: the only way to hand this client a per-request signal.
        const client = new Ollama({ host, fetch: fetchWithSignal(baseFetch, signal), ...(options.headers ? { headers: options.headers } : {}) });
        const response = await client.chat({
          model,
          stream: false,
          format,
          keep_alive: options.keepAlive ?? OLLAMA_KEEP_ALIVE,
          options: { temperature: 0 },
          messages: [{ role: 'system', content: system }, ...messages.map((m) => ({ role: m.role, content: m.content }))],
        });
        if (typeof response?.message?.content !== 'string') return { kind: 'malformed', detail: 'no message in the chat response' };
        const text = response.message.content;
        // Ollama counts the prompt it evaluated; a prompt it kept from the last call counts 0 there.
        const usage =
          typeof response.prompt_eval_count === 'number' && typeof response.eval_count === 'number'
            ? { usage: { inputTokens: response.prompt_eval_count, outputTokens: response.eval_count } }
            : {};
        return { kind: 'text', text, truncated: response?.done_reason === 'length', ...usage };
      },
    },
    { endpoint: host, officialEndpoint: true, keyAdvice: '', secrets: [] },
  );
}
