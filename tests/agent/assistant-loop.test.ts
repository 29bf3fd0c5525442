// The assistant loop, path by path: planning, observing and acting on what was observed, re-planning
// after a failure within its bounds, a clarification's answer, a dry run, "do that again" and the
// session memory. Every test checks what the user would notice (the events, the outcome) and what was
// done on the desktop (the fake engine's calls), and that the run came back to idle with exactly one
// `done` event. Its confirmations are assistant-loop-confirmation.test.ts; its stops and failures
// assistant-loop-stops.test.ts.
import { describe, expect, it } from 'vitest';
import { SessionMemory } from '../../src/agent/session-memory.js';
import { expectBackToIdle, observationOf, setupLoop as setup, type EngineScript } from './loop-fakes.js';

describe('the assistant loop', () => {
  it('runs a grammar command: plan, risk, execute, result, idle', async () => {
    const { loop, engine, log, audit } = setup();
    const result = await loop.run('click Increment');
    expect(result).toEqual({ outcome: 'done', message: 'Done.' });
    expect(engine.calls).toEqual([{ method: 'click', args: [{ label: 'Increment' }] }]);
    expect(log.types()).toEqual(['status', 'intent', 'status', 'action_result', 'status', 'done']);
    expect(log.events[1]).toMatchObject({ type: 'intent', source: 'grammar', summary: expect.stringContaining('Increment'), risk: { level: 'harmless' } });
    expect(log.events[2]).toEqual({ type: 'status', status: 'executing' });
    expectBackToIdle(log.events);
    expect(audit.records).toEqual([
      expect.objectContaining({ time: '2026-01-02T03:04:05.000Z', command: 'click Increment', source: 'grammar', confirmation: 'not_needed', outcome: 'done' }),
    ]);
  });

  it('says what the user can do when the grammar has no match and no planner is set up', async () => {
    const { loop, engine, log } = setup({
      deps: { planner: async () => ({ kind: 'none', message: 'Or set up a planner: `assistive-control config set provider ollama`.' }) },
    });
    const result = await loop.run('tidy up my desktop please');
    expect(result.outcome).toBe('needs_user');
    expect(result.message).toMatch(/did not understand “tidy up my desktop please”.*for example “open Firefox”.*config set provider ollama/);
    expect(log.events).toContainEqual(expect.objectContaining({ type: 'error', code: 'no_planner' }));
    expect(engine.calls).toEqual([]);
    expectBackToIdle(log.events);
  });

  it('refuses an invalid command text before any planner', async () => {
    const { loop, log } = setup();
    const result = await loop.run('   ');
    expect(result.outcome).toBe('refused');
    expect(log.events).toContainEqual(expect.objectContaining({ type: 'error', code: 'empty' }));
    expectBackToIdle(log.events);
  });

  it('observes, feeds the observation back, and acts on an id of that observation', async () => {
    const script: EngineScript = (call) =>
      call.method === 'getScreenElements' ? observationOf(['button "Save"', 'button "Open"']) : { kind: 'success', message: 'Clicked “Save”.' };
    const { loop, engine, log, planner } = setup({ script, replies: [{ intent: 'get_screen_elements' }, { intent: 'click_element', element: { id: 1 } }] });
    const result = await loop.run('save my work somehow');
    expect(result).toEqual({ outcome: 'done', message: 'Clicked “Save”.' });
    expect(engine.calls.map((c) => c.method)).toEqual(['getScreenElements', 'click']);
    expect(log.events).toContainEqual({ type: 'observation', summary: '2 elements of “Fixture”.', elements: 2 });
    expect(log.events).toContainEqual({ type: 'status', status: 'observing' });
    // The second plan saw the observation as a turn of the conversation.
    expect(planner?.requests[1]?.conversation).toContainEqual({ kind: 'observation', text: '1 button "Save"\n2 button "Open"' });
    expect(planner?.requests[1]?.validation?.latestElementIds).toEqual(new Set([1, 2]));
    expectBackToIdle(log.events);
  });

  it('rejects an id that is not in the latest observation, feeds the rejection back and re-plans', async () => {
    const { loop, engine, planner } = setup({
      replies: [
        { intent: 'click_element', element: { id: 7 } },
        { intent: 'click_element', element: { label: 'Open' } },
      ],
    });
    expect((await loop.run('open the thing')).outcome).toBe('done');
    expect(planner?.requests[1]?.conversation.at(-1)).toMatchObject({ kind: 'rejection' });
    expect(engine.calls).toEqual([{ method: 'click', args: [{ label: 'Open' }] }]);
  });

  it('a grammar request to see the screen ends with what was seen, without asking an LLM', async () => {
    const script: EngineScript = () => observationOf(['button "Save"']);
    const { loop, planner } = setup({ script, replies: [] });
    const result = await loop.run("what's on screen");
    expect(result).toEqual({ outcome: 'done', message: '1 button "Save"' });
    expect(planner?.requests).toEqual([]);
  });

  it('stops after 5 observations with a clear message', async () => {
    const script: EngineScript = () => observationOf(['button "Save"']);
    const { loop, engine, log } = setup({ script, replies: Array.from({ length: 7 }, () => ({ intent: 'get_screen_elements' })) });
    const result = await loop.run('find the thing');
    expect(result.outcome).toBe('failed');
    expect(result.message).toMatch(/looked at the screen 5 times/);
    expect(engine.calls).toHaveLength(5);
    expectBackToIdle(log.events);
  });

  it('feeds a failure back and re-plans; a planner repeating the failing action is stopped by the bound', async () => {
    const script: EngineScript = () => ({ kind: 'failure', code: 'not_found', reason: 'There is no element named “Frobnicate” on screen.' });
    const same = { intent: 'click_element', element: { label: 'Frobnicate' } };
    const { loop, engine, log, planner } = setup({ script, replies: [same, same, same, same] });
    const result = await loop.run('frobnicate it');
    expect(result.outcome).toBe('failed');
    expect(result.message).toBe(
      'The planner kept proposing the same action, which failed each time: There is no element named “Frobnicate” on screen. Try saying it another way.',
    );
    // Tried, retried twice at most (the third identical proposal is not run), never more.
    expect(engine.calls).toHaveLength(2);
    expect(planner?.requests[1]?.conversation.at(-1)).toEqual({
      kind: 'result',
      outcome: 'failed',
      detail: 'There is no element named “Frobnicate” on screen.',
    });
    expectBackToIdle(log.events);
  });

  it('gives up after 2 retries of different failing plans', async () => {
    const script: EngineScript = () => ({ kind: 'failure', code: 'not_found', reason: 'Not there.' });
    const { loop, engine } = setup({ script, replies: ['a', 'b', 'c', 'd'].map((l) => ({ intent: 'click_element', element: { label: l } })) });
    const result = await loop.run('click around');
    expect(result).toEqual({ outcome: 'failed', message: 'Tried 3 times without success: Not there.' });
    expect(engine.calls).toHaveLength(3);
  });

  it('a grammar intent that fails ends the run when no LLM is set up', async () => {
    const script: EngineScript = () => ({ kind: 'failure', code: 'not_found', reason: 'There is no element named “Nope” on screen.' });
    const { loop, engine } = setup({ script });
    expect(await loop.run('click Nope')).toEqual({ outcome: 'failed', message: 'There is no element named “Nope” on screen.' });
    expect(engine.calls).toHaveLength(1);
  });

  it('stops at a clarification; the answer starts the next run with the context', async () => {
    const { loop, log, engine, planner } = setup({
      replies: [
        { intent: 'clarify_request', question: 'Which document should I close?', options: ['Report', 'Letter'] },
        { intent: 'click_element', element: { label: 'Close Letter' } },
      ],
    });
    const first = await loop.run('close the document');
    expect(first).toEqual({ outcome: 'needs_user', message: 'Which document should I close?' });
    expect(log.events).toContainEqual({ type: 'clarification', question: 'Which document should I close?', options: ['Report', 'Letter'] });
    expect(loop.memory.pending).toMatchObject({ kind: 'clarification' });
    expectBackToIdle(log.events);
    log.events.length = 0;
    const second = await loop.run('Letter');
    expect(second.outcome).toBe('done');
    const kinds = planner?.requests[1]?.conversation.map((t) => t.kind);
    expect(kinds).toEqual(['user', 'plan', 'user']);
    expect(engine.calls).toEqual([{ method: 'click', args: [{ label: 'Close Letter' }] }]);
    expectBackToIdle(log.events);
  });

  it('dry run: plans, validates, observes, and performs nothing else', async () => {
    const script: EngineScript = (call) => (call.method === 'getScreenElements' ? observationOf(['button "Save"']) : { kind: 'success', message: 'Clicked.' });
    const { loop, engine, asked } = setup({
      script,
      deps: { dryRun: true },
      replies: [{ intent: 'get_screen_elements' }, { intent: 'click_element', element: { label: 'Delete everything' } }],
    });
    const result = await loop.run('clean up');
    expect(result.outcome).toBe('done');
    expect(result.message).toMatch(/^Dry run: nothing was done\. The assistant would: Click .*It would ask you first\.$/);
    expect(engine.calls.map((c) => c.method)).toEqual(['getScreenElements']);
    expect(asked).toEqual([]);
  });

  it('"do that again" repeats the last performed action; "now click Save" reaches the LLM with the context', async () => {
    const { loop, engine, planner } = setup({ replies: [{ intent: 'click_element', element: { label: 'Save' } }] });
    await loop.run('click Increment');
    expect((await loop.run('do that again')).outcome).toBe('done');
    expect(engine.calls).toEqual([
      { method: 'click', args: [{ label: 'Increment' }] },
      { method: 'click', args: [{ label: 'Increment' }] },
    ]);
    await loop.run('now click the save thing we talked about');
    expect(planner?.requests[0]?.conversation.map((t) => t.kind)).toEqual(['user', 'plan', 'result', 'user', 'plan', 'result', 'user']);
    expect(loop.memory.recentCommands).toEqual(['now click the save thing we talked about', 'click Increment']);
  });

  it('"do that again" with nothing done yet says so', async () => {
    const { loop } = setup();
    expect(await loop.run('again')).toEqual({
      outcome: 'needs_user',
      message: 'There is nothing to repeat yet: give the command itself, for example “click Send”.',
    });
  });

  it('keeps the session memory bounded', () => {
    const memory = new SessionMemory({ turnsMax: 3, recentMax: 2 });
    for (const t of ['a', 'b', 'c', 'd']) {
      memory.addTurn({ kind: 'user', text: t });
      memory.addCommand(t);
    }
    expect(memory.conversation).toEqual(['b', 'c', 'd'].map((text) => ({ kind: 'user', text })));
    expect(memory.recentCommands).toEqual(['d', 'c']);
  });
});
