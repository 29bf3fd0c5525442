// Where the loop's next intent comes from (src/agent/planning.ts): the grammar once, else the LLM
// planner; a rejected answer is fed back and counted against the retry bound; the same failed
// action proposed again is stopped; a plan made after screen text went to the model is marked.
import { describe, expect, it } from 'vitest';
import type { PlannerAvailability } from '../../src/agent/loop-types.js';
import { PlanSource } from '../../src/agent/planning.js';
import { Cancelled, type Planned, type Step } from '../../src/agent/run-state.js';
import type { Intent } from '../../src/intent/schema.js';
import type { Reply } from './loop-fakes.js';
import { LIMITS, partDeps, runState } from './run-fixture.js';

const CLICK_OK: Intent = { intent: 'click_element', element: { label: 'OK' } };

function source(options: { replies?: Reply[]; availability?: PlannerAvailability } = {}) {
  const part = partDeps({
    ...(options.replies ? { replies: options.replies } : {}),
    ...(options.availability ? { deps: { planner: async () => options.availability! } } : {}),
  });
  return { ...part, plans: new PlanSource(part.deps, part.memory, LIMITS, part.deps.emit) };
}

const isPlanned = (x: Planned | Step): x is Planned => 'intent' in x;
const ending = (x: Planned | Step) => (isPlanned(x) ? x.source : x.kind === 'end' ? x.result.outcome : 'again');

describe('the grammar first, then the planner', () => {
  // [command, grammar already tried, planner replies (undefined: none set up), what next() gives]
  const cases: [string, boolean, Reply[] | undefined, string][] = [
    ['press enter', false, undefined, 'grammar'],
    ['press enter', false, [{ intent: 'press_key', key: 'tab' }], 'grammar'],
    ['make the text look nicer', false, undefined, 'needs_user'],
    ['make the text look nicer', false, [CLICK_OK], 'openai'],
    ['press enter', true, [CLICK_OK], 'openai'],
  ];
  it.each(cases)('“%s” (grammar tried: %s, replies: %j) → %s', async (command, grammarTried, replies, expected) => {
    const s = source(replies ? { replies } : {});
    expect(ending(await s.plans.next(runState(command, { grammarTried })))).toBe(expected);
  });

  it('says what the grammar understands when no planner is set up', async () => {
    const s = source();
    const step = await s.plans.next(runState('make the text look nicer'));
    expect(!isPlanned(step) && step.kind === 'end' && step.result.message).toMatch(/did not understand .*for example/);
    expect(s.log.events.find((e) => e.type === 'error')).toMatchObject({ code: 'no_planner' });
  });

  it('passes on why a configured planner cannot be built', async () => {
    const s = source({ availability: { kind: 'unavailable', code: 'no_key', message: 'Save your OpenAI key first.' } });
    const step = await s.plans.next(runState('make the text look nicer'));
    expect(!isPlanned(step) && step.kind === 'end' && step.result).toEqual({ outcome: 'needs_user', message: 'Save your OpenAI key first.' });
  });
});

describe("the planner's answers", () => {
  it('feeds a rejected answer back and plans again, within the retry bound', async () => {
    const s = source({ replies: ['not json at all'] });
    const state = runState('x', { grammarTried: true });
    expect(ending(await s.plans.next(state))).toBe('again');
    expect(state.failures).toBe(1);
    expect(s.memory.conversation.at(-1)?.kind).toBe('rejection');
  });

  it.each([
    [LIMITS.retries - 1, 'again'],
    [LIMITS.retries, 'refused'],
  ])('a rejected answer after %i failures: %s', async (failures, expected) => {
    const s = source({ replies: ['not json at all'] });
    expect(ending(await s.plans.next(runState('x', { grammarTried: true, failures })))).toBe(expected);
  });

  it.each([
    [LIMITS.retries - 1, 'openai'],
    [LIMITS.retries, 'failed'],
  ])('the same failed action proposed again after %i failures: %s', async (failures, expected) => {
    const s = source({ replies: [{ ...CLICK_OK, confidence: 0.9 }] });
    const state = runState('x', { grammarTried: true, failures, lastFailed: { intent: CLICK_OK, reason: 'No OK button.' } });
    expect(ending(await s.plans.next(state))).toBe(expected);
  });

  it('puts the failed action’s reason first when planning another way fails too', async () => {
    const s = source({ replies: [{ error: { code: 'unreachable', message: 'The server does not answer.', retryable: true } }] });
    const step = await s.plans.next(runState('x', { grammarTried: true, lastFailed: { intent: CLICK_OK, reason: 'No OK button.' } }));
    expect(!isPlanned(step) && step.kind === 'end' && step.result.message).toBe('No OK button. Planning another way failed too: The server does not answer.');
  });

  it('throws Cancelled when the planner reports the cancel', async () => {
    const s = source({ replies: [{ error: { code: 'cancelled', message: 'Cancelled.', retryable: false } }] });
    await expect(s.plans.next(runState('x', { grammarTried: true }))).rejects.toBeInstanceOf(Cancelled);
  });

  it.each([
    [false, undefined],
    [true, true],
  ])('screen text in the conversation (%s) marks the plan screen-influenced', async (seen, mark) => {
    const s = source({ replies: [CLICK_OK] });
    if (seen) s.memory.addTurn({ kind: 'observation', text: '1 button "OK"' });
    const step = await s.plans.next(runState('x', { grammarTried: true }));
    expect(isPlanned(step) && step.screenInfluenced).toBe(mark);
  });
});
