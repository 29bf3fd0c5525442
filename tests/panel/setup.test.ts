// Onboarding, keys and settings in the panel: the built bundle in Debian's Chromium (playwright-core),
// its preload API over exposeFunction onto the real PanelSession, with a real settings file, the real
// keychain (a private gnome-keyring Secret Service) and the official OpenAI SDK against a loopback
// server for "Test the connection". Each new state is saved in artifacts/panel/ and checked with axe-core.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPanel } from '../../scripts/build-panel.js';
import { AssistantLoop } from '../../src/agent/assistant-loop.js';
import { createSecretStore, napiKeyringBackend } from '../../src/config/secret-store.js';
import { createSettingsStore, type SettingsStore } from '../../src/config/settings.js';
import { PanelSession } from '../../src/core/panel-session.js';
import type { EngineApi } from '../../src/registry/dispatch.js';
import { useSecretSession } from '../config/secret-session.js';
import { startLlmServer, type LlmServer } from '../intent/llm-loopback.js';
import { axeViolations, openPanel, unreachableByTab, withLargeTextHighContrast, type PanelBrowser } from '../support/panel-browser.js';
import { keysSavedForSettings } from '../../src/compose/provider-keys.js';
import { settingsPlanner } from '../../src/compose/settings-planner.js';
import { testPermissions } from '../support/test-permissions.js';

const ARTIFACTS = fileURLToPath(new URL('../../artifacts/panel/', import.meta.url));
const KEY = 'sk-onboarding-7d3f0b1e9a2c4e55b8d1';

/** No command is acted on in this file (the desktop's own file does that): any engine call is a failure. */
const NO_ENGINE = new Proxy({} as EngineApi, {
  get: () => () => {
    throw new Error('the engine must not be used by the setup tests');
  },
});

describe.runIf(process.platform === 'linux')('onboarding, keys and settings in Chromium, on the real keychain', () => {
  const secretSession = useSecretSession();
  let panel: PanelBrowser;
  let settings: SettingsStore;
  let server: LlmServer;
  const permissions = testPermissions();
  const page = () => panel.page;
  const focusedText = () =>
    page().evaluate(() => {
      const el = (globalThis as unknown as { document: { activeElement: { textContent: string | null; id: string } | null } }).document.activeElement;
      return `${el?.id ?? ''}|${el?.textContent ?? ''}`;
    });
  /** Screenshot, then axe-core: no WCAG 2.2 A/AA violation in this state. */
  const checkState = async (name: string) => {
    await panel.screenshot(name);
    expect(await axeViolations(page()), name).toEqual([]);
  };
  /** Everything that crossed to and from main, and every event: a saved key must appear only in the one keys:save call. */
  const keySeenOutsideItsCall = () =>
    [...panel.crossings.map((c) => (c.channel === 'keys:save' ? { ...c, args: c.args.slice(0, 1) } : c)), ...panel.events].filter((x) =>
      JSON.stringify(x).includes(KEY),
    );

  beforeAll(async () => {
    expect(secretSession().busAddress).not.toBe('');
    server = await startLlmServer('openai');
    settings = createSettingsStore({ dir: await mkdtemp(join(tmpdir(), 'ac-setup-settings-')) });
    const secrets = createSecretStore({ backend: napiKeyringBackend(), env: {}, platform: 'linux', timeoutMs: 5000 });
    const bundleDir = await mkdtemp(join(tmpdir(), 'ac-setup-panel-'));
    await buildPanel(bundleDir);
    const planner = settingsPlanner(settings, secrets);
    const session = new PanelSession({
      createLoop: (confirm) => new AssistantLoop({ engine: NO_ENGINE, confirm, emit: (e) => panel.push(e), planner }),
      settings,
      // As the core composes it: a key saved in the panel is for the base URL in the saved settings (issue #13).
      secrets: keysSavedForSettings(settings, secrets),
      permissions,
      planner,
      testBudgetMs: 5000,
    });
    panel = await openPanel({ bundleDir, artifactsDir: ARTIFACTS, session: () => session });
  }, 60_000);

  afterAll(async () => {
    await panel?.close();
    await server?.close();
  });

  it('first run: the onboarding is shown, keyboard first, and its first step passes axe', async () => {
    const heading = page().getByRole('heading', { name: 'Choose how your commands are understood' });
    await heading.waitFor();
    // The step heading has the focus, so a screen reader starts there.
    await expect.poll(focusedText).toBe('onboarding-heading|Choose how your commands are understood');
    expect(await page().getByRole('textbox', { name: 'Command' }).count()).toBe(0);
    await checkState('11-onboarding-planner');
    expect(await unreachableByTab(page())).toEqual([]);
    await page().getByRole('heading', { name: 'Choose how your commands are understood' }).focus();
  });

  it('onboarding by keyboard alone: OpenAI-compatible server, model and address, then a key saved to the keychain', async () => {
    permissions.set('accessibility', 'denied');
    // Tab to the planner choices and pick with the arrow keys, as a keyboard or switch user would.
    await page().keyboard.press('Tab');
    await expect.poll(focusedText).toBe('|'); // the checked radio button, the default: offline commands (it has no text of its own)
    expect(
      await page()
        .getByRole('radio', { name: /Offline commands only/ })
        .isChecked(),
    ).toBe(true);
    await page().keyboard.press('ArrowDown');
    await page().keyboard.press('ArrowDown');
    await page().keyboard.press('ArrowDown');
    expect(
      await page()
        .getByRole('radio', { name: /OpenAI or a compatible server/ })
        .isChecked(),
    ).toBe(true);
    await page().keyboard.press('Tab');
    await page().keyboard.press('ControlOrMeta+a');
    await page().keyboard.type('gpt-test');
    await page().keyboard.press('Tab');
    await page().keyboard.press('ControlOrMeta+a');
    await page().keyboard.type(server.baseURL);
    await page().keyboard.press('Tab');
    await expect.poll(focusedText).toBe('|Continue');
    await page().keyboard.press('Enter');

    await page().getByRole('heading', { name: 'Save your API key' }).waitFor();
    expect((await settings.load()).settings).toMatchObject({
      provider: 'openai',
      openaiBaseUrl: server.baseURL,
      models: { openai: 'gpt-test' },
      onboardingDone: false,
    });
    expect(await page().locator('.key-status').textContent()).toBe('Not saved.');
    await checkState('12-onboarding-key');
    await page().keyboard.press('Tab');
    await expect.poll(focusedText).toBe('key-openai|');
    await page().keyboard.type(KEY);
    await page().keyboard.press('Tab');
    await page().keyboard.press('Enter'); // "Save OpenAI key"
    const serverOrigin = new URL(server.baseURL).origin;
    await expect
      .poll(() => page().getByTestId('onboarding-message').textContent())
      .toBe(`The OpenAI API key is saved in the keychain, for ${serverOrigin}: it is sent there and to api.openai.com, nowhere else.`);
    expect(await page().locator('.key-status').textContent()).toBe('Saved in the keychain.');
    await checkState('13-onboarding-key-saved');
    expect(await unreachableByTab(page())).toEqual([]);

    // In the real Secret Service, read back with the keyring tool itself, not with the code under test.
    const { execFileSync } = await import('node:child_process');
    const stored = execFileSync('secret-tool', ['lookup', 'service', 'com.assistivecontrol.app', 'username', 'openai'], {
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: secretSession().busAddress },
    }).toString();
    // Saved together with the base URL chosen a step earlier (issue #13): the key and its server in one entry.
    expect(JSON.parse(stored)).toEqual({ v: 1, origin: serverOrigin, key: KEY });

    // The key is nowhere in the page: not in the field, the DOM, nor anything main sent back.
    expect(await page().locator('#key-openai').inputValue()).toBe('');
    expect(await page().content()).not.toContain(KEY);
    expect(keySeenOutsideItsCall()).toEqual([]);
  });

  it('test the connection: one real request; a wrong key is said as such', async () => {
    await page().getByRole('button', { name: 'Continue' }).click();
    await page().getByRole('heading', { name: 'Test the connection' }).waitFor();
    const test = page().getByRole('button', { name: 'Test the connection' });
    await test.click();
    await expect
      .poll(() => page().getByTestId('connection-result').textContent(), { timeout: 10_000 })
      .toMatch(/^Connected: OpenAI \(model gpt-test\) answered in \d+\.\d s with a usable plan\.$/);
    expect(server.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);
    await checkState('14-onboarding-connected');
    server.setScenario('http_401');
    await test.click();
    await expect
      .poll(() => page().getByTestId('connection-result').textContent(), { timeout: 10_000 })
      .toMatch(/rejected the API key \(HTTP 401\): it is wrong, revoked or expired\./);
    await checkState('15-onboarding-wrong-key');
    expect(await unreachableByTab(page())).toEqual([]);
    server.setScenario('ok');
    expect(await page().content()).not.toContain(KEY);
  });

  it('permissions: each state with its sentence and Open settings; Finish opens the command view', async () => {
    await page().getByRole('button', { name: 'Continue' }).click();
    await page().getByRole('heading', { name: 'Allow Assistive Control to act for you' }).waitFor();
    const accessibility = page().locator('.permissions li[data-kind="accessibility"]');
    await expect.poll(() => accessibility.textContent()).toContain('Accessibility: Not granted');
    expect(await accessibility.textContent()).toContain('Assistive Control needs desktop accessibility to press buttons and type for you');
    expect(await page().locator('.permissions li[data-kind="microphone"]').textContent()).toBe('Microphone: Granted');
    await checkState('16-onboarding-permissions');
    expect(await unreachableByTab(page())).toEqual([]);
    await page().getByRole('button', { name: 'Open settings for Accessibility' }).click();
    await expect.poll(() => permissions.opened).toEqual(['accessibility']);
    permissions.set('accessibility', 'granted');
    await page().getByRole('button', { name: 'Check again' }).click();
    await expect.poll(() => accessibility.textContent()).toBe('Accessibility: Granted');
    await page().getByRole('button', { name: 'Finish' }).click();
    const input = page().getByRole('textbox', { name: 'Command' });
    await input.waitFor();
    await expect.poll(focusedText).toBe('command-input|');
    expect(await page().getByTestId('announcer').textContent()).toBe('All set. Type a command below.');
    expect((await settings.load()).settings.onboardingDone).toBe(true);
  });

  it('settings round trip: shows what is saved, saves changes to the file, refuses a bad one in a sentence', async () => {
    await page().getByRole('button', { name: 'Settings' }).click();
    await page().getByRole('heading', { name: 'Settings', level: 2 }).waitFor();
    expect(
      await page()
        .getByRole('radio', { name: /OpenAI or a compatible server/ })
        .isChecked(),
    ).toBe(true);
    expect(await page().getByRole('textbox', { name: 'OpenAI model' }).inputValue()).toBe('gpt-test');
    expect(await page().locator('.key-field[data-provider="openai"] .key-status').textContent()).toBe('Saved in the keychain.');
    expect(await page().locator('.key-field[data-provider="anthropic"] .key-status').textContent()).toBe('Not saved.');
    await checkState('17-settings');
    expect(await unreachableByTab(page())).toEqual([]);

    await page().getByRole('checkbox', { name: 'Speak what the assistant did' }).check();
    await page().getByRole('spinbutton', { name: 'Speech rate (words per minute)' }).fill('220');
    await page().getByRole('checkbox', { name: 'Stay quiet while a screen reader runs' }).check();
    await page().getByRole('checkbox', { name: 'Start Assistive Control when I log in' }).check();
    await page()
      .getByRole('checkbox', { name: /Ask before moderate-risk actions/ })
      .uncheck();
    await page().getByRole('spinbutton', { name: 'Warn about plans below this confidence' }).fill('0.7');
    const shortcut = page().getByRole('textbox', { name: 'Shortcut that shows or hides the panel' });
    await shortcut.fill('a');
    await page().getByRole('button', { name: 'Save settings' }).click();
    const message = page().getByTestId('settings-message');
    await expect.poll(() => message.textContent()).toMatch(/^Nothing was saved\. The shortcut must be modifiers and a key joined by "\+"/);
    expect((await settings.load()).settings).toMatchObject({ launchAtLogin: false, globalShortcut: 'CommandOrControl+Shift+Space' });
    await checkState('18-settings-refused');

    await shortcut.fill('Control+Alt+Space');
    await page().getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => message.textContent()).toBe('Settings saved. Planner: OpenAI.');
    expect((await settings.load()).settings).toMatchObject({
      provider: 'openai',
      spokenFeedback: { enabled: true, rate: 220, quietWithScreenReader: true },
      launchAtLogin: true,
      confirmModerate: false,
      confidence: { reject: 0.3, warn: 0.7 },
      globalShortcut: 'Control+Alt+Space',
    });
    // Back and in again: the view shows what the file says.
    await page().getByRole('button', { name: 'Back to commands' }).click();
    await expect.poll(focusedText).toBe('|Settings');
    await page().getByRole('button', { name: 'Settings' }).click();
    expect(await shortcut.inputValue()).toBe('Control+Alt+Space');
    expect(await page().getByRole('spinbutton', { name: 'Speech rate (words per minute)' }).inputValue()).toBe('220');
  });

  it('remove a key: the keychain entry goes, the view says Not saved, the key never showed', async () => {
    await page().getByRole('button', { name: 'Remove OpenAI key' }).click();
    await expect.poll(() => page().getByTestId('settings-message').textContent()).toBe('The OpenAI API key was removed from the keychain.');
    expect(await page().locator('.key-field[data-provider="openai"] .key-status').textContent()).toBe('Not saved.');
    const { spawnSync } = await import('node:child_process');
    const lookup = spawnSync('secret-tool', ['lookup', 'service', 'com.assistivecontrol.app', 'username', 'openai'], {
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: secretSession().busAddress },
    });
    expect(lookup.stdout.toString()).toBe('');
    await checkState('19-settings-key-removed');
    expect(await page().content()).not.toContain(KEY);
    expect(keySeenOutsideItsCall()).toEqual([]);
  });

  it('settings at 200 % text in forced colours: nothing cut off, no violation', async () => {
    const layout = await withLargeTextHighContrast(page(), () => checkState('20-settings-large-text-high-contrast'));
    expect(layout.scroll).toBeLessThanOrEqual(layout.client);
  });

  it('Set up later: offline commands only from then on, and the onboarding does not come back', async () => {
    await settings.save({ ...(await settings.load()).settings, onboardingDone: false });
    await page().reload();
    const later = page().getByRole('button', { name: 'Set up later (offline commands only)' });
    await later.focus();
    await page().keyboard.press('Enter');
    await page().getByRole('textbox', { name: 'Command' }).waitFor();
    await expect.poll(focusedText).toBe('command-input|');
    expect(await page().getByTestId('announcer').textContent()).toMatch(
      /^Set up later: only offline commands such as “click Send” work until you choose a planner in Settings\.$/,
    );
    expect((await settings.load()).settings).toMatchObject({ provider: 'grammar', onboardingDone: true });
    await page().reload();
    await page().getByRole('textbox', { name: 'Command' }).waitFor();
    expect(
      await page()
        .getByRole('heading', { name: /Choose how your commands are understood/ })
        .count(),
    ).toBe(0);
  });
});
