/**
 * The Ollama provider module (src/providers/ollama.ts): the one place the `ollama` client is built.
 * The planner and the doctor's probe each build their client here, once, with the same options; a
 * call's signal reaches every request it makes (and only its own), and an error response is an
 * HttpStatusError before the client can print anything.
 */
import { describe, expect, it, vi } from 'vitest';
import { createOllamaPlanner } from '../../src/intent/providers/ollama.js';
import { HttpStatusError } from '../../src/providers/http.js';
import { createOllama, probeOllama } from '../../src/providers/ollama.js';
import { DEFAULT_OLLAMA_URL } from '../../src/shared/llm-providers.js';
import { byPath, eachTest, recordingFetch } from './provider-kit.js';

/** The config of every client built, in order. */
const built = vi.hoisted(() => [] as Record<string, unknown>[]);
vi.mock('ollama', async (importOriginal) => (await import('./provider-kit.js')).recordedSdk(await importOriginal<typeof import('ollama')>(), 'Ollama', built));

const HOST = 'http://127.0.0.1:9';
const TAGS = { models: [{ name: 'llama3.2:latest' }, { model: 'qwen2.5:7b' }, { name: 3 }] };

const server = byPath({
  '/api/chat': { model: 'llama3.2', message: { role: 'assistant', content: JSON.stringify({ plan: { intent: 'press_key', key: 'enter' } }) }, done: true },
  '/api/tags': TAGS,
});

eachTest({ built });

describe('createOllama', () => {
  it('builds one client from the settings: the host without trailing slashes (the local default), the headers, its own fetch around the one given', () => {
    const { fetch } = recordingFetch(server);
    const ollama = createOllama({ host: `${HOST}/`, headers: { 'x-proxy': 'on' }, fetch });
    expect(built).toEqual([{ host: HOST, headers: { 'x-proxy': 'on' }, fetch: expect.any(Function) }]);
    expect(built[0]?.fetch).not.toBe(fetch);
    expect(ollama.host).toBe(HOST);
    expect(createOllama().host).toBe(DEFAULT_OLLAMA_URL);
  });

  it('the pulled models: `name`, else `model`, strings only; none when the answer is not a list', async () => {
    expect(await createOllama({ host: HOST, fetch: recordingFetch(server).fetch }).listModels()).toEqual(['llama3.2:latest', 'qwen2.5:7b']);
    expect(await createOllama({ host: HOST, fetch: recordingFetch(() => ({ models: 'none' })).fetch }).listModels()).toEqual([]);
  });

  it('an error answer is an HttpStatusError with its status, headers and body, and nothing goes to stdout', async () => {
    const write = vi.spyOn(process.stdout, 'write');
    const { fetch } = recordingFetch(() => new Response('{"error":"model not found"}', { status: 404, headers: { 'retry-after': '3' } }));
    const error = await createOllama({ host: HOST, fetch })
      .listModels()
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(HttpStatusError);
    expect(error).toMatchObject({ status: 404, body: '{"error":"model not found"}' });
    expect((error as HttpStatusError).headers.get('retry-after')).toBe('3');
    expect(write).not.toHaveBeenCalled();
  });

  it("withSignal: the call's signal reaches each request it makes, and only its own; outside a call no signal is added", async () => {
    const release: (() => void)[] = [];
    const { fetch, seen } = recordingFetch(
      (request) =>
        new Promise((resolve, reject) => {
          release.push(() => resolve(TAGS));
          request.signal?.addEventListener('abort', () => reject(request.signal?.reason), { once: true });
        }),
    );
    const ollama = createOllama({ host: HOST, fetch });
    const first = new AbortController();
    const second = new AbortController();
    const one = ollama.withSignal(first.signal, (client) => client.list());
    const two = ollama.withSignal(second.signal, (client) => client.list());
    // Both requests are out before either is answered (an event, not a delay).
    await vi.waitFor(() => expect(seen).toHaveLength(2), { timeout: 5_000, interval: 5 });
    first.abort();
    expect(seen.map((r) => r.signal?.aborted)).toEqual([true, false]);
    await expect(one).rejects.toThrow();
    for (const go of release) go();
    expect((await two).models).toHaveLength(3);

    const plain = recordingFetch(server);
    await createOllama({ host: HOST, fetch: plain.fetch }).listModels();
    expect(plain.seen[0]?.signal).toBeUndefined();
  });
});

describe('every use of Ollama builds its client here, once, with the same options', () => {
  it('the planner (one client for all its calls, not one per call) and the probe, at the same host', async () => {
    const { fetch, seen } = recordingFetch(server);
    const planner = createOllamaPlanner({ host: `${HOST}/`, headers: { 'x-proxy': 'on' }, fetch });
    for (let i = 0; i < 2; i++) {
      expect(await planner.plan({ conversation: [{ kind: 'user', text: 'press enter' }] })).toMatchObject({ kind: 'answered', validation: { ok: true } });
    }
    expect(built).toHaveLength(1);
    expect(await probeOllama({ baseURL: `${HOST}/`, fetch, signal: new AbortController().signal })).toMatchObject({ kind: 'models' });
    expect(built).toHaveLength(2);
    expect(built.map(({ fetch: _fetch, ...config }) => config)).toEqual([{ host: HOST, headers: { 'x-proxy': 'on' } }, { host: HOST }]);
    expect(seen.map((r) => r.url)).toEqual([`${HOST}/api/chat`, `${HOST}/api/chat`, `${HOST}/api/tags`]);
    // Each plan call's requests carry a signal (its deadline and cancel).
    expect(seen.slice(0, 2).every((r) => r.signal instanceof AbortSignal)).toBe(true);
  });
});
