import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { CliIo } from '../../src/cli/cli-io.js';

const BIN = resolve(import.meta.dirname, '../../bin/assistive-control.mjs');

function capture(): CliIo & { out: () => string; err: () => string } {
  let out = '';
  let err = '';
  return {
    stdout: { write: (s: string) => (out += s) },
    stderr: { write: (s: string) => (err += s) },
    out: () => out,
    err: () => err,
  };
}

async function run(...argv: string[]) {
  const io = capture();
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

describe('assistive-control plan (in process)', () => {
  it('prints the intent, its summary and its risk, and exits 0', async () => {
    const r = await run('plan', 'click the Send button');
    expect(r.code).toBe(0);
    expect(r.out).toContain('Click “Send” (button).');
    expect(r.out).toContain('risk: destructive (asks you first)');
    expect(r.out).toContain('"intent":"click_element"');
    expect(r.err).toBe('');
  });

  it('joins unquoted words into one command', async () => {
    const r = await run('plan', 'open', 'Firefox');
    expect(r.code).toBe(0);
    expect(r.out).toContain('Open “Firefox”.');
  });

  it('prints one JSON object with --json', async () => {
    const r = await run('plan', '--json', 'press cmd+q');
    expect(r.code).toBe(0);
    const obj = JSON.parse(r.out);
    expect(obj).toMatchObject({
      ok: true,
      source: 'grammar',
      intent: { intent: 'press_key', key: 'q', modifiers: ['cmd'] },
      risk: { level: 'destructive', gate: 'confirm' },
    });
    expect(r.out.trim().split('\n')).toHaveLength(1);
  });

  it('exits 3 with a hint when nothing matches', async () => {
    const r = await run('plan', 'please do my taxes');
    expect(r.code).toBe(3);
    expect(r.err).toContain('No command recognised in “please do my taxes”.');
    expect(r.err).toContain('open Firefox');
    expect(r.err).toContain('To plan it with an AI planner, add --provider ollama');
    expect(r.out).toBe('');
  });

  it('reports a no-match as JSON with --json', async () => {
    const r = await run('plan', '--json', 'do my taxes');
    expect(r.code).toBe(3);
    expect(JSON.parse(r.out)).toMatchObject({ ok: false, code: 'no_match' });
  });

  it.each([
    ['empty', '', 'empty'],
    ['white space', '   ', 'empty'],
    ['100 kB', 'click '.repeat(20_000), 'too_long'],
    ['control characters', 'click \u001b[2JSend', 'control_characters'],
  ])('rejects a %s command with exit 3 and a sentence', async (_name, command, code) => {
    const r = await run('plan', '--json', command);
    expect(r.code).toBe(3);
    const obj = JSON.parse(r.out);
    expect(obj.code).toBe(code);
    expect(obj.message).toMatch(/\.$/);
  });

  it.each([
    [['plan'], 'Say what to plan'],
    [['plan', '--bogus', 'x'], "Unknown option '--bogus'"],
    [[], 'Usage: assistive-control <command>'],
    [['frobnicate'], 'Unknown command "frobnicate"'],
  ])('exits 2 on a usage error: %j', async (argv, message) => {
    const r = await run(...argv);
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
  });

  it('prints help with exit 0', async () => {
    expect((await run('--help')).code).toBe(0);
    const r = await run('plan', '--help');
    expect(r.code).toBe(0);
    expect(r.out).toContain('Exit codes');
  });
});

describe('assistive-control plan (the installed bin, as a user runs it)', () => {
  it('runs from a checkout and sets the exit code', () => {
    const ok = spawnSync(process.execPath, [BIN, 'plan', '--json', 'scroll down 3'], { encoding: 'utf8' });
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout).intent).toEqual({ intent: 'scroll', direction: 'down', amount: 3 });

    const none = spawnSync(process.execPath, [BIN, 'plan', 'make me a sandwich'], { encoding: 'utf8' });
    expect(none.status).toBe(3);
    expect(none.stderr).toContain('No command recognised');

    const usage = spawnSync(process.execPath, [BIN, 'plan'], { encoding: 'utf8' });
    expect(usage.status).toBe(2);
  });
});
