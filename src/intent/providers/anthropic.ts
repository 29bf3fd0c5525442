/**
 * The Anthropic planner: the Messages API through `@anthropic-ai/sdk`.
 *
 * The system prompt goes in the top-level `system` field as one text block marked
 * `cache_control: ephemeral`; the prompt cache covers tools + system, which never change, so every
 * command after the first reads them from the cache. Structured output is a forced tool call: one
 * tool, `plan`, whose `input_schema` is the planner schema, and `tool_choice` naming it. This works on
 * every current Claude model (the newer `output_config.format` does not), and the validator checks
 * the tool input exactly as it checks any other planner's answer.
 */
import { createAnthropic, type AnthropicInputSchema, type AnthropicUsage } from '../../providers/anthropic.js';
import { DEFAULT_ANTHROPIC_BASE_URL, DEFAULT_MODELS } from '../../shared/llm-providers.js';
import { plannerJsonSchema } from '../json-schema.js';
import { plannerSystemPrompt } from '../system-prompt.js';
import { defaultKeyAdvice } from './error-messages.js';
import type { ApiPlannerOptions, Planner, TokenUsage } from './planner.js';
import { plannerFromTransport, type ModelReply } from './run-plan.js';

export const ANTHROPIC_DEFAULT_BASE_URL = DEFAULT_ANTHROPIC_BASE_URL;
export const ANTHROPIC_DEFAULT_MODEL = DEFAULT_MODELS.anthropic;
export const PLAN_TOOL_NAME = 'plan';
/** Room for a 20-step sequence with long labels; a plan is usually under 100 tokens. */
const MAX_TOKENS = 2048;

export interface AnthropicPlannerOptions extends ApiPlannerOptions {
  /** Injected by the composer; never read from the environment here. */
  readonly apiKey: string;
}

export function createAnthropicPlanner(options: AnthropicPlannerOptions): Planner {
  const model = options.model ?? ANTHROPIC_DEFAULT_MODEL;
  // The client (key, base URL, no SDK retries, no SDK logging) is the provider module's.
  const anthropic = createAnthropic(options);
  const { client, baseURL } = anthropic;
  const system = options.systemPrompt ?? plannerSystemPrompt();
  const tool = {
    name: PLAN_TOOL_NAME,
    description: 'Give the one action that carries out the user\'s latest command, as {"plan": <action>}.',
    input_schema: plannerJsonSchema() as AnthropicInputSchema,
  };
  return plannerFromTransport(
    {
      provider: 'anthropic',
      model,
      async send(messages, { signal, timeoutMs, image, answer }): Promise<ModelReply> {
        const last = messages.length - 1;
        const message = await client.messages.create(
          {
            model,
            max_tokens: MAX_TOKENS,
            system: [{ type: 'text', text: system, cache_control: { type: 'ephemeral' } }],
            // A sentence about a picture has no plan tool: the answer is the model's text.
            ...(answer === 'text' ? {} : { tools: [tool], tool_choice: { type: 'tool', name: PLAN_TOOL_NAME, disable_parallel_tool_use: true } }),
            messages: messages.map((m, i) =>
              image && i === last
                ? {
                    role: m.role,
                    content: [
                      { type: 'image', source: { type: 'base64', media_type: image.mediaType, data: image.base64 } },
                      { type: 'text', text: m.content },
                    ],
                  }
                : { role: m.role, content: m.content },
            ),
          },
          { signal, timeout: timeoutMs, maxRetries: 0 },
        );
        if (message?.stop_reason === 'refusal') return { kind: 'refusal' };
        const truncated = message.stop_reason === 'max_tokens';
        if (!message || !Array.isArray(message.content)) return { kind: 'malformed', detail: 'no content in the message' };
        const content = message.content;
        const usage = anthropicUsage(message.usage);
        const call = content.find((b) => b.type === 'tool_use' && b.name === PLAN_TOOL_NAME);
        if (call && call.type === 'tool_use') return { kind: 'value', value: call.input, truncated, ...usage };
        // No tool call (a proxy or model that ignored tool_choice): read the text, prose and all.
        const text = content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('\n');
        return { kind: 'text', text, truncated, ...usage };
      },
    },
    {
      endpoint: baseURL,
      officialEndpoint: anthropic.official,
      keyAdvice: options.keyAdvice ?? defaultKeyAdvice('anthropic'),
      secrets: anthropic.secrets,
    },
  );
}

/**
 * The Messages API's usage, as all input tokens (uncached + written to + read from the cache) and
 * output tokens; empty when a proxy sent none.
 */
function anthropicUsage(usage: AnthropicUsage | undefined): { usage?: TokenUsage } {
  if (!usage || typeof usage.input_tokens !== 'number' || typeof usage.output_tokens !== 'number') return {};
  const cached = usage.cache_read_input_tokens ?? 0;
  const input = usage.input_tokens + (usage.cache_creation_input_tokens ?? 0) + cached;
  return { usage: { inputTokens: input, outputTokens: usage.output_tokens, cachedInputTokens: cached } };
}
