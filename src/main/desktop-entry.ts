/**
 * Linux desktop entries (the freedesktop.org Desktop Entry Specification): the launcher that puts
 * Assistive Control among the desktop's applications, and the text the autostart entry shares with
 * it (login-item.ts). Without a tray icon (stock GNOME shows none), the launcher is how a user opens
 * the panel again: a second launch shows the running instance's panel.
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../config/atomic-write.js';
import { errorMessage } from '../shared/errors.js';

/** The launcher's file name in the applications folder (the autostart entry uses the same name in its own folder). */
export const LAUNCHER_FILE_NAME = 'assistive-control.desktop';

/** Marks a launcher this app wrote, so it is kept current; a file without it is the user's and left alone. */
const WRITTEN_BY_APP = 'X-Assistive-Control-Written=true';

/** $XDG_DATA_HOME/applications; ~/.local/share/applications when it is unset or not absolute (the spec ignores a relative value). */
export function applicationsDir(env: NodeJS.ProcessEnv, home: string): string {
  const xdg = env.XDG_DATA_HOME;
  return join(xdg && xdg.startsWith('/') ? xdg : join(home, '.local', 'share'), 'applications');
}

/** $XDG_DATA_DIRS, the system's data folders (/usr/local/share and /usr/share when it is unset), absolute ones only. */
export function systemDataDirs(env: NodeJS.ProcessEnv): string[] {
  const dirs = (env.XDG_DATA_DIRS || '/usr/local/share:/usr/share').split(':').filter((d) => d.startsWith('/'));
  return dirs.length > 0 ? dirs : ['/usr/local/share', '/usr/share'];
}

/**
 * How the desktop starts the packaged app: an AppImage by its own file ($APPIMAGE, set by its
 * runtime; the executable inside lives in a mount that goes when the app quits), anything else by
 * its executable.
 */
export function packagedCommand(execPath: string, env: NodeJS.ProcessEnv): string[] {
  return env.APPIMAGE && env.APPIMAGE.startsWith('/') ? [env.APPIMAGE] : [execPath];
}

/**
 * A desktop entry's Exec value: each argument quoted, with the characters the spec reserves inside
 * quotes (\ " ` $) escaped by a backslash and a % doubled (it would start a field code); then every
 * backslash escaped once more, since the spec applies the string escapes (\\) before the quoting.
 */
export function execValue(command: readonly string[]): string {
  return command
    .map((arg) => `"${arg.replace(/[\\"`$]/g, (c) => `\\${c}`).replace(/%/g, '%%')}"`)
    .join(' ')
    .replace(/\\/g, '\\\\');
}

/** The entry's text: the launcher (listed among the applications) or the autostart entry (started at login). */
export function desktopEntry(kind: 'launcher' | 'autostart', command: readonly string[]): string {
  const lines = [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Assistive Control',
    'Comment=Control your computer by typing, speaking or a switch',
    `Exec=${execValue(command)}`,
    'Terminal=false',
  ];
  if (kind === 'launcher') lines.push('Categories=Utility;Accessibility;', 'Keywords=accessibility;switch;voice;assistant;', WRITTEN_BY_APP);
  else lines.push('X-GNOME-Autostart-enabled=true');
  return `${lines.join('\n')}\n`;
}

/**
 * The launcher a package installed (a deb's /usr/share/applications/assistive-control.desktop):
 * the first of the system's data folders that has one, if any.
 */
export async function packagedLauncher(dataDirs: readonly string[]): Promise<string | undefined> {
  for (const dir of dataDirs) {
    const file = join(dir, 'applications', LAUNCHER_FILE_NAME);
    if ((await readFile(file, 'utf8').catch(() => undefined)) !== undefined) return file;
  }
  return undefined;
}

/**
 * Where a package installed a launcher, the app writes none of its own: one it wrote before (the
 * app ran from an AppImage or a checkout first) is removed, since the user's folder would shadow the
 * package's. Returns whether it removed one; a launcher the user wrote is left alone.
 */
export async function yieldToPackagedLauncher(dir: string): Promise<boolean> {
  const file = join(dir, LAUNCHER_FILE_NAME);
  const existing = await readFile(file, 'utf8').catch(() => undefined);
  if (existing === undefined || !existing.split('\n').includes(WRITTEN_BY_APP)) return false;
  await rm(file, { force: true });
  return true;
}

/**
 * Writes the launcher into `dir` when it is missing or one this app wrote says something else (the
 * app moved); leaves a launcher the user wrote alone. Returns whether it wrote. Throws with a
 * sentence when the folder cannot be written.
 */
export async function installLauncher(dir: string, command: readonly string[]): Promise<boolean> {
  const file = join(dir, LAUNCHER_FILE_NAME);
  const text = desktopEntry('launcher', command);
  const existing = await readFile(file, 'utf8').catch(() => undefined);
  if (existing === text || (existing !== undefined && !existing.split('\n').includes(WRITTEN_BY_APP))) return false;
  try {
    await writeFileAtomic(file, text, { mode: 0o644 });
  } catch (e) {
    const why = errorMessage(e);
    throw new Error(
      `Assistive Control could not add itself to your applications (${why.slice(0, 160)}). Check that ${dir} is writable; meanwhile start it as you did this time.`,
      { cause: e },
    );
  }
  return true;
}
