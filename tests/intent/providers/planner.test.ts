// The planner contract (src/intent/providers/planner.ts): one name a provider, the shared table's,
// and each provider's planner reporting its own id and the default model the settings show, both
// built by its module and through createPlanner; and the default budget of a plan call.
import { describe, expect, it } from 'vitest';
import { createAnthropicPlanner } from '../../../src/intent/providers/anthropic.js';
import { createPlanner } from '../../../src/intent/providers/create-planner.js';
import { createOllamaPlanner } from '../../../src/intent/providers/ollama.js';
import { createOpenAIPlanner } from '../../../src/intent/providers/openai.js';
import { DEFAULT_PLAN_BUDGET_MS, PROVIDER_NAMES, type Planner, type ProviderId } from '../../../src/intent/providers/planner.js';
import { DEFAULT_MODELS, LLM_PROVIDER_NAMES } from '../../../src/shared/llm-providers.js';

const BUILT: Readonly<Record<ProviderId, () => Planner>> = {
  ollama: () => createOllamaPlanner(),
  anthropic: () => createAnthropicPlanner({ apiKey: 'sk-ant-test-key-0123456789' }),
  openai: () => createOpenAIPlanner({ apiKey: 'sk-test-key-0123456789' }),
};

describe('the planner contract', () => {
  it('names the providers of the shared table, each once', () => {
    expect(PROVIDER_NAMES).toBe(LLM_PROVIDER_NAMES);
    expect(Object.keys(PROVIDER_NAMES).sort()).toEqual(Object.keys(BUILT).sort());
  });

  it.each(Object.keys(BUILT) as ProviderId[])('builds the %s planner with its id and default model, by its module and through createPlanner', (provider) => {
    const own = BUILT[provider]();
    expect({ provider: own.provider, model: own.model }).toEqual({ provider, model: DEFAULT_MODELS[provider] });
    const config = provider === 'ollama' ? { provider } : { provider, apiKey: 'sk-test-key-0123456789' };
    const lazy = createPlanner(config as Parameters<typeof createPlanner>[0]);
    expect({ provider: lazy.provider, model: lazy.model }).toEqual({ provider, model: DEFAULT_MODELS[provider] });
    expect(typeof own.plan).toBe('function');
  });

  it('gives a plan call 15 seconds, retries included', () => {
    expect(DEFAULT_PLAN_BUDGET_MS).toBe(15_000);
  });
});
