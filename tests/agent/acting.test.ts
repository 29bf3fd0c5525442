// Acting on one plan (src/agent/acting.ts) over the fake engine: the gate's decision (run, ask,
// refuse) decides whether the engine is called at all; a live target riskier than approved asks
// again; a secure field leaves no text behind; a failure is re-planned only when a planner can help.
import { describe, expect, it } from 'vitest';
import { PlanActor } from '../../src/agent/acting.js';
import { LongRun } from '../../src/agent/long-run.js';
import type { ConfirmAnswer } from '../../src/agent/loop-types.js';
import { PROVENANCE_NOTE } from '../../src/agent/run-rules.js';
import type { Planned, RunState } from '../../src/agent/run-state.js';
import type { Intent } from '../../src/intent/schema.js';
import type { ActionResult } from '../../src/registry/dispatch.js';
import type { IntentSource } from '../../src/shared/contracts/events.js';
import type { EngineScript, Reply } from './loop-fakes.js';
import { LIMITS, partDeps, runState } from './run-fixture.js';

const SAVE: Intent = { intent: 'click_element', element: { label: 'Save' } };
const DELETE: Intent = { intent: 'click_element', element: { label: 'Delete forever' } };
const CLOSE_TAB: Intent = { intent: 'press_key', key: 'w', modifiers: ['ctrl'] };
const PASSWORD: Intent = { intent: 'type_text', text: 'hunter2', element: { label: 'Password', role: 'password_field' } };
const LOOK: Intent = { intent: 'get_screen_elements' };

const planned = (intent: Intent, source: IntentSource = 'grammar', more: Partial<Planned> = {}): Planned => ({ intent, source, lowConfidence: false, ...more });

function actor(options: { script?: EngineScript; answers?: ConfirmAnswer[]; replies?: Reply[]; dryRun?: boolean; confirmModerate?: boolean } = {}) {
  const part = partDeps({
    ...options,
    deps: { ...(options.dryRun ? { dryRun: true } : {}), ...(options.confirmModerate === false ? { policy: { confirmModerate: false } } : {}) },
  });
  const longRun = new LongRun({ emit: part.deps.emit, setStatus: part.setStatus, confirm: part.deps.confirm });
  const actor = new PlanActor(part.deps, part.memory, LIMITS, part.deps.emit, part.setStatus, longRun);
  return { ...part, actor };
}

const outcomeOf = (step: Awaited<ReturnType<PlanActor['act']>>) => (step.kind === 'end' ? step.result.outcome : 'again');

describe('the gate decides whether the engine is called', () => {
  // [plan, the user's answer when asked, asked?, engine calls, outcome, audited confirmation]
  const cases: [string, Intent, ConfirmAnswer | undefined, boolean, number, string, string | undefined][] = [
    ['a harmless click runs without asking', SAVE, undefined, false, 1, 'done', 'not_needed'],
    ['a destructive click, confirmed, runs', DELETE, 'confirmed', true, 1, 'done', 'confirmed'],
    ['a destructive click, declined, does not', DELETE, 'declined', true, 0, 'refused', 'declined'],
    ['a destructive click nobody answers waits', DELETE, 'unanswered', true, 0, 'needs_user', undefined],
    ['typing into a password field is refused unasked', PASSWORD, undefined, false, 0, 'refused', 'refused'],
  ];
  it.each(cases)('%s', async (_, intent, answer, asks, calls, outcome, confirmation) => {
    const a = actor({ answers: answer ? [answer] : [] });
    const step = await a.actor.act(runState('cmd'), planned(intent));
    expect(a.asked.length > 0).toBe(asks);
    expect(a.engine.calls).toHaveLength(calls);
    expect(outcomeOf(step)).toBe(outcome);
    expect(a.audit.records.at(-1)?.confirmation).toBe(confirmation);
  });

  it('keeps an unanswered confirmation pending, for a later yes', async () => {
    const a = actor({ answers: ['unanswered'] });
    await a.actor.act(runState('delete it'), planned(DELETE));
    expect(a.memory.pending).toMatchObject({ kind: 'confirmation', intent: DELETE, level: 'destructive', command: 'delete it' });
  });

  it('does nothing in a dry run but says what it would do, and that it would ask', async () => {
    const a = actor({ dryRun: true });
    const step = await a.actor.act(runState('cmd'), planned(DELETE));
    expect(a.engine.calls).toHaveLength(0);
    expect(a.asked).toHaveLength(0);
    expect(step.kind === 'end' && step.result.message).toMatch(/^Dry run: nothing was done\..*It would ask you first\./);
  });
});

describe('provenance', () => {
  it.each([
    [false, 0],
    [true, 1],
  ])('a moderate plan (policy: do not ask for moderate), screen-influenced %s, asks %i time(s)', async (screenInfluenced, asks) => {
    const a = actor({ confirmModerate: false, answers: ['confirmed'] });
    await a.actor.act(runState('close the tab'), planned(CLOSE_TAB, 'openai', screenInfluenced ? { screenInfluenced } : {}));
    expect(a.asked).toHaveLength(asks);
    expect(a.engine.calls).toHaveLength(1);
    const intentEvent = a.log.events.find((e) => e.type === 'intent');
    expect(intentEvent?.type === 'intent' && intentEvent.risk.reason.includes(PROVENANCE_NOTE)).toBe(screenInfluenced);
  });
});

describe('a secure field leaves no trace', () => {
  it('shows no typed text, marks the audit record, and forgets the run', async () => {
    const a = actor();
    a.memory.addCommand('type hunter2 into the password');
    const state = runState('type hunter2 into the password', { turnMark: a.memory.turnMark });
    await a.actor.act(state, planned(PASSWORD));
    const shown = a.log.events.find((e) => e.type === 'intent');
    expect(JSON.stringify(shown)).not.toContain('hunter2');
    expect(a.audit.records[0]?.secureContext).toBe(true);
    expect(a.memory.conversation).toHaveLength(0);
    expect(a.memory.recentCommands).not.toContain(state.command);
  });
});

describe('the live target', () => {
  it('asks again when the element turns out riskier than what was approved, then acts at that level', async () => {
    // The plan says "Save"; the element found live is a Delete button.
    const a = actor({
      script: () => ({ result: { kind: 'success', message: 'Clicked.' }, facts: { element: { role: 'button', name: 'Delete forever' } } }),
      answers: ['confirmed'],
    });
    const step = await a.actor.act(runState('click save'), planned(SAVE));
    expect(a.asked).toHaveLength(1);
    expect(a.asked[0]?.risk.level).toBe('destructive');
    expect(outcomeOf(step)).toBe('done');
    expect(a.engine.calls).toHaveLength(1);
  });

  it('does not act when the riskier live target is declined', async () => {
    const a = actor({
      script: () => ({ result: { kind: 'success', message: 'Clicked.' }, facts: { element: { role: 'button', name: 'Delete forever' } } }),
      answers: ['declined'],
    });
    const step = await a.actor.act(runState('click save'), planned(SAVE));
    expect(outcomeOf(step)).toBe('refused');
    expect(a.engine.calls).toHaveLength(0);
  });
});

describe('observations and failures', () => {
  it.each<[IntentSource, number, string]>([
    ['openai', 4, 'again'],
    ['openai', 5, 'failed'],
    ['grammar', 5, 'done'],
  ])('a look planned by %s after %i looks: %s', async (source, observations, outcome) => {
    const a = actor({ script: () => ({ kind: 'observation', text: '1 button "OK"' }) });
    const state = runState('what is on screen', { observations });
    expect(outcomeOf(await a.actor.act(state, planned(LOOK, source)))).toBe(outcome);
  });

  const failing =
    (code: string): EngineScript =>
    () =>
      ({ kind: 'failure', code, reason: `Failed: ${code}.` }) as ActionResult;
  // [failure code, a planner is set up, failures before, outcome]
  const failures: [string, boolean, number, string][] = [
    ['not_found', true, 0, 'again'],
    ['not_found', false, 0, 'failed'],
    ['no_display', true, 0, 'failed'],
    ['interrupted', true, 0, 'failed'],
    ['not_found', true, LIMITS.retries, 'failed'],
    ['refused', true, 0, 'refused'],
  ];
  it.each(failures)('a %s failure (planner: %s, failures before: %i) ends as %s', async (code, llm, before, outcome) => {
    const a = actor({ script: failing(code), ...(llm ? { replies: [] } : {}) });
    const state: RunState = runState('click save', { failures: before });
    const step = await a.actor.act(state, planned(SAVE));
    expect(outcomeOf(step)).toBe(outcome);
    if (outcome === 'again') expect(state.lastFailed?.reason).toBe(`Failed: ${code}.`);
  });
});
