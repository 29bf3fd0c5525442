// Predictive scanning and the scan rate (issue #31 items 1, 2), end to end: the built panel in Debian's
// Chromium with Playwright's fake clock, wired to the real core, loop and engine acting on the loop
// fixture app; switch presses are real key events. After five reactions the panel offers the .65 rule's
// interval, and nothing is saved until the user chooses "Use …"; "slower" and "faster" move the interval
// a step and save it. After a number was chosen by switch, the next "show numbers" offers that element
// first, and still after the core is started again on the same settings folder; "Forget my choices", the
// ranked scan's last entry, asks first and, confirmed by switch, empties the kept picks, so the next
// numbers are scanned by rows again. Each state passes axe-core.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSettingsStore } from '../../src/config/settings.js';
import { SCAN_PICKS_FILE_NAME } from '../../src/config/scan-picks-file.js';
import type { PanelSession } from '../../src/core/panel-session.js';
import { DEFAULT_SWITCH_SETTINGS } from '../../src/shared/switch-access.js';
import { desktopSkipReason } from '../support/desktop.js';
import { openLoopFixture, type LoopFixture } from '../support/loop-fixture.js';
import { axeViolations, openPanel, type PanelBrowser } from '../support/panel-browser.js';
import { startTestCore, voicePanelSetup } from '../support/panel-core.js';
import { closePorts } from '../support/port-link.js';

const skip = desktopSkipReason();
if (skip !== '') console.log(`predictive scan desktop test skipped: ${skip}`);
const ARTIFACTS = fileURLToPath(new URL('../../artifacts/panel/', import.meta.url));
const INTERVAL = 1000;
const FIRST_PAUSE = 1000;

describe.skipIf(skip !== '')('predictive scanning and the scan rate in the panel, on the real core and desktop', { timeout: 120_000 }, () => {
  let fixture: LoopFixture;
  let panel: PanelBrowser;
  let dir: string;
  /** The core the panel talks to: replaced by a new one on the same folder, as after a restart. */
  let session: PanelSession;
  const ref: { panel?: PanelBrowser } = {};

  const page = () => panel.page;
  const savedInterval = async () => (await createSettingsStore({ dir }).load()).settings.switchAccess.scanIntervalMs;
  /** Moves the page's fake clock; real time passes too, so the core's replies arrive. */
  const tick = async (ms = 50) => {
    await page().clock.runFor(ms);
    await new Promise((r) => setTimeout(r, 20));
  };
  const items = () => page().locator('.scan-item').allTextContents();
  const current = async () => (await page().locator('.scan-item[aria-current="true"]').allTextContents())[0] ?? '';
  const announced = () => page().getByTestId('announcer').textContent();
  /** One press of the select switch (Space): down, held 50 ms, up. */
  const press = async () => {
    await page().keyboard.down(' ');
    await tick(50);
    await page().keyboard.up(' ');
    await tick();
  };
  const settle = async (until: () => Promise<boolean>, what: string, tries = 400) => {
    for (let i = 0; i < tries; i++) {
      if (await until()) return;
      await tick(25);
    }
    throw new Error(`timed out waiting for ${what}; the scan shows ${JSON.stringify(await items())}`);
  };
  /** Typed into the command box without key events for the switch (Enter is not mapped). */
  const send = async (command: string) => {
    const input = page().getByRole('textbox', { name: 'Command' });
    await input.fill(command);
    await input.press('Enter');
  };
  const checkState = async (name: string) => {
    await panel.screenshot(name);
    let done = false;
    const violations = axeViolations(page()).finally(() => {
      done = true;
    });
    while (!done) {
      await page().clock.runFor(1);
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(await violations, name).toEqual([]);
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ac-predictive-scan-'));
    fixture = await openLoopFixture();
    const bundleDir = await voicePanelSetup(dir, 'http://127.0.0.1:9/v1', (s) => ({
      ...s,
      voice: { ...s.voice, enabled: false },
      quickCommands: ['hide numbers'],
      switchAccess: { ...DEFAULT_SWITCH_SETTINGS, enabled: true, scanIntervalMs: INTERVAL, firstItemPauseMs: FIRST_PAUSE, ignoreRepeatMs: 0, scanLoops: 4 },
    }));
    session = await startTestCore({ fixture, dir, push: (event) => ref.panel?.push(event) });
    panel = await openPanel({
      bundleDir,
      artifactsDir: ARTIFACTS,
      session: () => session,
      beforeLoad: async (p) => {
        await p.clock.install({ time: new Date('2026-01-01T00:00:00Z') });
        await p.clock.pauseAt(new Date('2026-01-01T00:00:01Z'));
      },
    });
    ref.panel = panel;
    await settle(async () => (await current()) !== '', 'the scan to start');
  }, 90_000);

  afterAll(async () => {
    await panel?.close();
    closePorts();
    await fixture?.close();
  });

  it('offers the .65 rule’s interval after five reactions, saves it only when chosen', async () => {
    // Each press comes 0.9 s after the highlight reached the first entry (a group, then "hide numbers" in it).
    for (
      let i = 0;
      i < 8 &&
      (await page()
        .getByRole('button', { name: /^Use \d/ })
        .count()) === 0;
      i++
    ) {
      await settle(async () => (await current()) === (await items())[0], 'the first entry');
      await tick(900);
      await press();
      await tick(200);
    }
    const use = page().getByRole('button', { name: /^Use \d/ });
    await use.waitFor({ timeout: 5000 });
    const offered = /^Use (\d(?:\.\d)?) s$/.exec((await use.textContent()) ?? '')?.[1];
    expect(Number(offered)).toBeGreaterThanOrEqual(1.4);
    expect(await page().locator('.scan-rate-offer p').textContent()).toMatch(/^Your presses suggest a slower scan: every \d(\.\d)? s instead of 1 s\./);
    // The switch is offered the same, first; nothing is saved yet.
    await settle(async () => (await items())[0]?.startsWith(`Scan every ${offered} s?`) === true, 'the offer in the scan');
    expect(await savedInterval()).toBe(INTERVAL);
    await checkState('predictive-scan-rate-offer');

    await use.click();
    await settle(async () => (await savedInterval()) === Number(offered) * 1000, 'the interval saved');
    expect(await announced()).toBe(`The scan moves every ${offered} s now, saved.`);
    expect(
      await page()
        .getByRole('button', { name: /^Use \d/ })
        .count(),
    ).toBe(0);
  });

  it('"slower" and "faster" move the interval one step and save it, said in a sentence', async () => {
    const before = await savedInterval();
    await send('slower');
    await settle(async () => (await announced())?.startsWith('The scan is slower now') === true, 'the slower interval said');
    const slower = await savedInterval();
    expect(slower - before).toBeGreaterThanOrEqual(200);
    expect(await announced()).toBe(`The scan is slower now: every ${slower / 1000} s, saved.`);
    await send('faster');
    await settle(async () => (await announced())?.startsWith('The scan is faster now') === true, 'the faster interval said');
    expect(await savedInterval()).toBeLessThan(slower);
    expect(await announced()).toBe(`The scan is faster now: every ${(await savedInterval()) / 1000} s, saved.`);
    await checkState('predictive-scan-faster');
  });

  it('after a number chosen by switch, the next "show numbers" offers that element first', async () => {
    await send('show numbers');
    await settle(async () => (await items()).some((i) => i.startsWith('Hide numbers')), 'the numbers');
    const first = await items();
    // Rows at first (nothing known of the app): the two OK buttons side by side are a row, after Increment's.
    const okRow = first.find((i) => /^Row \d+: \d+, \d+ ›/.test(i));
    expect(okRow, JSON.stringify(first)).toBeDefined();
    expect(first[0]).toMatch(/ Increment\d+ press$/);
    await settle(async () => (await current()) === okRow, 'the highlight on the OK row');
    await tick(300);
    await press();
    await settle(async () => /^\d+ OK$/.test(await current()), 'the highlight on the first OK');
    await tick(300);
    await press();
    await settle(async () => (await page().locator('.entries > li').allTextContents()).some((t) => t.includes('Clicked “OK”')), 'the click');
    await settle(async () => (await page().getByRole('status').textContent()) === 'Status: Ready', 'the run to end');

    await send('show numbers');
    await settle(async () => (await items()).some((i) => i.startsWith('Hide numbers')), 'the numbers again');
    const ranked = await items();
    // The OK chosen before comes first now, one press; every other number follows in groups.
    expect(ranked[0], JSON.stringify(ranked)).toMatch(/^\d+ OK1 press$/);
    expect(ranked.slice(-2).map((i) => i.replace(/\d+ press$/, ''))).toEqual(['Hide numbers', 'Forget my choices']);
    await checkState('predictive-scan-ranked-numbers');
  });

  it('after a restart of the core, the number chosen before still comes first: the core kept it in the settings folder', async () => {
    await settle(async () => (await readFile(join(dir, SCAN_PICKS_FILE_NAME), 'utf8').catch(() => '')).includes('"OK"'), 'the pick kept');
    await send('hide numbers');
    await settle(async () => !(await items()).some((i) => i.startsWith('Hide numbers')), 'the numbers hidden');
    // A new core on the same folder, as main starts one after a crash: nothing of the old one's memory but the file.
    session = await startTestCore({ fixture, dir, push: (event) => ref.panel?.push(event) });
    await send('show numbers');
    await settle(async () => (await items()).some((i) => i.startsWith('Hide numbers')), 'the numbers from the new core');
    const ranked = await items();
    expect(ranked[0], JSON.stringify(ranked)).toMatch(/^\d+ OK1 press$/);
    // The rows are not scanned: both OK buttons (one name, one role) first, then the other numbers.
    expect(ranked[1], JSON.stringify(ranked)).toMatch(/^\d+ OK1 press$/);
    expect(
      ranked.some((i) => /^Row \d+:/.test(i)),
      JSON.stringify(ranked),
    ).toBe(false);
    await checkState('predictive-scan-after-restart');
  });

  it('“Forget my choices”, the ranked scan’s last entry, asks first; confirmed by switch, the next numbers are scanned by rows again', async () => {
    // The numbers shown afresh, so the scan starts from its first entry (it rests after its rounds).
    await send('hide numbers');
    await settle(async () => !(await items()).some((i) => i.startsWith('Hide numbers')), 'the numbers hidden');
    await send('show numbers');
    await settle(async () => (await items()).at(-1)?.startsWith('Forget my choices') === true, 'the ranked numbers');
    // The 7th entry, at the interval the earlier tests chose (1.4 s or more): more than the usual wait.
    await settle(async () => (await current()).startsWith('Forget my choices'), 'the highlight on Forget my choices', 1200);
    await tick(300);
    await press();
    await settle(async () => (await items()).some((i) => i.startsWith('Confirm')), 'the question in the scan');
    expect(await page().locator('.entries > li').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('Forget the element you chose in every app')]),
    );
    // Nothing forgotten yet: the question waits for the user's press.
    expect(await readFile(join(dir, SCAN_PICKS_FILE_NAME), 'utf8')).toMatch(/"OK"/);
    await checkState('predictive-scan-forget-asks');
    // Past the settling time after a question appears, then Confirm (a moderate question: the first entry).
    await tick(1100);
    await settle(async () => (await current()).startsWith('Confirm'), 'the highlight on Confirm');
    await tick(300);
    await press();
    await settle(async () => (await readFile(join(dir, SCAN_PICKS_FILE_NAME), 'utf8')).includes('"apps": {}'), 'the picks forgotten on disk');
    await settle(async () => (await page().getByRole('status').textContent()) === 'Status: Ready', 'the run to end');
    expect(await page().locator('.entries > li').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('Forgot the element you chose in every app')]),
    );

    await send('show numbers');
    await settle(async () => (await items()).some((i) => i.startsWith('Hide numbers')), 'the numbers after forgetting');
    const rows = await items();
    // By position again: the rows, Increment's first; no "Forget my choices" while nothing ranks.
    expect(rows[0], JSON.stringify(rows)).toMatch(/ Increment\d+ press$/);
    expect(rows.some((i) => /^Row \d+:/.test(i))).toBe(true);
    expect(rows.at(-1)).toMatch(/^Hide numbers/);
    await checkState('predictive-scan-after-forget');
  });
});
