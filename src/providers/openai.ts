/**
 * OpenAI and every OpenAI-compatible server (LM Studio, llama.cpp's server, vLLM, a local whisper
 * server, a corporate gateway): the one place the `openai` SDK's client is built. `createOpenAI`
 * builds it once from the settings, and that client serves every use — the planner's Chat
 * Completions (`src/intent/providers/openai.ts`), transcription (`src/voice/openai-transcriber.ts`)
 * and the doctor's model list (`probeOpenAI`).
 *
 * The key is injected by the composer, never read from the environment; compatible servers often
 * need none, and then a placeholder goes to the SDK (which requires some value) and nothing is
 * counted as a secret. Explicit nulls keep the SDK from reading OPENAI_ORG_ID / OPENAI_PROJECT_ID;
 * the SDK's own retries are off (each use keeps its own budget and retries once itself); its logging
 * is off (OPENAI_LOG=debug would print requests). No client-wide timeout: each request passes what is
 * left of its own deadline.
 */
import OpenAI from 'openai';
import { DEFAULT_OPENAI_BASE_URL } from '../shared/llm-providers.js';
import { sdkClientOptions, trimBaseURL, type ClientSettings, type ProviderEndpoint } from './http.js';
import { pageModelIds, probeModelList, type KeyedProbeOptions, type ModelListProbe } from './probe.js';

// What the transcriber needs of the SDK besides the client: its upload helper and its error classes.
export { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError, toFile } from 'openai';

/** Sent as the key to compatible servers that need none (the SDK requires some value). */
const NO_KEY = 'no-key';

/** The key, and where the client sends it (the base URL: ending in /v1, OpenAI's by default). */
export interface OpenAISettings extends ClientSettings {
  /** Injected by the composer; absent or empty for a self-hosted server that needs none. */
  readonly apiKey?: string;
}

export interface OpenAIProvider extends ProviderEndpoint {
  /** The SDK client, built once for these settings. */
  readonly client: OpenAI;
}

export function createOpenAI(settings: OpenAISettings = {}): OpenAIProvider {
  const baseURL = trimBaseURL(settings.baseURL ?? DEFAULT_OPENAI_BASE_URL);
  const apiKey = settings.apiKey !== undefined && settings.apiKey.length > 0 ? settings.apiKey : NO_KEY;
  const keyed = apiKey !== NO_KEY;
  const client = new OpenAI({
    apiKey,
    baseURL,
    organization: null,
    project: null,
    ...sdkClientOptions(settings),
  });
  return {
    client,
    baseURL,
    official: baseURL === DEFAULT_OPENAI_BASE_URL,
    secrets: keyed ? [apiKey] : [],
    async listModels() {
      const page = await client.models.list(keyed ? {} : { headers: { Authorization: null } });
      return pageModelIds(page);
    },
  };
}

/** The doctor's probe of an OpenAI-compatible server: its model list, with the key if one is given. */
export function probeOpenAI(options: KeyedProbeOptions): Promise<ModelListProbe> {
  return probeModelList(options, (fetch) =>
    createOpenAI({ baseURL: options.baseURL, fetch, ...(options.apiKey !== undefined ? { apiKey: options.apiKey } : {}) }).listModels(),
  );
}
