// Answers to the engine's own question ("There are 2 buttons named “OK” — which one?"): the option
// picked by its text or its number finishes the original action on that element, checked like any
// plan; anything else is a new command. And an LLM's question answered by number reaches the LLM as
// the option's words.
import { describe, expect, it } from 'vitest';
import { AssistantLoop, type ConfirmAnswer } from '../../src/agent/assistant-loop.js';
import { readChoice } from '../../src/shared/answer-words.js';
import type { ElementChoice } from '../../src/execution/engine-types.js';
import type { ActionResult } from '../../src/registry/dispatch.js';
import { eventLog, fakeEngine, setupLoop, type EngineCall, type EngineScript, type Reply } from './loop-fakes.js';

const OPTIONS = ['“OK” in “Left”', '“OK” in “Right”'];
const choice = (id: number, label = 'OK'): ElementChoice => ({
  query: { label },
  pid: 42,
  id,
  role: 'button',
  name: label,
  description: '',
  parent: id - 1,
  depth: 3,
});
const LEFT = choice(7);
const RIGHT = choice(9);

function ambiguous(label: string, choices: readonly ElementChoice[]): ActionResult {
  return { kind: 'clarification', question: `There are 2 buttons named “${label}” — which one?`, options: OPTIONS, choices };
}

/** A click on the label asks which one; a click on a picked element succeeds. */
const okScript: EngineScript = (call) => {
  const target = call.args[0] as { label?: string; choice?: ElementChoice };
  if (target.choice) return { kind: 'success', message: `Clicked element ${target.choice.id}.` };
  if (target.label === 'OK') return ambiguous('OK', [LEFT, RIGHT]);
  return { kind: 'success', message: 'Done.' };
};

const setup = (script: EngineScript = okScript, options: { answers?: ConfirmAnswer[]; replies?: Reply[] } = {}) => setupLoop({ script, ...options });

/** The clicks performed: a click on an ambiguous label only asked, it pressed nothing. */
const clicks = (calls: readonly EngineCall[]) =>
  calls
    .filter((c) => c.method === 'click')
    .map((c) => c.args[0] as { label?: string })
    .filter((t) => t.label !== 'OK' && t.label !== 'Delete');

describe('answering the engine’s “which one?”', () => {
  it('the option’s text performs the original click on that element, without a planner', async () => {
    const { loop, engine, log, audit } = setup();
    expect(await loop.run('click OK')).toEqual({ outcome: 'needs_user', message: 'There are 2 buttons named “OK” — which one?' });
    expect(log.events).toContainEqual({ type: 'clarification', question: 'There are 2 buttons named “OK” — which one?', options: OPTIONS });
    log.events.length = 0;

    expect(await loop.run('“OK” in “Right”')).toEqual({ outcome: 'done', message: 'Clicked element 9.' });
    expect(clicks(engine.calls)).toEqual([{ choice: RIGHT }]);
    expect(log.events).toContainEqual(expect.objectContaining({ type: 'intent', source: 'grammar', summary: 'Click “OK” — “OK” in “Right”.' }));
    expect(audit.records).toEqual([
      expect.objectContaining({ command: 'click OK', outcome: 'done', intent: { intent: 'click_element', element: { label: 'OK' } } }),
    ]);
    expect(loop.memory.pending).toBeUndefined();
  });

  it.each(['2', 'the second', 'second one', 'Two.', 'ok in right', ' “ok”   IN “right” '])('“%s” picks the second', async (answer) => {
    const { loop, engine } = setup();
    await loop.run('click OK');
    expect((await loop.run(answer)).outcome).toBe('done');
    expect(clicks(engine.calls)).toEqual([{ choice: RIGHT }]);
  });

  it('anything else drops the question and is planned as a new command', async () => {
    const { loop, engine } = setup();
    await loop.run('click OK');
    expect(await loop.run('3')).toMatchObject({ outcome: 'needs_user' }); // no third option: not an answer
    expect(loop.memory.pending).toBeUndefined();
    await loop.run('click OK');
    expect(await loop.run('click Increment')).toEqual({ outcome: 'done', message: 'Done.' });
    expect(clicks(engine.calls)).toEqual([{ label: 'Increment' }]);
    expect(await loop.run('2')).toMatchObject({ outcome: 'needs_user' }); // the question is gone
    expect(clicks(engine.calls)).toHaveLength(1);
  });

  it('a destructive action still asks; an unanswered confirmation keeps the picked element for “yes”', async () => {
    const script: EngineScript = (call) => {
      const target = call.args[0] as { label?: string; choice?: ElementChoice };
      return target.choice ? { kind: 'success', message: 'Deleted.' } : ambiguous('Delete', [choice(3, 'Delete'), choice(5, 'Delete')]);
    };
    const { loop, engine, asked } = setup(script, { answers: ['confirmed'] });
    expect(await loop.run('click Delete')).toMatchObject({ outcome: 'needs_user', message: 'There are 2 buttons named “Delete” — which one?' });
    // Confirmed before the question; the answer is a new decision on a known element, asked again.
    expect(await loop.run('1')).toMatchObject({
      outcome: 'needs_user',
      message: expect.stringMatching(/^Waiting for your confirmation: Click “Delete” — “OK” in “Left”\./),
    });
    expect(asked).toHaveLength(2);
    expect(clicks(engine.calls)).toHaveLength(0);
    expect(await loop.run('yes')).toEqual({ outcome: 'done', message: 'Deleted.' });
    expect(clicks(engine.calls)).toEqual([{ choice: choice(3, 'Delete') }]);
  });

  it('the live gate sees the picked element: a riskier live target asks first', async () => {
    const script: EngineScript = (call) => {
      const target = call.args[0] as { label?: string; choice?: ElementChoice };
      if (!target.choice) return ambiguous('OK', [LEFT, RIGHT]);
      return { result: { kind: 'success', message: 'Clicked.' }, facts: { element: { role: 'button', name: 'Delete everything' } } };
    };
    const { loop, engine, asked } = setup(script, { answers: ['declined'] });
    await loop.run('click OK');
    expect((await loop.run('2')).outcome).toBe('refused');
    expect(asked).toEqual([expect.objectContaining({ risk: expect.objectContaining({ level: 'destructive' }) })]);
    expect(clicks(engine.calls)).toHaveLength(0);
  });

  it('in a sequence, the answer goes on from the step that asked', async () => {
    const script: EngineScript = (call) => {
      const target = call.args[0] as { label?: string; choice?: ElementChoice };
      return target.label === 'OK' ? ambiguous('OK', [LEFT, RIGHT]) : { kind: 'success', message: 'Done.' };
    };
    const engine = fakeEngine(script);
    const sequence = engine.sequence;
    // The real engine numbers the step that asked.
    engine.sequence = async (steps, options) => {
      const r = await sequence(steps, options);
      return r.kind === 'clarification' ? { ...r, step: 2 } : r;
    };
    const log = eventLog();
    const loop = new AssistantLoop({ engine, emit: log.emit, confirm: async () => 'unanswered' });
    expect((await loop.run('click Increment then click OK')).outcome).toBe('needs_user');
    expect(await loop.run('first')).toMatchObject({ outcome: 'done' });
    expect(clicks(engine.calls)).toEqual([{ label: 'Increment' }, { choice: LEFT }]);
  });
});

describe('answering an LLM’s question', () => {
  it('a number becomes the option’s words, and goes to the planner that asked', async () => {
    const { loop, engine, planner } = setup(okScript, {
      replies: [
        { intent: 'clarify_request', question: 'Which document should I close?', options: ['Report', 'Letter'] },
        { intent: 'click_element', element: { label: 'Close Letter' } },
      ],
    });
    await loop.run('close the document');
    expect((await loop.run('2')).outcome).toBe('done');
    expect(planner?.requests[1]?.conversation.at(-1)).toEqual({ kind: 'user', text: 'Letter' });
    expect(clicks(engine.calls)).toEqual([{ label: 'Close Letter' }]);
  });
});

describe('readChoice', () => {
  it('reads option texts, numbers and ordinals; nothing else', () => {
    const options = ['Report', 'Letter', '“OK” in “Right”'];
    expect(readChoice('letter', options)).toBe(1);
    expect(readChoice('"OK" in "Right"', options)).toBe(2);
    expect(readChoice('#1', options)).toBe(0);
    expect(readChoice('number 3', options)).toBe(2);
    expect(readChoice('the 3rd one', options)).toBe(2);
    expect(readChoice('4', options)).toBeUndefined();
    expect(readChoice('0', options)).toBeUndefined();
    expect(readChoice('the letter please', options)).toBeUndefined();
    expect(readChoice('', options)).toBeUndefined();
  });

  it('options numbered to be told apart are picked by number, not by their shared text', () => {
    const options = ['1: “OK” at 10, 20', '2: “OK” at 10, 20'];
    expect(readChoice('“OK” at 10, 20', options)).toBeUndefined();
    expect(readChoice('2: “OK” at 10, 20', options)).toBe(1);
    expect(readChoice('2', options)).toBe(1);
  });
});
