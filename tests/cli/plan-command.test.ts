import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
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
  // Text output: the exit code, what each stream contains ('empty': nothing at all).
  it.each<{ name: string; argv: string[]; code: number; out: string[] | 'empty'; err: string[] | 'empty' }>([
    {
      name: 'prints the intent, its summary and its risk, and exits 0',
      argv: ['click the Send button'],
      code: 0,
      out: ['Click “Send” (button).', 'risk: destructive (asks you first)', '"intent":"click_element"'],
      err: 'empty',
    },
    { name: 'joins unquoted words into one command', argv: ['open', 'Firefox'], code: 0, out: ['Open “Firefox”.'], err: [] },
    {
      name: 'exits 3 with a hint when nothing matches',
      argv: ['please do my taxes'],
      code: 3,
      out: 'empty',
      err: ['No command recognised in “please do my taxes”.', 'open Firefox', 'To plan it with an AI planner, add --provider ollama'],
    },
  ])('$name', async ({ argv, code, out, err }) => {
    const r = await run('plan', ...argv);
    expect(r.code).toBe(code);
    for (const [stream, expected] of [
      [r.out, out],
      [r.err, err],
    ] as const) {
      if (expected === 'empty') expect(stream).toBe('');
      else for (const line of expected) expect(stream).toContain(line);
    }
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

describe('assistive-control plan: the user’s own commands first, as in the assistant', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-plan-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(
    join(dir, 'commands.json'),
    JSON.stringify({
      commands: [
        { say: 'reply to {name}', app: 'Thunderbird', do: { intent: 'click_element', element: { label: 'Reply to {name}' } } },
        { say: 'open mail', do: { intent: 'open_application', app: 'Thunderbird' } },
        { say: 'wipe it', do: { intent: 'press_key', key: 'delete', modifiers: ['cmd', 'shift'] } },
      ],
    }),
  );
  const planIn = async (...argv: string[]) => {
    const io = { ...capture(), env: { ...process.env, ASSISTIVE_CONTROL_CONFIG_DIR: dir } };
    const code = await main(['plan', ...argv], io);
    return { code, out: io.out(), err: io.err() };
  };

  it('plans a phrase of the user’s from its body, not with the grammar', async () => {
    const r = await planIn('--json', 'open mail');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({
      ok: true,
      source: 'user_command',
      userCommand: { say: 'open mail' },
      intent: { intent: 'open_application', app: 'Thunderbird' },
    });
    // Without the file the grammar reads "open mail" as opening an app named "mail".
    const grammar = await run('plan', '--json', 'open mail');
    expect(JSON.parse(grammar.out)).toMatchObject({ source: 'grammar', intent: { app: 'mail' } });
  });

  it('fills slots and says which app the command is kept to', async () => {
    const r = await planIn('Reply to Anna');
    expect(r.code).toBe(0);
    expect(r.out).toContain('your command “reply to {name}” (only while Thunderbird is in front)');
    expect(r.out).toContain('"label":"Reply to Anna"');
  });

  it('a destructive body is destructive in the plan too', async () => {
    const r = await planIn('--json', 'wipe it');
    expect(JSON.parse(r.out)).toMatchObject({ ok: true, source: 'user_command', risk: { gate: 'confirm' } });
  });

  it('a slot value that holds a second command is refused with a sentence, and "forget" is the assistant’s own command', async () => {
    const bad = await planIn('reply to Anna then press delete');
    expect(bad.code).toBe(3);
    expect(bad.err).toMatch(/^Your command “reply to \{name\}” was not run\. .*holds another command/);
    const forget = await planIn('forget open mail');
    expect(forget.code).toBe(3);
    expect(forget.err).toContain(
      '“forget open mail” is one of the assistant’s own commands: it forgets your command “open mail” (it asks first). Nothing is planned.',
    );
  });
});
