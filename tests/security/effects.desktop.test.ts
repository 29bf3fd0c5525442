// Consent by effect, generated (issue #27): destructive labels × disguises × routes × channels on a real
// GTK app (the effects fixture, started once per label) and a real VTE terminal. Every case is
// attempted with its questions declined: it must ask, and nothing may happen (read back from the
// app's counters and the terminal's folder). A sample — every route of every label once, the
// disguise rotating — is attempted again confirmed: it must really happen, judged by the rule the
// case names. The time the file takes is printed.
import { afterAll, describe, expect, it } from 'vitest';
import { desktopSkipReason, until } from '../support/desktop.js';
import { effectCases, type EffectCase } from './effects-cases.js';
import { effectBatches } from './effects-labels.js';
import { openEffectsLab, useLab, type EffectsLab } from './consent-lab.js';

const skip = desktopSkipReason();
const CASES = effectCases();
const BATCHES = effectBatches();

async function attempt(lab: EffectsLab, c: EffectCase, answer: 'declined' | 'confirmed') {
  await lab.load(BATCHES[c.batch] ?? []);
  await c.prepare(lab);
  const before = await c.effect(lab);
  const { command, plans } = await c.input(lab);
  const outcome = await lab.run(command, plans, answer === 'declined' ? (c.answers ?? 'declined') : 'confirmed');
  return { before, ...outcome };
}

describe.skipIf(skip !== '')('consent judged by what an input does, generated over labels, disguises, routes and channels', () => {
  const labOf = useLab(() => openEffectsLab(BATCHES[0] ?? []));
  const started = performance.now();
  let confirmed = 0;

  afterAll(() => {
    console.log(
      `[effects] ${CASES.length} generated cases (${BATCHES.length} launches of the fixture), ${confirmed} also confirmed: ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  });

  it('has over a thousand cases, each named once, through both channels', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(1000);
    expect(new Set(CASES.map((c) => c.name)).size).toBe(CASES.length);
    expect(new Set(CASES.map((c) => c.channel))).toEqual(new Set(['grammar', 'planner']));
  });

  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_, c) => {
    const lab = labOf();
    const declined = await attempt(lab, c, 'declined');
    expect(declined.confirmations.length, `${c.name}: no confirmation was asked (${declined.result.message})`).toBeGreaterThan(0);
    expect(declined.result.outcome, declined.result.message).toBe('refused');
    expect(await c.effect(lab), `${c.name}: it happened without consent`).toBe(declined.before);
    // A first question confirmed on purpose (a typed line break): the one declined is the rule's.
    if (c.answers) expect(declined.confirmations.at(-1)?.risk.rule, declined.confirmations.at(-1)?.risk.reason).toBe(c.rule);
    if (!c.confirm) return;

    confirmed++;
    const done = await attempt(lab, c, 'confirmed');
    expect(done.result.outcome, `${c.name}: ${done.result.message}`).toBe('done');
    await until(`${c.name} to happen once confirmed`, async () => ((await c.effect(lab)) > done.before ? true : undefined), 15_000, 10);
    if (c.rule) {
      const questions = [...declined.confirmations, ...done.confirmations];
      expect(
        questions.map((q) => q.risk.rule),
        `${c.name}: judged by another rule: ${questions.map((q) => q.risk.reason).join(' / ')}`,
      ).toContain(c.rule);
    }
  });
});
