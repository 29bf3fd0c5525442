/**
 * The provider probes (what `assistive-control doctor` asks each planner's server) on the official
 * SDKs, against the loopback servers speaking each wire protocol: one GET of the model list, the
 * key sent as the provider sends it (or no key header at all), and what came back read as models,
 * a status, or a server that is not there. The key never shows up in a result.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { probeAnthropic } from '../../src/providers/anthropic.js';
import type { FetchLike } from '../../src/providers/http.js';
import { probeOllama } from '../../src/providers/ollama.js';
import { probeOpenAI } from '../../src/providers/openai.js';
import type { ModelListProbe } from '../../src/providers/probe.js';
import type { LlmProvider } from '../../src/shared/llm-providers.js';
import { refusedAddress, startLlmServer, type LlmServer } from '../intent/llm-loopback.js';

const KEY = 'sk-test-CANARY-probe-0123456789';
const PROVIDERS = ['ollama', 'anthropic', 'openai'] as const satisfies readonly LlmProvider[];
const servers = {} as Record<LlmProvider, LlmServer>;

beforeAll(async () => {
  for (const p of PROVIDERS) servers[p] = await startLlmServer(p);
});
afterAll(async () => {
  await Promise.all(PROVIDERS.map((p) => servers[p].close()));
});
beforeEach(() => {
  for (const p of PROVIDERS) {
    servers[p].setScenario('ok');
    servers[p].requests.length = 0;
    servers[p].models = p === 'ollama' ? ['llama3.2:latest', 'qwen2.5:7b'] : [`${p}-model-a`, `${p}-model-b`];
  }
});

function probe(provider: LlmProvider, options: { baseURL?: string; apiKey?: string; signal?: AbortSignal; fetch?: FetchLike } = {}): Promise<ModelListProbe> {
  const common = {
    baseURL: options.baseURL ?? servers[provider].baseURL,
    signal: options.signal ?? new AbortController().signal,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  };
  switch (provider) {
    case 'ollama':
      return probeOllama(common);
    case 'anthropic':
      return probeAnthropic({ ...common, apiKey: options.apiKey ?? KEY });
    case 'openai':
      return probeOpenAI({ ...common, ...(options.apiKey ? { apiKey: options.apiKey } : {}) });
  }
}

describe('provider probes: one GET of the model list through the official SDK', () => {
  it('Ollama: the pulled models, from GET /api/tags, no key', async () => {
    expect(await probe('ollama')).toEqual({ kind: 'models', models: ['llama3.2:latest', 'qwen2.5:7b'] });
    expect(servers.ollama.requests.map((r) => r.path)).toEqual(['/api/tags']);
    expect(servers.ollama.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('Anthropic: GET /v1/models with the key as the SDK sends it (as the planner sends it) and the API version; never a message', async () => {
    expect(await probe('anthropic')).toEqual({ kind: 'models', models: ['anthropic-model-a', 'anthropic-model-b'] });
    const [request] = servers.anthropic.requests;
    expect(servers.anthropic.requests.map((r) => r.path)).toEqual(['/v1/models']);
    // The SDK (1.x) sends the key as a bearer token, older ones as x-api-key: either way, once.
    const sent = [request?.headers['x-api-key'], request?.headers.authorization].filter((h) => h !== undefined);
    expect(sent).toHaveLength(1);
    expect(String(sent[0])).toContain(KEY);
    expect(request?.headers['anthropic-version']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('OpenAI-compatible: GET /v1/models with the bearer key; without a key no Authorization header at all', async () => {
    expect(await probe('openai', { apiKey: KEY })).toEqual({ kind: 'models', models: ['openai-model-a', 'openai-model-b'] });
    expect(await probe('openai')).toEqual({ kind: 'models', models: ['openai-model-a', 'openai-model-b'] });
    expect(servers.openai.requests.map((r) => [r.path, r.headers.authorization])).toEqual([
      ['/v1/models', `Bearer ${KEY}`],
      ['/v1/models', undefined],
    ]);
  });

  it('a base URL with a trailing slash is the same server', async () => {
    expect((await probe('openai', { baseURL: `${servers.openai.baseURL}/` })).kind).toBe('models');
    expect(servers.openai.requests.map((r) => r.path)).toEqual(['/v1/models']);
  });

  it.each(PROVIDERS)('%s: a refused key is its status, with the key (which the server echoes) nowhere in the result', async (p) => {
    servers[p].setScenario('http_401');
    const result = await probe(p, { apiKey: KEY });
    expect(result).toEqual({ kind: 'status', status: 401 });
    expect(JSON.stringify(result)).not.toContain(KEY);
  });

  it.each(PROVIDERS)('%s: a server error is its status (no retry)', async (p) => {
    servers[p].setScenario('http_500');
    expect(await probe(p, { apiKey: KEY })).toEqual({ kind: 'status', status: 500 });
    expect(servers[p].requests).toHaveLength(1);
  });

  it('the Ollama client writes nothing to stdout about an error answer', async () => {
    servers.ollama.setScenario('http_500');
    const write = vi.spyOn(process.stdout, 'write');
    try {
      expect(await probe('ollama')).toEqual({ kind: 'status', status: 500 });
      expect(write).not.toHaveBeenCalled();
    } finally {
      write.mockRestore();
    }
  });

  it.each(PROVIDERS)('%s: a 200 that is not a model list is no models', async (p) => {
    servers[p].setScenario('invalid_json');
    expect(await probe(p, { apiKey: KEY })).toEqual({ kind: 'models', models: [] });
  });

  it.each(PROVIDERS)('%s: nothing listening is unreachable, in the network error’s own words', async (p) => {
    const dead = await refusedAddress();
    const result = await probe(p, { baseURL: p === 'openai' ? `${dead}/v1` : dead, apiKey: KEY });
    expect(result).toEqual({ kind: 'unreachable', reason: expect.stringContaining('ECONNREFUSED') });
  });

  it.each(PROVIDERS)('%s: a server that never answers is cut off by the signal: the probe rejects', async (p) => {
    servers[p].setScenario('hang');
    const controller = new AbortController();
    const pending = probe(p, { signal: controller.signal, apiKey: KEY });
    // Abort once the request reached the server (an event, not a delay).
    await vi.waitFor(() => expect(servers[p].requests).toHaveLength(1), { timeout: 5000, interval: 10 });
    controller.abort();
    await expect(pending).rejects.toThrow();
  });

  it.each(PROVIDERS)('%s: the request goes through the fetch it is given (the one that may carry the key there)', async (p) => {
    const seen: string[] = [];
    const fetch: FetchLike = (input, init) => {
      seen.push(String(input instanceof Request ? input.url : input));
      return globalThis.fetch(input, init);
    };
    expect((await probe(p, { fetch, apiKey: KEY })).kind).toBe('models');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatch(/\/(api\/tags|v1\/models)$/);
  });
});
