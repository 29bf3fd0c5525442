/**
 * The OpenAI planner: Chat Completions through the `openai` SDK, with a `json_schema` response
 * format (not strict: strict mode forces every optional field as null; the validator checks).
 *
 * `baseURL` is configurable, so any OpenAI-compatible server (LM Studio, llama.cpp's server, vLLM,
 * a corporate gateway) works; such servers often need no key. No temperature is sent: reasoning
 * models accept only the default. The system prompt is the first message, unchanged between calls,
 * and the schema is the same on every call, so the stable prefix comes first and the conversation
 * (screen content last) after it: what OpenAI's automatic prompt caching reuses (prompts of 1,024
 * tokens or more). On OpenAI's own endpoint a fixed `prompt_cache_key` keeps the requests on one
 * cache. The schema is not strict (see json-schema.ts).
 */
import { createOpenAI } from '../../providers/openai.js';
import { DEFAULT_MODELS, DEFAULT_OPENAI_BASE_URL } from '../../shared/llm-providers.js';
import { plannerJsonSchema } from '../json-schema.js';
import { plannerSystemPrompt } from '../system-prompt.js';
import { defaultKeyAdvice } from './error-messages.js';
import type { ApiPlannerOptions, Planner, TokenUsage } from './planner.js';
import { plannerFromTransport, type ModelReply } from './run-plan.js';

export const OPENAI_DEFAULT_BASE_URL = DEFAULT_OPENAI_BASE_URL;
export const OPENAI_DEFAULT_MODEL = DEFAULT_MODELS.openai;

/** The same for every request: the prefix (system prompt, schema) is the same, so the cache can be shared. */
export const PROMPT_CACHE_KEY = 'assistive-control-planner';

export interface OpenAIPlannerOptions extends ApiPlannerOptions {
  /** Injected by the composer; optional for self-hosted compatible servers. */
  readonly apiKey?: string;
}

export function createOpenAIPlanner(options: OpenAIPlannerOptions = {}): Planner {
  const model = options.model ?? OPENAI_DEFAULT_MODEL;
  // The client (key, base URL, no SDK retries, no SDK logging) is the provider module's.
  const openai = createOpenAI(options);
  const { client, baseURL } = openai;
  const system = options.systemPrompt ?? plannerSystemPrompt();
  const schema = plannerJsonSchema();
  // OpenAI routes requests with the same key to the same cache; other servers may not know the field.
  const cacheKey = openai.official ? { prompt_cache_key: PROMPT_CACHE_KEY } : {};
  return plannerFromTransport(
    {
      provider: 'openai',
      model,
      async send(messages, { signal, timeoutMs, image, answer }): Promise<ModelReply> {
        const last = messages.length - 1;
        const completion = await client.chat.completions.create(
          {
            model,
            messages: [
              { role: 'system', content: system },
              ...messages.map((m, i) =>
                image && i === last && m.role === 'user'
                  ? {
                      role: m.role,
                      content: [
                        { type: 'text' as const, text: m.content },
                        { type: 'image_url' as const, image_url: { url: `data:${image.mediaType};base64,${image.base64}`, detail: 'high' as const } },
                      ],
                    }
                  : { role: m.role, content: m.content },
              ),
            ],
            // A sentence about a picture is plain text.
            ...(answer === 'text' ? {} : { response_format: { type: 'json_schema' as const, json_schema: { name: 'plan', strict: false, schema } } }),
            ...cacheKey,
          },
          { signal, timeout: timeoutMs, maxRetries: 0 },
        );
        const choice = Array.isArray(completion?.choices) ? completion.choices[0] : undefined;
        if (!choice) return { kind: 'malformed', detail: 'no choices in the completion' };
        const message = choice.message;
        if (typeof message?.refusal === 'string' && message.refusal.length > 0) return { kind: 'refusal' };
        const text = typeof message?.content === 'string' ? message.content : '';
        const u = completion.usage;
        const usage: TokenUsage | undefined =
          u && typeof u.prompt_tokens === 'number' && typeof u.completion_tokens === 'number'
            ? { inputTokens: u.prompt_tokens, outputTokens: u.completion_tokens, cachedInputTokens: u.prompt_tokens_details?.cached_tokens ?? 0 }
            : undefined;
        return { kind: 'text', text, truncated: choice.finish_reason === 'length', ...(usage ? { usage } : {}) };
      },
    },
    {
      endpoint: baseURL,
      officialEndpoint: openai.official,
      keyAdvice: options.keyAdvice ?? defaultKeyAdvice('openai'),
      secrets: openai.secrets,
    },
  );
}
