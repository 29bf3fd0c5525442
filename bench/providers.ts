/**
 * LLM planners: the fixed part of every request (system prompt + structured-output schema) per
 * provider, and the planner's own overhead per command — SDK, HTTP on loopback, validation —
 * against the loopback servers, which answer at once (no model time).
 */
import { getEncoding } from 'js-tiktoken';
import { createPlanner, type PlannerConfig } from '../src/intent/providers/create-planner.js';
import type { ProviderId } from '../src/intent/providers/planner.js';
import { plannerSystemPrompt, promptPlatform } from '../src/intent/system-prompt.js';
import { startLlmServer } from '../tests/intent/llm-loopback.js';
import { formatMs, summarize } from './stats.js';

const PROVIDERS: readonly ProviderId[] = ['ollama', 'anthropic', 'openai'];
const SAMPLES = 200;
const WARMUP = 20;

function config(provider: ProviderId, baseURL: string): PlannerConfig {
  // A dummy key: the loopback server accepts anything.
  if (provider === 'ollama') return { provider, host: baseURL };
  return { provider, baseURL, apiKey: 'sk-bench-not-a-real-key' };
}

/**
 * The fixed prefix each provider's request carries — the system prompt and the schema in the form
 * that provider receives it (Ollama's `format`, Anthropic's `plan` tool, OpenAI's `response_format`)
 * — in tokens of o200k_base, read from a real request to the loopback server.
 */
function prefixTokens(provider: ProviderId, body: Record<string, unknown>, count: (text: string) => number): { system: number; schema: number } {
  const system = count(plannerSystemPrompt(promptPlatform(process.platform)));
  const schemaPart =
    provider === 'ollama'
      ? body.format
      : provider === 'anthropic'
        ? (body.tools as unknown[] | undefined)?.[0]
        : (body.response_format as { json_schema?: unknown } | undefined)?.json_schema;
  return { system, schema: count(JSON.stringify(schemaPart ?? {})) };
}

export async function benchProviders(): Promise<void> {
  const enc = getEncoding('o200k_base');
  const count = (text: string) => enc.encode(text).length;
  console.log('  the fixed prefix (system prompt + schema as each provider receives it) in o200k_base tokens (js-tiktoken), then the');
  console.log("  planner's own overhead per command against the loopback server (no model time). Anthropic's own tool-use preamble is not counted.");
  for (const provider of PROVIDERS) {
    const server = await startLlmServer(provider);
    try {
      const planner = createPlanner(config(provider, server.baseURL));
      const conversation = [{ kind: 'user', text: 'click the send button' }] as const;
      for (let i = 0; i < WARMUP; i++) await planner.plan({ conversation });
      server.requests.length = 0;
      const times: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        const t0 = process.hrtime.bigint();
        const outcome = await planner.plan({ conversation });
        times.push(Number(process.hrtime.bigint() - t0) / 1e6);
        if (outcome.kind !== 'answered' || !outcome.validation.ok) throw new Error(`${provider}: the loopback plan failed`);
      }
      const body = server.requests[0]?.body ?? {};
      const requestBytes = Buffer.byteLength(JSON.stringify(body));
      const prefix = prefixTokens(provider, body, count);
      const t = summarize(times);
      console.log(
        `  ${provider.padEnd(9)} prefix ${(prefix.system + prefix.schema).toLocaleString('en-US')} tokens (system prompt ${prefix.system.toLocaleString('en-US')} + schema ${prefix.schema.toLocaleString('en-US')}), request ${(requestBytes / 1024).toFixed(1)} KiB;` +
          ` overhead per plan median ${formatMs(t.medianMs)}   p99 ${formatMs(t.p99Ms)}   (${t.samples} plans)`,
      );
    } finally {
      await server.close();
    }
  }
}
