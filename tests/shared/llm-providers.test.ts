// The LLM providers by name (src/shared/llm-providers.ts): one list, a display name, a default model
// and base URL each; only the hosted ones need a key.
import { describe, expect, it } from 'vitest';
import { DEFAULT_MODELS, isKeyedProvider, isLlmProvider, KEYED_PROVIDERS, LLM_PROVIDER_NAMES, LLM_PROVIDERS } from '../../src/shared/llm-providers.js';

describe('llm providers', () => {
  it.each<[string, boolean, boolean]>([
    ['ollama', true, false],
    ['anthropic', true, true],
    ['openai', true, true],
    ['OpenAI', false, false],
    ['gemini', false, false],
    ['', false, false],
  ])('%j: a provider %s, needs a key %s', (name, provider, keyed) => {
    expect(isLlmProvider(name)).toBe(provider);
    expect(isKeyedProvider(name)).toBe(keyed);
  });

  it('names every provider and gives each a default model; every keyed one is a provider', () => {
    for (const p of LLM_PROVIDERS) {
      expect(LLM_PROVIDER_NAMES[p]).not.toBe('');
      expect(DEFAULT_MODELS[p]).not.toBe('');
    }
    for (const k of KEYED_PROVIDERS) expect(isLlmProvider(k)).toBe(true);
  });
});
