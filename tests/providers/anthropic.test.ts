/**
 * The Anthropic provider module (src/providers/anthropic.ts): the one place the `@anthropic-ai/sdk`
 * client is built. The planner and the doctor's probe each build their client here, once, with the
 * same options; the key and the base URL are the settings' only, never the environment's.
 */
import { describe, expect, it, vi } from 'vitest';
import { createAnthropicPlanner } from '../../src/intent/providers/anthropic.js';
import { createAnthropic, probeAnthropic } from '../../src/providers/anthropic.js';
import { DEFAULT_ANTHROPIC_BASE_URL } from '../../src/shared/llm-providers.js';
import { byPath, eachTest, recordingFetch } from './provider-kit.js';

/** The options of every client the SDK was asked to build, in order. */
const built = vi.hoisted(() => [] as Record<string, unknown>[]);
vi.mock('@anthropic-ai/sdk', async (importOriginal) =>
  (await import('./provider-kit.js')).recordedSdk(await importOriginal<typeof import('@anthropic-ai/sdk')>(), 'Anthropic', built, true),
);

const KEY = 'sk-ant-test-CANARY-anthropic-module-0123456789';
const BASE = 'http://127.0.0.1:9';

/** What Anthropic answers on the two paths the uses call. */
const server = byPath({
  '/v1/messages': {
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    model: 'claude-haiku-4-5',
    content: [{ type: 'tool_use', id: 'toolu_1', name: 'plan', input: { plan: { intent: 'press_key', key: 'enter' } } }],
    stop_reason: 'tool_use',
    usage: { input_tokens: 10, output_tokens: 5 },
  },
  '/v1/models': { data: [{ id: 'claude-a' }, { id: null }, { id: 'claude-b' }], has_more: false },
});

// None of these may reach a request: the key, the address (and the account) are the settings' only.
const console = eachTest({
  built,
  env: {
    ANTHROPIC_API_KEY: 'sk-ant-from-the-environment',
    ANTHROPIC_AUTH_TOKEN: 'token-from-the-environment',
    ANTHROPIC_BASE_URL: 'http://environment.invalid',
    ANTHROPIC_LOG: 'debug',
  },
});

describe('createAnthropic', () => {
  it('builds one client from the settings: the key, no auth token, the base URL without trailing slashes, no SDK retries, no SDK logging', () => {
    const { fetch } = recordingFetch(server);
    const anthropic = createAnthropic({ apiKey: KEY, baseURL: `${BASE}/`, headers: { 'x-proxy': 'on' }, fetch });
    expect(built).toEqual([{ apiKey: KEY, authToken: null, baseURL: BASE, maxRetries: 0, logLevel: 'off', defaultHeaders: { 'x-proxy': 'on' }, fetch }]);
    expect(anthropic).toMatchObject({ baseURL: BASE, official: false, secrets: [KEY] });
  });

  it("Anthropic's own endpoint by default (official), whatever the environment says", () => {
    expect(createAnthropic({ apiKey: KEY })).toMatchObject({ baseURL: DEFAULT_ANTHROPIC_BASE_URL, official: true });
    expect(built[0]?.baseURL).toBe(DEFAULT_ANTHROPIC_BASE_URL);
  });

  it('the model list: the ids of the page that are strings, the key sent once, nothing on the console; a server error is one request', async () => {
    const { fetch, seen } = recordingFetch(server);
    expect(await createAnthropic({ apiKey: KEY, baseURL: BASE, fetch }).listModels()).toEqual(['claude-a', 'claude-b']);
    const sent = [seen[0]?.headers.get('x-api-key'), seen[0]?.headers.get('authorization')].filter((h) => h !== null);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain(KEY);
    const failing = recordingFetch(() => new Response(JSON.stringify({ type: 'error', error: { type: 'api_error', message: 'down' } }), { status: 500 }));
    await expect(createAnthropic({ apiKey: KEY, baseURL: BASE, fetch: failing.fetch }).listModels()).rejects.toMatchObject({ status: 500 });
    expect(failing.seen).toHaveLength(1);
    for (const spy of console.spies) expect(spy).not.toHaveBeenCalled();
  });
});

describe('every use of Anthropic builds its client here, once, with the same options', () => {
  it('the planner and the probe: one client each for all their calls, the same options, the same key header on the wire', async () => {
    const { fetch, seen } = recordingFetch(server);
    const planner = createAnthropicPlanner({ apiKey: KEY, baseURL: BASE, fetch });
    for (let i = 0; i < 2; i++) {
      expect(await planner.plan({ conversation: [{ kind: 'user', text: 'press enter' }] })).toMatchObject({ kind: 'answered', validation: { ok: true } });
    }
    expect(built).toHaveLength(1);
    expect(await probeAnthropic({ apiKey: KEY, baseURL: BASE, fetch, signal: new AbortController().signal })).toEqual({
      kind: 'models',
      models: ['claude-a', 'claude-b'],
    });
    expect(built).toHaveLength(2);
    // The same options; the probe's fetch is its own wrapper around the one given.
    const [forPlanner, forProbe] = built;
    expect(forPlanner).toEqual({ apiKey: KEY, authToken: null, baseURL: BASE, maxRetries: 0, logLevel: 'off', fetch });
    expect({ ...forProbe, fetch }).toEqual(forPlanner);
    expect(seen.map((r) => r.url)).toEqual([`${BASE}/v1/messages`, `${BASE}/v1/messages`, `${BASE}/v1/models`]);
    const keyHeaders = seen.map((r) => [r.headers.get('x-api-key'), r.headers.get('authorization')]);
    expect(new Set(keyHeaders.map((h) => JSON.stringify(h))).size).toBe(1);
    expect(JSON.stringify(keyHeaders[0])).toContain(KEY);
  });
});
