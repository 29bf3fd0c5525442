// Pictures of the screen in the panel's settings (issue #29 item 4), on the real core: the built panel
// in Debian's Chromium (openCorePanel), its settings in a new folder. By keyboard alone (Tab, the
// arrow keys, typing, Enter) the user allows cloud services and names a model; by two switches (step
// scanning, F14 moves and F13 selects) the user turns pictures off. Each time the settings file on
// disk says so. Each state passes axe-core.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Settings } from '../../src/config/settings.js';
import { SETTINGS_FILE_NAME } from '../../src/config/settings-path.js';
import { useCorePanel } from '../support/core-panel.js';
import { desktopSkipReason } from '../support/desktop.js';
import { unreachableByTab } from '../support/panel-browser.js';
import { focusedElement, tabTo as tabToIn, type Focused } from '../support/tab-focus.js';
import { STEP_SWITCHES, stepScan } from '../support/step-switches.js';

const skip = desktopSkipReason();
if (skip !== '') console.log(`panel screen pictures settings test skipped: ${skip}`);
const ARTIFACTS = fileURLToPath(new URL('../../artifacts/panel/', import.meta.url));

describe.skipIf(skip !== '')('pictures of the screen in the panel settings, on the real core', { timeout: 90_000 }, () => {
  const core = useCorePanel({
    prefix: 'ac-screen-pictures-',
    artifactsDir: ARTIFACTS,
    // Two switches that no typing uses, stepped: each press moves or selects at once, nothing on a clock.
    change: STEP_SWITCHES,
  });
  const { page, checkState } = core;
  const pictures = () => page().getByRole('group', { name: 'Where pictures of the screen may go' });
  const saved = async () => JSON.parse(await readFile(join(core.opened.dir, SETTINGS_FILE_NAME), 'utf8')) as Partial<Settings>;
  const focused = () => focusedElement(page());
  const tabTo = (wanted: (f: Focused) => boolean, what: string) => tabToIn(page(), wanted, what);
  const { scan, choose } = stepScan(page);

  it('by keyboard: Tab to the choice, the arrow key to cloud, the model typed, Enter saves; the file says cloud and the model', async () => {
    expect(await saved()).not.toHaveProperty('visionModel');
    await tabTo((f) => f.text === 'Settings', 'the Settings button');
    await page().keyboard.press('Enter');
    await page().getByRole('heading', { name: 'Settings', level: 2 }).waitFor();
    expect(await pictures().isVisible()).toBe(true);
    expect(await unreachableByTab(page())).toEqual([]);

    await tabTo((f) => f.text.startsWith('On this computer only'), 'the checked choice, On this computer only');
    expect(
      await pictures()
        .getByRole('radio', { name: /^On this computer only/ })
        .isChecked(),
    ).toBe(true);
    await page().keyboard.press('ArrowDown');
    const cloud = pictures().getByRole('radio', { name: /^Also to cloud services/ });
    expect(await cloud.isChecked()).toBe(true);
    // The sentence says plainly that the pictures leave the computer.
    expect((await focused()).text).toContain('Pictures of your screen leave this computer');
    await checkState('screen-pictures-cloud');

    await page().keyboard.press('Tab');
    expect((await focused()).id).toBe('vision-model');
    await page().keyboard.type('qwen2.5vl:7b');
    await page().keyboard.press('Enter');
    await expect.poll(() => page().getByTestId('settings-message').textContent()).toMatch(/^Settings saved\./);
    expect(await saved()).toMatchObject({ screenPictures: 'cloud', visionModel: 'qwen2.5vl:7b' });
  });

  it('by two switches: Safety and app, Pictures of the screen, Off, then Save; the file says off and keeps the model', async () => {
    await choose('Safety and app');
    await choose('Pictures of the screen: Also to cloud services');
    expect((await scan()).items.map((i) => i.replace(/\d+ press(es)?$/, ''))).toEqual(['Off', 'On this computer only']);
    await choose('Off');
    expect(await pictures().getByRole('radio', { name: /^Off/ }).isChecked()).toBe(true);
    await checkState('screen-pictures-off-by-switch');
    await choose('Save settings');
    await expect.poll(async () => (await saved()).screenPictures).toBe('off');
    expect(await saved()).toMatchObject({ screenPictures: 'off', visionModel: 'qwen2.5vl:7b' });
  });
});
