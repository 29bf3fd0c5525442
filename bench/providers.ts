/**
 * LLM planners: the fixed part of every request (system prompt + structured-output schema) per
 * provider, and the planner's own overhead per command — SDK, HTTP on loopback, validation —
 * against the loopback servers, which answer at once (no model time).
 */
import { plannerJsonSchema } from '../src/intent/json-schema.js';
import { createPlanner, type PlannerConfig } from '../src/intent/providers/create-planner.js';
import type { ProviderId } from '../src/intent/providers/planner.js';
import { estimateTokens, plannerSystemPrompt, promptPlatform } from '../src/intent/system-prompt.js';
import { startLlmServer } from '../test/intent/llm-loopback.js';
import { formatMs, summarize } from './stats.js';

const PROVIDERS: readonly ProviderId[] = ['ollama', 'anthropic', 'openai'];
const SAMPLES = 200;
const WARMUP = 20;

function config(provider: ProviderId, baseURL: string): PlannerConfig {
  // A dummy key: the loopback server accepts anything.
  if (provider === 'ollama') return { provider, host: baseURL };
  return { provider, baseURL, apiKey: 'sk-bench-not-a-real-key' };
}

export async function benchProviders(): Promise<void> {
  const prompt = plannerSystemPrompt(promptPlatform(process.platform));
  const schemaChars = JSON.stringify(plannerJsonSchema()).length;
  console.log(`  tokens estimated as characters ÷ 4. Every provider gets the same system prompt (${prompt.length.toLocaleString('en-US')} chars) and schema (${schemaChars.toLocaleString('en-US')} chars):`);
  console.log('  Ollama as the `format` grammar, Anthropic as the `plan` tool (input tokens, cached with the prompt), OpenAI as `response_format`.');
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
      const requestBytes = Buffer.byteLength(JSON.stringify(server.requests[0]?.body ?? {}));
      const t = summarize(times);
      console.log(
        `  ${provider.padEnd(9)} system prompt ~${estimateTokens(prompt).toLocaleString('en-US')} tokens, schema ~${Math.ceil(schemaChars / 4).toLocaleString('en-US')} tokens, request ${(requestBytes / 1024).toFixed(1)} KiB;` +
          ` overhead per plan median ${formatMs(t.medianMs)}   p99 ${formatMs(t.p99Ms)}   (${t.samples} plans)`,
      );
    } finally {
      await server.close();
    }
  }
}
