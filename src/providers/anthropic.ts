/**
 * Anthropic: the one place the `@anthropic-ai/sdk` client is built. `createAnthropic` builds it once
 * from the settings, and that client serves every use — the planner's Messages API calls
 * (`src/intent/providers/anthropic.ts`) and the doctor's model list (`probeAnthropic`).
 *
 * The key is injected by the composer and passed explicitly, with `authToken: null` and the base URL,
 * so the SDK never falls back to ANTHROPIC_API_KEY, ANTHROPIC_AUTH_TOKEN or the environment's base
 * URL. The SDK's own retries are off (the planner keeps its own budget and retries once itself), and
 * its logging is off (ANTHROPIC_LOG=debug would print requests). No client-wide timeout: each request
 * passes what is left of its own deadline.
 */
import Anthropic from '@anthropic-ai/sdk';
import { DEFAULT_ANTHROPIC_BASE_URL } from '../shared/llm-providers.js';
import { sdkClientOptions, trimBaseURL, type ClientSettings, type ProviderEndpoint } from './http.js';
import { pageModelIds, probeModelList, type KeyedProbeOptions, type ModelListProbe } from './probe.js';

/** The SDK's types the planner names: a tool's input schema, a message's token usage. */
export type AnthropicInputSchema = Anthropic.Messages.Tool.InputSchema;
export type AnthropicUsage = Anthropic.Messages.Usage;

/** The key, and where the client sends it (the base URL: Anthropic's, or one that stands in for it by default). */
export interface AnthropicSettings extends ClientSettings {
  /** Injected by the composer; never read from the environment here. */
  readonly apiKey: string;
}

export interface AnthropicProvider extends ProviderEndpoint {
  /** The SDK client, built once for these settings. */
  readonly client: Anthropic;
}

export function createAnthropic(settings: AnthropicSettings): AnthropicProvider {
  const baseURL = trimBaseURL(settings.baseURL ?? DEFAULT_ANTHROPIC_BASE_URL);
  const client = new Anthropic({
    apiKey: settings.apiKey,
    authToken: null,
    baseURL,
    ...sdkClientOptions(settings),
  });
  return {
    client,
    baseURL,
    official: baseURL === DEFAULT_ANTHROPIC_BASE_URL,
    secrets: [settings.apiKey],
    async listModels() {
      const page = await client.models.list();
      return pageModelIds(page);
    },
  };
}

/** The doctor's probe of Anthropic (or the base URL that stands in for it): the models the key may use. */
export function probeAnthropic(options: KeyedProbeOptions & { readonly apiKey: string }): Promise<ModelListProbe> {
  return probeModelList(options, (fetch) => createAnthropic({ apiKey: options.apiKey, baseURL: options.baseURL, fetch }).listModels());
}
