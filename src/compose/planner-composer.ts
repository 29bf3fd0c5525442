/**
 * Builds the LLM planner for one command from the current settings and the saved key — at send
 * time, so a settings or key change applies to the next command without a restart. The key goes
 * from the secret store straight into the provider — only when `decideKeyUse` lets it go to the
 * base URL in use (issue #13) — and is never printed, logged or returned.
 */
import { DEFAULT_ANTHROPIC_BASE_URL, type LlmProvider } from '../shared/llm-providers.js';
import { createPlanner, type PlannerConfig } from '../intent/providers/create-planner.js';
import type { FetchLike, Planner } from '../intent/providers/planner.js';
import type { ConfidencePolicy } from '../intent/validator.js';
import { OFFICIAL_KEY_ORIGINS, httpOrigin } from '../config/key-destination.js';
import { KEY_ENV_VARS, type SecretStore } from '../config/secret-store.js';
import type { Settings } from '../config/settings.js';
import { keyForRequest } from './provider-keys.js';

export interface PlannerChoice {
  readonly provider: LlmProvider;
  /** Overrides the model from the settings. */
  readonly model?: string;
  /** Overrides the Ollama URL / the OpenAI or Anthropic base URL from the settings. */
  readonly baseURL?: string;
}

export type ComposedPlanner =
  | { readonly ok: true; readonly planner: Planner; readonly budgetMs: number; readonly confidence: ConfidencePolicy }
  | { readonly ok: false; readonly code: 'no_key' | 'keychain' | 'key_not_sent' | 'bad_option'; readonly message: string };

export interface ComposeOptions {
  /** For tests and proxies: the fetch the SDKs use. */
  readonly fetch?: FetchLike;
}

function checkUrl(url: string): string | undefined {
  try {
    const u = new URL(url);
    if (u.protocol === 'http:' || u.protocol === 'https:') return undefined;
  } catch {
    // fall through
  }
  return `"${url.slice(0, 80)}" is not an http:// or https:// address.`;
}

export async function composePlanner(choice: PlannerChoice, settings: Settings, secrets: SecretStore, options: ComposeOptions = {}): Promise<ComposedPlanner> {
  const model = choice.model ?? settings.models[choice.provider];
  if (model.trim() === '' || /\s/.test(model)) return { ok: false, code: 'bad_option', message: 'The model name must be one word, such as llama3.2.' };
  if (choice.baseURL !== undefined) {
    const bad = checkUrl(choice.baseURL);
    if (bad) return { ok: false, code: 'bad_option', message: bad };
  }
  const common = { budgetMs: settings.plannerTimeoutSeconds * 1000, confidence: settings.confidence };
  const fetchOption = options.fetch ? { fetch: options.fetch } : {};
  let config: PlannerConfig;
  switch (choice.provider) {
    case 'ollama':
      config = { provider: 'ollama', model, host: choice.baseURL ?? settings.ollamaUrl, ...fetchOption };
      break;
    case 'anthropic':
    case 'openai': {
      const provider = choice.provider;
      const baseURL = provider === 'openai' ? (choice.baseURL ?? settings.openaiBaseUrl) : (choice.baseURL ?? DEFAULT_ANTHROPIC_BASE_URL);
      // A self-hosted OpenAI-compatible server usually needs no key: go without one rather than refuse.
      const keyOptional = provider === 'openai' && httpOrigin(baseURL) !== OFFICIAL_KEY_ORIGINS.openai;
      const key = await keyForRequest(secrets, provider, baseURL, options.fetch ? { fetch: options.fetch } : {});
      if (key.kind === 'none' && !keyOptional)
        return { ok: false, code: key.lookup.problem === 'not_saved' ? 'no_key' : 'keychain', message: key.lookup.message };
      if (key.kind === 'withheld' && !keyOptional) return { ok: false, code: 'key_not_sent', message: key.message };
      if (key.kind === 'send') {
        const keyAdvice =
          key.source === 'environment'
            ? `The key comes from ${KEY_ENV_VARS[provider]} in the environment: correct or unset it.`
            : `Save the right key with \`assistive-control keys set ${provider}\`, or in the panel's Settings → API keys.`;
        // The key travels only through the fetch that refuses any other server and every redirect.
        config = { provider, model, apiKey: key.key, keyAdvice, baseURL, fetch: key.fetch };
        break;
      }
      const keyAdvice =
        key.kind === 'withheld' ? key.message : `Save the right key with \`assistive-control keys set ${provider}\`, or in the panel's Settings → API keys.`;
      config = { provider: 'openai', model, keyAdvice, baseURL, ...fetchOption };
      // A key is saved, but not for this server: without one the server may refuse, and then the
      // user reads why the key stayed home and how to save one for this server.
      if (key.kind === 'withheld') return { ok: true, planner: explainRefusalWithoutKey(createPlanner(config), baseURL, key.message), ...common };
      break;
    }
  }
  return { ok: true, planner: createPlanner(config), ...common };
}

/** A keyless planner whose "key refused" errors say why the saved key was not sent. */
function explainRefusalWithoutKey(planner: Planner, baseURL: string, withheld: string): Planner {
  return {
    provider: planner.provider,
    model: planner.model,
    async plan(request) {
      const outcome = await planner.plan(request);
      if (outcome.kind !== 'failed' || outcome.error.code !== 'auth') return outcome;
      const message = `The server at ${httpOrigin(baseURL) ?? baseURL} refused the request without an API key. ${withheld}`;
      return { ...outcome, error: { ...outcome.error, message } };
    },
  };
}
