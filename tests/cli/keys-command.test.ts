import { describe, expect, it } from 'vitest';
import { captureIo as io, memoryKeychain, testServices, useTempDir } from './cli-fixtures.js';
import { createKeysCommand } from '../../src/cli/keys-command.js';

const KEY = 'sk-test-CANARY-cli-0123456789';

const tempDir = useTempDir('ac-cli-');
const services = (backend: Parameters<typeof testServices>[1], env?: Record<string, string>) => testServices(tempDir(), backend, env);

describe('assistive-control keys', () => {
  it('set reads the key from stdin and saves it; status then says saved, never the key', async () => {
    const keychain = memoryKeychain();
    const keys = createKeysCommand(services(keychain));
    const a = io(`${KEY}\n`);
    expect(await keys.run(['set', 'openai'], a.io)).toBe(0);
    expect(a.out()).toBe('The OpenAI API key is saved in the keychain.\n');
    expect(keychain.entries.get('openai')).toBe(KEY);
    const b = io();
    expect(await keys.run(['status'], b.io)).toBe(0);
    expect(b.out()).toContain('OpenAI: saved (keychain)');
    expect(b.out()).toContain('Anthropic: not saved — run `assistive-control keys set anthropic`');
    expect(b.out()).not.toContain(KEY);
    const c = io();
    await keys.run(['status', '--json'], c.io);
    expect(JSON.parse(c.out())).toMatchObject({ openai: { saved: true, source: 'keychain' }, anthropic: { saved: false, problem: 'not_saved' } });
  });

  it('never takes the key as an argument, and never echoes it back', async () => {
    const keychain = memoryKeychain();
    const keys = createKeysCommand(services(keychain));
    for (const argv of [['set', 'openai', KEY], ['set', KEY], [KEY], ['set', 'openai', `--key=${KEY}`]]) {
      const a = io('');
      expect(await keys.run(argv, a.io)).toBe(2);
      expect(a.out() + a.err()).not.toContain(KEY);
      expect(a.out() + a.err()).not.toContain('CANARY');
    }
    expect(keychain.entries.size).toBe(0);
  });

  it('says what to do when nothing is piped in, or the provider needs no key', async () => {
    const keys = createKeysCommand(services(memoryKeychain()));
    const a = io('\n\n');
    expect(await keys.run(['set', 'anthropic'], a.io)).toBe(2);
    expect(a.err()).toMatch(/No key was given, so nothing was saved\. .*pbpaste \| assistive-control keys set anthropic/);
    const b = io('');
    expect(await keys.run(['set', 'ollama'], b.io)).toBe(2);
    expect(b.err()).toBe('Ollama runs on this computer and needs no API key.\n');
  });

  it('delete removes the key, and says so when there was none', async () => {
    const keychain = memoryKeychain();
    keychain.entries.set('anthropic', KEY);
    const keys = createKeysCommand(services(keychain));
    const a = io();
    expect(await keys.run(['delete', 'anthropic'], a.io)).toBe(0);
    expect(a.out()).toBe('The Anthropic API key was removed from the keychain.\n');
    const b = io();
    await keys.run(['delete', 'anthropic'], b.io);
    expect(b.out()).toBe('No Anthropic API key was saved; nothing to remove.\n');
  });

  it('set and delete with --json: one object with the outcome and its sentence, never the key', async () => {
    const keychain = memoryKeychain();
    const keys = createKeysCommand(services(keychain));
    const a = io(`${KEY}\n`);
    expect(await keys.run(['set', 'openai', '--json'], a.io)).toBe(0);
    expect(JSON.parse(a.out())).toEqual({ ok: true, provider: 'openai', message: 'The OpenAI API key is saved in the keychain.' });
    expect(a.out() + a.err()).not.toContain(KEY);
    const b = io();
    expect(await keys.run(['delete', 'openai', '--json'], b.io)).toBe(0);
    expect(JSON.parse(b.out())).toEqual({ ok: true, provider: 'openai', message: 'The OpenAI API key was removed from the keychain.' });
    const locked = createKeysCommand(services(memoryKeychain(new Error("Couldn't access platform storage: Secret Service: unlock prompt was dismissed"))));
    const c = io(`${KEY}\n`);
    expect(await locked.run(['set', 'openai', '--json'], c.io)).toBe(1);
    expect(JSON.parse(c.out())).toMatchObject({ ok: false, provider: 'openai', message: expect.stringMatching(/^Your keyring is locked/) });
  });

  it('reports a locked keyring with exit code 1 and the unlock advice', async () => {
    const keys = createKeysCommand(services(memoryKeychain(new Error("Couldn't access platform storage: Secret Service: unlock prompt was dismissed"))));
    const a = io(`${KEY}\n`);
    expect(await keys.run(['set', 'openai'], a.io)).toBe(1);
    expect(a.err()).toMatch(/^Your keyring is locked/);
    const b = io();
    await keys.run(['status'], b.io);
    expect(b.out()).toMatch(/OpenAI: can't check — Your keyring is locked/);
  });

  it('issue #13: a key is saved for the base URL in the settings, or the one --base-url names; status says which', async () => {
    const keychain = memoryKeychain();
    const factory = services(keychain);
    await factory().settings.set('openaiBaseUrl', 'http://127.0.0.1:1234/v1');
    const keys = createKeysCommand(factory);
    const a = io(`${KEY}\n`);
    expect(await keys.run(['set', 'openai'], a.io)).toBe(0);
    expect(a.out()).toBe('The OpenAI API key is saved in the keychain, for http://127.0.0.1:1234: it is sent there and to api.openai.com, nowhere else.\n');
    expect(JSON.parse(keychain.entries.get('openai') ?? '')).toEqual({ v: 1, origin: 'http://127.0.0.1:1234', key: KEY });
    const b = io();
    await keys.run(['status'], b.io);
    expect(b.out()).toContain('OpenAI: saved (keychain), for http://127.0.0.1:1234');
    const j = io();
    await keys.run(['status', '--json'], j.io);
    expect(JSON.parse(j.out())).toMatchObject({ openai: { saved: true, source: 'keychain', for: 'http://127.0.0.1:1234' }, anthropic: { saved: false } });
    expect(b.out() + j.out()).not.toContain(KEY);

    const c = io(`${KEY}\n`);
    expect(await keys.run(['set', 'anthropic', '--base-url', 'https://gateway.example.com/anthropic'], c.io)).toBe(0);
    expect(JSON.parse(keychain.entries.get('anthropic') ?? '')).toMatchObject({ origin: 'https://gateway.example.com' });
  });

  it('issue #13: refuses to save a key for plain http to another computer, before asking for the key', async () => {
    const keychain = memoryKeychain();
    const keys = createKeysCommand(services(keychain));
    const a = io(`${KEY}\n`);
    expect(await keys.run(['set', 'openai', '--base-url', 'http://planner.invalid:8080/v1'], a.io)).toBe(2);
    expect(a.err()).toMatch(/^The OpenAI API key was not saved: http:\/\/planner\.invalid:8080 is plain http to another computer/);
    expect(a.out() + a.err()).not.toContain(KEY);
    expect(keychain.entries.size).toBe(0);
    const b = io();
    expect(await keys.run(['status', '--base-url', 'http://127.0.0.1:1/v1'], b.io)).toBe(2);

    // The settings' base URL can never carry a key: saved for api.openai.com only, and said so.
    const factory = services(keychain);
    await factory().settings.set('openaiBaseUrl', 'http://planner.invalid:8080/v1');
    const c = io(`${KEY}\n`);
    expect(await createKeysCommand(factory).run(['set', 'openai'], c.io)).toBe(0);
    expect(c.out()).toBe(
      'The OpenAI API key is saved in the keychain. It is sent only to api.openai.com: http://planner.invalid:8080 is plain http to another computer, where anyone on the network could read it.\n',
    );
    expect(keychain.entries.get('openai')).toBe(KEY);
  });

  it('shows the environment as the source when a variable overrides the keychain', async () => {
    const keys = createKeysCommand(services(memoryKeychain(), { ANTHROPIC_API_KEY: KEY }));
    const a = io();
    await keys.run(['status'], a.io);
    expect(a.out()).toContain('Anthropic: saved (from ANTHROPIC_API_KEY in the environment)');
    expect(a.out()).not.toContain(KEY);
  });
});
