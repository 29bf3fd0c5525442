/**
 * The panel's settings form as the config tests see it: the update the form sends for saved settings
 * (no keys saved), and one field of the switch's settings scan of that form.
 */
import { defaultSettings, type Settings } from '../../src/config/settings.js';
import { buildSettingsView } from '../../src/core/panel-settings.js';
import { settingsScanFields } from '../../src/panel/switch/settings-scan.js';
import type { SettingsUpdate } from '../../src/shared/contracts/ipc-contract.js';

const noKeys = { status: async () => ({ saved: false }), setKey: async () => ({ ok: true }), deleteKey: async () => ({ ok: true }) };

/** The panel's update for `settings`, as the form sends it. */
export async function formOf(settings: Settings): Promise<SettingsUpdate> {
  const { keys: _keys, onboardingDone: _done, ...update } = await buildSettingsView(settings, noKeys as never);
  return update;
}

/** The form of the default settings, and the settings scan's field for `key` in it. */
export async function scanFieldOf(key: string): Promise<{ form: SettingsUpdate; field: ReturnType<typeof settingsScanFields>[number] | undefined }> {
  const form = await formOf(defaultSettings());
  return { form, field: settingsScanFields(form).find((f) => f.key === key) };
}
