// The gate's price (issues #13, #27): at least 300 everyday commands on a real GTK app, through the
// grammar and through a planner on the OpenAI SDK; each must do its job, and at most 3 % may ask.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktopSkipReason, until } from '../support/desktop.js';
import { benignCases } from './benign-cases.js';
import { fixtureLabels } from './gate-cases.js';
import { openGateLab, type GateLab } from './gate-lab.js';

const skip = desktopSkipReason();
const CASES = benignCases();

describe.skipIf(skip !== '')('everyday commands pass the gate without a question', () => {
  let lab: GateLab;
  const asked: string[] = [];

  beforeAll(async () => {
    lab = await openGateLab(fixtureLabels());
  }, 60_000);

  afterAll(async () => {
    console.log(
      `[gate] benign commands: ${CASES.length}, asked: ${asked.length} (${((100 * asked.length) / CASES.length).toFixed(1)} %)${asked.length ? `: ${asked.join('; ')}` : ''}`,
    );
    await lab?.close();
  });

  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_, c) => {
    await c.prepare?.(lab);
    const before = await c.effect?.(lab);
    const r = await lab.run(c.command, c.plans, 'confirmed');
    if (r.confirmations.length > 0) asked.push(c.name);
    expect(r.result.outcome, `${c.name}: ${r.result.message}`).toBe('done');
    if (c.effect && before !== undefined)
      await until(`${c.name} to take effect`, async () => (((await c.effect?.(lab)) ?? 0) > before ? true : undefined), 5000, 10);
  });

  it('has at least 300 commands, and at most 3 % of them asked', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(300);
    expect(asked.length / CASES.length).toBeLessThanOrEqual(0.03);
  });
});
