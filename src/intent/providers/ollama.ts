/**
 * The Ollama planner: a local model through the official `ollama` client (`POST /api/chat`), built
 * by the provider module (`src/providers/ollama.ts`, which puts the call's signal on its requests
 * and turns an error response into an `HttpStatusError`).
 *
 * Structured output through `format` (the planner's JSON Schema), `keep_alive` so the model stays
 * loaded between commands, temperature 0.
 */
import { createOllama } from '../../providers/ollama.js';
import { DEFAULT_MODELS, DEFAULT_OLLAMA_URL } from '../../shared/llm-providers.js';
import { plannerJsonSchema } from '../json-schema.js';
import { plannerSystemPrompt } from '../system-prompt.js';
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

export function createOllamaPlanner(options: OllamaPlannerOptions = {}): Planner {
  const model = options.model ?? OLLAMA_DEFAULT_MODEL;
  const ollama = createOllama(options);
  const system = options.systemPrompt ?? plannerSystemPrompt();
  const format = plannerJsonSchema();
  return plannerFromTransport(
    {
      provider: 'ollama',
      model,
      async send(messages, { signal, image, answer }): Promise<ModelReply> {
        const last = messages.length - 1;
        const response = await ollama.withSignal(signal, (client) =>
          client.chat({
            model,
            stream: false,
            // A sentence about a picture is plain text.
            ...(answer === 'text' ? {} : { format }),
            keep_alive: options.keepAlive ?? OLLAMA_KEEP_ALIVE,
            options: { temperature: 0 },
            messages: [
              { role: 'system', content: system },
              ...messages.map((m, i) => ({ role: m.role, content: m.content, ...(image && i === last ? { images: [image.base64] } : {}) })),
            ],
          }),
        );
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
    { endpoint: ollama.host, officialEndpoint: true, keyAdvice: '', secrets: [] },
  );
}
