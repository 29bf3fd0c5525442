/**
 * "Launch at login", driven by the `launchAtLogin` setting. macOS (and Windows) keep the login item
 * through app.setLoginItemSettings; Electron has no such API on Linux, where desktops start what is
 * in the XDG autostart folder, so there the shell writes or removes a .desktop file.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { App } from 'electron';
import { writeFileAtomic } from '../config/atomic-write.js';
import { desktopEntry, LAUNCHER_FILE_NAME } from './desktop-entry.js';
import { errorMessage } from '../shared/errors.js';

export const AUTOSTART_FILE_NAME = LAUNCHER_FILE_NAME;

export interface LoginItemDeps {
  readonly app: Pick<App, 'setLoginItemSettings' | 'isPackaged'>;
  readonly platform: NodeJS.Platform;
  /** Linux: the autostart folder ($XDG_CONFIG_HOME/autostart, default ~/.config/autostart). */
  readonly autostartDir: string;
  /** Linux: what the autostart entry runs: the app's executable, and the app folder when unpackaged (`electron .`). */
  readonly command: readonly string[];
}

/** The XDG autostart folder for this user. */
export function autostartDir(env: NodeJS.ProcessEnv, home: string): string {
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), 'autostart');
}

/** What the user reads when a development copy on macOS is asked to start at login. */
export const MAC_UNPACKAGED_LOGIN_ITEM =
  'Launch at login works only for the installed app: this copy runs inside Electron (electron .), and macOS would start Electron alone at login. Install Assistive Control from its disk image, then turn the setting on there.';

/** Registers or removes the login item. Throws with a sentence when the OS refuses. */
export async function applyLaunchAtLogin(deps: LoginItemDeps, enabled: boolean): Promise<void> {
  if (deps.platform === 'darwin' || deps.platform === 'win32') {
    // macOS registers the running bundle and takes no arguments: unpackaged, that is bare
    // Electron.app, which would open Electron's default window at every login. Removing stays allowed.
    if (deps.platform === 'darwin' && enabled && !deps.app.isPackaged) throw new Error(MAC_UNPACKAGED_LOGIN_ITEM);
    deps.app.setLoginItemSettings({ openAtLogin: enabled });
    return;
  }
  const file = join(deps.autostartDir, AUTOSTART_FILE_NAME);
  try {
    if (!enabled) {
      await rm(file, { force: true });
      return;
    }
    await writeFileAtomic(file, desktopEntry('autostart', deps.command), { mode: 0o644 });
  } catch (e) {
    const why = errorMessage(e);
    throw new Error(
      `Assistive Control could not ${enabled ? 'add itself to' : 'remove itself from'} the programs started at login (${why.slice(0, 160)}). Check that ${deps.autostartDir} is writable.`,
      { cause: e },
    );
  }
}
