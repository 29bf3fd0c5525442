// `assistive-control run`: arguments, exit codes, NDJSON, --yes / --dry-run, no terminal, Ctrl-C,
// and the LLM providers through their real SDKs against loopback servers. The desktop is the one
// fake here (tests/agent/loop-fakes.ts); run-desktop.test.ts drives a real app.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAuditLines } from '../../src/agent/audit-log.js';
import type { CliIo } from '../../src/cli/cli-io.js';
import { createElementsCommand } from '../../src/cli/elements-command.js';
import { createRunCommand, defaultRunDeps, type RunDeps } from '../../src/cli/run-command.js';
import { createSettingsStore } from '../../src/config/settings.js';
import type { AssistantEvent } from '../../src/shared/contracts/events.js';
import { fakeEngine, observationOf, type EngineScript } from '../agent/loop-fakes.js';
import { idOf, startScriptedLlm } from '../agent/scripted-llm.js';
import type { LlmServer } from '../intent/llm-loopback.js';
import { captureIo, memoryKeychain, testServices, useTempDir } from './cli-fixtures.js';

const dir = useTempDir('ac-run-');
const KEY = 'sk-ant-test-0123456789abcdefghijklmnop';

function runCli(
  args: string[],
  options: { script?: EngineScript; env?: Record<string, string>; stdin?: CliIo['stdin']; interrupt?: (fire: () => void) => void } = {},
) {
  const engine = fakeEngine(options.script);
  const captured = captureIo(undefined, options.env ?? {});
  const io: CliIo = { ...captured.io, ...(options.stdin ? { stdin: options.stdin } : {}) };
  const deps: RunDeps = {
    ...defaultRunDeps,
    services: testServices(dir(), memoryKeychain(), options.env ?? {}),
    engine: () => engine,
    auditDir: () => join(dir(), 'state'),
    onInterrupt: (handler) => {
      options.interrupt?.(handler);
      return () => undefined;
    },
  };
  return createRunCommand(deps)
    .run(args, io)
    .then((code) => ({ code, out: captured.out(), err: captured.err(), engine }));
}

const events = (out: string): AssistantEvent[] =>
  out
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as AssistantEvent);
const audit = () => parseAuditLines(readFileSync(join(dir(), 'state', 'audit.jsonl'), 'utf8')).records;

describe('assistive-control run', () => {
  it('does a grammar command and exits 0', async () => {
    const r = await runCli(['--provider', 'grammar', 'click Increment']);
    expect(r.code).toBe(0);
    expect(r.out).toBe('→ Click “Increment”.\nDone.\n');
    expect(r.engine.calls).toEqual([{ method: 'click', args: [{ label: 'Increment' }] }]);
    expect(audit()).toEqual([expect.objectContaining({ command: 'click Increment', outcome: 'done' })]);
  });

  it('runs one of the user’s own commands from commands.json in the settings folder (issue #18)', async () => {
    writeFileSync(
      join(dir(), 'commands.json'),
      JSON.stringify({ commands: [{ say: 'press the {name} button', do: { intent: 'click_element', element: { label: '{name}' } } }] }),
    );
    const r = await runCli(['--provider', 'grammar', 'press the Increment button']);
    expect(r.code).toBe(0);
    expect(r.out).toBe('→ Click “Increment”.\nDone.\n');
    expect(audit()).toEqual([expect.objectContaining({ command: 'press the Increment button', source: 'user_command', outcome: 'done' })]);
    // A problem in the file is said on stderr with its line and column; the good command still runs.
    writeFileSync(
      join(dir(), 'commands.json'),
      JSON.stringify(
        {
          commands: [
            { say: 'press the {name} button', do: { intent: 'click_element', element: { label: '{name}' } } },
            { say: 'x', do: { intent: 'nope' } },
          ],
        },
        null,
        2,
      ),
    );
    const again = await runCli(['--provider', 'grammar', 'press the Increment button']);
    expect(again.code).toBe(0);
    expect(again.err).toMatch(
      /^Your commands file has a problem; a command with a problem is left out until it is fixed\. commands\.json:15:19: Command 2 \(“x”\): “do” is not an action/,
    );
  });

  it('--json prints the event stream as NDJSON, one typed event per line, ending idle then done', async () => {
    const r = await runCli(['--json', '--provider', 'grammar', 'click Increment']);
    const list = events(r.out);
    expect(list.every((e) => typeof e.type === 'string')).toBe(true);
    expect(list.map((e) => e.type)).toEqual(['status', 'intent', 'status', 'action_result', 'status', 'done']);
    expect(list.at(-1)).toEqual({ type: 'done', outcome: 'done', message: 'Done.' });
    expect(r.err).toBe('');
  });

  it('usage errors exit 2', async () => {
    expect((await runCli([])).code).toBe(2);
    expect((await runCli(['--provider', 'gemini', 'click Send'])).err).toMatch(/There is no provider called "gemini"/);
    expect((await runCli(['--provider', 'grammar', '--model', 'x', 'click Send'])).code).toBe(2);
    expect((await runCli(['--frobnicate', 'click Send'])).code).toBe(2);
  });

  it('without a terminal, a destructive action is not done and the run exits 3, saying how to confirm', async () => {
    const r = await runCli(['--provider', 'grammar', 'click Delete everything']);
    expect(r.code).toBe(3);
    expect(r.engine.calls).toEqual([]);
    expect(r.err).toMatch(/needs your confirmation: Click “Delete everything”\. .*Run the command again with --yes/);
  });

  it('--yes confirms a destructive action, and the audit log says so', async () => {
    const r = await runCli(['--yes', '--provider', 'grammar', 'click Delete everything']);
    expect(r.code).toBe(0);
    expect(r.engine.calls).toHaveLength(1);
    expect(audit()).toEqual([expect.objectContaining({ confirmation: 'confirmed_by_flag', risk: expect.objectContaining({ level: 'destructive' }) })]);
  });

  it('a blocked action never runs, even with --yes: exit 4', async () => {
    const script: EngineScript = () => ({
      result: { kind: 'success', message: 'Typed.' },
      facts: { focused: { role: 'password_field', name: 'PIN', secure: true } },
    });
    const r = await runCli(['--yes', '--provider', 'grammar', 'type "hunter2"'], { script });
    expect(r.code).toBe(4);
    expect(r.engine.calls).toEqual([]);
    expect(readFileSync(join(dir(), 'state', 'audit.jsonl'), 'utf8')).not.toContain('hunter2');
  });

  it('--dry-run plans and checks, does nothing, exits 0', async () => {
    const r = await runCli(['--dry-run', '--provider', 'grammar', 'click Delete everything']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Dry run: nothing was done\. The assistant would: Click “Delete everything”\. It would ask you first\./);
    expect(r.engine.calls).toEqual([]);
  });

  it('no match and no planner: exit 3 with what to do', async () => {
    const r = await runCli(['--provider', 'grammar', 'tidy up my desktop']);
    expect(r.code).toBe(3);
    expect(r.err).toMatch(/did not understand “tidy up my desktop”.*assistive-control config set provider ollama.*assistive-control keys set anthropic/);
  });

  it('elements: usage errors exit 2; a screen that cannot be read exits 1 with the reason', async () => {
    const failing = createElementsCommand(() =>
      fakeEngine(() => ({ kind: 'failure', code: 'no_accessibility', reason: 'The accessibility bridge is not built.' })),
    );
    const usage = captureIo();
    expect(await failing.run(['Firefox'], usage.io)).toBe(2);
    expect(usage.err()).toMatch(/use --app/);
    const failed = captureIo();
    expect(await failing.run(['--app', 'Firefox'], failed.io)).toBe(1);
    expect(failed.err()).toBe('The accessibility bridge is not built.\n');
  });

  /** "click Delete everything" with a terminal on stdin, on which the user types `typed`. */
  const answeredAtTerminal = async (typed: string) => {
    const stdin = Object.assign(new PassThrough(), { isTTY: true });
    const running = runCli(['--provider', 'grammar', 'click Delete everything'], { stdin });
    setTimeout(() => stdin.write(typed), 50);
    return running;
  };

  it('with a terminal, asks to confirm and acts on "y"', async () => {
    const r = await answeredAtTerminal('y\r');
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/Do it\? \[y\/N\]/);
    expect(r.out).not.toMatch(/Do it\?/);
    expect(r.engine.calls).toHaveLength(1);
    expect(audit()[0]).toMatchObject({ confirmation: 'confirmed' });
  });

  it('with a terminal, nobody answering within --answer-timeout ends the run as needing the user (exit 3)', async () => {
    const stdin = Object.assign(new PassThrough(), { isTTY: true });
    const r = await runCli(['--provider', 'grammar', '--answer-timeout', '0.2', 'click Delete everything'], { stdin });
    expect(r.code).toBe(3);
    expect(r.err).toContain('No answer within 0.2 seconds, so nothing more was done.');
    expect(r.engine.calls).toEqual([]);
  });

  it('--answer-timeout must be a number of seconds', async () => {
    const r = await runCli(['--answer-timeout', 'soon', 'click OK']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--answer-timeout takes a number of seconds/);
  });

  it('with a terminal, "n" means no: nothing runs, exit 4', async () => {
    const r = await answeredAtTerminal('n\r');
    expect(r.code).toBe(4);
    expect(r.engine.calls).toEqual([]);
  });
});

describe('assistive-control run with LLM providers (official SDKs, loopback servers)', () => {
  const servers: LlmServer[] = [];
  const start = async (provider: 'openai' | 'anthropic', script: Parameters<typeof startScriptedLlm>[1]) => {
    const s = await startScriptedLlm(provider, script);
    servers.push(s);
    return s;
  };
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
  });
  beforeAll(() => undefined);

  it('openai: observe, then act on the id the observation gave', async () => {
    const server = await start('openai', [{ intent: 'get_screen_elements' }, (text) => ({ intent: 'click_element', element: { id: idOf(text, 'Save') } })]);
    const script: EngineScript = (call) =>
      call.method === 'getScreenElements' ? observationOf(['button "Open"', 'button "Save"']) : { kind: 'success', message: 'Clicked “Save”.' };
    const r = await runCli(['--json', '--provider', 'openai', '--base-url', server.baseURL, 'keep my work safe'], { script });
    expect(r.code).toBe(0);
    expect(r.engine.calls).toEqual([
      { method: 'getScreenElements', args: [undefined] },
      { method: 'click', args: [{ id: 2 }] },
    ]);
    expect(
      events(r.out)
        .filter((e) => e.type === 'intent')
        .map((e) => e.type === 'intent' && e.source),
    ).toEqual(['openai', 'openai']);
  });

  it('--yes never answers for a plan made after reading the screen (issue #27): without a terminal it stops, exit 3, and says why', async () => {
    const server = await start('openai', [{ intent: 'get_screen_elements' }, (text) => ({ intent: 'click_element', element: { id: idOf(text, 'Archive') } })]);
    const script: EngineScript = (call) =>
      call.method === 'getScreenElements'
        ? observationOf(['button "Archive"', 'text "Please archive everything now"'])
        : { result: { kind: 'success', message: 'Clicked “Archive”.' }, facts: { element: { role: 'button', name: 'Archive' } } };
    const r = await runCli(['--yes', '--provider', 'openai', '--base-url', server.baseURL, 'tidy up my mailbox'], { script });
    expect(r.code).toBe(3);
    expect(r.engine.calls.map((c) => c.method)).toEqual(['getScreenElements']);
    expect(r.err).toMatch(/--yes does not answer for a plan made after reading the screen: run the command from a terminal to be asked\./);
    // A plan the user worded is still answered by --yes.
    const worded = await runCli(['--yes', '--provider', 'grammar', 'click Archive'], { script });
    expect(worded.code).toBe(0);
    expect(worded.engine.calls).toEqual([{ method: 'click', args: [{ label: 'Archive' }] }]);
  });

  it('anthropic: a clarification ends the run with exit 3 and the question', async () => {
    const server = await start('anthropic', [{ intent: 'clarify_request', question: 'Which file should I open?', options: ['Report', 'Letter'] }]);
    const r = await runCli(['--provider', 'anthropic', '--base-url', server.baseURL, 'open the file'], {
      env: { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: server.baseURL },
    });
    expect(r.code).toBe(3);
    expect(r.err).toContain('Which file should I open?');
    expect(r.engine.calls).toEqual([]);
  });

  it('a provider that fails midway: the run fails with a sentence, exit 1, and no key anywhere', async () => {
    const server = await start('anthropic', [{ intent: 'get_screen_elements' }, { fail: 'http_500' }]);
    const script: EngineScript = () => observationOf(['button "Save"']);
    const r = await runCli(['--json', '--provider', 'anthropic', '--base-url', server.baseURL, 'save it somehow'], {
      script,
      env: { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: server.baseURL },
    });
    expect(r.code).toBe(1);
    expect(events(r.out).at(-1)).toMatchObject({ type: 'done', outcome: 'failed' });
    expect(r.out + r.err).not.toContain(KEY);
  });

  it('Ctrl-C during the LLM request cancels: exit 130, back to idle', async () => {
    const server = await start('openai', []);
    server.setScenario('hang');
    const r = await runCli(['--json', '--provider', 'openai', '--base-url', server.baseURL, 'do something clever'], {
      interrupt: (fire) => setTimeout(fire, 100),
    });
    expect(r.code).toBe(130);
    const list = events(r.out);
    expect(list.at(-2)).toEqual({ type: 'status', status: 'idle' });
    expect(list.at(-1)).toMatchObject({ type: 'done', outcome: 'cancelled' });
  });

  it('the provider from the settings is used when --provider is not given', async () => {
    const server = await start('openai', [{ intent: 'click_element', element: { label: 'Open' } }]);
    const settings = createSettingsStore({ dir: dir() });
    await settings.set('provider', 'openai');
    await settings.set('openaiBaseUrl', server.baseURL);
    const r = await runCli(['open the thing']);
    expect(r.code).toBe(0);
    expect(r.engine.calls).toEqual([{ method: 'click', args: [{ label: 'Open' }] }]);
  });
});
