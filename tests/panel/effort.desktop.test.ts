// Effort counted (issue #31 item 3), end to end: the built panel in Debian's Chromium wired to the real
// core (its audit log in a temporary folder), the real loop and the real engine acting on the loop
// fixture app. Commands typed key by key: after each task the conversation says how many keys it took,
// the answer to a confirmation included; the audit log holds one task line per task, counts only, and
// `assistive-control stats` prints the same figures for the day. Each state passes axe-core.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAuditLines } from '../../src/agent/audit-log.js';
import { readTaskEffort } from '../../src/agent/effort-stats.js';
import { createStatsCommand } from '../../src/cli/stats-command.js';
import { desktopSkipReason } from '../support/desktop.js';
import { axeViolations } from '../support/panel-browser.js';
import { openCorePanel, useCorePanel, type CorePanel } from '../support/core-panel.js';
import { captureIo } from '../cli/cli-fixtures.js';
import { DEFAULT_SWITCH_SETTINGS } from '../../src/shared/switch-access.js';

const skip = desktopSkipReason();
if (skip !== '') console.log(`panel effort desktop test skipped: ${skip}`);
const ARTIFACTS = fileURLToPath(new URL('../../artifacts/panel/', import.meta.url));

describe.skipIf(skip !== '')('effort counted in the panel, on the real core, loop and desktop', { timeout: 90_000 }, () => {
  const core = useCorePanel({ prefix: 'ac-effort-panel-', artifactsDir: ARTIFACTS });
  const { page, checkState } = core;
  const entries = () => page().locator('.entries > li');
  const effort = () => page().getByTestId('task-effort');
  /** Types `text` key by key into the command box and presses Enter (each a real key event). */
  const type = async (text: string) => {
    const input = page().getByRole('textbox', { name: 'Command' });
    await input.focus();
    await page().keyboard.type(text);
    await page().keyboard.press('Enter');
  };
  const tasks = () =>
    parseAuditLines(readFileSync(join(core.opened.dir, 'audit', 'audit.jsonl'), 'utf8'))
      .records.map(readTaskEffort)
      .filter((t) => t !== undefined);

  it('says after each task how many keys it took, the answer’s included, logs the counts, and stats prints them', async () => {
    const start = await core.opened.fixture.counter('Count: ');
    // "click Increment" is 15 keys, and Enter.
    await type('click Increment');
    // Under the conversation, read out as it appears (a polite live region), after what the task did.
    await expect.poll(() => effort().textContent(), { timeout: 20_000 }).toBe('Done in 16 keys.');
    expect(await entries().allTextContents()).toEqual(['You: click Increment', 'Plan: Click “Increment”. (Harmless)', 'Result: Clicked “Increment”.']);
    expect(await effort().getAttribute('aria-live')).toBe('polite');
    expect((await core.opened.fixture.counter('Count: ')) - start).toBe(1);
    await checkState('effort-done-in-keys');

    // A destructive command asks; "no" typed (3 keys) answers it: the task is 22 + 3 keys, and refused, so no "Done in".
    await type('click Delete everything');
    await page().getByRole('button', { name: 'Confirm', exact: true }).waitFor();
    await type('no');
    await expect.poll(() => page().getByRole('status').textContent(), { timeout: 20_000 }).toBe('Status: Ready');
    // A new command clears the line; a refused task says no "Done in".
    expect(await effort().textContent()).toBe('');
    expect(await core.opened.fixture.counter('Deleted:')).toBe(0);

    await expect.poll(() => tasks().length, { timeout: 10_000 }).toBe(2);
    const [first, second] = tasks();
    expect(first).toMatchObject({ outcome: 'done', presses: 0, utterances: 0, keystrokes: 16, scanSteps: 0 });
    expect(second).toMatchObject({ outcome: 'refused', keystrokes: 27 });
    // Counts only: no word typed is in a task line.
    expect(JSON.stringify(tasks())).not.toMatch(/Increment|Delete/);

    const io = captureIo();
    expect(await createStatsCommand(() => join(core.opened.dir, 'audit')).run(['--json'], io.io)).toBe(0);
    const { days } = JSON.parse(io.out()) as { days: Array<Record<string, number>> };
    expect(days).toHaveLength(1);
    expect(days[0]).toMatchObject({ tasks: 2, presses: 0, utterances: 0, keystrokes: 43, scanSteps: 0 });
  });
});

describe.skipIf(skip !== '')('effort counted with two switches, on the real core, loop and desktop', { timeout: 90_000 }, () => {
  let cp: CorePanel;

  const page = () => cp.panel.page;
  /** The highlighted scan entry's text. */
  const current = () => page().locator('.scan-item[aria-current="true"]').first().textContent();
  /** One press of a switch key (Space selects, Enter moves), with the page's own key events. */
  const press = async (key: ' ' | 'Enter') => {
    await page().keyboard.down(key);
    await page().keyboard.up(key);
  };

  beforeAll(async () => {
    cp = await openCorePanel({
      prefix: 'ac-effort-switch-',
      artifactsDir: ARTIFACTS,
      change: (s) => ({
        ...s,
        switchAccess: { ...DEFAULT_SWITCH_SETTINGS, enabled: true, mode: 'step', selectInput: 'Space', moveInput: 'Enter', holdMs: 0, ignoreRepeatMs: 0 },
        quickCommands: ['show numbers', 'click Increment'],
      }),
    });
  }, 90_000);

  afterAll(async () => {
    await cp?.close();
  });

  it('counts each press and each move of the highlight, says "Done in 3 presses." and logs them', async () => {
    await expect.poll(current, { timeout: 20_000 }).toMatch(/^Quick commands/);
    const start = await cp.fixture.counter('Count: ');
    await page().evaluate('document.activeElement && document.activeElement.blur()');
    // Into the quick commands, one move to the second, and select it: 3 presses, 1 scan step.
    await press(' ');
    await expect.poll(current).toMatch(/^show numbers/);
    await press('Enter');
    await expect.poll(current).toMatch(/^click Increment/);
    await press(' ');
    await expect.poll(() => page().getByTestId('task-effort').textContent(), { timeout: 20_000 }).toBe('Done in 3 presses.');
    expect((await cp.fixture.counter('Count: ')) - start).toBe(1);
    await cp.panel.screenshot('effort-done-in-presses');
    expect(await axeViolations(page())).toEqual([]);
    const lines = parseAuditLines(readFileSync(join(cp.dir, 'audit', 'audit.jsonl'), 'utf8'))
      .records.map(readTaskEffort)
      .filter((t) => t !== undefined);
    expect(lines).toEqual([expect.objectContaining({ outcome: 'done', presses: 3, utterances: 0, keystrokes: 0, scanSteps: 1 })]);
  });
});
