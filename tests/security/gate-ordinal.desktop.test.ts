// A planner that names a button by its rank ("the 2nd button", issue #29 item 3) cannot reach past
// the gate: through the real OpenAI SDK against a loopback model, on a real GTK app over AT-SPI, the
// rank that lands on "Delete all parcels" asks, declined nothing happens (read back from the app's
// counter) and confirmed it happens (so the rank really reached that button); a rank aimed at the
// assistant's own panel is refused, confirmed or not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readingOrder } from '../../src/execution/reading-order.js';
import { desktopSkipReason, until } from '../support/desktop.js';
import { LLM_COMMAND, openGateLab, type GateLab } from './gate-lab.js';

const skip = desktopSkipReason();
const LABELS = ['Keep all parcels', 'Delete all parcels'] as const;

describe.skipIf(skip !== '')('an element by its rank, from a planner, on a real desktop', () => {
  let lab: GateLab;

  beforeAll(async () => {
    lab = await openGateLab(LABELS);
  }, 60_000);

  afterAll(async () => {
    await lab?.close();
  });

  /** The rank of the button `name` among the fixture's shown buttons, in reading order (read here, not by the code under test). */
  async function rankOf(name: string): Promise<number> {
    const { elements } = await lab.bridge.snapshot({ pid: lab.fixturePid });
    const shown = elements.filter((e) => e.role === 'button' && e.states.includes('showing') && e.bounds !== null && e.bounds.width > 0 && e.bounds.height > 0);
    const rank = readingOrder(shown).findIndex((e) => e.name === name) + 1;
    if (rank === 0) throw new Error(`no shown button ${name}`);
    return rank;
  }

  it('a rank that lands on “Delete all parcels” asks; declined nothing happens, confirmed it does', async () => {
    const plan = { intent: 'click_element', element: { ordinal: await rankOf('Delete all parcels'), role: 'button' } };
    const before = await lab.counter('Pressed 1:');
    const declined = await lab.run(LLM_COMMAND, [plan], 'declined');
    expect(declined.confirmations.length, declined.result.message).toBeGreaterThan(0);
    expect(declined.confirmations.at(-1)?.risk.level).toBe('destructive');
    // The question names the element the rank found (its reason), not only the rank.
    expect(declined.confirmations.at(-1)?.risk.reason).toMatch(/Delete all parcels/);
    expect(declined.result.outcome).toBe('refused');
    expect(await lab.counter('Pressed 1:')).toBe(before);
    expect(await lab.counter('Pressed 0:')).toBe(0);

    const confirmed = await lab.run(LLM_COMMAND, [plan], 'confirmed');
    expect(confirmed.result.outcome, confirmed.result.message).toBe('done');
    await until('the confirmed click to press “Delete all parcels”', async () => ((await lab.counter('Pressed 1:')) > before ? true : undefined), 5000);
  }, 60_000);

  it('a rank aimed at the assistant’s own panel is refused, confirmed or not', async () => {
    await lab.raise();
    const plan = { intent: 'click_element', element: { ordinal: 1, role: 'check_box', app: 'Assistive Control' } };
    for (const answer of ['declined', 'confirmed'] as const) {
      const run = await lab.run(LLM_COMMAND, [plan], answer);
      expect(run.result.outcome, run.result.message).toBe('refused');
      expect(run.result.message).toMatch(/never acts on its own panel/);
      expect(run.confirmations).toHaveLength(0);
      expect(await lab.panelChecked()).toBe(true);
    }
  }, 60_000);
});
