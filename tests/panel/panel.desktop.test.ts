// The panel end to end: the built bundle in Debian's Chromium (playwright-core), its preload API
// over exposeFunction, wired through PanelSession to the real AssistantLoop and the real engine
// acting on a GTK app on the private desktop. Effects are read back from the app through AT-SPI;
// each state is saved as a screenshot in artifacts/panel/ and checked with axe-core (WCAG 2.2 AA).
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPanel } from '../../scripts/build-panel.js';
import { AssistantLoop, type PlannerAvailability } from '../../src/agent/assistant-loop.js';
import { openDesktopEngine } from '../../src/compose/desktop-engine.js';
import { createPlanner } from '../../src/intent/providers/create-planner.js';
import { createSecretStore, type KeyringBackend } from '../../src/config/secret-store.js';
import { createSettingsStore, defaultSettings } from '../../src/config/settings.js';
import { PanelSession } from '../../src/core/panel-session.js';
import { idOf, startScriptedLlm, type ScriptStep } from '../agent/scripted-llm.js';
import type { LlmServer } from '../intent/llm-loopback.js';
import { desktopSkipReason, setAccessibilityStatus, until } from '../support/desktop.js';
import { openLoopFixture, type LoopFixture } from '../support/loop-fixture.js';
import { focusWhenShown } from '../support/focus-at-show.js';
import { axeViolations, openPanel, unreachableByTab, withLargeTextHighContrast, type PanelBrowser } from '../support/panel-browser.js';
import { testPermissions } from '../support/test-permissions.js';
import { createPermissionChecker } from '../../src/shared/permission-checker.js';
import { linuxPermissions } from '../../src/main/permissions-linux.js';
import type { PermissionChecker } from '../../src/shared/permissions.js';

const skip = desktopSkipReason();
const ARTIFACTS = fileURLToPath(new URL('../../artifacts/panel/', import.meta.url));

describe.skipIf(skip !== '')('the panel in Chromium, on the real loop and desktop', () => {
  let fixture: LoopFixture;
  let panel: PanelBrowser;
  let panelSession: PanelSession;
  let planner: () => Promise<PlannerAvailability> = async () => ({ kind: 'none', message: 'No AI planner in this test.' });
  const servers: LlmServer[] = [];
  /** The shell's own Linux checker (the AT-SPI bus, through the bridge) unless a test swaps in the seam's stand-in. */
  let checker: PermissionChecker;
  const permissions: PermissionChecker = { check: (kinds) => checker.check(kinds), openSettings: (kind) => checker.openSettings(kind) };
  /** Where the focus is: the focused element's id, class and text. */
  const focused = () =>
    page().evaluate(() => {
      const el = (globalThis as unknown as { document: { activeElement: { id: string; className: string; textContent: string | null } | null } }).document
        .activeElement;
      return { id: el?.id ?? '', className: el?.className ?? '', text: el?.textContent ?? '' };
    });
  const announced = () => page().getByTestId('announcer').textContent();

  const counter = (prefix: string) => fixture.counter(prefix);
  const useLlm = async (script: readonly ScriptStep[]): Promise<LlmServer> => {
    const server = await startScriptedLlm('openai', script);
    servers.push(server);
    planner = async () => ({
      kind: 'ready',
      planner: createPlanner({ provider: 'openai', baseURL: server.baseURL, apiKey: 'sk-panel-test', model: 'gpt-test' }),
      budgetMs: 20_000,
    });
    return server;
  };
  const page = () => panel.page;
  const status = () => page().getByRole('status');
  const entries = () => page().locator('.entries > li');
  const send = async (command: string) => {
    const input = page().getByRole('textbox', { name: 'Command' });
    await input.fill(command);
    await input.press('Enter');
  };
  /**
   * Sends a command the model answers with a click on `label`, but only once the test calls the
   * function this returns: the test acts while the assistant is still thinking.
   */
  const sendHeld = async (command: string, label: string): Promise<() => void> => {
    let release = (): void => undefined;
    const held = new Promise<void>((r) => (release = r));
    const server = await useLlm([]);
    server.setScenario('scripted');
    server.script = () => ({ plan: { intent: 'click_element', element: { label } }, after: held });
    await send(command);
    await until('the planner to be asked', async () => (server.requests.length > 0 ? true : undefined));
    return release;
  };
  /** Screenshot, then axe-core: no WCAG 2.2 A/AA violation in this state. */
  const checkState = async (name: string) => {
    await panel.screenshot(name);
    expect(await axeViolations(page()), name).toEqual([]);
  };

  beforeAll(async () => {
    fixture = await openLoopFixture();
    checker = createPermissionChecker(linuxPermissions({ bridgePermission: (deadlineMs) => fixture.bridge.permission({ deadlineMs }) }));
    const bundleDir = await mkdtemp(join(tmpdir(), 'ac-panel-'));
    await buildPanel(bundleDir);
    const engine = openDesktopEngine(process.env);
    const settings = createSettingsStore({ dir: await mkdtemp(join(tmpdir(), 'ac-panel-settings-')) });
    await settings.save({ ...defaultSettings(), provider: 'grammar', onboardingDone: true });
    // The keychain is exercised for real in setup.test.ts; here no key is ever saved.
    const noKeys: KeyringBackend = { get: async () => null, set: async () => undefined, delete: async () => false };
    panelSession = new PanelSession({
      createLoop: (confirm) => new AssistantLoop({ engine, confirm, emit: (e) => panel.push(e), planner: () => planner() }),
      settings,
      secrets: createSecretStore({ backend: noKeys }),
      permissions,
      planner: () => planner(),
    });
    panel = await openPanel({ bundleDir, artifactsDir: ARTIFACTS, session: () => panelSession });
  }, 60_000);

  afterAll(async () => {
    await panel?.close();
    await Promise.all(servers.map((s) => s.close()));
    await fixture?.close();
  });

  it('starts idle, with the input focusable and labelled', async () => {
    await expect.poll(() => status().textContent()).toBe('Status: Ready');
    // Keyboard order: Settings (enabled once main sent the settings), Your commands, Dictate, then the command box.
    await expect.poll(() => page().getByRole('button', { name: 'Settings' }).isEnabled()).toBe(true);
    await page().keyboard.press('Tab');
    expect(await focused()).toMatchObject({ text: 'Settings' });
    await page().keyboard.press('Tab');
    expect(await focused()).toMatchObject({ text: 'Your commands' });
    await page().keyboard.press('Tab');
    expect(await focused()).toMatchObject({ text: 'Dictate' });
    await page().keyboard.press('Tab');
    expect(await focused()).toMatchObject({ id: 'command-input' });
    await checkState('01-idle');
  });

  it('a typed command shows the user message, the plan and the result, and clicks the real button', async () => {
    const before = await counter('Count: ');
    await send('click Increment');
    await expect
      .poll(() => entries().allTextContents())
      .toEqual(['You: click Increment', 'Plan: Click “Increment”. (Harmless)', 'Result: Clicked “Increment”.']);
    await expect.poll(() => status().textContent()).toBe('Status: Ready');
    await until('the count to go up', async () => ((await counter('Count: ')) === before + 1 ? true : undefined));
    await checkState('02-result');
    expect(await unreachableByTab(page())).toEqual([]);
    // The check itself catches a control taken out of the Tab order.
    await page().evaluate(`document.querySelector('.toolbar button').tabIndex = -1`);
    expect(await unreachableByTab(page())).toEqual(['Settings']);
    await page().evaluate(`document.querySelector('.toolbar button').removeAttribute('tabindex')`);
  });

  it('a destructive action waits for Confirm, then runs once', async () => {
    // Where the focus is as the question shows: a press at that very moment lands there.
    const asked = await focusWhenShown(page(), '[data-entry] button.cancel');
    await send('click Delete everything');
    const confirm = page().getByRole('button', { name: 'Confirm', exact: true });
    await confirm.waitFor();
    expect(await asked()).toBe('Cancel');
    expect(await status().textContent()).toBe('Status: Waiting for you');
    expect(await page().locator('.entry-confirmation').textContent()).toMatch(/Destructive: .+/);
    expect(await counter('Deleted: ')).toBe(0);
    // Destructive: the focus waits on Cancel, so a stray Enter or switch press does nothing harmful.
    await expect.poll(focused).toMatchObject({ text: 'Cancel' });
    expect(await announced()).toMatch(/^Needs your confirmation: .+ Destructive\. Focus is on Cancel\.$/);
    await checkState('03-confirmation');
    expect(await unreachableByTab(page())).toEqual([]);
    // Keyboard only: the Confirm button is reached and pressed without a pointer, once it takes
    // presses (issue #27: for a moment after it appears it is marked unavailable).
    await confirm.focus();
    await expect.poll(() => confirm.getAttribute('aria-disabled')).toBeNull();
    await page().keyboard.press('Enter');
    await expect.poll(() => entries().last().textContent()).toBe('Result: Clicked “Delete everything”.');
    await until('the delete to count', async () => ((await counter('Deleted: ')) === 1 ? true : undefined));
    expect(await page().locator('.entry-confirmation .answer').last().textContent()).toBe('You confirmed.');
    // The run is over: the focus is back in the command box, and that is announced.
    await expect.poll(focused).toMatchObject({ id: 'command-input' });
    expect(await announced()).toBe('Finished. Focus is back in the command box.');
    await checkState('04-confirmed');
  });

  it('a moderate action asks too, with the focus on Confirm; Cancel by keyboard does nothing', async () => {
    const asked = await focusWhenShown(page(), '[data-entry] button.confirm');
    await send('click Accept');
    const confirm = page().getByRole('button', { name: 'Confirm', exact: true });
    await confirm.waitFor();
    expect(await asked()).toBe('Confirm');
    expect(await page().locator('.entry-confirmation').last().textContent()).toMatch(/Moderate risk: .+/);
    // Moderate: the user asked for it, so one press goes ahead; Cancel is one Tab away.
    await expect.poll(focused).toMatchObject({ text: 'Confirm' });
    expect(await announced()).toMatch(/^Needs your confirmation: .+ Focus is on Confirm\.$/);
    await checkState('03b-confirmation-moderate');
    await page().keyboard.press('Tab');
    expect(await focused()).toMatchObject({ text: 'Cancel' });
    await page().keyboard.press('Enter');
    await expect.poll(() => status().textContent()).toBe('Status: Ready');
    expect(await page().locator('.entry-confirmation .answer').last().textContent()).toBe('You cancelled.');
    await expect.poll(focused).toMatchObject({ id: 'command-input' });
  });

  it('a question that appears while the user types never takes their keys (issue #27): the focus stays in the command box, and what they type is no answer', async () => {
    // The model's answer is held until the user has begun typing the next command.
    const answers = page().locator('.entry-confirmation .answer');
    const answered = await answers.count();
    const release = await sendHeld('please accept the terms', 'Accept');
    const input = page().getByRole('textbox', { name: 'Command' });
    await input.focus();
    await page().keyboard.type('click Incr');
    release();
    const confirm = page().getByRole('button', { name: 'Confirm', exact: true });
    await confirm.waitFor();
    // Moderate, which would take the focus to Confirm: not while the user types.
    expect(await focused()).toMatchObject({ id: 'command-input' });
    expect(await input.inputValue()).toBe('click Incr');
    await expect
      .poll(announced)
      .toMatch(/^Needs your confirmation: .+ Your text stays in the command box: type yes or no there, or reach Confirm and Cancel with Shift\+Tab\.$/);
    // Their Enter sends their text, begun before the question: it answers nothing, and the question keeps waiting.
    await page().keyboard.type('ement');
    await page().keyboard.press('Enter');
    // The core answers it as no answer (this harness shows the loop's events, not the session's own).
    await expect
      .poll(() => panel.crossings.filter((c) => c.channel === 'command:run' && c.args[0] === 'click Increment').at(-1)?.reply)
      .toMatchObject({
        outcome: 'needs_user',
        message: expect.stringMatching(/^“click Increment” was begun before the question appeared, so it does not answer it/),
      });
    expect(await status().textContent()).toBe('Status: Waiting for you');
    expect(await answers.count()).toBe(answered);
    // As the announcement said: a no typed in the box after the question answers it.
    await input.focus();
    await page().keyboard.type('no');
    await page().keyboard.press('Enter');
    await expect.poll(() => status().textContent()).toBe('Status: Ready');
    expect(panel.crossings.filter((c) => c.channel === 'command:run' && c.args[0] === 'no').at(-1)?.reply).toEqual({
      outcome: 'refused',
      message: 'Cancelled.',
    });
  });

  it('Enter held down from before a question, or pressed as it appears, does not confirm it; a fresh press once it takes presses does (issue #27)', async () => {
    const answers = page().locator('.entry-confirmation .answer');
    const answered = await answers.count();
    const deleted = await counter('Deleted: ');
    const release = await sendHeld('please tidy up', 'Delete everything');
    // Enter goes down in the empty command box and stays down: its repeats follow the focus.
    await page().getByRole('textbox', { name: 'Command' }).focus();
    await page().keyboard.down('Enter');
    release();
    const confirm = page().getByRole('button', { name: 'Confirm', exact: true });
    await confirm.waitFor();
    // Destructive: the focus goes to Cancel; even moved onto Confirm, the held key's repeats answer nothing.
    await expect.poll(focused).toMatchObject({ text: 'Cancel' });
    await confirm.focus();
    for (let i = 0; i < 3; i++) await page().keyboard.down('Enter');
    await expect.poll(() => confirm.getAttribute('aria-disabled')).toBeNull();
    await page().keyboard.down('Enter');
    await page().keyboard.up('Enter');
    expect(await answers.count()).toBe(answered);
    expect(await status().textContent()).toBe('Status: Waiting for you');
    expect(await counter('Deleted: ')).toBe(deleted);
    // A press begun on Confirm, once it takes presses, answers it, and the action really runs.
    await page().keyboard.press('Enter');
    await expect.poll(() => answers.last().textContent()).toBe('You confirmed.');
    await until('the delete to count', async () => ((await counter('Deleted: ')) === deleted + 1 ? true : undefined));
    await expect.poll(() => status().textContent()).toBe('Status: Ready');
  });

  it('a question offers its options as buttons; choosing one answers it', async () => {
    // Should the loop hand the answer to the planner rather than resolve it itself, the planner
    // looks and clicks the first “OK”: either way, the user's one press ends in the click.
    await useLlm([{ intent: 'get_screen_elements' }, (text) => ({ intent: 'click_element', element: { id: idOf(text, 'OK') } })]);
    await send('click OK');
    const options = page()
      .getByRole('group', { name: /^Answers to: There are 2 buttons named “OK”/ })
      .getByRole('button');
    await expect.poll(() => options.count()).toBe(2);
    await expect.poll(() => status().textContent()).toBe('Status: Ready');
    // The question takes the focus to its first answer, and keeps it after the run ended.
    await expect.poll(focused).toMatchObject({ text: (await options.first().textContent()) ?? '' });
    expect((await focused()).className).toContain('option');
    expect(await announced()).toMatch(/^Question: There are 2 buttons named “OK”.* Focus is on the first answer, .+\.$/);
    await checkState('05-clarification');
    const chosen = (await options.first().textContent()) ?? '';
    await options.first().click();
    await expect.poll(() => entries().last().textContent(), { timeout: 15_000 }).toBe('Result: Clicked “OK”.');
    expect(await entries().allTextContents()).toContain(`You: ${chosen}`);
    // Once answered, the question's buttons are gone (an old question cannot be answered again).
    await expect.poll(() => options.count()).toBe(0);
    await checkState('06-answered');
  });

  it('Stop cancels a running command and the status comes back to Ready', async () => {
    await useLlm([{ fail: 'hang' }]);
    await send('make the number bigger');
    await expect.poll(() => status().textContent()).toBe('Status: Thinking…');
    const stop = page().getByRole('button', { name: 'Stop' });
    expect(await stop.isEnabled()).toBe(true);
    // Settings waits while a command runs, so its confirmation or question cannot be hidden behind it.
    expect(await page().getByRole('button', { name: 'Settings' }).isDisabled()).toBe(true);
    await checkState('07-thinking');
    await stop.click();
    await expect.poll(() => status().textContent()).toBe('Status: Ready');
    expect(await entries().last().textContent()).toBe('Result: Stopped. Nothing more was done.');
    await checkState('08-stopped');
  });

  it('text at 200 % in forced colours with reduced motion: nothing cut off, still no violation', async () => {
    const layout = await withLargeTextHighContrast(page(), () => checkState('09-large-text-high-contrast'));
    expect(layout.scroll).toBeLessThanOrEqual(layout.client);
  });

  it('recent commands run again in one action', async () => {
    const before = await counter('Count: ');
    await page().getByRole('button', { name: 'Run again: click Increment' }).click();
    await expect.poll(() => entries().last().textContent()).toBe('Result: Clicked “Increment”.');
    await until('the count to go up', async () => ((await counter('Count: ')) === before + 1 ? true : undefined));
  });

  it('Dictate turns dictation on and says so; Stop dictating turns it off (issue #18)', async () => {
    await page().getByRole('button', { name: 'Dictate', exact: true }).click();
    await expect.poll(() => entries().last().textContent()).toMatch(/^Result: Dictation is on/);
    const stop = page().getByRole('button', { name: 'Stop dictating' });
    await expect.poll(() => stop.isEnabled()).toBe(true);
    expect(await page().getByText('Dictation is on: what you say or type is written into the focused field.').isVisible()).toBe(true);
    await checkState('10-dictating');
    await stop.click();
    await expect.poll(() => entries().last().textContent()).toMatch(/^Result: Dictation is off/);
    await expect.poll(() => page().getByRole('button', { name: 'Dictate', exact: true }).isEnabled()).toBe(true);
  });

  it('Send with desktop accessibility off: the real Linux check explains how to turn it on; nothing runs', async () => {
    const before = await counter('Count: ');
    await setAccessibilityStatus('IsEnabled', false);
    try {
      await send('click Increment');
      const entry = page().locator('.entry-permission');
      await expect.poll(() => entry.count()).toBe(1);
      expect(await entry.textContent()).toMatch(
        /^Permission needed: Desktop accessibility is turned off.+gsettings set org\.gnome\.desktop\.interface toolkit-accessibility true/,
      );
      // Linux has no settings pane for this: no button is offered, the sentence names the command, and the focus returns to the command box.
      expect(await entry.getByRole('button').count()).toBe(0);
      await expect.poll(focused).toMatchObject({ id: 'command-input' });
      expect(await announced()).toMatch(/^Permission needed\. Desktop accessibility is turned off/);
      expect(await status().textContent()).toBe('Status: Ready');
      await checkState('10-permission-missing-linux');
      expect(await counter('Count: ')).toBe(before);
    } finally {
      await setAccessibilityStatus('IsEnabled', true);
    }
    await send('click Increment');
    await expect.poll(() => entries().last().textContent()).toBe('Result: Clicked “Increment”.');
    await until('the count to go up', async () => ((await counter('Count: ')) === before + 1 ? true : undefined));
  });

  it('a missing permission with a settings pane (as on macOS): Send offers Open settings, focused, and it opens that pane', async () => {
    // The macOS checker cannot run here: the seam's stand-in plays it.
    const mac = testPermissions();
    checker = mac;
    try {
      const before = await counter('Count: ');
      mac.set('accessibility', 'denied');
      await send('click Increment');
      const entry = page().locator('.entry-permission').last();
      await expect.poll(() => entry.textContent()).toContain('Assistive Control needs desktop accessibility to press buttons and type for you');
      // The offer takes the focus: one press opens the pane.
      await expect.poll(focused).toMatchObject({ text: 'Open settings' });
      expect(await announced()).toMatch(/^Permission needed\. .+ Focus is on Open settings\.$/);
      await checkState('10-permission-missing-open-settings');
      await page().keyboard.press('Enter');
      await expect.poll(() => mac.opened).toEqual(['accessibility']);
      expect(await entry.textContent()).toContain('The settings opened. Grant Accessibility, then come back and try again.');
      expect(await counter('Count: ')).toBe(before);
    } finally {
      checker = createPermissionChecker(linuxPermissions({ bridgePermission: (deadlineMs) => fixture.bridge.permission({ deadlineMs }) }));
    }
  });

  it('at launch, a missing permission is said at once, before any command', async () => {
    await setAccessibilityStatus('IsEnabled', false);
    try {
      await page().reload();
      const entry = page().locator('.entry-permission');
      await expect.poll(() => entry.count()).toBe(1);
      expect(await entry.textContent()).toMatch(/^Permission needed: Desktop accessibility is turned off/);
      expect(await page().locator('.entries > li').count()).toBe(1);
      await checkState('21-permission-missing-at-launch');
    } finally {
      await setAccessibilityStatus('IsEnabled', true);
    }
    await page().reload();
    await page().getByRole('textbox', { name: 'Command' }).waitFor();
    await expect.poll(() => page().getByRole('button', { name: 'Settings' }).isEnabled()).toBe(true);
    expect(await page().locator('.entry-permission').count()).toBe(0);
  });

  it('the main side rejects a payload that breaks the contract, before the loop sees it', async () => {
    await expect(panelSession.handle('command:run', ['x'.repeat(2001)])).rejects.toThrow(/Invalid payload for command:run/);
    await expect(panelSession.handle('confirmation:answer', ['yes please'])).rejects.toThrow(/Invalid payload/);
  });
});
