// The assistant loop stopped or failing: the user's stop during the planner, at a question or between
// the steps of a sequence; a planner that throws, a provider that fails, a listener that throws, a
// second command while one runs, an audit log that cannot be written. Whatever happens, the run ends
// with a sentence, nothing more is done, and the loop is back to idle with exactly one `done` event.
import { describe, expect, it } from 'vitest';
import { AssistantLoop, type ConfirmAnswer } from '../../src/agent/assistant-loop.js';
import { eventLog, expectBackToIdle, fakeEngine, setupLoop as setup, type EngineScript } from './loop-fakes.js';

describe('the assistant loop, stopped or failing, is back to idle', () => {
  it('cancel during the LLM request stops it and returns to idle', async () => {
    const { loop, log, engine, planner } = setup({ replies: ['hang'] });
    const controller = new AbortController();
    const running = loop.run('something only an LLM understands', { signal: controller.signal });
    // Stopped while the planner thinks: once it has been asked, not after a guessed while.
    await planner?.asked();
    controller.abort();
    expect(await running).toEqual({ outcome: 'cancelled', message: 'Stopped. Nothing more was done.' });
    expect(engine.calls).toEqual([]);
    expectBackToIdle(log.events);
  });

  /** "click Delete everything" whose question `asker(controller)` answers as the run stops: nothing done, idle again; its result. */
  const stoppedAtQuestion = async (asker: (controller: AbortController) => (request: unknown, signal: AbortSignal) => Promise<ConfirmAnswer>) => {
    const engine = fakeEngine();
    const log = eventLog();
    const controller = new AbortController();
    const loop = new AssistantLoop({ engine, emit: log.emit, confirm: asker(controller) });
    const result = await loop.run('click Delete everything', { signal: controller.signal });
    expect(engine.calls).toEqual([]);
    expectBackToIdle(log.events);
    return result;
  };

  it('cancel while a confirmation is asked stops the run, nothing done', async () => {
    const result = await stoppedAtQuestion((controller) => () => new Promise<ConfirmAnswer>(() => controller.abort()));
    expect(result.outcome).toBe('cancelled');
  });

  it('cancel while a confirmation is asked is a stop, even when the asker answers "no" as it sees the abort', async () => {
    // The panel's asker settles its pending question with "declined" from its own abort listener,
    // which runs before the loop's: the outcome must still be the stop, not "you said no".
    const result = await stoppedAtQuestion(
      (controller) => (_request, signal) =>
        new Promise<ConfirmAnswer>((resolve) => {
          signal.addEventListener('abort', () => resolve('declined'), { once: true });
          setTimeout(() => controller.abort(), 0);
        }),
    );
    expect(result).toEqual({ outcome: 'cancelled', message: 'Stopped. Nothing more was done.' });
  });

  it('cancel between the steps of a sequence stops the rest', async () => {
    const controller = new AbortController();
    const script: EngineScript = (call) => {
      if (call.method === 'click') controller.abort();
      return { kind: 'success', message: 'ok' };
    };
    const { loop, engine, log } = setup({
      script,
      replies: [
        {
          intent: 'sequence',
          steps: [
            { intent: 'click_element', element: { label: 'A' } },
            { intent: 'click_element', element: { label: 'B' } },
          ],
        },
      ],
    });
    expect((await loop.run('click A and B somehow', { signal: controller.signal })).outcome).toBe('cancelled');
    expect(engine.calls).toHaveLength(1);
    expectBackToIdle(log.events);
  });

  it('an exception anywhere (a planner that throws) fails the run with a sentence and still returns to idle', async () => {
    const { loop, log } = setup({ replies: ['throw'] });
    const result = await loop.run('something only an LLM understands');
    expect(result.outcome).toBe('failed');
    expect(result.message).toMatch(/^Something went wrong inside the assistant \(planner bug\)/);
    expectBackToIdle(log.events);
    // And the next command works.
    expect((await loop.run('click Increment')).outcome).toBe('done');
  });

  it('a provider failure ends the run with its message', async () => {
    const { loop, log } = setup({
      replies: [{ error: { code: 'unreachable', message: 'Ollama is not running: start it with `ollama serve`.', retryable: true } }],
    });
    expect(await loop.run('something only an LLM understands')).toEqual({ outcome: 'failed', message: 'Ollama is not running: start it with `ollama serve`.' });
    expect(log.events).toContainEqual({ type: 'error', code: 'unreachable', message: 'Ollama is not running: start it with `ollama serve`.', retryable: true });
    expectBackToIdle(log.events);
  });

  it('a listener that throws cannot stop the loop', async () => {
    const engine = fakeEngine();
    const loop = new AssistantLoop({
      engine,
      emit: () => {
        throw new Error('pipe closed');
      },
      confirm: async () => 'unanswered',
    });
    expect((await loop.run('click Increment')).outcome).toBe('done');
    expect(loop.busy).toBe(false);
  });

  it('refuses a command sent while another runs; the two are never interleaved', async () => {
    let release: () => void = () => {};
    let clicking: () => void = () => {};
    const clicked = new Promise<void>((r) => (clicking = r));
    const script: EngineScript = () => ({ kind: 'success', message: 'ok' });
    const engine = fakeEngine(script);
    const slowClick = engine.click;
    engine.click = async (...args) => {
      clicking();
      await new Promise<void>((r) => (release = r));
      return slowClick(...args);
    };
    const log = eventLog();
    const loop = new AssistantLoop({ engine, emit: log.emit, confirm: async () => 'unanswered' });
    const first = loop.run('click Increment');
    // The second command comes while the first one is clicking (reached, not guessed by a pause).
    await clicked;
    expect(loop.busy).toBe(true);
    expect(await loop.run('click Other')).toMatchObject({ outcome: 'refused', message: expect.stringMatching(/still working on the last command/) });
    release();
    expect((await first).outcome).toBe('done');
    expect(engine.calls).toEqual([{ method: 'click', args: [{ label: 'Increment' }] }]);
    expect(log.events.filter((e) => e.type === 'done')).toHaveLength(1);
    expect(log.events.at(-1)?.type).toBe('done');
  });

  it('reports an unwritable audit log once, and keeps working', async () => {
    const engine = fakeEngine();
    const log = eventLog();
    const loop = new AssistantLoop({ engine, emit: log.emit, confirm: async () => 'unanswered', audit: { append: () => false } });
    await loop.run('click Increment');
    await loop.run('click Increment');
    expect(log.events.filter((e) => e.type === 'error' && e.code === 'audit_unavailable')).toHaveLength(1);
    expect(engine.calls).toHaveLength(2);
  });
});
