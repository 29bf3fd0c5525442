// The language setting (issue #32 item 6): its default, the settings file's round trip, the command
// line's `config`, the panel's save (an update without it keeps the saved language) and the switch's
// settings scan.
import { describe, expect, it } from 'vitest';
import { captureIo, memoryKeychain, testServices, useTempDir } from '../cli/cli-fixtures.js';
import { createConfigCommand } from '../../src/cli/config-command.js';
import { createSettingsStore, defaultSettings, Settings, settingKeys } from '../../src/config/settings.js';
import { applySettingsUpdate } from '../../src/core/panel-settings.js';
import { applySettingsChange } from '../../src/panel/switch/settings-scan.js';
import { settingsUpdate } from '../../src/shared/contracts/ipc-contract.js';
import { settingMeta } from '../../src/shared/settings-schema.js';
import { formOf, scanFieldOf } from './settings-form.js';

const tempDir = useTempDir('ac-language-');
describe('the language setting', () => {
  it('is English by default, also for a file saved before it existed, and is labelled', () => {
    expect(defaultSettings().language).toBe('en');
    const { language: _none, ...older } = defaultSettings();
    expect(Settings.parse(older).language).toBe('en');
    expect(settingKeys()).toContain('language');
    expect(settingMeta('language')?.label).toBe('The language');
    expect(Settings.safeParse({ ...defaultSettings(), language: 'fr' }).error?.issues[0]?.message).toBe('must be one of: en (English), de (Deutsch)');
  });

  it('round-trips through the settings file', async () => {
    const store = createSettingsStore({ dir: tempDir() });
    expect(await store.set('language', 'de')).toMatchObject({ ok: true });
    expect((await store.load()).settings.language).toBe('de');
    // A fresh store reads what the first one wrote.
    expect((await createSettingsStore({ dir: tempDir() }).load()).settings.language).toBe('de');
    expect(await store.set('language', 'german')).toMatchObject({ ok: false });
    expect((await store.load()).settings.language).toBe('de');
  });

  it('is shown and changed by `assistive-control config`, with a sentence for a language it does not know', async () => {
    const config = createConfigCommand(testServices(tempDir(), memoryKeychain()));
    const run = async (...argv: string[]) => {
      const c = captureIo();
      const code = await config.run(argv, c.io);
      return { code, out: c.out(), err: c.err() };
    };
    expect((await run('show')).out).toContain('language = en\n');
    expect(await run('set', 'language', 'de')).toMatchObject({ code: 0, out: 'language = de\n' });
    expect(await run('get', 'language')).toMatchObject({ code: 0, out: 'de\n' });
    expect(await run('set', 'language', 'fr')).toMatchObject({ code: 2, err: 'Not changed: language must be one of: en (English), de (Deutsch).\n' });
  });

  it('comes to the panel and is saved from it; an older form without it keeps the saved language', async () => {
    const german = { ...defaultSettings(), language: 'de' as const };
    const form = await formOf(german);
    expect(form.language).toBe('de');
    expect(settingsUpdate.safeParse(form).success).toBe(true);
    const english = applySettingsUpdate(german, { ...form, language: 'en' });
    expect(english.ok && english.settings.language).toBe('en');
    const { language: _none, ...older } = form;
    expect(settingsUpdate.safeParse(older).success).toBe(true);
    const kept = applySettingsUpdate(german, older);
    expect(kept.ok && kept.settings.language).toBe('de');
    expect(settingsUpdate.safeParse({ ...form, language: 'fr' }).success).toBe(false);
  });

  it('is a choice of the switch’s settings scan, each language named in itself', async () => {
    const { form, field } = await scanFieldOf('language');
    expect(field).toMatchObject({
      kind: 'choice',
      section: 'Speech and voice',
      value: 'en',
      options: [
        { value: 'en', label: 'English' },
        { value: 'de', label: 'Deutsch' },
      ],
    });
    expect(applySettingsChange(form, { key: 'language', choose: 'de' }).language).toBe('de');
    expect(applySettingsChange(form, { key: 'language', choose: 'fr' })).toBe(form);
  });
});
