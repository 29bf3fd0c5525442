/**
 * The OpenAI provider module (src/providers/openai.ts): the one place the `openai` SDK's client is
 * built. Each use — the planner, the transcriber, the doctor's probe — builds its client here, once,
 * with the same options; the key, the base URL and the SDK's retries and logging are set here and
 * nowhere else, and nothing is read from the environment.
 */
import { describe, expect, it, vi } from 'vitest';
import { createOpenAIPlanner } from '../../src/intent/providers/openai.js';
import { createOpenAI, probeOpenAI } from '../../src/providers/openai.js';
import { DEFAULT_OPENAI_BASE_URL } from '../../src/shared/llm-providers.js';
import { createOpenAITranscriber } from '../../src/voice/openai-transcriber.js';
import { byPath, eachTest, recordingFetch } from './provider-kit.js';

/** The options of every client the SDK was asked to build, in order. */
const built = vi.hoisted(() => [] as Record<string, unknown>[]);
vi.mock('openai', async (importOriginal) =>
  (await import('./provider-kit.js')).recordedSdk(await importOriginal<typeof import('openai')>(), 'OpenAI', built, true),
);

const KEY = 'sk-test-CANARY-openai-module-0123456789';
const BASE = 'http://127.0.0.1:9/v1';
const PCM = new Int16Array(1_600);
const PLAN = JSON.stringify({ plan: { intent: 'press_key', key: 'enter' } });

/** What an OpenAI-compatible server answers on each path the three uses call. */
const server = byPath({
  '/chat/completions': { id: 'c', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: PLAN }, finish_reason: 'stop' }] },
  '/audio/transcriptions': { text: 'click Send' },
  '/models': { object: 'list', data: [{ id: 'gpt-a' }, { id: 7 }, { id: 'gpt-b' }] },
});

// None of these may reach a request: the key, the address (and the account) are the settings' only.
const console = eachTest({
  built,
  env: {
    OPENAI_API_KEY: 'sk-from-the-environment',
    OPENAI_BASE_URL: 'http://environment.invalid/v1',
    OPENAI_ORG_ID: 'org-environment',
    OPENAI_PROJECT_ID: 'proj-environment',
    OPENAI_LOG: 'debug',
  },
});

describe('createOpenAI', () => {
  it('builds one client from the settings: the key, the base URL without trailing slashes, no SDK retries, no SDK logging, no account from the environment', () => {
    const { fetch } = recordingFetch(server);
    const openai = createOpenAI({ apiKey: KEY, baseURL: `${BASE}//`, headers: { 'x-proxy': 'on' }, fetch });
    expect(built).toEqual([
      { apiKey: KEY, baseURL: BASE, organization: null, project: null, maxRetries: 0, logLevel: 'off', defaultHeaders: { 'x-proxy': 'on' }, fetch },
    ]);
    expect(openai).toMatchObject({ baseURL: BASE, official: false, secrets: [KEY] });
  });

  it("OpenAI's own endpoint by default (official); any other address is a compatible server", () => {
    expect(createOpenAI({ apiKey: KEY })).toMatchObject({ baseURL: DEFAULT_OPENAI_BASE_URL, official: true });
    expect(createOpenAI({ apiKey: KEY, baseURL: `${DEFAULT_OPENAI_BASE_URL}/` }).official).toBe(true);
    expect(createOpenAI({ apiKey: KEY, baseURL: BASE }).official).toBe(false);
  });

  it.each([undefined, ''])(
    'without a key (%j): a placeholder for the SDK, nothing to scrub, and the model list goes with no Authorization header',
    async (apiKey) => {
      const { fetch, seen } = recordingFetch(server);
      const openai = createOpenAI({ baseURL: BASE, fetch, ...(apiKey !== undefined ? { apiKey } : {}) });
      expect(built[0]?.apiKey).toBe('no-key');
      expect(openai.secrets).toEqual([]);
      expect(await openai.listModels()).toEqual(['gpt-a', 'gpt-b']);
      expect(seen.map((r) => [r.url, r.headers.get('authorization')])).toEqual([[`${BASE}/models`, null]]);
    },
  );

  it('with a key: the model list carries it as a bearer token, and only the strings of the page are model ids', async () => {
    const { fetch, seen } = recordingFetch(server);
    expect(await createOpenAI({ apiKey: KEY, baseURL: BASE, fetch }).listModels()).toEqual(['gpt-a', 'gpt-b']);
    expect(seen[0]?.headers.get('authorization')).toBe(`Bearer ${KEY}`);
    const notAList = recordingFetch(() => ({ object: 'error' }));
    expect(await createOpenAI({ apiKey: KEY, baseURL: BASE, fetch: notAList.fetch }).listModels()).toEqual([]);
  });

  it('no retry of its own and nothing on the console: a server error is one request, thrown', async () => {
    const { fetch, seen } = recordingFetch(() => new Response(JSON.stringify({ error: { message: `bad key ${KEY}` } }), { status: 500 }));
    await expect(createOpenAI({ apiKey: KEY, baseURL: BASE, fetch }).listModels()).rejects.toMatchObject({ status: 500 });
    expect(seen).toHaveLength(1);
    for (const spy of console.spies) expect(spy).not.toHaveBeenCalled();
  });
});

describe('every use of OpenAI builds its client here, once, with the same options', () => {
  it('the planner, the transcriber and the probe: one client each for all their calls, the same options, the same headers on the wire', async () => {
    const { fetch, seen } = recordingFetch(server);
    const planner = createOpenAIPlanner({ apiKey: KEY, baseURL: BASE, fetch });
    for (let i = 0; i < 2; i++) {
      const outcome = await planner.plan({ conversation: [{ kind: 'user', text: 'press enter' }] });
      expect(outcome).toMatchObject({ kind: 'answered', validation: { ok: true } });
    }
    expect(built).toHaveLength(1);

    const stt = createOpenAITranscriber({ apiKey: KEY, baseURL: BASE, fetch });
    for (let i = 0; i < 2; i++) expect((await stt.transcribe(PCM, { deadlineMs: 5_000 })).text).toBe('click Send');
    expect(built).toHaveLength(2);

    expect(await probeOpenAI({ apiKey: KEY, baseURL: BASE, fetch, signal: new AbortController().signal })).toEqual({
      kind: 'models',
      models: ['gpt-a', 'gpt-b'],
    });
    expect(built).toHaveLength(3);

    // The same options for the same settings; the probe's fetch is its own wrapper around the one given.
    const [forPlanner, forTranscriber, forProbe] = built;
    expect(forTranscriber).toEqual(forPlanner);
    expect({ ...forProbe, fetch }).toEqual(forPlanner);
    expect(forPlanner).toEqual({ apiKey: KEY, baseURL: BASE, organization: null, project: null, maxRetries: 0, logLevel: 'off', fetch });

    // (The SDK also fetches a `data:` URL once, to learn how this runtime builds multipart bodies.)
    const requests = seen.filter((r) => r.url.startsWith('http'));
    expect(requests.map((r) => r.url)).toEqual([
      `${BASE}/chat/completions`,
      `${BASE}/chat/completions`,
      `${BASE}/audio/transcriptions`,
      `${BASE}/audio/transcriptions`,
      `${BASE}/models`,
    ]);
    for (const request of requests) {
      expect(request.headers.get('authorization')).toBe(`Bearer ${KEY}`);
      expect(request.headers.get('openai-organization')).toBeNull();
      expect(request.headers.get('openai-project')).toBeNull();
    }
  });
});
