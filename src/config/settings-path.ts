/**
 * Where the settings live: the one resolver every front end and process uses (the CLI, the
 * Electron shell, the core process), so `config set` always edits the file the app reads.
 *
 * `ASSISTIVE_CONTROL_CONFIG_DIR`, when set, wins (scripts, tests, portable installs; a relative
 * value is taken from the current folder). Otherwise the OS's standard folder for application
 * settings. macOS: ~/Library/Application Support/Assistive Control. Linux and other Unixes:
 * $XDG_CONFIG_HOME/assistive-control, ~/.config/assistive-control when it is unset or not absolute
 * (the XDG spec says to ignore a relative value). Windows: %APPDATA%\Assistive Control.
 */
import { join, resolve } from 'node:path';

export const SETTINGS_FILE_NAME = 'settings.json';

/** Overrides the settings folder everywhere (scripts, tests, portable installs). */
export const CONFIG_DIR_ENV = 'ASSISTIVE_CONTROL_CONFIG_DIR';

export interface SettingsLocationInput {
  readonly platform: NodeJS.Platform;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly homedir: string;
}

export function settingsDir({ platform, env, homedir }: SettingsLocationInput): string {
  const override = env[CONFIG_DIR_ENV];
  if (override) return resolve(override);
  if (platform === 'darwin') return join(homedir, 'Library', 'Application Support', 'Assistive Control');
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir, 'AppData', 'Roaming'), 'Assistive Control');
  const xdg = env.XDG_CONFIG_HOME;
  const base = xdg && xdg.startsWith('/') ? xdg : join(homedir, '.config');
  return join(base, 'assistive-control');
}
