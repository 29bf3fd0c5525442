/**
 * The secret store against a real Secret Service (gnome-keyring on a private D-Bus), unlocked,
 * locked, and absent; and against no bus at all.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { classifyKeyringError, createSecretStore, napiKeyringBackend, type KeyringBackend } from '../../src/config/secret-store.js';
import { useSecretSession } from './secret-session.js';

const run = promisify(execFile);
const KEY = 'sk-ant-test-CANARY-0123456789abcdef';
/** A service name of our own, so nothing here could touch a real user's entries. */
const SERVICE = 'com.assistivecontrol.app.test';

/** Counts calls through to the real backend, to prove the in-process cache. */
function counting(backend: KeyringBackend) {
  const counts = { get: 0, set: 0, delete: 0 };
  const wrapped: KeyringBackend = {
    get: (a, s) => (counts.get++, backend.get(a, s)),
    set: (a, k, s) => (counts.set++, backend.set(a, k, s)),
    delete: (a, s) => (counts.delete++, backend.delete(a, s)),
  };
  return { wrapped, counts };
}

describe.runIf(process.platform === 'linux')('secret store on a real Secret Service', () => {
  const secretSession = useSecretSession();

  it('says "not saved" before a key is saved, and the message says how to save one', async () => {
    const store = createSecretStore({ backend: napiKeyringBackend(SERVICE) });
    const status = await store.status('anthropic');
    expect(status.saved).toBe(false);
    if (!status.saved) {
      expect(status.problem).toBe('not_saved');
      expect(status.message).toContain('`assistive-control keys set anthropic`');
      expect(status.message).toContain('ANTHROPIC_API_KEY');
    }
  });

  it('saves, finds (one keychain lookup, then the cache) and deletes a key', async () => {
    const { wrapped, counts } = counting(napiKeyringBackend(SERVICE));
    const store = createSecretStore({ backend: wrapped });
    const saved = await store.setKey('anthropic', `  ${KEY}\n`);
    expect(saved).toEqual({ ok: true, message: 'The Anthropic API key is saved in the keychain.' });

    // A second store (another process) reads it from the keychain, once.
    const other = counting(napiKeyringBackend(SERVICE));
    const reader = createSecretStore({ backend: other.wrapped });
    expect(await reader.status('anthropic')).toEqual({ saved: true, source: 'keychain', boundTo: 'https://api.anthropic.com' });
    expect(await reader.status('anthropic')).toEqual({ saved: true, source: 'keychain', boundTo: 'https://api.anthropic.com' });
    const found = await reader.getKey('anthropic');
    expect(found).toEqual({ found: true, key: KEY, source: 'keychain', boundTo: 'https://api.anthropic.com' });
    expect(other.counts.get).toBe(1);
    expect(JSON.stringify(await reader.status('anthropic'))).not.toContain(KEY);

    expect((await store.deleteKey('anthropic')).message).toBe('The Anthropic API key was removed from the keychain.');
    expect((await store.deleteKey('anthropic')).message).toBe('No Anthropic API key was saved; nothing to remove.');
    reader.invalidate();
    expect((await reader.status('anthropic')).saved).toBe(false);
    expect(counts.set).toBe(1);
  });

  it('keeps one account per provider', async () => {
    const store = createSecretStore({ backend: napiKeyringBackend(SERVICE) });
    await store.setKey('openai', 'sk-openai-key-1');
    const fresh = createSecretStore({ backend: napiKeyringBackend(SERVICE) });
    expect((await fresh.status('anthropic')).saved).toBe(false);
    expect(await fresh.getKey('openai')).toMatchObject({ found: true, key: 'sk-openai-key-1' });
    await store.deleteKey('openai');
  });

  it('keeps a key and the server it was saved for in one entry (issue #13); a bare entry is for the official host', async () => {
    const store = createSecretStore({ backend: napiKeyringBackend(SERVICE) });
    await store.setKey('openai', KEY, { baseUrl: 'http://127.0.0.1:1234/v1' });
    const fresh = createSecretStore({ backend: napiKeyringBackend(SERVICE) });
    expect(await fresh.getKey('openai')).toEqual({ found: true, key: KEY, source: 'keychain', boundTo: 'http://127.0.0.1:1234' });
    // As saved before keys had a binding: the key alone.
    await napiKeyringBackend(SERVICE).set('openai', KEY, AbortSignal.timeout(5_000));
    expect(await createSecretStore({ backend: napiKeyringBackend(SERVICE) }).getKey('openai')).toEqual({
      found: true,
      key: KEY,
      source: 'keychain',
      boundTo: 'https://api.openai.com',
    });
    await store.deleteKey('openai');
  });

  it('lets the environment override the keychain, and says so when saving', async () => {
    const store = createSecretStore({ backend: napiKeyringBackend(SERVICE), env: { OPENAI_API_KEY: 'sk-from-env' } });
    expect(await store.getKey('openai')).toEqual({ found: true, key: 'sk-from-env', source: 'environment', boundTo: 'https://api.openai.com' });
    const saved = await store.setKey('openai', 'sk-saved-key');
    expect(saved.message).toMatch(/OPENAI_API_KEY is set in this environment and is used instead/);
    await store.deleteKey('openai');
  });

  it('refuses an empty or multi-line key before touching the keychain', async () => {
    const { wrapped, counts } = counting(napiKeyringBackend(SERVICE));
    const store = createSecretStore({ backend: wrapped });
    expect(await store.setKey('openai', '   ')).toMatchObject({ ok: false, problem: 'invalid_key' });
    expect(await store.setKey('openai', 'sk-one\nsk-two')).toMatchObject({ ok: false, problem: 'invalid_key' });
    expect(counts.set).toBe(0);
  });

  it('with the keyring locked: says it is locked, for reading and for saving', async () => {
    const store = createSecretStore({ backend: napiKeyringBackend(SERVICE) });
    await store.setKey('anthropic', KEY);
    await secretSession().stopKeyring();
    await secretSession().startKeyring(false);
    try {
      const locked = createSecretStore({ backend: napiKeyringBackend(SERVICE) });
      const t0 = performance.now();
      const status = await locked.status('anthropic');
      expect(performance.now() - t0).toBeLessThan(2_000);
      expect(status).toMatchObject({ saved: false, problem: 'locked' });
      if (!status.saved) expect(status.message).toMatch(/^Your keyring is locked, so the Anthropic API key can't be used\. Unlock the "Login" keyring/);
      const set = await locked.setKey('anthropic', 'sk-new-key');
      expect(set).toMatchObject({ ok: false, problem: 'locked' });
      expect(JSON.stringify(set)).not.toContain(KEY);
    } finally {
      await secretSession().stopKeyring();
      await secretSession().startKeyring(true);
      await createSecretStore({ backend: napiKeyringBackend(SERVICE) }).deleteKey('anthropic');
    }
  });

  it('with no Secret Service on the bus: says no keychain service is running', async () => {
    await secretSession().stopKeyring();
    try {
      const store = createSecretStore({ backend: napiKeyringBackend(SERVICE) });
      const status = await store.status('openai');
      expect(status).toMatchObject({ saved: false, problem: 'no_service' });
      if (!status.saved) expect(status.message).toMatch(/^No keychain service is running.*GNOME Keyring.*OPENAI_API_KEY/);
      expect(await store.setKey('openai', 'sk-x-123456')).toMatchObject({ ok: false, problem: 'no_service' });
    } finally {
      await secretSession().startKeyring(true);
    }
  });

  it('with no D-Bus session at all: no service, and no silent fallback to the kernel keyring', async () => {
    // The library connects to D-Bus once per process: a fresh process sees the missing bus.
    const script = fileURLToPath(new URL('./keyring-no-bus.ts', import.meta.url));
    const { stdout } = await run(process.execPath, ['--import', 'tsx', script], {
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/ac-test-bus' },
      timeout: 15_000,
    });
    const { set, status } = JSON.parse(stdout) as { set: { ok: boolean; problem?: string; message: string }; status: { saved: boolean; problem?: string } };
    expect(set).toMatchObject({ ok: false, problem: 'no_service' });
    expect(set.message).toMatch(/^No keychain service is running/);
    expect(status).toMatchObject({ saved: false, problem: 'no_service' });
  });
});

describe('secret store timeouts and error sorting', () => {
  it('gives up on a keychain that never answers, with a message about a waiting prompt', async () => {
    const hung: KeyringBackend = {
      get: () => new Promise(() => undefined),
      set: () => new Promise(() => undefined),
      delete: () => new Promise(() => undefined),
    };
    const store = createSecretStore({ backend: hung, timeoutMs: 200 });
    const t0 = performance.now();
    const status = await store.status('anthropic');
    expect(performance.now() - t0).toBeLessThan(1_000);
    expect(status).toMatchObject({ saved: false, problem: 'timeout' });
  });

  it('sorts the messages the keyring library gives into locked / no service / other', () => {
    expect(classifyKeyringError(new Error("Couldn't access platform storage: Secret Service: unlock prompt was dismissed"))).toBe('locked');
    expect(classifyKeyringError(new Error('Platform failure: DBus error: Failed to connect to socket /x: No such file or directory'))).toBe('no_service');
    expect(classifyKeyringError(new Error('Platform failure: DBus error: The name org.freedesktop.secrets was not provided by any .service files'))).toBe(
      'no_service',
    );
    expect(classifyKeyringError(new Error('User canceled the operation.'))).toBe('locked');
    expect(classifyKeyringError(new Error('Ambiguous: 2 credentials match'))).toBe('error');
  });
});
