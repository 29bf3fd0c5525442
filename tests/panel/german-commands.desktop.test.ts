// German commands end to end (issue #32 item 6): the built panel in Debian's Chromium wired to the
// real core (openCorePanel), acting on the loop fixture's GTK buttons on the private desktop. By
// keyboard alone the user chooses Deutsch in Settings and saves (the settings file says de); then a
// German command typed in the panel clicks the real button (its counter says so), "was kann ich sagen"
// shows the German guide with an example named after the app's own button, which runs when chosen,
// and a destructive German command waits for an answer. By two switches the user chooses English
// again, and German is no longer read. Each state passes axe-core.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Settings } from '../../src/config/settings.js';
import { SETTINGS_FILE_NAME } from '../../src/config/settings-path.js';
import { useCorePanel } from '../support/core-panel.js';
import { desktopSkipReason } from '../support/desktop.js';
import { unreachableByTab } from '../support/panel-browser.js';
import { tabTo as tabToIn, type Focused } from '../support/tab-focus.js';
import { STEP_SWITCHES, stepScan } from '../support/step-switches.js';

const skip = desktopSkipReason();
if (skip !== '') console.log(`panel German commands test skipped: ${skip}`);
const ARTIFACTS = fileURLToPath(new URL('../../artifacts/panel/', import.meta.url));

describe.skipIf(skip !== '')('German commands in the panel, on the real core and desktop', { timeout: 120_000 }, () => {
  // Two switches that no typing uses, stepped, for the last test.
  const core = useCorePanel({ prefix: 'ac-german-', artifactsDir: ARTIFACTS, change: STEP_SWITCHES });
  const { page, checkState } = core;
  const saved = async () => JSON.parse(await readFile(join(core.opened.dir, SETTINGS_FILE_NAME), 'utf8')) as Partial<Settings>;
  const counter = (prefix: string) => core.opened.fixture.counter(prefix);
  const status = () => page().getByRole('status').textContent();
  const tabTo = (wanted: (f: Focused) => boolean, what: string) => tabToIn(page(), wanted, what, 120);
  const { scan, choose } = stepScan(page);
  /** Types `text` into the command box and presses Enter, then waits until the run is over. */
  const say = async (text: string) => {
    const input = page().getByRole('textbox', { name: 'Command' });
    await input.focus();
    await page().keyboard.type(text);
    await page().keyboard.press('Enter');
  };

  it('by keyboard: Tab to the language, the arrow key to Deutsch, Tab to Save and Enter; the file says de', async () => {
    expect((await saved()).language ?? 'en').toBe('en');
    await tabTo((f) => f.text === 'Settings', 'the Settings button');
    await page().keyboard.press('Enter');
    await page().getByRole('heading', { name: 'Settings', level: 2 }).waitFor();
    expect(await unreachableByTab(page())).toEqual([]);
    await tabTo((f) => f.id === 'language', 'the language');
    const language = page().getByLabel('Language of commands and answers');
    expect(await language.inputValue()).toBe('en');
    await page().keyboard.press('ArrowDown');
    expect(await language.inputValue()).toBe('de');
    await checkState('german-language-chosen');
    await tabTo((f) => f.text === 'Save settings', 'Save settings');
    await page().keyboard.press('Enter');
    await expect.poll(() => page().getByTestId('settings-message').textContent(), { timeout: 10_000 }).toMatch(/^Settings saved\./);
    expect((await saved()).language).toBe('de');
    await page().getByRole('button', { name: 'Back to commands' }).click();
    await page().getByRole('textbox', { name: 'Command' }).waitFor();
  });

  it('“klicke auf Increment” typed in the panel clicks the real GTK button, read by the offline grammar', async () => {
    const before = await counter('Count: ');
    await say('klicke auf Increment');
    await expect.poll(() => counter('Count: '), { timeout: 20_000 }).toBe(before + 1);
    await expect.poll(status, { timeout: 20_000 }).toBe('Status: Ready');
    const entries = await page().locator('.entries > li').allTextContents();
    expect(entries[0]).toBe('You: klicke auf Increment');
    expect(entries.some((e) => e.startsWith('Plan: ') && e.includes('Increment'))).toBe(true);
    await checkState('german-click-done');
  });

  it('“was kann ich sagen” shows the German guide, with the app’s own button as an example that runs when chosen', async () => {
    await say('was kann ich sagen');
    const guide = page().locator('.guide').last();
    await expect.poll(() => guide.locator('p').first().textContent(), { timeout: 20_000 }).toMatch(/^Was du sagen kannst, mit Beispielen aus „/);
    const clickGroup = guide.getByRole('group', { name: 'Einen Knopf, Link oder Tab klicken' });
    const example = clickGroup.getByRole('button', { name: 'klicke auf Increment' });
    await example.waitFor({ timeout: 10_000 });
    await checkState('german-guide');
    const before = await counter('Count: ');
    await example.click();
    await expect.poll(() => counter('Count: '), { timeout: 20_000 }).toBe(before + 1);
    await expect.poll(status, { timeout: 20_000 }).toBe('Status: Ready');
  });

  it('a destructive German command waits for an answer; “nein” leaves the button unpressed', async () => {
    await say('klicke auf Delete everything');
    await page().getByRole('button', { name: 'Confirm', exact: true }).waitFor({ timeout: 20_000 });
    await checkState('german-confirmation');
    await say('nein');
    await expect.poll(status, { timeout: 20_000 }).toBe('Status: Ready');
    expect(await counter('Deleted:')).toBe(0);
  });

  it('by two switches: Settings, Speech and voice, Language, English, Save; the file says en and German is no longer read', async () => {
    await choose('Settings');
    await page().getByRole('heading', { name: 'Settings', level: 2 }).waitFor();
    await choose('Speech and voice');
    await choose('Language: Deutsch');
    expect((await scan()).items.map((i) => i.replace(/\d+ press(es)?$/, ''))).toEqual(['English']);
    await choose('English');
    expect(await page().getByLabel('Language of commands and answers').inputValue()).toBe('en');
    await checkState('german-language-by-switch');
    await choose('Save settings');
    await expect.poll(async () => (await saved()).language, { timeout: 10_000 }).toBe('en');
    await page().getByRole('button', { name: 'Back to commands' }).click();
    const before = await counter('Count: ');
    await say('klicke auf Increment');
    await expect.poll(() => page().locator('.entries > li').last().textContent(), { timeout: 20_000 }).toMatch(/did not understand/);
    await expect.poll(status, { timeout: 20_000 }).toBe('Status: Ready');
    expect(await counter('Count: ')).toBe(before);
  });
});
