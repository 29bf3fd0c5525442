// The user's own commands through the real loop, from a real commands.json in a temporary settings
// folder (the store of src/compose), with the fake engine at the desktop seam: what the user notices
// (events, outcome), what was done on the desktop (the engine's calls), and what is in the file.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConfirmAnswer } from '../../src/agent/assistant-loop.js';
import { UserCommandsFile } from '../../src/compose/user-commands.js';
import type { EngineApi } from '../../src/registry/dispatch.js';
import { fakeEngine, setupLoop, type EngineScript } from './loop-fakes.js';

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ac-own-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const writeCommands = (value: unknown) => writeFile(join(dir, 'commands.json'), typeof value === 'string' ? value : JSON.stringify(value, null, 2));
const readCommands = async () => JSON.parse(await readFile(join(dir, 'commands.json'), 'utf8')) as { commands: Array<{ say: string; do: unknown }> };

/** The real loop with the user's commands from `dir`, the app in front named `front`. */
function ownLoop(options: { front?: string; script?: EngineScript; answers?: ConfirmAnswer[] } = {}) {
  const engine = fakeEngine(options.script);
  const front = options.front ?? 'Fixture';
  const withFront: EngineApi = {
    ...engine,
    getFrontmostApp: async () => ({ kind: 'observation', text: `The frontmost app is “${front}”.`, app: { name: front, pid: 2 } }),
  };
  const userCommands = new UserCommandsFile({ dir });
  const setup = setupLoop({ ...(options.answers ? { answers: options.answers } : {}), deps: { engine: withFront, userCommands } });
  return { ...setup, engine, userCommands };
}

const REPLY = {
  commands: [
    { say: 'reply to {name}', app: 'Thunderbird', do: { intent: 'type_text', text: 'Dear {name},' } },
    { say: 'reply to {name}', do: { intent: 'click_element', element: { label: 'Reply to {name}' } } },
    { say: 'open mail', do: { intent: 'open_application', app: 'Thunderbird' } },
    { say: 'only in gedit', app: 'Gedit', do: { intent: 'press_key', key: 's', modifiers: ['ctrl'] } },
  ],
};

describe('the user’s own commands in the loop', () => {
  it('runs a command from the file, its slot filled, planned as user_command', async () => {
    await writeCommands(REPLY);
    const { loop, engine, log } = ownLoop({ front: 'Thunderbird' });
    expect(await loop.run('Reply to Anna Smith.')).toEqual({ outcome: 'done', message: 'Done.' });
    expect(engine.calls).toEqual([{ method: 'typeText', args: ['Dear Anna Smith,', undefined] }]);
    expect(log.events).toContainEqual(
      expect.objectContaining({ type: 'intent', source: 'user_command', intent: { intent: 'type_text', text: 'Dear Anna Smith,' } }),
    );
  });

  it('app scope: the scoped command only while its app is in front, else the unscoped one, else the grammar', async () => {
    await writeCommands(REPLY);
    const { loop, engine, log } = ownLoop({ front: 'Gedit' });
    await loop.run('reply to Anna');
    expect(engine.calls).toEqual([{ method: 'click', args: [{ label: 'Reply to Anna' }] }]);
    const other = ownLoop({ front: 'Firefox' });
    const result = await other.loop.run('only in gedit');
    // Not theirs here: the grammar has no match and no planner is set up.
    expect(result.outcome).toBe('needs_user');
    expect(other.engine.calls).toEqual([]);
    expect(log.events.filter((e) => e.type === 'intent')).toHaveLength(1);
  });

  it('overrides the grammar: "open mail" is the user’s, not an app called mail', async () => {
    await writeCommands(REPLY);
    const { loop, engine } = ownLoop();
    await loop.run('open mail');
    expect(engine.calls).toEqual([{ method: 'openApplication', args: ['Thunderbird'] }]);
  });

  it('a destructive body still asks, and nothing is done on a no', async () => {
    await writeCommands({
      commands: [
        { say: 'tidy up', do: { intent: 'click_element', element: { label: 'Delete' } } },
        {
          say: 'clean {folder}',
          do: {
            intent: 'sequence',
            steps: [
              { intent: 'open_application', app: 'Files' },
              { intent: 'click_element', element: { label: 'Delete {folder}' } },
            ],
          },
        },
      ],
    });
    const { loop, engine, asked } = ownLoop({ answers: ['declined', 'declined'] });
    expect((await loop.run('tidy up')).outcome).toBe('refused');
    expect((await loop.run('clean Documents')).outcome).toBe('refused');
    expect(asked.map((a) => a.risk.level)).toEqual(['destructive', 'destructive']);
    expect(asked[1]?.summary).toMatch(/Delete Documents/);
    expect(engine.calls).toEqual([]);
  });

  it('a body that types a line into a terminal asks at the live gate, whatever the slot', async () => {
    await writeCommands({ commands: [{ say: 'clear {what}', do: { intent: 'type_text', text: 'rm -rf {what}\n' } }] });
    const terminal = { element: { role: 'terminal', name: 'Terminal', terminal: true } } as const;
    const script: EngineScript = (call) =>
      call.method === 'typeText' ? { result: { kind: 'success', message: 'Typed.' }, facts: terminal } : { kind: 'success', message: 'Done.' };
    // Typing asks (moderate) from the plan; the live target, a terminal, asks again as destructive.
    const { loop, engine, asked } = ownLoop({ script, answers: ['confirmed', 'declined'] });
    expect((await loop.run('clear my files')).outcome).toBe('refused');
    expect(asked.map((a) => a.risk.level)).toEqual(['moderate', 'destructive']);
    expect(asked[1]?.risk.reason).toMatch(/typing it into the terminal runs it as a command/);
    expect(engine.calls).toEqual([]);
  });

  it('refuses slot values that hold a second command, a tab, or more than the schema allows; nothing runs', async () => {
    await writeCommands(REPLY);
    const { loop, engine, log } = ownLoop({ front: 'Thunderbird' });
    const chained = await loop.run('reply to Anna then delete everything');
    expect(chained).toEqual({ outcome: 'refused', message: expect.stringMatching(/^Your command “reply to \{name\}” was not run\. .*holds another command/) });
    // Control characters never get as far as a command of the user's.
    expect(await loop.run('reply to Anna\u0007')).toMatchObject({ outcome: 'refused', message: expect.stringMatching(/control characters/) });
    // A slot inside a label: the validator refuses what the schema refuses, with a sentence.
    const other = ownLoop({ front: 'Gedit' });
    await writeCommands({ commands: [{ say: 'press {name}', do: { intent: 'click_element', element: { label: '{name} {name} {name}' } } }] });
    const long = await other.loop.run(`press ${'x'.repeat(150)}`);
    expect(long).toEqual({ outcome: 'refused', message: expect.stringMatching(/^Your command “press \{name\}” was not run: .*longer than 200 characters/) });
    expect(engine.calls).toEqual([]);
    expect(other.engine.calls).toEqual([]);
    expect(log.events).toContainEqual(expect.objectContaining({ type: 'error', code: 'slot_value' }));
  });

  it('"save that as" saves the last action that succeeded, and the name then does it', async () => {
    await writeCommands('{\n  "vocabulary": ["Increment"]\n}\n');
    const { loop, engine, log } = ownLoop();
    expect((await loop.run('save that as bump')).message).toMatch(/^There is nothing to save yet/);
    await loop.run('click Increment');
    const saved = await loop.run('save that as bump it');
    expect(saved).toEqual({ outcome: 'done', message: 'Saved. Say “bump it” to: Click “Increment”.' });
    expect(await readFile(join(dir, 'commands.json'), 'utf8')).toMatch(/^\{\n {2}"commands": \[\n {4}\{\n {6}"say": "bump it",/);
    expect((await readCommands()).commands).toEqual([{ say: 'bump it', do: { intent: 'click_element', element: { label: 'Increment' } } }]);
    engine.calls.length = 0;
    expect((await loop.run('Bump it!')).outcome).toBe('done');
    expect(engine.calls).toEqual([{ method: 'click', args: [{ label: 'Increment' }] }]);
    expect(log.events.filter((e) => e.type === 'intent').at(-1)).toMatchObject({ source: 'user_command' });
    // A built-in phrase cannot be a name.
    expect((await loop.run('save that as stop')).message).toMatch(/one of the assistant’s own phrases/);
  });

  it('"save that as" refuses an action that named a numbered element', async () => {
    const script: EngineScript = (call) =>
      call.method === 'getScreenElements'
        ? {
            kind: 'observation',
            text: '1 button "OK"',
            observation: { generation: 1, app: 'Fixture', text: '1 button "OK"', elementIds: new Map([[1, 100]]), listed: 1, omitted: 0, tokenEstimate: 4 },
          }
        : { kind: 'success', message: 'Done.' };
    const { loop } = ownLoop({ script });
    await loop.run('what is on the screen');
    await loop.run('click 1');
    expect((await loop.run('save that as hit the button')).message).toMatch(/^The last action named element 1 of a numbered list/);
  });

  it('"forget" asks first; a no keeps the command, a yes removes it', async () => {
    await writeCommands(REPLY);
    const { loop, asked, engine, log } = ownLoop({ answers: ['declined', 'confirmed'] });
    expect(await loop.run('forget open mail')).toEqual({ outcome: 'refused', message: 'Not done: your command “open mail” is kept.' });
    expect(log.types()).toEqual(['status', 'status', 'confirmation_request', 'action_result', 'status', 'done']);
    expect(log.events.filter((e) => e.type === 'status').map((e) => e.type === 'status' && e.status)).toEqual(['thinking', 'waiting_for_user', 'idle']);
    expect((await readCommands()).commands.map((c) => c.say)).toContain('open mail');
    expect(await loop.run('forget open mail')).toEqual({ outcome: 'done', message: 'Forgot your command “open mail”.' });
    expect(asked.map((a) => [a.summary, a.risk.level])).toEqual([
      ['Forget your command “open mail”.', 'moderate'],
      ['Forget your command “open mail”.', 'moderate'],
    ]);
    expect((await readCommands()).commands.map((c) => c.say)).toEqual(['reply to {name}', 'reply to {name}', 'only in gedit']);
    expect((await loop.run('forget open mail')).message).toMatch(/^You have no command “open mail”/);
    // "open mail" is the grammar's again.
    await loop.run('open mail');
    expect(engine.calls).toEqual([{ method: 'openApplication', args: ['mail'] }]);
  });
});
