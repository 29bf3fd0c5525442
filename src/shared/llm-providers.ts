/**
 * The LLM providers by name, with their defaults: one list for the planners (src/intent), the
 * settings (src/config) and every front end.
 */
export const LLM_PROVIDERS = ['ollama', 'anthropic', 'openai'] as const;
export type LlmProvider = (typeof LLM_PROVIDERS)[number];

/** Providers that need an API key (Ollama runs locally and needs none). */
export const KEYED_PROVIDERS = ['anthropic', 'openai'] as const;
export type KeyedProvider = (typeof KEYED_PROVIDERS)[number];

export const LLM_PROVIDER_NAMES: Readonly<Record<LlmProvider, string>> = {
  ollama: 'Ollama',
  anthropic: 'Anthropic',
  openai: 'OpenAI',
};

/** Fast models: a planner answers one short JSON object per command. */
export const DEFAULT_MODELS: Readonly<Record<LlmProvider, string>> = {
  ollama: 'llama3.2',
  anthropic: 'claude-haiku-4-5',
  openai: 'gpt-4.1-mini',
};

export const DEFAULT_OLLAMA_URL = 'http://127.0.0.1:11434';
export const DEFAULT_ANTHROPIC_BASE_URL = 'https://api.anthropic.com';
export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';

export function isKeyedProvider(value: string): value is KeyedProvider {
  return (KEYED_PROVIDERS as readonly string[]).includes(value);
}

export function isLlmProvider(value: string): value is LlmProvider {
  return (LLM_PROVIDERS as readonly string[]).includes(value);
}
