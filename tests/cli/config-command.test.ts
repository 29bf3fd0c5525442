import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { captureIo as io, memoryKeychain, testServices, useTempDir } from './cli-fixtures.js';
import { createConfigCommand } from '../../src/cli/config-command.js';

const tempDir = useTempDir('ac-cli-');
const services = (backend: Parameters<typeof testServices>[1], env?: Record<string, string>) => testServices(tempDir(), backend, env);

describe('assistive-control config', () => {
  it('show prints every setting and the file', async () => {
    const config = createConfigCommand(services(memoryKeychain()));
    const a = io();
    expect(await config.run(['show'], a.io)).toBe(0);
    expect(a.out()).toContain(`# ${join(tempDir(), 'settings.json')}`);
    expect(a.out()).toContain('provider = grammar\n');
    expect(a.out()).toContain('confirmModerate = on\n');
    const b = io();
    await config.run(['show', '--json'], b.io);
    expect(JSON.parse(b.out()).settings.models.ollama).toBe('llama3.2');
  });

  it('set changes one value, and points to the missing key when switching provider', async () => {
    const config = createConfigCommand(services(memoryKeychain()));
    const a = io();
    expect(await config.run(['set', 'provider', 'anthropic'], a.io)).toBe(0);
    expect(a.out()).toBe('provider = anthropic\nNo Anthropic API key is saved yet: run `assistive-control keys set anthropic`.\n');
    const b = io();
    expect(await config.run(['set', 'models.ollama', 'llama3.1:8b'], b.io)).toBe(0);
    const c = io();
    await config.run(['show'], c.io);
    expect(c.out()).toContain('models.ollama = llama3.1:8b\n');
  });

  it('set --json prints the key, the value as saved and the advice as one JSON object', async () => {
    const config = createConfigCommand(services(memoryKeychain()));
    const a = io();
    expect(await config.run(['set', 'provider', 'openai', '--json'], a.io)).toBe(0);
    expect(JSON.parse(a.out())).toEqual({ key: 'provider', value: 'openai', advice: expect.stringMatching(/^No .* API key is saved yet/) });
    const b = io();
    expect(await config.run(['set', 'confirmModerate', 'off', '--json'], b.io)).toBe(0);
    expect(JSON.parse(b.out())).toEqual({ key: 'confirmModerate', value: false });
  });

  it('set refuses an invalid value with exit code 2 and a sentence', async () => {
    const config = createConfigCommand(services(memoryKeychain()));
    const a = io();
    expect(await config.run(['set', 'provider', 'gemini'], a.io)).toBe(2);
    expect(a.err()).toBe('Not changed: provider must be one of: grammar, ollama, anthropic, openai.\n');
    const b = io();
    expect(await config.run(['set', 'confirmModerate'], b.io)).toBe(2);
    expect(b.err()).toMatch(/^Give a setting and its value/);
  });

  it('show tells the user about a corrupt file and carries on with defaults', async () => {
    const config = createConfigCommand(services(memoryKeychain()));
    await writeFile(join(tempDir(), 'settings.json'), 'not json');
    const a = io();
    expect(await config.run(['show'], a.io)).toBe(0);
    expect(a.err()).toMatch(/^Your settings file could not be read \(it is not valid JSON\), so the default settings are in use/);
    expect(a.out()).toContain('provider = grammar');
  });
});

describe('assistive-control config get', () => {
  it("prints one setting's value (as JSON with --json); an unknown key is a usage error naming the keys", async () => {
    const config = createConfigCommand(services(memoryKeychain()));
    expect(await config.run(['set', 'provider', 'ollama'], io().io)).toBe(0);
    const get = io();
    expect(await config.run(['get', 'provider'], get.io)).toBe(0);
    expect(get.out()).toBe('ollama\n');
    const json = io();
    expect(await config.run(['get', 'confirmModerate', '--json'], json.io)).toBe(0);
    expect(typeof JSON.parse(json.out())).toBe('boolean');
    const bad = io();
    expect(await config.run(['get', 'nope'], bad.io)).toBe(2);
    expect(bad.err()).toMatch(/^There is no setting "nope": use one of .*provider/);
    expect(bad.out()).toBe('');
  });
});
