/**
 * The long-run hook (issue #32 item 5): progress only above 5 steps, pause and go on, the step
 * budget's question, a stop while paused, a declined or unanswered budget, a pause that lasts too long.
 * Driven the way ExecutionEngine.sequence drives it: the hook before each step, 'go' or a stop.
 */
import { describe, expect, it } from 'vitest';
import { LongRun, type LongRunDeps } from '../../src/agent/long-run.js';
import type { ConfirmAnswer, ConfirmationRequest } from '../../src/agent/loop-types.js';
import type { AssistantEvent, AssistantStatus } from '../../src/shared/contracts/events.js';

type Progress = Extract<AssistantEvent, { type: 'progress' }>;

interface Harness {
  readonly run: LongRun;
  readonly events: AssistantEvent[];
  readonly statuses: AssistantStatus[];
  readonly asked: ConfirmationRequest[];
  readonly controller: AbortController;
}

/** `answer`: what the user says to "go on?"; `onEvent`: what the user does when an event shows. */
function harness(options: { answer?: ConfirmAnswer; budget?: number; pauseLimitMs?: number; onEvent?: (event: AssistantEvent, h: Harness) => void }): Harness {
  const events: AssistantEvent[] = [];
  const statuses: AssistantStatus[] = [];
  const asked: ConfirmationRequest[] = [];
  const controller = new AbortController();
  const self: { h?: Harness } = {};
  const deps: LongRunDeps = {
    emit: (event) => {
      events.push(event);
      if (self.h) options.onEvent?.(event, self.h);
    },
    setStatus: (status) => statuses.push(status),
    confirm: async (request) => {
      asked.push(request);
      return options.answer ?? 'confirmed';
    },
    ...(options.budget !== undefined ? { stepBudget: () => options.budget ?? 25 } : {}),
    ...(options.pauseLimitMs !== undefined ? { pauseLimitMs: () => options.pauseLimitMs } : {}),
  };
  self.h = { run: new LongRun(deps), events, statuses, asked, controller };
  return self.h;
}

/** What ExecutionEngine.sequence does with the hook: the steps it ran, and why it stopped. */
async function drive(h: Harness, total: number): Promise<{ ran: number; stop?: string }> {
  const between = h.run.hook(h.controller.signal);
  let ran = 0;
  for (let n = 1; n <= total; n++) {
    const go = await between(n, total, `click “Count” (${n})`);
    if (go !== 'go') return { ran, stop: go.stop };
    ran++;
  }
  h.run.end();
  return { ran };
}

const progress = (h: Harness): Progress[] => h.events.filter((e): e is Progress => e.type === 'progress');
const shownSteps = (h: Harness): number[] =>
  progress(h)
    .filter((e) => !e.paused)
    .map((e) => e.step);
const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('the long-run hook', () => {
  it.each([
    { total: 1, shown: [] },
    { total: 5, shown: [] },
    { total: 6, shown: range(1, 6) },
    { total: 20, shown: range(1, 20) },
  ])('shows progress only above 5 steps: $total steps show $shown.length', async ({ total, shown }) => {
    const h = harness({});
    expect(await drive(h, total)).toEqual({ ran: total });
    expect(shownSteps(h)).toEqual(shown);
    expect(h.asked).toEqual([]);
    if (shown.length > 0) expect(progress(h)[2]).toEqual({ type: 'progress', step: 3, total, doing: 'click “Count” (3)', paused: false });
  });

  it.each([
    { answer: 'confirmed' as const, ran: 30, stop: undefined },
    { answer: 'declined' as const, ran: 25, stop: 'You did not say to go on after 25 of 30 steps.' },
    { answer: 'unanswered' as const, ran: 25, stop: 'Nobody could answer “25 of 30 steps done: go on?”.' },
  ])('asks at the budget (25 of 30): $answer runs $ran steps', async ({ answer, ran, stop }) => {
    const h = harness({ answer });
    expect(await drive(h, 30)).toEqual(stop === undefined ? { ran } : { ran, stop });
    expect(h.asked.map((q) => q.summary)).toEqual(['25 of 30 steps done: go on?']);
    expect(h.asked[0]?.risk.level).toBe('moderate');
    // The question is shown with the id the dialogue holds, and asked only once 25 steps were shown.
    const question = h.events.findIndex((e) => e.type === 'confirmation_request');
    expect(h.events[question]).toMatchObject({ type: 'confirmation_request', id: h.asked[0]?.id, summary: '25 of 30 steps done: go on?' });
    expect(h.events.slice(0, question).filter((e) => e.type === 'progress')).toHaveLength(25);
    expect(shownSteps(h)).toEqual(range(1, ran));
  });

  it('asks again after each further budget: 12 steps at a budget of 5 ask after 5 and 10', async () => {
    const h = harness({ budget: 5 });
    expect(await drive(h, 12)).toEqual({ ran: 12 });
    expect(h.asked.map((q) => q.summary)).toEqual(['5 of 12 steps done: go on?', '10 of 12 steps done: go on?']);
  });

  it('pauses before the next step and goes on when told: every step runs once, in order', async () => {
    const h = harness({
      onEvent: (event, h) => {
        if (event.type !== 'progress') return;
        if (!event.paused && event.step === 10) expect(h.run.pause()).toMatchObject({ ok: true, message: expect.stringContaining('step 10 of 30') });
        if (event.paused) {
          expect(h.run.pause()).toMatchObject({ ok: false, message: expect.stringContaining('already paused') });
          expect(h.run.goOn()).toEqual({ ok: true, message: 'Going on.' });
        }
      },
    });
    expect(await drive(h, 30)).toEqual({ ran: 30 });
    expect(progress(h).filter((e) => e.paused)).toEqual([{ type: 'progress', step: 11, total: 30, doing: 'click “Count” (11)', paused: true }]);
    expect(shownSteps(h)).toEqual(range(1, 30));
    // Waiting for the user while paused, executing again after.
    const paused = h.statuses.indexOf('waiting_for_user');
    expect(h.statuses.slice(paused + 1)).toContain('executing');
  });

  it('stops while paused when the user says stop', async () => {
    const h = harness({
      onEvent: (event, h) => {
        if (event.type === 'progress' && !event.paused && event.step === 4) h.run.pause();
        if (event.type === 'progress' && event.paused) h.controller.abort();
      },
    });
    expect(await drive(h, 30)).toEqual({ ran: 4, stop: 'You stopped it.' });
    expect(h.run.goOn()).toEqual({ ok: false, message: 'Nothing is paused.' });
  });

  it('ends a pause that lasts longer than its limit, saying so', async () => {
    const h = harness({
      pauseLimitMs: 1000,
      onEvent: (event, h) => {
        if (event.type === 'progress' && !event.paused && event.step === 7) h.run.pause();
      },
    });
    expect(await drive(h, 30)).toEqual({ ran: 7, stop: 'It was paused for more than 1 second, so it ended; give the command again to start it over.' });
    expect(h.run.pause().ok).toBe(false);
  });

  it('stops at the budget question when the run is stopped while it waits', async () => {
    const controller = new AbortController();
    const asked: string[] = [];
    // Stopped while its question waits: a stop, not a declined budget.
    const deps = {
      emit: () => undefined,
      setStatus: () => undefined,
      confirm: async (request: ConfirmationRequest): Promise<ConfirmAnswer> => {
        asked.push(request.summary);
        controller.abort();
        return 'declined';
      },
    };
    const run = new LongRun(deps);
    const between = run.hook(controller.signal);
    for (let n = 1; n <= 25; n++) expect(await between(n, 30, 'step')).toBe('go');
    expect(await between(26, 30, 'step')).toEqual({ stop: 'You stopped it.' });
    expect(asked).toEqual(['25 of 30 steps done: go on?']);
  });

  it('says nothing long runs when pause or go on come with no long run', async () => {
    const h = harness({});
    expect(h.run.pause()).toEqual({ ok: false, message: 'Nothing long is running to pause: only a run of more than 5 steps can be paused.' });
    expect(h.run.goOn()).toEqual({ ok: false, message: 'Nothing is paused.' });
    // A short run cannot be paused either, and a finished long one leaves nothing to pause.
    await drive(h, 3);
    expect(h.run.pause().ok).toBe(false);
    await drive(h, 8);
    expect(h.run.pause().ok).toBe(false);
  });
});
