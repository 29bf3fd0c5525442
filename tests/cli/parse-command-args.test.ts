// The argument parsing every subcommand shares: strict options, --help, and a usage error that
// names the problem (or, in quiet mode, hides the text typed) and shows the usage.
import { describe, expect, it } from 'vitest';
import { parseCommandArgs, PROVIDER_OPTIONS, providerOptionsProblem } from '../../src/cli/parse-command-args.js';
import { EXIT } from '../../src/cli/exit-codes.js';

const USAGE = 'Usage: assistive-control thing [--json] <what>';

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    io: { stdout: { write: (s: string) => out.push(s) }, stderr: { write: (s: string) => err.push(s) } },
    out: () => out.join(''),
    err: () => err.join(''),
  };
}

describe('parseCommandArgs', () => {
  it('returns the values and positionals, with --json and --help off by default', () => {
    const c = io();
    const parsed = parseCommandArgs(['open', 'Mail', '--provider', 'ollama'], c.io, USAGE, PROVIDER_OPTIONS);
    expect(parsed).toMatchObject({ values: { json: false, help: false, provider: 'ollama' }, positionals: ['open', 'Mail'] });
    expect(c.out() + c.err()).toBe('');
  });

  it('reads --json anywhere', () => {
    expect(parseCommandArgs(['x', '--json'], io().io, USAGE, {})).toMatchObject({ values: { json: true } });
  });

  it('prints the usage on stdout for --help or -h, and exits 0', () => {
    for (const flag of ['--help', '-h']) {
      const c = io();
      expect(parseCommandArgs(['x', flag], c.io, USAGE, {})).toEqual({ exit: EXIT.ok });
      expect(c.out()).toBe(`${USAGE}\n`);
      expect(c.err()).toBe('');
    }
  });

  it('refuses an unknown option with exit 2, naming it, then the usage', () => {
    const c = io();
    expect(parseCommandArgs(['--frobnicate'], c.io, USAGE, {})).toEqual({ exit: EXIT.usage });
    expect(c.err()).toMatch(/--frobnicate/);
    expect(c.err().endsWith(`\n\n${USAGE}\n`)).toBe(true);
    expect(c.out()).toBe('');
  });

  it('refuses an option that needs a value and got none', () => {
    const c = io();
    expect(parseCommandArgs(['--model'], c.io, USAGE, PROVIDER_OPTIONS)).toEqual({ exit: EXIT.usage });
    expect(c.err()).toMatch(/--model/);
  });

  it('in quiet mode, never repeats what was typed (it may be a secret in the wrong place), and still reads as a sentence', () => {
    // Node's message quotes the option twice, the second time in an unclosed quote.
    for (const args of [['--sk-proj-secret123'], ['--key=sk-secret123'], ['-sk-secret123'], ['--base-url']]) {
      const c = io();
      expect(parseCommandArgs(args, c.io, USAGE, { 'base-url': { type: 'string' } }, { quiet: true })).toEqual({ exit: EXIT.usage });
      expect(c.err(), args[0]).not.toMatch(/secret|sk-|--key|base-url|-s\b/);
      expect(c.err()).toBe(`An option is unknown or has no value (it is not repeated here, in case it is a key): see the usage below.\n\n${USAGE}\n`);
    }
  });
});

describe('providerOptionsProblem', () => {
  it('accepts no options, grammar, and each LLM provider with or without a model and address', () => {
    for (const omitted of ['grammar', 'settings'] as const) {
      expect(providerOptionsProblem({}, omitted)).toBeUndefined();
      expect(providerOptionsProblem({ provider: 'grammar' }, omitted)).toBeUndefined();
      for (const provider of ['ollama', 'anthropic', 'openai']) {
        expect(providerOptionsProblem({ provider, model: 'm', 'base-url': 'http://127.0.0.1:1' }, omitted)).toBeUndefined();
      }
    }
  });

  it('names an unknown provider (cut to 40 characters) and lists the real ones', () => {
    expect(providerOptionsProblem({ provider: 'gemini' }, 'settings')).toBe('There is no provider called "gemini": use grammar, ollama, anthropic, openai.');
    expect(providerOptionsProblem({ provider: 'x'.repeat(100) }, 'grammar')).toBe(
      `There is no provider called "${'x'.repeat(40)}": use grammar, ollama, anthropic, openai.`,
    );
    expect(providerOptionsProblem({ provider: 'Ollama' }, 'grammar')).toMatch(/^There is no provider called "Ollama"/);
  });

  it('refuses --model or --base-url with the grammar, said or meant by omission', () => {
    const sentence = '--model and --base-url go with an LLM provider: add --provider ollama, anthropic or openai.';
    expect(providerOptionsProblem({ provider: 'grammar', model: 'm' }, 'settings')).toBe(sentence);
    expect(providerOptionsProblem({ 'base-url': 'http://x' }, 'grammar')).toBe(sentence);
    // Without --provider, `run` uses the provider in the settings: a model is fine there.
    expect(providerOptionsProblem({ model: 'm' }, 'settings')).toBeUndefined();
  });
});
