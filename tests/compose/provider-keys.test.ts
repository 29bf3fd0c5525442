/**
 * Issue #13 end to end: keys go where they belong. The real SDKs run against the loopback servers
 * (tests/intent/llm-loopback.ts, tests/voice/transcription-loopback.ts), whose request logs show every
 * header that arrived; the planner is the one the app's core builds (`settingsPlanner`) and the key
 * is saved the way the panel and `keys set` save it (`keysSavedForSettings`). A server that is not
 * this computer is a `.invalid` name reached only through an injected fetch, so nothing here can
 * leave the machine.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { composePlanner } from '../../src/compose/planner-composer.js';
import { keyBaseUrlFromSettings, keyForRequest, keysSavedForSettings } from '../../src/compose/provider-keys.js';
import { settingsPlanner } from '../../src/compose/settings-planner.js';
import { composeSpeechEngine } from '../../src/compose/speech.js';
import { createSecretStore, keychainEntry, type SecretStore } from '../../src/config/secret-store.js';
import { createSettingsStore, defaultSettings, type SettingsStore } from '../../src/config/settings.js';
import type { SpeechError } from '../../src/voice/speech-error.js';
import { memoryKeychain } from '../cli/cli-fixtures.js';
import { startLlmServer, type LlmServer } from '../intent/llm-loopback.js';
import { transcriptionServerForTests } from '../voice/transcription-loopback.js';

const KEY = 'sk-test-CANARY-hosts-0123456789abcdef';
const PCM = Int16Array.from({ length: 16_000 }, (_, i) => Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / 16_000)));
const COMMAND = { conversation: [{ kind: 'user' as const, text: 'summarise this window' }], budgetMs: 5_000 };

let server: LlmServer;
let dir: string;
let settings: SettingsStore;
let keychain: ReturnType<typeof memoryKeychain>;
let secrets: SecretStore;

/** Every header of every request the loopback server received, as one text. */
const headersSeen = (requests: readonly { headers: unknown }[]) => JSON.stringify(requests.map((r) => r.headers));
const origin = (url: string) => new URL(url).origin;

beforeAll(async () => {
  server = await startLlmServer('openai');
});
afterAll(() => server.close());
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ac-key-hosts-'));
  settings = createSettingsStore({ dir });
  keychain = memoryKeychain();
  secrets = createSecretStore({ backend: keychain, env: {} });
  server.setScenario('ok');
  server.requests.splice(0);
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function useOpenAi(baseUrl: string): Promise<void> {
  await settings.set('provider', 'openai');
  await settings.set('openaiBaseUrl', baseUrl);
}

async function planOnce() {
  const available = await settingsPlanner(settings, secrets)();
  if (available.kind !== 'ready') throw new Error(`planner not ready: ${available.message}`);
  return available.planner.plan(COMMAND);
}

describe('the planner (issue #13)', () => {
  it('a key saved for api.openai.com is not sent to a loopback base URL; a server that wants one gets the sentence', async () => {
    // Saved while the base URL was OpenAI's own (the default), as the panel saves it.
    expect(await keysSavedForSettings(settings, secrets).setKey('openai', KEY)).toEqual({ ok: true, message: 'The OpenAI API key is saved in the keychain.' });
    expect(keychain.entries.get('openai')).toBe(KEY);
    await useOpenAi(server.baseURL);

    server.setScenario('http_401');
    const refused = await planOnce();
    expect(refused.kind).toBe('failed');
    if (refused.kind === 'failed') {
      expect(refused.error.code).toBe('auth');
      expect(refused.error.message).toBe(
        `The server at ${origin(server.baseURL)} refused the request without an API key. Your OpenAI key was saved for api.openai.com, but the base URL is now ${origin(server.baseURL)}, so the key was not sent there. Save a key for that server in Settings → API keys (or with \`assistive-control keys set openai\`), or set the base URL back.`,
      );
    }
    // A server that needs no key still works, keyless.
    server.setScenario('ok');
    expect((await planOnce()).kind).toBe('answered');

    expect(server.requests.length).toBeGreaterThanOrEqual(2);
    expect(server.requests.map((r) => r.headers.authorization)).toEqual(server.requests.map(() => 'Bearer no-key'));
    expect(headersSeen(server.requests)).not.toContain(KEY);
  });

  it('a key saved before keys had a binding counts as saved for api.openai.com', async () => {
    keychain.entries.set('openai', KEY);
    await useOpenAi(server.baseURL);
    server.setScenario('http_401');
    const refused = await planOnce();
    expect(refused.kind === 'failed' && refused.error.message).toMatch(
      /Your OpenAI key was saved for api\.openai\.com, but the base URL is now http:\/\/127\.0\.0\.1:\d+/,
    );
    expect(headersSeen(server.requests)).not.toContain(KEY);
  });

  it('a key saved together with the loopback base URL goes with every request there', async () => {
    await useOpenAi(server.baseURL);
    const saved = await keysSavedForSettings(settings, secrets).setKey('openai', KEY);
    expect(saved).toEqual({
      ok: true,
      message: `The OpenAI API key is saved in the keychain, for ${origin(server.baseURL)}: it is sent there and to api.openai.com, nowhere else.`,
    });
    expect((await planOnce()).kind).toBe('answered');
    expect(server.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);

    // The base URL changes to another loopback port: the key stays home again.
    const other = await startLlmServer('openai');
    try {
      await useOpenAi(other.baseURL);
      expect((await planOnce()).kind).toBe('answered');
      expect(other.requests.map((r) => r.headers.authorization)).toEqual(['Bearer no-key']);
    } finally {
      await other.close();
    }
  });

  it('a key from the environment goes to the base URL set beside it, and only there', async () => {
    const env = createSecretStore({ backend: memoryKeychain(), env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: server.baseURL } });
    const composed = await composePlanner({ provider: 'openai', baseURL: server.baseURL }, defaultSettings(), env);
    expect(composed.ok && (await composed.planner.plan(COMMAND)).kind).toBe('answered');
    expect(server.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);
    const alone = createSecretStore({ backend: memoryKeychain(), env: { OPENAI_API_KEY: KEY } });
    const keyless = await composePlanner({ provider: 'openai', baseURL: server.baseURL }, defaultSettings(), alone);
    expect(keyless.ok && (await keyless.planner.plan(COMMAND)).kind).toBe('answered');
    expect(server.requests.at(-1)?.headers.authorization).toBe('Bearer no-key');
  });

  it('plain http to another computer: the key is never sent, even saved for that server; a request goes keyless', async () => {
    const far = 'http://planner.invalid:8080/v1';
    // setKey refuses such a binding; an entry that says so anyway (an older build, a hand edit) is no better.
    expect(await secrets.setKey('openai', KEY, { baseUrl: far })).toMatchObject({ ok: false, problem: 'bad_base_url' });
    keychain.entries.set('openai', keychainEntry('openai', KEY, 'http://planner.invalid:8080'));
    secrets.invalidate();
    // Never a real connection: the SDK's fetch is a recorder that answers 401.
    const sent: { url: string; headers: string }[] = [];
    const recorder: typeof fetch = async (input, init) => {
      sent.push({ url: String(input), headers: JSON.stringify(Object.fromEntries(new Headers(init?.headers).entries())) });
      return new Response(JSON.stringify({ error: { message: 'no key', type: 'invalid_request_error', code: null } }), {
        status: 401,
        headers: { 'content-type': 'application/json' },
      });
    };
    const composed = await composePlanner({ provider: 'openai', baseURL: far }, defaultSettings(), secrets, { fetch: recorder });
    expect(composed.ok).toBe(true);
    const outcome = composed.ok ? await composed.planner.plan(COMMAND) : undefined;
    expect(outcome?.kind === 'failed' && outcome.error.message).toBe(
      "The server at http://planner.invalid:8080 refused the request without an API key. The base URL http://planner.invalid:8080 is plain http to another computer, so your OpenAI key was not sent: anyone on the network could read it. Use that server's https:// address (plain http is only for a server on this computer, such as http://127.0.0.1).",
    );
    expect(sent.map((s) => s.url)).toEqual(['http://planner.invalid:8080/v1/chat/completions']);
    expect(sent.map((s) => s.headers).join()).not.toContain(KEY);

    // Anthropic, which needs a key: nothing is sent at all.
    const anthropic = createSecretStore({ backend: memoryKeychain(), env: { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: 'http://planner.invalid:8080' } });
    const refused = await composePlanner({ provider: 'anthropic', baseURL: 'http://planner.invalid:8080' }, defaultSettings(), anthropic, { fetch: recorder });
    expect(refused).toMatchObject({
      ok: false,
      code: 'key_not_sent',
      message: expect.stringMatching(/^The base URL http:\/\/planner\.invalid:8080 is plain http to another computer/),
    });
    expect(sent).toHaveLength(1);
  });

  it('keyForRequest hands the key only through a fetch bound to the checked server', async () => {
    keychain.entries.set('openai', keychainEntry('openai', KEY, origin(server.baseURL)));
    const key = await keyForRequest(secrets, 'openai', server.baseURL);
    expect(key.kind).toBe('send');
    if (key.kind !== 'send') return;
    await expect(key.fetch('http://127.0.0.1:1/v1/models', { headers: { authorization: `Bearer ${key.key}` } })).rejects.toThrow(/refused/);
    expect(JSON.stringify(await keyForRequest(secrets, 'openai', 'http://127.0.0.1:1/v1'))).not.toContain(KEY);
  });

  it("which base URL a key saved now is for: the planner's, or the transcription address when only voice uses OpenAI", () => {
    const s = defaultSettings();
    expect(keyBaseUrlFromSettings('openai', { ...s, provider: 'openai', openaiBaseUrl: 'http://127.0.0.1:1/v1' })).toBe('http://127.0.0.1:1/v1');
    expect(
      keyBaseUrlFromSettings('openai', { ...s, provider: 'ollama', voice: { ...s.voice, engine: 'online', transcriptionUrl: 'http://127.0.0.1:2/v1' } }),
    ).toBe('http://127.0.0.1:2/v1');
    expect(keyBaseUrlFromSettings('openai', { ...s, provider: 'ollama' })).toBe(s.openaiBaseUrl);
    expect(keyBaseUrlFromSettings('anthropic', s)).toBeUndefined();
  });
});

describe('online transcription (issue #13)', () => {
  const stt = transcriptionServerForTests();
  const online = (transcriptionUrl: string) => ({ ...defaultSettings().voice, enabled: true, engine: 'online' as const, transcriptionUrl });

  it('a key saved for api.openai.com is not sent to a loopback transcription server; saved for it, it is — from the next recording on', async () => {
    keychain.entries.set('openai', KEY);
    const engine = await composeSpeechEngine(online(stt.baseURL), { modelsDir: dir, secrets });
    stt.scenario = 'http_401';
    const error = (await engine.transcribe(PCM, { deadlineMs: 5_000 }).catch((e: unknown) => e)) as SpeechError;
    expect(error.code).toBe('auth');
    expect(error.message).toBe(
      `The transcription server at ${origin(stt.baseURL)} refused the recording without an API key. Your OpenAI key was saved for api.openai.com, but the transcription address is now ${origin(stt.baseURL)}, so the key was not sent there. Save a key for that server in Settings → API keys (or with \`assistive-control keys set openai\`), or set the transcription address back.`,
    );
    expect(stt.requests.map((r) => r.headers.authorization)).toEqual(['Bearer no-key']);

    // Saved in the panel while only voice uses OpenAI: for the transcription address. The same engine picks it up.
    await settings.set('voice.engine', 'online');
    await settings.set('voice.transcriptionUrl', stt.baseURL);
    await keysSavedForSettings(settings, secrets).setKey('openai', KEY);
    stt.scenario = 'ok';
    expect(await engine.transcribe(PCM, { deadlineMs: 5_000 })).toMatchObject({ text: 'click Send' });
    expect(stt.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(headersSeen(stt.requests.slice(0, -1))).not.toContain(KEY);
  });
});
