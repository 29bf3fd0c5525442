// Shell completion: the bash script run by bash itself (the words a user gets for what they typed);
// zsh and fish are not installed here, so their scripts are checked for the same words only.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { captureIo, useTempDir } from './cli-fixtures.js';

const tempDir = useTempDir('ac-completion-');

async function script(shell: string): Promise<string> {
  const io = captureIo();
  expect(await main(['completion', shell], io.io)).toBe(0);
  return io.out();
}

describe('assistive-control completion', () => {
  it('bash completes commands, actions, setting and model names, providers and options', async () => {
    const file = join(tempDir(), 'assistive-control.bash');
    writeFileSync(file, await script('bash'));
    const complete = (...typed: string[]) =>
      execFileSync(
        'bash',
        [
          '-c',
          `source "$1"; shift; COMP_WORDS=(assistive-control "$@"); COMP_CWORD=$#; _assistive_control; printf '%s\\n' "\${COMPREPLY[@]}"`,
          'bash',
          file,
          ...typed,
        ],
        {
          encoding: 'utf8',
        },
      )
        .split('\n')
        .filter(Boolean);
    expect(complete('co')).toEqual(['completion', 'commands', 'config']);
    expect(complete('')).toEqual(expect.arrayContaining(['run', 'session', 'plan', 'elements', 'doctor', 'models', 'keys', 'config', 'help', '--version']));
    expect(complete('keys', '')).toEqual(['set', 'status', 'delete']);
    expect(complete('keys', 'set', '')).toEqual(['anthropic', 'openai']);
    expect(complete('config', 'get', 'prov')).toEqual(['provider']);
    expect(complete('models', 'download', 'base')).toEqual(['base.en', 'base']);
    expect(complete('run', '--provider', 'o')).toEqual(['ollama', 'openai']);
    expect(complete('run', '--dr')).toEqual(['--dry-run']);
    expect(complete('help', 'mo')).toEqual(['models']);
  });

  it('zsh and fish name the same commands and actions; an unknown shell is a usage error', async () => {
    for (const shell of ['zsh', 'fish']) {
      const text = await script(shell);
      for (const word of ['session', 'models', 'download', 'status', 'provider', 'base.en']) expect(text, `${shell}: ${word}`).toContain(word);
    }
    const io = captureIo();
    expect(await main(['completion', 'tcsh'], io.io)).toBe(2);
    expect(io.err()).toMatch(/^Name your shell: bash, zsh or fish\./);
  });
});

describe('--json where a command has no JSON to give', () => {
  it('completion and session refuse it with a usage error and a sentence, and print nothing on stdout', async () => {
    const a = captureIo();
    expect(await main(['completion', 'bash', '--json'], a.io)).toBe(2);
    expect(a.out()).toBe('');
    expect(a.err()).toMatch(/^completion prints a script for your shell; it has no --json output\./);
    const b = captureIo();
    expect(await main(['session', '--json'], b.io)).toBe(2);
    expect(b.out()).toBe('');
    expect(b.err()).toMatch(/^A session is a conversation in plain lines; it has no --json output\. For JSON, use: assistive-control run --json/);
  });
});
