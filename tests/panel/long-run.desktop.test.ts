// A long run in the panel (issue #32 item 5), end to end: the built panel in Debian's Chromium wired
// to the real core, the real loop and the real engine clicking the loop fixture app's Increment 30
// times (one typed command, the offline grammar's chain). At the step budget (25) the panel shows
// "25 of 30 steps done: go on?"; the Pause button, pressed while it waits, pauses the run once it is
// confirmed; the panel then shows where it is paused and offers Go on, which the Pause key sends.
// The app's own counter shows how many steps ran at each point. Each state passes axe-core.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useCorePanel } from '../support/core-panel.js';
import { desktopSkipReason } from '../support/desktop.js';

const skip = desktopSkipReason();
if (skip !== '') console.log(`panel long-run desktop test skipped: ${skip}`);
const ARTIFACTS = fileURLToPath(new URL('../../artifacts/panel/', import.meta.url));

describe.skipIf(skip !== '')('a long run in the panel, on the real core, loop and desktop', { timeout: 90_000 }, () => {
  // Voice off: only typing and buttons here.
  const core = useCorePanel({ prefix: 'ac-long-run-', artifactsDir: ARTIFACTS });
  const { page, checkState } = core;
  const counter = () => core.opened.fixture.counter('Count: ');
  const status = () => page().getByRole('status');

  it('shows step n of m, asks at the budget, pauses by its button, and goes on by the Pause key', async () => {
    const start = await counter();
    const input = page().getByRole('textbox', { name: 'Command' });
    await input.fill(Array.from({ length: 30 }, () => 'click Increment').join(' then '));
    await input.press('Enter');

    // The budget's question, with the run's progress above the conversation.
    await page().getByRole('button', { name: 'Confirm', exact: true }).waitFor();
    expect(await page().locator('.entries > li').last().textContent()).toContain('25 of 30 steps done: go on?');
    expect(await page().locator('#run-progress-text').textContent()).toBe('Step 25 of 30: Click “Increment”.');
    expect(await status().textContent()).toBe('Status: Waiting for you');
    expect((await counter()) - start).toBe(25);
    await checkState('long-run-budget');

    // Pause while the question waits; then go on past the budget: the run stops before step 26.
    await page().getByRole('button', { name: 'Pause', exact: true }).click();
    await page().getByRole('button', { name: 'Confirm', exact: true }).click();
    await page().getByRole('button', { name: 'Go on', exact: true }).waitFor();
    expect(await page().locator('#run-progress-text').textContent()).toBe('Paused before step 26 of 30: Click “Increment”.');
    expect((await counter()) - start).toBe(25);
    await checkState('long-run-paused');

    // The Pause key, with the command box focused, goes on; the run ends idle with all 30 done.
    await input.focus();
    await page().keyboard.press('Pause');
    await expect.poll(() => status().textContent(), { timeout: 20_000 }).toBe('Status: Ready');
    expect((await counter()) - start).toBe(30);
    expect(await page().locator('.run-progress').count()).toBe(0);
    await checkState('long-run-done');
  });
});
