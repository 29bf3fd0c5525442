/**
 * Issue #13: where a provider key may go. The decision (`decideKeyUse`) is pure, so every case is a
 * question and its answer; the store's binding is tested over an in-memory keychain here and over
 * the real Secret Service in secret-store.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  OFFICIAL_KEY_ORIGINS,
  decideKeyUse,
  httpOrigin,
  isLoopbackHost,
  keyBindingFor,
  keyBoundFetch,
  type KeyUse,
  type KeyUseQuestion,
} from '../../src/config/key-destination.js';
import { createSecretStore, keychainEntry, readKeychainEntry, type KeyringBackend } from '../../src/config/secret-store.js';

const OPENAI = 'https://api.openai.com';
const ANTHROPIC = 'https://api.anthropic.com';
const KEY = 'sk-test-CANARY-destination-0123456789';

const ask = (url: string, boundTo: string = OPENAI, extra: Partial<KeyUseQuestion> = {}): KeyUse =>
  decideKeyUse({ provider: 'openai', url, boundTo, ...extra });
const sends = (use: KeyUse) => use.send;
const reason = (use: KeyUse) => (use.send ? 'send' : use.reason);

describe('decideKeyUse', () => {
  it("sends a key to its provider's official host, however the URL is written", () => {
    for (const url of [
      'https://api.openai.com/v1',
      'https://api.openai.com/v1/',
      'https://api.openai.com',
      'https://API.OpenAI.com:443/v1',
      'https://api.openai.com/v1/chat/completions?x=1#f',
    ]) {
      expect(ask(url)).toEqual({ send: true, origin: OPENAI });
    }
    expect(decideKeyUse({ provider: 'anthropic', url: 'https://api.anthropic.com', boundTo: ANTHROPIC })).toEqual({ send: true, origin: ANTHROPIC });
    // Each provider's own: an OpenAI key does not go to Anthropic, nor the other way round.
    expect(reason(ask('https://api.anthropic.com/v1'))).toBe('other_server');
    expect(reason(decideKeyUse({ provider: 'anthropic', url: 'https://api.openai.com/v1', boundTo: ANTHROPIC }))).toBe('other_server');
  });

  it('sends a key to the origin it was saved for, and to the official host still', () => {
    const bound = 'http://127.0.0.1:1234';
    expect(ask('http://127.0.0.1:1234/v1', bound)).toEqual({ send: true, origin: bound });
    expect(ask('http://127.0.0.1:1234/other/path/', bound)).toEqual({ send: true, origin: bound });
    expect(ask('https://api.openai.com/v1', bound)).toEqual({ send: true, origin: OPENAI });
    expect(ask('https://llm.example.com/v1', 'https://llm.example.com')).toEqual({ send: true, origin: 'https://llm.example.com' });
  });

  it('keeps a key saved for the official host from a changed base URL, with the sentence that says what to do', () => {
    const use = ask('http://127.0.0.1:8080/v1');
    expect(use).toEqual({
      send: false,
      reason: 'other_server',
      message:
        'Your OpenAI key was saved for api.openai.com, but the base URL is now http://127.0.0.1:8080, so the key was not sent there. Save a key for that server in Settings → API keys (or with `assistive-control keys set openai`), or set the base URL back.',
    });
    // Saved for one server, the base URL now another: not sent either.
    expect(ask('https://other.example.com/v1', 'https://llm.example.com')).toMatchObject({
      send: false,
      message: expect.stringMatching(/^Your OpenAI key was saved for https:\/\/llm\.example\.com, but the base URL is now https:\/\/other\.example\.com/),
    });
    // Anthropic has no base URL setting: the sentence names the command with the address.
    expect(decideKeyUse({ provider: 'anthropic', url: 'http://localhost:9000', boundTo: ANTHROPIC })).toMatchObject({
      send: false,
      message: expect.stringContaining('`assistive-control keys set anthropic --base-url http://localhost:9000`') as unknown,
    });
    // A key from the environment: the sentence names the variables.
    expect(ask('http://127.0.0.1:8080/v1', OPENAI, { source: 'environment', setting: 'transcription address' })).toMatchObject({
      send: false,
      message: expect.stringMatching(
        /^Your OpenAI key from OPENAI_API_KEY is for api\.openai\.com, but the transcription address is http:\/\/127\.0\.0\.1:8080.*Set OPENAI_BASE_URL/,
      ) as unknown,
    });
  });

  it('ports and schemes are part of the origin: another port or http instead of https is another server', () => {
    expect(reason(ask('https://api.openai.com:8443/v1'))).toBe('other_server');
    expect(reason(ask('http://127.0.0.1:1235/v1', 'http://127.0.0.1:1234'))).toBe('other_server');
    expect(reason(ask('https://127.0.0.1:1234/v1', 'http://127.0.0.1:1234'))).toBe('other_server');
    // A trailing dot is another name as far as origins go: not the official host.
    expect(reason(ask('https://api.openai.com./v1'))).toBe('other_server');
  });

  it('never sends a key over plain http to another computer, even to the server it was saved for', () => {
    for (const url of [
      'http://planner.invalid:8080/v1',
      'http://api.openai.com/v1',
      'http://192.168.1.20:1234/v1',
      'http://10.0.0.1/v1',
      'http://[fe80::1]:8080/v1',
      'http://0.0.0.0:8080/v1',
    ]) {
      const use = ask(url, httpOrigin(url));
      expect(reason(use)).toBe('plain_http');
    }
    expect(ask('http://planner.invalid:8080/v1', 'http://planner.invalid:8080')).toEqual({
      send: false,
      reason: 'plain_http',
      message:
        "The base URL http://planner.invalid:8080 is plain http to another computer, so your OpenAI key was not sent: anyone on the network could read it. Use that server's https:// address (plain http is only for a server on this computer, such as http://127.0.0.1).",
    });
  });

  it('plain http to this computer is fine: 127.0.0.0/8, ::1 and localhost, however written', () => {
    for (const url of [
      'http://127.0.0.1:1234/v1',
      'http://127.8.9.10:1234/v1',
      'http://localhost:1234/v1',
      'http://LOCALHOST:1234',
      'http://[::1]:1234/v1',
      'http://[0:0:0:0:0:0:0:1]:1234/v1',
      'http://127.1:1234/v1',
      'http://2130706433:1234/v1',
      'http://0x7f.0.0.1:1234/v1',
    ]) {
      const origin = httpOrigin(url) as string;
      expect(ask(url, origin)).toEqual({ send: true, origin });
    }
  });

  it('look-alikes of loopback are not loopback', () => {
    for (const host of [
      'localhost.evil.com',
      'localhost.',
      '127.0.0.1.evil.com',
      'evil-127.0.0.1.nip.io',
      '[::ffff:7f00:1]',
      '[::2]',
      '128.0.0.1',
      '126.255.255.255',
      'localhostx',
    ]) {
      expect(isLoopbackHost(host)).toBe(false);
    }
    for (const host of ['localhost', '127.0.0.1', '127.255.255.254', '[::1]']) expect(isLoopbackHost(host)).toBe(true);
    expect(reason(ask('http://localhost.evil.com:1234/v1', 'http://localhost.evil.com:1234'))).toBe('plain_http');
    expect(reason(ask('http://127.0.0.1.evil.com/v1', 'http://127.0.0.1.evil.com'))).toBe('plain_http');
  });

  it('user-info tricks: the host is what follows "@", and a URL with a user name carries no key', () => {
    // https://api.openai.com@evil.example is evil.example.
    expect(ask('https://api.openai.com@evil.example/v1')).toMatchObject({ send: false, reason: 'credentials_in_url' });
    expect(ask('https://api.openai.com:pw@evil.example/v1')).toMatchObject({ send: false, reason: 'credentials_in_url' });
    expect(ask('https://user@api.openai.com/v1')).toMatchObject({ send: false, reason: 'credentials_in_url' });
    // Bound to the official host's look-alike origin does not help either.
    expect(ask('https://api.openai.com.evil.example/v1')).toMatchObject({ send: false, reason: 'other_server' });
    // The sentence never quotes what came before "@".
    const use = ask('https://sk-leaked:secret@evil.example/v1');
    expect(use.send).toBe(false);
    if (!use.send) expect(use.message).not.toMatch(/sk-leaked|secret/);
  });

  it('not an http(s) address: not sent', () => {
    for (const url of ['file:///etc/passwd', 'ftp://api.openai.com/v1', 'api.openai.com/v1', '', 'javascript:alert(1)'])
      expect(reason(ask(url))).toBe('not_http');
  });

  it('is pure: the same question, the same answer; and the question carries no key to leak', () => {
    const q: KeyUseQuestion = { provider: 'openai', url: 'http://127.0.0.1:9/v1', boundTo: OPENAI };
    expect(decideKeyUse(q)).toEqual(decideKeyUse({ ...q }));
    expect(Object.keys(q)).not.toContain('key');
    expect([ask('https://api.openai.com/v1'), ask('http://127.0.0.1:2/v1')].map(sends)).toEqual([true, false]);
  });
});

describe('keyBindingFor (what a key is saved for)', () => {
  it('no base URL or the official one: the official host; another: its origin; plain http elsewhere or a user name: refused', () => {
    expect(keyBindingFor('openai', undefined)).toEqual({ ok: true, origin: OPENAI });
    expect(keyBindingFor('openai', 'https://api.openai.com/v1')).toEqual({ ok: true, origin: OPENAI });
    expect(keyBindingFor('openai', 'http://127.0.0.1:1234/v1/')).toEqual({ ok: true, origin: 'http://127.0.0.1:1234' });
    expect(keyBindingFor('anthropic', 'https://gateway.example.com/anthropic')).toEqual({ ok: true, origin: 'https://gateway.example.com' });
    expect(keyBindingFor('openai', 'http://planner.invalid:8080/v1')).toMatchObject({
      ok: false,
      reason: 'plain_http',
      message: expect.stringMatching(/^The OpenAI API key was not saved: http:\/\/planner\.invalid:8080 is plain http/),
    });
    expect(keyBindingFor('openai', 'https://a:b@example.com/v1')).toMatchObject({ ok: false, reason: 'credentials_in_url' });
    expect(keyBindingFor('openai', 'not a url')).toMatchObject({ ok: false, reason: 'not_http' });
  });
});

describe('keyBoundFetch', () => {
  it('lets a request to the checked origin through, without following redirects; refuses any other before it is sent', async () => {
    const seen: { url: string; redirect: RequestInit['redirect'] }[] = [];
    const inner: typeof fetch = async (input, init) => {
      seen.push({ url: String(input), redirect: init?.redirect });
      return new Response('{}');
    };
    const guarded = keyBoundFetch(inner, 'http://127.0.0.1:1234');
    await guarded('http://127.0.0.1:1234/v1/models', { headers: { authorization: `Bearer ${KEY}` } });
    await guarded(new URL('http://127.0.0.1:1234/v1/chat/completions'), { redirect: 'follow' });
    expect(seen).toEqual([
      { url: 'http://127.0.0.1:1234/v1/models', redirect: 'error' },
      { url: 'http://127.0.0.1:1234/v1/chat/completions', redirect: 'error' },
    ]);
    for (const url of ['http://127.0.0.1:1235/v1/models', 'https://api.openai.com@planner.invalid/v1', 'http://planner.invalid:8080/v1']) {
      const error = await guarded(url, { headers: { authorization: `Bearer ${KEY}` } }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TypeError);
      expect(String(error)).not.toContain(KEY);
    }
    expect(seen).toHaveLength(2);
  });
});

describe('the keychain entry and its binding', () => {
  function memory(): KeyringBackend & { entries: Map<string, string> } {
    const entries = new Map<string, string>();
    return { entries, get: async (a) => entries.get(a) ?? null, set: async (a, k) => void entries.set(a, k), delete: async (a) => entries.delete(a) };
  }

  it('a key for the official host is stored bare, as before; a key for another server as one record', () => {
    expect(keychainEntry('openai', KEY, OPENAI)).toBe(KEY);
    const record = keychainEntry('openai', KEY, 'http://127.0.0.1:1234');
    expect(JSON.parse(record)).toEqual({ v: 1, origin: 'http://127.0.0.1:1234', key: KEY });
    expect(readKeychainEntry('openai', record)).toEqual({ key: KEY, boundTo: 'http://127.0.0.1:1234' });
  });

  it('existing users: a bare entry saved before bindings is for the official host only', () => {
    expect(readKeychainEntry('openai', KEY)).toEqual({ key: KEY, boundTo: OFFICIAL_KEY_ORIGINS.openai });
    expect(readKeychainEntry('anthropic', KEY)).toEqual({ key: KEY, boundTo: OFFICIAL_KEY_ORIGINS.anthropic });
    // Something record-like that is not ours, or a record whose origin cannot be read: official only.
    expect(readKeychainEntry('openai', '{not json')).toEqual({ key: '{not json', boundTo: OPENAI });
    expect(readKeychainEntry('openai', JSON.stringify({ v: 1, origin: 'evil', key: KEY }))).toEqual({ key: KEY, boundTo: OPENAI });
    expect(readKeychainEntry('openai', JSON.stringify({ v: 1, origin: 'https://evil.example/path', key: KEY }))).toEqual({ key: KEY, boundTo: OPENAI });
  });

  it('setKey binds, getKey and status say to what; a key is never saved for plain http to another computer', async () => {
    const backend = memory();
    const store = createSecretStore({ backend });
    expect(await store.setKey('openai', KEY, { baseUrl: 'http://127.0.0.1:1234/v1' })).toEqual({
      ok: true,
      message: 'The OpenAI API key is saved in the keychain, for http://127.0.0.1:1234: it is sent there and to api.openai.com, nowhere else.',
    });
    expect(await store.getKey('openai')).toEqual({ found: true, key: KEY, source: 'keychain', boundTo: 'http://127.0.0.1:1234' });
    // Another process reads the same binding from the keychain.
    expect(await createSecretStore({ backend }).getKey('openai')).toMatchObject({ key: KEY, boundTo: 'http://127.0.0.1:1234' });
    expect(await store.status('openai')).toEqual({ saved: true, source: 'keychain', boundTo: 'http://127.0.0.1:1234' });

    const refused = await store.setKey('openai', 'sk-other-0123456789', { baseUrl: 'http://planner.invalid:8080/v1' });
    expect(refused).toMatchObject({ ok: false, problem: 'bad_base_url' });
    expect(JSON.stringify(refused)).not.toContain('sk-other');
    expect(await store.getKey('openai')).toMatchObject({ key: KEY, boundTo: 'http://127.0.0.1:1234' });

    expect(await store.setKey('openai', KEY)).toEqual({ ok: true, message: 'The OpenAI API key is saved in the keychain.' });
    expect(backend.entries.get('openai')).toBe(KEY);
    expect(await store.getKey('openai')).toMatchObject({ boundTo: OPENAI });
  });

  it('a key from the environment is for the official host, or for the base URL set beside it', async () => {
    const store = createSecretStore({ backend: memory(), env: { OPENAI_API_KEY: KEY, ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: 'http://localhost:9000/' } });
    expect(await store.getKey('openai')).toEqual({ found: true, key: KEY, source: 'environment', boundTo: OPENAI });
    expect(await store.getKey('anthropic')).toEqual({ found: true, key: KEY, source: 'environment', boundTo: 'http://localhost:9000' });
  });
});
