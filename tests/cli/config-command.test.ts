import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { captureIo as io, memoryKeychain, testServices, useTempDir } from './cli-fixtures.js';
import { createConfigCommand } from '../../src/cli/config-command.js';

const tempDir = useTempDir('ac-cli-');

/** The config command on this test's folder and an empty keychain: each run's exit code and what it printed. */
function configCommand() {
  const config = createConfigCommand(testServices(tempDir(), memoryKeychain()));
  return async (...argv: string[]) => {
    const c = io();
    const code = await config.run(argv, c.io);
    return { code, out: c.out(), err: c.err() };
  };
}

describe('assistive-control config', () => {
  it('show prints every setting and the file', async () => {
    const config = configCommand();
    const shown = await config('show');
    expect(shown.code).toBe(0);
    expect(shown.out).toContain(`# ${join(tempDir(), 'settings.json')}`);
    expect(shown.out).toContain('provider = grammar\n');
    expect(shown.out).toContain('confirmModerate = on\n');
    expect(JSON.parse((await config('show', '--json')).out).settings.models.ollama).toBe('llama3.2');
  });

  it('set changes one value, and points to the missing key when switching provider', async () => {
    const config = configCommand();
    expect(await config('set', 'provider', 'anthropic')).toMatchObject({
      code: 0,
      out: 'provider = anthropic\nNo Anthropic API key is saved yet: run `assistive-control keys set anthropic`.\n',
    });
    expect((await config('set', 'models.ollama', 'llama3.1:8b')).code).toBe(0);
    expect((await config('show')).out).toContain('models.ollama = llama3.1:8b\n');
  });

  it('set --json prints the key, the value as saved and the advice as one JSON object', async () => {
    const config = configCommand();
    const provider = await config('set', 'provider', 'openai', '--json');
    expect(provider.code).toBe(0);
    expect(JSON.parse(provider.out)).toEqual({ key: 'provider', value: 'openai', advice: expect.stringMatching(/^No .* API key is saved yet/) });
    const confirm = await config('set', 'confirmModerate', 'off', '--json');
    expect(confirm.code).toBe(0);
    expect(JSON.parse(confirm.out)).toEqual({ key: 'confirmModerate', value: false });
  });

  it('set refuses an invalid value with exit code 2 and a sentence', async () => {
    const config = configCommand();
    expect(await config('set', 'provider', 'gemini')).toMatchObject({
      code: 2,
      err: 'Not changed: provider must be one of: grammar, ollama, anthropic, openai.\n',
    });
    expect(await config('set', 'confirmModerate')).toMatchObject({ code: 2, err: expect.stringMatching(/^Give a setting and its value/) });
  });

  it('show tells the user about a corrupt file and carries on with defaults', async () => {
    const config = configCommand();
    await writeFile(join(tempDir(), 'settings.json'), 'not json');
    const shown = await config('show');
    expect(shown.code).toBe(0);
    expect(shown.err).toMatch(/^Your settings file could not be read \(it is not valid JSON\), so the default settings are in use/);
    expect(shown.out).toContain('provider = grammar');
  });
});

describe('assistive-control config get', () => {
  it("prints one setting's value (as JSON with --json); an unknown key is a usage error naming the keys", async () => {
    const config = configCommand();
    expect((await config('set', 'provider', 'ollama')).code).toBe(0);
    expect(await config('get', 'provider')).toMatchObject({ code: 0, out: 'ollama\n' });
    const json = await config('get', 'confirmModerate', '--json');
    expect(json.code).toBe(0);
    expect(typeof JSON.parse(json.out)).toBe('boolean');
    expect(await config('get', 'nope')).toMatchObject({ code: 2, err: expect.stringMatching(/^There is no setting "nope": use one of .*provider/), out: '' });
  });
});
