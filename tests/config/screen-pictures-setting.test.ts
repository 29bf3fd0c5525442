// Pictures of the screen in the panel (issue #29 item 4): `screenPictures` and `visionModel` come to
// the panel's form and are saved from it; a form without them keeps what is saved; an empty model
// unsets it; a bad one is refused in a sentence that names the field; the switch's settings scan
// offers the three choices, the cloud one saying the pictures leave the computer.
import { describe, expect, it } from 'vitest';
import { defaultSettings, type Settings } from '../../src/config/settings.js';
import { applySettingsUpdate } from '../../src/core/panel-settings.js';
import { applySettingsChange } from '../../src/panel/switch/settings-scan.js';
import { settingsUpdate } from '../../src/shared/contracts/ipc-contract.js';
import { SCREEN_PICTURE_OPTIONS } from '../../src/shared/screen-picture-options.js';
import { formOf, scanFieldOf } from './settings-form.js';

describe('pictures of the screen in the panel’s settings', () => {
  it('come to the form as saved and are saved from it', async () => {
    const saved: Settings = { ...defaultSettings(), screenPictures: 'off', visionModel: 'llava:13b' };
    const form = await formOf(saved);
    expect(form).toMatchObject({ screenPictures: 'off', visionModel: 'llava:13b' });
    expect(settingsUpdate.safeParse(form).success).toBe(true);
    const changed = applySettingsUpdate(saved, { ...form, screenPictures: 'cloud', visionModel: 'gpt-4.1' });
    expect(changed.ok && [changed.settings.screenPictures, changed.settings.visionModel]).toEqual(['cloud', 'gpt-4.1']);
  });

  it('an older form without them keeps what is saved', async () => {
    const saved: Settings = { ...defaultSettings(), screenPictures: 'cloud', visionModel: 'qwen2.5vl:7b' };
    const { screenPictures: _p, visionModel: _m, ...older } = await formOf(saved);
    expect(settingsUpdate.safeParse(older).success).toBe(true);
    const kept = applySettingsUpdate(saved, older);
    expect(kept.ok && [kept.settings.screenPictures, kept.settings.visionModel]).toEqual(['cloud', 'qwen2.5vl:7b']);
  });

  it('an emptied model field unsets the model (the default holds again); a model with a space is refused in a sentence', async () => {
    const saved: Settings = { ...defaultSettings(), visionModel: 'llava' };
    const cleared = applySettingsUpdate(saved, { ...(await formOf(saved)), visionModel: '' });
    expect(cleared.ok && 'visionModel' in cleared.settings).toBe(false);
    const bad = applySettingsUpdate(saved, { ...(await formOf(saved)), visionModel: 'llava 13b' });
    expect(bad).toEqual({ ok: false, message: 'Nothing was saved. The model for pictures of the screen must not contain spaces.' });
    // Only the three choices cross the contract.
    expect(settingsUpdate.safeParse({ ...(await formOf(saved)), screenPictures: 'everywhere' }).success).toBe(false);
  });

  it('is a choice of the switch’s settings scan; the cloud choice says the pictures leave this computer', async () => {
    const { form, field } = await scanFieldOf('screenPictures');
    expect(field).toMatchObject({
      kind: 'choice',
      section: 'Safety and app',
      label: 'Pictures of the screen',
      value: 'local',
      options: [
        { value: 'off', label: 'Off' },
        { value: 'local', label: 'On this computer only' },
        { value: 'cloud', label: 'Also to cloud services (they leave this computer)' },
      ],
    });
    expect(applySettingsChange(form, { key: 'screenPictures', choose: 'cloud' }).screenPictures).toBe('cloud');
    expect(applySettingsChange(form, { key: 'screenPictures', choose: 'everywhere' })).toBe(form);
    // The panel's sentence for cloud says it plainly.
    expect(SCREEN_PICTURE_OPTIONS.find((o) => o.value === 'cloud')?.hint).toMatch(/^Pictures of your screen leave this computer/);
  });
});
