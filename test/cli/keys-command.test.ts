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

  it('reports a locked keyring with exit code 1 and the unlock advice', async () => {
    const keys = createKeysCommand(services(memoryKeychain(new Error("Couldn't access platform storage: Secret Service: unlock prompt was dismissed"))));
    const a = io(`${KEY}\n`);
    expect(await keys.run(['set', 'openai'], a.io)).toBe(1);
    expect(a.err()).toMatch(/^Your keyring is locked/);
    const b = io();
    await keys.run(['status'], b.io);
    expect(b.out()).toMatch(/OpenAI: can't check — Your keyring is locked/);
  });

  it('shows the environment as the source when a variable overrides the keychain', async () => {
    const keys = createKeysCommand(services(memoryKeychain(), { ANTHROPIC_API_KEY: KEY }));
    const a = io();
    await keys.run(['status'], a.io);
    expect(a.out()).toContain('Anthropic: saved (from ANTHROPIC_API_KEY in the environment)');
    expect(a.out()).not.toContain(KEY);
  });
});
