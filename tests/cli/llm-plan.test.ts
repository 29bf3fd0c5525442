/**
 * `plan --provider …` end to end in process: settings and key composed at send time, the real SDKs
 * against the loopback servers, the validator and the risk gate.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { planWithLlm } from '../../src/cli/llm-plan.js';
import { keychainEntry } from '../../src/config/secret-store.js';
import { createSettingsStore } from '../../src/config/settings.js';
import { startLlmServer, refusedAddress, type LlmServer } from '../intent/llm-loopback.js';
import { captureIo, memoryKeychain, testServices } from './cli-fixtures.js';

const KEY = 'sk-test-CANARY-plan-0123456789';
let dir: string;
const servers: Partial<Record<'ollama' | 'anthropic' | 'openai', LlmServer>> = {};

beforeAll(async () => {
  for (const p of ['ollama', 'anthropic', 'openai'] as const) servers[p] = await startLlmServer(p);
});
afterAll(async () => {
  for (const s of Object.values(servers)) await s?.close();
});
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ac-plan-'));
  for (const s of Object.values(servers)) {
    s?.setScenario('ok');
    s?.requests.splice(0);
  }
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function plan(argv: string[], env: Record<string, string> = {}) {
  const c = captureIo(undefined, { ASSISTIVE_CONTROL_CONFIG_DIR: dir, ...env });
  const code = await main(['plan', ...argv], c.io);
  return { code, out: c.out(), err: c.err() };
}

describe('assistive-control plan --provider', () => {
  // A key from the environment goes to the base URL set beside it (issue #13).
  it.each([
    ['ollama', () => ({})],
    ['anthropic', () => ({ ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: servers.anthropic?.baseURL ?? '' })],
    ['openai', () => ({ OPENAI_API_KEY: KEY, OPENAI_BASE_URL: servers.openai?.baseURL ?? '' })],
  ] as const)('%s plans, validates and classifies the risk', async (provider, env) => {
    const r = await plan(['--json', '--provider', provider, '--base-url', servers[provider]?.baseURL ?? '', 'send the message'], env());
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({
      ok: true,
      source: provider,
      intent: { intent: 'click_element', element: { label: 'Send', role: 'button' } },
      risk: { level: 'destructive', gate: 'confirm' },
    });
  });

  it('uses the settings at send time: a model changed with config set applies to the next command', async () => {
    const server = servers.ollama as LlmServer;
    await createSettingsStore({ dir }).set('ollamaUrl', server.baseURL);
    expect((await plan(['--provider', 'ollama', 'send it'])).code).toBe(0);
    expect(server.requests.at(-1)?.body.model).toBe('llama3.2');
    await createSettingsStore({ dir }).set('models.ollama', 'qwen2.5:3b');
    expect((await plan(['--provider', 'ollama', 'send it'])).code).toBe(0);
    expect(server.requests.at(-1)?.body.model).toBe('qwen2.5:3b');
    expect((await plan(['--provider', 'ollama', '--model', 'phi4', 'send it'])).code).toBe(0);
    expect(server.requests.at(-1)?.body.model).toBe('phi4');
  });

  it("exits 1 with the provider's actionable message when it fails, and never shows the key", async () => {
    const r = await plan(['--provider', 'ollama', '--base-url', await refusedAddress(), 'send it']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^Ollama is not running at .* `ollama serve`/);
    servers.openai?.setScenario('http_401');
    const s = await plan(['--provider', 'openai', '--base-url', servers.openai?.baseURL ?? '', 'send it'], {
      OPENAI_API_KEY: KEY,
      OPENAI_BASE_URL: servers.openai?.baseURL ?? '',
    });
    expect(s.code).toBe(1);
    expect(s.err).toMatch(/rejected the API key \(HTTP 401\).*The key comes from OPENAI_API_KEY in the environment: correct or unset it\./);
    expect(s.err + s.out).not.toContain(KEY);
  });

  it("exits 3 with the validator's sentence when the model's answer is not a valid command", async () => {
    servers.anthropic?.setScenario('unknown_intent');
    const r = await plan(['--provider', 'anthropic', '--base-url', servers.anthropic?.baseURL ?? '', 'wipe the disk'], {
      ANTHROPIC_API_KEY: KEY,
      ANTHROPIC_BASE_URL: servers.anthropic?.baseURL ?? '',
    });
    expect(r.code).toBe(3);
    expect(r.err).toContain('there is no action called "delete_all_files"');
  });

  it('refuses unknown providers and LLM options without a provider', async () => {
    expect((await plan(['--provider', 'gemini', 'x'])).err).toMatch(/^There is no provider called "gemini"/);
    expect((await plan(['--model', 'm', 'open Firefox'])).code).toBe(2);
  });
});

describe('planWithLlm', () => {
  it('without a saved key: says how to save one, before any request', async () => {
    const services = testServices(dir, memoryKeychain())();
    const r = await planWithLlm('send it', { provider: 'anthropic', baseURL: servers.anthropic?.baseURL ?? '' }, services);
    expect(r).toMatchObject({ ok: false, code: 'no_key', exitCode: 1 });
    if (!r.ok) expect(r.message).toMatch(/^No Anthropic API key is saved\. Save one with `assistive-control keys set anthropic`/);
    expect(servers.anthropic?.requests).toHaveLength(0);
  });

  it('an OpenAI-compatible server at its own address needs no key', async () => {
    const services = testServices(dir, memoryKeychain())();
    const r = await planWithLlm('send it', { provider: 'openai', baseURL: servers.openai?.baseURL ?? '' }, services);
    expect(r.ok).toBe(true);
    expect(servers.openai?.requests.at(-1)?.headers.authorization).toBe('Bearer no-key');
  });

  it('uses the keychain key saved for that server when no variable overrides it', async () => {
    const keychain = memoryKeychain();
    keychain.entries.set('anthropic', keychainEntry('anthropic', KEY, servers.anthropic?.baseURL ?? ''));
    const r = await planWithLlm('send it', { provider: 'anthropic', baseURL: servers.anthropic?.baseURL ?? '' }, testServices(dir, keychain)());
    expect(r.ok).toBe(true);
    const headers = servers.anthropic?.requests.at(-1)?.headers;
    expect(headers?.['x-api-key'] ?? headers?.authorization).toMatch(new RegExp(`${KEY}$`));
  });

  it('issue #13: a key saved for api.anthropic.com (or from the environment alone) is not sent to another server; nothing is sent at all', async () => {
    const keychain = memoryKeychain();
    keychain.entries.set('anthropic', KEY); // saved before keys had a binding: api.anthropic.com only
    const baseURL = servers.anthropic?.baseURL ?? '';
    const r = await planWithLlm('send it', { provider: 'anthropic', baseURL }, testServices(dir, keychain)());
    expect(r).toMatchObject({ ok: false, code: 'key_not_sent', exitCode: 1 });
    if (!r.ok)
      expect(r.message).toBe(
        `Your Anthropic key was saved for api.anthropic.com, but the base URL is now ${baseURL}, so the key was not sent there. Save a key for that server with \`assistive-control keys set anthropic --base-url ${baseURL}\`, or set the base URL back.`,
      );
    const env = await plan(['--provider', 'anthropic', '--base-url', baseURL, 'send it'], { ANTHROPIC_API_KEY: KEY });
    expect(env.code).toBe(1);
    expect(env.err).toMatch(
      /^Your Anthropic key from ANTHROPIC_API_KEY is for api\.anthropic\.com, but the base URL is http:\/\/127\.0\.0\.1:\d+, so the key was not sent there\. Set ANTHROPIC_BASE_URL/,
    );
    expect(env.err).not.toContain(KEY);
    expect(servers.anthropic?.requests).toHaveLength(0);
  });
});
