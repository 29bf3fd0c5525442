// Answers by text (typed, or spoken and transcribed) through the panel's session (issue #15): the real
// session and loop, a real settings file, fakes only at the seams (the engine: the desktop; the
// permission checker: main's). The desktop tests (tests/panel/answers.desktop.test.ts) do the same in
// Chromium with the fake microphone on a real app; these pin the rules, fast. Nothing sleeps: each wait
// is on an event the session or the loop sends.
import { describe, expect, it } from 'vitest';
import type { ElementChoice } from '../../src/execution/engine-types.js';
import type { AssistantEvent } from '../../src/shared/contracts/events.js';
import { offlineSession } from './offline-session.js';
import { fakeEngine, type EngineScript } from '../agent/loop-fakes.js';

const choice = (id: number, name: string): ElementChoice => ({
  query: { label: 'OK' },
  pid: 7,
  id,
  role: 'button',
  name,
  description: '',
  parent: null,
  depth: 2,
});

/** Two buttons called OK: the engine asks which, and clicks the one picked. */
const script: EngineScript = (call) => {
  const target = call.args[0] as { label?: string; choice?: ElementChoice } | undefined;
  if (call.method === 'click' && target?.label === 'OK') {
    return { kind: 'clarification', question: 'Which “OK”?', options: ['1: “OK” in Left', '2: “OK” in Right'], choices: [choice(11, 'OK'), choice(12, 'OK')] };
  }
  return { kind: 'success', message: 'Done.' };
};

async function answerSession() {
  const engine = fakeEngine(script);
  const events: AssistantEvent[] = [];
  const waiters: Array<{ readonly test: (e: AssistantEvent) => boolean; readonly resolve: (e: AssistantEvent) => void }> = [];
  const emit = (event: AssistantEvent): void => {
    events.push(event);
    for (const w of waiters.filter((w) => w.test(event))) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(event);
    }
  };
  /** The next event (from now) that passes `test`. */
  const next = (test: (e: AssistantEvent) => boolean): Promise<AssistantEvent> => new Promise((resolve) => waiters.push({ test, resolve }));
  const session = await offlineSession({ engine, emit });
  const say = (text: string) => session.handle('command:run', [text]);
  const clicks = () => engine.calls.filter((c) => c.method === 'click');
  /** Sends a destructive command and waits until its confirmation is asked; `run` ends with the run. */
  const destructive = async () => {
    const asked = next((e) => e.type === 'confirmation_request');
    const run = say('click Delete everything');
    await asked;
    return { run };
  };
  return { session, engine, events, next, say, clicks, destructive };
}

describe('answering a confirmation by text (issue #15)', () => {
  it('"yes" confirms exactly once; a second and a late "yes" do nothing', async () => {
    const { say, clicks, destructive, events, next } = await answerSession();
    const { run } = await destructive();
    expect(clicks()).toEqual([]);
    const done = next((e) => e.type === 'done');
    await expect(say('Yes.')).resolves.toEqual({ outcome: 'done', message: 'Confirmed.' });
    // Said again at once: refused while the action runs, or found nothing waiting once it ran; never a second confirmation.
    expect(['refused', 'needs_user']).toContain((await say('yes')).outcome);
    await done;
    await expect(run).resolves.toMatchObject({ outcome: 'done' });
    expect(clicks()).toEqual([{ method: 'click', args: [{ label: 'Delete everything' }] }]);
    // Late: nothing waits; it does nothing and never reaches a planner.
    await expect(say('yes')).resolves.toEqual({
      outcome: 'needs_user',
      message: 'Nothing is waiting for a yes or a no, so “yes” did nothing. Give a command, for example “click Send”, or say “what can I say”.',
    });
    expect(clicks()).toHaveLength(1);
    expect(events.filter((e) => e.type === 'answer').map((e) => e.type === 'answer' && e.answer)).toEqual(['confirmed', 'not_an_answer']);
    expect(events.filter((e) => e.type === 'intent')).toHaveLength(1);
  });

  it('Confirm and Cancel name their question (issue #27): an answer to another question does nothing; the one named counts, once', async () => {
    const { session, clicks, next } = await answerSession();
    const asked = next((e) => e.type === 'confirmation_request');
    const run = session.handle('command:run', ['click Delete everything']);
    const request = await asked;
    const id = request.type === 'confirmation_request' ? request.id : '';
    expect(id).toMatch(/^q\d+$/);
    // A press on an earlier card (its question long gone), then a payload without an id.
    await session.handle('confirmation:answer', ['confirm', 'q0']);
    await expect(session.handle('confirmation:answer', ['confirm'])).rejects.toThrow(/Invalid payload/);
    expect(clicks()).toEqual([]);
    await session.handle('confirmation:answer', ['confirm', id]);
    await expect(run).resolves.toMatchObject({ outcome: 'done' });
    expect(clicks()).toHaveLength(1);
    // Pressed again: its question was answered; nothing more happens.
    await session.handle('confirmation:answer', ['confirm', id]);
    expect(clicks()).toHaveLength(1);
  });

  it('a text begun before the question appeared does not answer it (issue #27); one begun after does', async () => {
    const { session, clicks, destructive } = await answerSession();
    const before = Date.now() - 1;
    const { run } = await destructive();
    await expect(session.handle('command:run', ['yes', 'typed', before])).resolves.toMatchObject({
      outcome: 'needs_user',
      message: expect.stringMatching(/^“yes” was begun before the question appeared, so it does not answer it and nothing was done\./),
    });
    await expect(session.handle('command:run', ['confirm', 'spoken', before])).resolves.toMatchObject({
      message: expect.stringMatching(/was said before the question/),
    });
    expect(clicks()).toEqual([]);
    await expect(session.handle('command:run', ['yes', 'typed', Date.now()])).resolves.toEqual({ outcome: 'done', message: 'Confirmed.' });
    await expect(run).resolves.toMatchObject({ outcome: 'done' });
    expect(clicks()).toHaveLength(1);
  });

  it('"no" cancels: nothing is clicked, the run ends refused', async () => {
    const { say, clicks, destructive } = await answerSession();
    const { run } = await destructive();
    await expect(say("Don't.")).resolves.toEqual({ outcome: 'refused', message: 'Cancelled.' });
    await expect(run).resolves.toMatchObject({ outcome: 'refused', message: expect.stringMatching(/^Not done: you said no to/) });
    expect(clicks()).toEqual([]);
  });

  it('a text that is not a yes or a no is told what to say, and the confirmation keeps waiting; then "OK" confirms it', async () => {
    const { say, clicks, destructive, events } = await answerSession();
    const { run } = await destructive();
    for (const text of ['yes but save it first', 'click Increment']) {
      const reply = await say(text);
      expect(reply).toMatchObject({ outcome: 'needs_user', message: expect.stringContaining('Say “yes” to do it, “no” to cancel, or “stop”.') });
    }
    expect(clicks()).toEqual([]);
    // Neither reached the loop: no plan for "click Increment".
    expect(events.filter((e) => e.type === 'intent')).toHaveLength(1);
    await expect(say('OK')).resolves.toMatchObject({ message: 'Confirmed.' });
    await expect(run).resolves.toMatchObject({ outcome: 'done' });
    expect(clicks()).toEqual([{ method: 'click', args: [{ label: 'Delete everything' }] }]);
  });

  it('"stop" stops the waiting confirmation: nothing is clicked', async () => {
    const { say, clicks, destructive } = await answerSession();
    const { run } = await destructive();
    await expect(say('stop')).resolves.toEqual({ outcome: 'cancelled', message: 'Stopped.' });
    await expect(run).resolves.toMatchObject({ outcome: 'cancelled' });
    expect(clicks()).toEqual([]);
  });
});

describe('answering a question by text (issue #15)', () => {
  it('"the second one" picks the second element; "cancel" closes a question; "yes" picks nothing and the question waits', async () => {
    const { say, engine } = await answerSession();
    await expect(say('click OK')).resolves.toMatchObject({ outcome: 'needs_user', message: 'Which “OK”?' });
    await expect(say('yes')).resolves.toMatchObject({ outcome: 'needs_user', message: expect.stringMatching(/^“yes” does not pick an answer\./) });
    await expect(say('the second one')).resolves.toMatchObject({ outcome: 'done' });
    expect(engine.calls.at(-1)).toEqual({ method: 'click', args: [{ choice: choice(12, 'OK') }] });

    await expect(say('click OK')).resolves.toMatchObject({ outcome: 'needs_user' });
    await expect(say('cancel')).resolves.toEqual({ outcome: 'cancelled', message: 'Cancelled: the question is closed, and nothing was done.' });
    // The question is gone: a number is now a command of its own, not an answer.
    const before = engine.calls.length;
    await expect(say('2')).resolves.toMatchObject({ outcome: 'needs_user' });
    expect(engine.calls.length).toBe(before);
  });
});

describe('"what can I say" (issue #15)', () => {
  it('while a confirmation waits it lists the answers and the confirmation keeps waiting', async () => {
    const { say, clicks, destructive, events } = await answerSession();
    const { run } = await destructive();
    await expect(say('What can I say?')).resolves.toEqual({ outcome: 'done', message: 'A confirmation is waiting: you can answer it.' });
    const guide = events.find((e) => e.type === 'command_guide');
    expect(guide?.type === 'command_guide' && guide.guide.scope).toBe('confirmation');
    await say('no');
    await run;
    expect(clicks()).toEqual([]);
  });

  it('with nothing waiting it looks at the app in front through the loop and lists every group', async () => {
    const { say, events, engine } = await answerSession();
    await expect(say('help')).resolves.toMatchObject({ outcome: 'done' });
    expect(engine.calls.map((c) => c.method)).toEqual(['getScreenElements']);
    const guide = events.find((e) => e.type === 'command_guide');
    expect(guide?.type === 'command_guide' && guide.guide.groups.map((g) => g.title)).toContain('Click a button, link or tab');
  });
});

describe('a confirmation nobody answers (issue #27)', () => {
  it('ends, cancelled, after the time the setting gives: nothing is done, the run ends, and a later "yes" finds nothing waiting', async () => {
    const engine = fakeEngine(script);
    const events: AssistantEvent[] = [];
    const session = await offlineSession({ engine, emit: (e) => events.push(e), more: { confirmTimeoutMs: () => 50 } });
    // The run itself ends when the question does: that is the event waited on.
    const reply = await session.handle('command:run', ['click Delete everything']);
    expect(reply).toMatchObject({ outcome: 'refused' });
    expect(events.filter((e) => e.type === 'confirmation_request')).toHaveLength(1);
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'answer',
        to: 'confirmation',
        answer: 'cancelled',
        message: expect.stringMatching(/^Nobody answered within .+, so it was cancelled and nothing was done\./),
      }),
    );
    expect(engine.calls.filter((c) => c.method === 'click')).toHaveLength(0);
    expect(await session.handle('command:run', ['yes'])).toMatchObject({
      outcome: 'needs_user',
      message: expect.stringMatching(/^Nothing is waiting for a yes or a no/),
    });
  });
});
