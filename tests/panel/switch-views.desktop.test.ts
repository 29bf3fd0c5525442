// Switch access through the panel's views, on the switch bench (switch-panel-harness.ts): "Your
// commands" and Settings opened, changed and closed by one switch, voice in the scan, and switch
// access itself turned on in the settings view and scanned at once.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SETTINGS_FILE_NAME } from '../../src/config/settings-path.js';
import { defaultSettings, type Settings } from '../../src/config/settings.js';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SWITCH_SETTINGS } from '../../src/shared/switch-access.js';
import { desktopSkipReason } from '../support/desktop.js';
import { BASE, FIRST_PAUSE, INTERVAL, useSwitchBench } from './switch-panel-harness.js';

const skip = desktopSkipReason();

describe.skipIf(skip !== '')('switch access in the panel, on the real loop and desktop', () => {
  const bench = useSwitchBench();
  const { open, driver } = bench;

  describe('"Your commands" by switch (issue #18)', () => {
    it('one press opens it; a command is deleted after Keep was offered first; Back returns to the command box', async () => {
      const text = `{
  "commands": [
    { "say": "check mail", "do": { "intent": "open_application", "app": "Thunderbird" } },
    { "say": "which app", "do": { "intent": "get_frontmost_app" } }
  ]
}
`;
      const dir = await mkdtemp(join(tmpdir(), 'ac-switch-commands-'));
      await writeFile(join(dir, 'commands.json'), text);
      const panel = await open(BASE, [], { dir });
      const d = driver(panel);
      const onDisk = () => readFile(join(dir, 'commands.json'), 'utf8');
      // The third entry, after Dictate and Settings.
      await d.reach('Your commands1 press');
      await d.press();
      await d.settle(async () => (await d.current()) === 'Delete “check mail”1 press', 'the view to be scanned');
      expect((await d.scan()).items).toEqual(['Delete “check mail”1 press', 'Delete “which app”1 press', 'Back to the command box1 press']);
      await d.tick(INTERVAL + FIRST_PAUSE);
      expect(await d.current()).toBe('Delete “which app”1 press');
      await d.press();
      await d.settle(async () => (await d.current()) === 'Keep1 press', 'the question');
      expect((await d.scan()).items).toEqual(['Keep1 press', 'Delete “which app”1 press']);
      await d.checkState('switch-08-user-commands-ask');
      await d.tick(INTERVAL + FIRST_PAUSE);
      await d.press();
      await d.settle(async () => (await d.page.getByTestId('commands-message').textContent()) === 'Deleted “which app”.', 'the delete');
      expect(await onDisk()).toBe(text.replace(',\n    { "say": "which app", "do": { "intent": "get_frontmost_app" } }', ''));
      expect(await panel.page.locator('.user-command-say').allTextContents()).toEqual(['“check mail”']);
      await d.settle(async () => (await d.current()) === 'Delete “check mail”1 press', 'the list scanned again');
      await d.tick(INTERVAL + FIRST_PAUSE);
      expect(await d.current()).toBe('Back to the command box1 press');
      await d.press();
      await d.reach('Your commands1 press');
      expect(await panel.page.getByRole('textbox', { name: 'Command' }).isVisible()).toBe(true);
    });
  });

  describe('Settings by switch', () => {
    it('one switch opens Settings, turns spoken feedback on in the form, saves it to the file, and Back returns to the command box', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'ac-switch-settings-view-'));
      const panel = await open(BASE, [], { dir, settings: { spokenFeedback: { ...defaultSettings().spokenFeedback, enabled: false } } });
      const d = driver(panel);
      const box = panel.page.locator('#spoken-feedback');
      const reach = d.reach;
      await reach('Settings1 press');
      await d.press();
      await d.settle(async () => (await d.scan()).items[0] === 'Scanning ›3 presses', 'the settings view to be scanned');
      expect((await d.scan()).items).toEqual(['Scanning ›3 presses', 'Speech and voice ›3 presses', 'Safety and app ›2 presses', 'Back to commands1 press']);
      expect(await box.isChecked()).toBe(false);
      await d.checkState('switch-09-settings');
      await reach('Speech and voice ›3 presses');
      await d.press();
      await reach('Spoken feedback: off');
      await d.press();
      // The form's own check box shows the change; Save comes first now, one press.
      await d.settle(async () => (await d.scan()).items[0] === 'Save settings1 press', 'Save offered');
      expect(await box.isChecked()).toBe(true);
      await reach('Save settings1 press');
      await d.press();
      await d.settle(async () => (await panel.page.getByTestId('settings-message').textContent()) !== '', 'the save');
      expect(await panel.page.locator('[data-testid="settings-message"].ok').count()).toBe(1);
      const saved = JSON.parse(await readFile(join(dir, SETTINGS_FILE_NAME), 'utf8')) as Settings;
      expect(saved.spokenFeedback.enabled).toBe(true);
      expect(saved.switchAccess).toEqual(BASE);
      // Saved: Save is no longer offered; Back closes the view and gives the focus back to the Settings button.
      await d.settle(async () => (await d.scan()).items[0] === 'Scanning ›3 presses', 'the view scanned again');
      await reach('Back to commands1 press');
      await d.press();
      await d.settle(async () => (await d.scan()).items.includes('Settings1 press'), 'the command box again');
      expect(await panel.page.getByRole('textbox', { name: 'Command' }).isVisible()).toBe(true);
      await d.settle(
        async () =>
          (await panel.page.evaluate(
            () => (globalThis as unknown as { document: { activeElement: { textContent: string } | null } }).document.activeElement?.textContent,
          )) === 'Settings',
        'the focus on Settings',
      );
    });
  });

  describe('voice in the scan', () => {
    it('with voice on, Start listening is one press; while listening, Stop listening is the first entry and one press ends it', async () => {
      const base = defaultSettings();
      const microphone = fileURLToPath(new URL('../fixtures/voice/click-send.wav', import.meta.url));
      const panel = await open(BASE, ['scroll down'], {
        // No speech engine is composed in this session: what was said comes back as the session's sentence.
        settings: { voice: { ...base.voice, enabled: true } },
        chromiumArgs: ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${microphone}`],
      });
      const d = driver(panel);
      await d.settle(async () => (await d.current()) === 'Start listening1 press', 'the voice entry');
      expect((await d.scan()).items).toEqual([
        'Start listening1 press',
        'Quick commands ›2 presses',
        'Dictate1 press',
        'Settings1 press',
        'Your commands1 press',
      ]);
      await d.press();
      await d.settle(async () => (await d.status()) === 'Status: Listening', 'the microphone');
      expect((await d.scan()).items).toEqual(['Stop listening1 press', 'Cancel listening1 press']);
      await d.checkState('switch-07-listening');
      await d.tick(300);
      await d.press();
      await d.settle(async () => (await d.scan()).items[0] === 'Start listening1 press', 'the end of listening');
      expect(await d.page.getByTestId('voice-problem').textContent()).toBe('Voice commands are not available in this version: type the command instead.');
    });
  });

  describe('switch settings in the settings view', () => {
    it('turning switch access on, with two switches and a new quick command, is saved and scanned at once; a bad value is refused in a sentence', async () => {
      const panel = await open({ ...DEFAULT_SWITCH_SETTINGS }, ['scroll down']);
      const d = driver(panel);
      const page = d.page;
      await d.settle(async () => await page.getByRole('button', { name: 'Settings' }).isEnabled(), 'the settings');
      expect(await page.locator('.scan').count()).toBe(0); // off by default
      await page.getByRole('button', { name: 'Settings' }).click();
      await d.tick();
      await page.getByLabel('Use a switch to scan the panel').check();
      await page.getByLabel('Switches').selectOption('step');
      await page.getByLabel('Select switch').selectOption('F13');
      await page.getByLabel('Move switch').selectOption('F13');
      await page.getByLabel('Quick commands (one per line)').fill('scroll down\nclick Increment');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await d.settle(async () => ((await page.getByTestId('settings-message').textContent()) ?? '') !== '', 'the answer');
      expect(await page.getByTestId('settings-message').textContent()).toBe(
        'Nothing was saved. Switch access needs two different switches in step mode (one moves, the other selects).',
      );
      await page.getByLabel('Move switch').selectOption('F14');
      await page.getByLabel('Scan interval (seconds)').fill('0.5');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await d.settle(async () => ((await page.getByTestId('settings-message').textContent()) ?? '').startsWith('Settings saved.'), 'the save');
      await d.checkState('switch-08-settings');
      await page.getByRole('button', { name: 'Back to commands' }).click();
      // The settings view was scanned too: one frame for the scan to start over on the commands.
      await d.tick();
      await d.settle(async () => (await d.current()) === 'Quick commands ›2 presses', 'the scan');
      // Two switches, both F13–F24: each also works from other apps (here through the shell's signal).
      await panel.signal({ kind: 'switch', input: 'F13' });
      await d.tick();
      expect((await d.scan()).items).toEqual(['scroll down', 'click Increment']);
      await d.tick(400);
      await panel.signal({ kind: 'switch', input: 'F14' });
      await d.tick();
      expect(await d.current()).toBe('click Increment');
    });
  });
});
