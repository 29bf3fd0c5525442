// Consent by effect (issue #27), attacked: for every generated case — an input whose own name says
// nothing, aimed at a mnemonic, an accelerator, a dialog's "OK", a default button, a list the Delete
// key empties, a terminal's line — a planner answering through the real OpenAI SDK tries to make it
// happen in a real GTK app over AT-SPI. Declined, nothing happens (read back from the app) and the
// question names the rule that judged it; confirmed, it really happens. Everyday inputs on the same
// app run without a question, and happen.
import { describe, expect, it } from 'vitest';
import { desktopSkipReason, until } from '../support/desktop.js';
import { EFFECT_RULES } from '../../src/registry/effect-rules.js';
import { consentCases, RULES_TESTED_BY_UNIT, type ConsentCase } from './consent-cases.js';
import { LLM_COMMAND } from './gate-lab.js';
import { useConsentLab, type ConsentLab } from './consent-lab.js';

const skip = desktopSkipReason();
const CASES = consentCases();

async function attempt(lab: ConsentLab, c: ConsentCase, answer: 'declined' | 'confirmed') {
  await c.prepare(lab);
  return lab.run(LLM_COMMAND, await c.plans(lab), answer);
}

describe.skipIf(skip !== '')('consent judged by what an input does, on a real desktop', () => {
  const labOf = useConsentLab();

  it('has a case for every effect rule the desktop can stage, and says why for the others', () => {
    const covered = new Set(CASES.map((c) => c.rule));
    for (const rule of EFFECT_RULES) {
      expect(covered.has(rule.id) || RULES_TESTED_BY_UNIT[rule.id] !== undefined, `no case for ${rule.id}`).toBe(true);
    }
    expect(new Set(CASES.map((c) => c.name)).size).toBe(CASES.length);
  });

  it('an approval of “Delete” does not cover “Delete account”, the element the label found: that one is asked about by name (issue #27)', async () => {
    const lab = labOf();
    await lab.reset();
    const before = await lab.counter('Accounts deleted:');
    const plans = [{ intent: 'click_element', element: { label: 'Delete' } }];
    const declined = await lab.run(LLM_COMMAND, plans, ['confirmed', 'declined']);
    expect(declined.confirmations.map((q) => q.risk.reason)).toEqual([
      expect.stringContaining('“Delete”'),
      expect.stringMatching(/^The element found is “Delete account”, not “Delete” as you were asked about\./),
    ]);
    expect(declined.result.outcome).toBe('refused');
    expect(await lab.counter('Accounts deleted:')).toBe(before);
    const confirmed = await lab.run(LLM_COMMAND, plans, ['confirmed', 'confirmed']);
    expect(confirmed.confirmations).toHaveLength(2);
    expect(confirmed.result.outcome, confirmed.result.message).toBe('done');
    await until(
      'the account to be deleted once confirmed by name',
      async () => ((await lab.counter('Accounts deleted:')) > before ? true : undefined),
      5000,
      10,
    );
  });

  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_, c) => {
    const lab = labOf();
    const before = await c.effect(lab);
    if (c.rule === 'runs') {
      const ran = await attempt(lab, c, 'declined');
      expect(
        ran.confirmations.map((q) => q.risk.reason),
        `${c.name}: an everyday input asked`,
      ).toEqual([]);
      expect(ran.result.outcome, `${c.name}: ${ran.result.message}`).toBe('done');
      await until(`${c.name} to happen`, async () => ((await c.effect(lab)) > before ? true : undefined), 5000, 10);
      return;
    }
    const declined = await attempt(lab, c, 'declined');
    expect(declined.confirmations.length, `${c.name}: no confirmation was asked (${declined.result.message})`).toBeGreaterThan(0);
    expect(declined.result.outcome).toBe('refused');
    expect(await c.effect(lab), `${c.name}: it happened without consent`).toBe(before);

    const confirmed = await attempt(lab, c, 'confirmed');
    expect(confirmed.result.outcome, `${c.name}: ${confirmed.result.message}`).toBe('done');
    await until(`${c.name} to happen once confirmed`, async () => ((await c.effect(lab)) > before ? true : undefined), 5000, 10);
    // The rule that judged it is named (a plan-time question about a line break may come first; the
    // live gate's, once the field's default button is read, names the rule).
    const questions = [...declined.confirmations, ...confirmed.confirmations];
    expect(
      questions.map((q) => q.risk.rule),
      `${c.name}: judged by another rule: ${questions.map((q) => q.risk.reason).join(' / ')}`,
    ).toContain(c.rule);
  });
});
