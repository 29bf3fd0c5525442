/**
 * "pause" and "go on" said to the panel's session (issue #32): they pace the long run, and "go on"
 * answers the budget's question only when it was said after the question was asked. The real
 * dialogue and the real long-run hook.
 */
import { describe, expect, it } from 'vitest';
import { Dialogue } from '../../src/agent/dialogue.js';
import { LongRun } from '../../src/agent/long-run.js';
import { paceWord } from '../../src/core/pace-words.js';
import { runningGuide } from '../../src/intent/grammar/command-guide.js';
import { sessionCommand } from '../../src/shared/session-commands.js';
import type { AssistantEvent } from '../../src/shared/contracts/events.js';

/** A long run of 30 steps with a budget of 25, its questions asked through a real dialogue at the clock `now`. */
function setUp(now: { t: number }) {
  const events: AssistantEvent[] = [];
  const dialogue = new Dialogue({ pending: () => undefined, closePending: () => undefined, running: () => true, now: () => now.t });
  const run = new LongRun({ emit: (e) => events.push(e), setStatus: () => undefined, confirm: dialogue.confirm, stepBudget: () => 25 });
  const between = run.hook(new AbortController().signal);
  return { events, dialogue, run, between };
}

describe('pause and go on in the session', () => {
  it('"what can I say" while a command runs lists stop, pause and go on, each a word the session answers', () => {
    const guide = runningGuide();
    expect(guide.groups.flatMap((g) => g.examples)).toEqual(['stop', 'pause', 'go on']);
    for (const word of guide.groups.flatMap((g) => [...g.examples, ...g.alsoSaid])) expect(sessionCommand(word), word).toBeDefined();
  });

  it('with no long run: both are refused with a sentence', () => {
    const { dialogue, run } = setUp({ t: 1000 });
    expect(paceWord('pause', run, dialogue)).toEqual({ outcome: 'refused', message: expect.stringContaining('Nothing long is running to pause') });
    expect(paceWord('go_on', run, dialogue)).toEqual({ outcome: 'refused', message: 'Nothing is paused.' });
  });

  it('"go on" begun after the budget question was asked answers it; begun before, it answers nothing', async () => {
    const now = { t: 1000 };
    const { dialogue, run, between } = setUp(now);
    for (let n = 1; n <= 25; n++) expect(await between(n, 30, 'step')).toBe('go');
    const asked = between(26, 30, 'step');
    await expect.poll(() => dialogue.asked).toBeDefined();
    expect(dialogue.asked?.summary).toBe('25 of 30 steps done: go on?');
    // Begun before the question was on the screen: not its answer (and nothing is paused).
    expect(paceWord('go_on', run, dialogue, 999)).toEqual({ outcome: 'refused', message: 'Nothing is paused.' });
    expect(dialogue.asked).toBeDefined();
    expect(paceWord('go_on', run, dialogue, 1000)).toEqual({ outcome: 'done', message: 'Going on.' });
    expect(await asked).toBe('go');
    expect(dialogue.asked).toBeUndefined();
  });

  it('"pause" while the budget question waits holds the step after it, until "go on"', async () => {
    const { dialogue, run, between, events } = setUp({ t: 1000 });
    for (let n = 1; n <= 25; n++) await between(n, 30, 'step');
    const next = between(26, 30, 'step');
    await expect.poll(() => dialogue.asked).toBeDefined();
    expect(paceWord('pause', run, dialogue)).toEqual({ outcome: 'done', message: expect.stringContaining('Once you answer, it waits before step 26 of 30.') });
    expect(dialogue.press(dialogue.asked?.id ?? '', 'confirm')).toBe(true);
    await expect.poll(() => events.some((e) => e.type === 'progress' && e.paused)).toBe(true);
    expect(events.at(-1)).toEqual({ type: 'progress', step: 26, total: 30, doing: 'step', paused: true });
    expect(paceWord('go_on', run, dialogue)).toEqual({ outcome: 'done', message: 'Going on.' });
    expect(await next).toBe('go');
  });
});
