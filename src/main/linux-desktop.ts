/**
 * Linux desktop integration at start: the launcher in the desktop's applications, a word where no
 * tray icon can appear, and a warning when a Wayland session has no XWayland.
 */
import { isWaylandSession, XORG_SESSION_FIX } from '../shared/display-session.js';
import { errorMessage } from '../shared/errors.js';
import { applicationsDir, installLauncher, packagedLauncher, systemDataDirs, yieldToPackagedLauncher } from './desktop-entry.js';
import type { ShellOptions, ShellState } from './shell-options.js';
import { reopenHow, type TrayHost } from './tray-host-linux.js';

export interface LinuxDesktopDeps {
  readonly options: ShellOptions;
  readonly state: ShellState;
  /** How the OS starts this app (launchCommand). */
  readonly command: readonly string[];
  /** Whether a tray host runs, asked at start. */
  readonly trayHost: Promise<TrayHost>;
  /** The shortcut that shows the panel now. */
  readonly accelerator: () => string | undefined;
  readonly tell: (message: string) => void;
  readonly log: (line: string) => void;
}

/** The app's own launcher, unless a package installed one (then a launcher the app wrote earlier goes). */
export async function ensureLauncher(dir: string, command: readonly string[], dataDirs: readonly string[], log: (line: string) => void): Promise<void> {
  const packaged = await packagedLauncher(dataDirs);
  if (packaged) {
    if (await yieldToPackagedLauncher(dir)) log(`Assistive Control removed its own launcher: the installed package's (${packaged}) is used.`);
    return;
  }
  if (await installLauncher(dir, command)) log('Assistive Control added itself to your applications.');
}

export function integrateLinuxDesktop(deps: LinuxDesktopDeps): void {
  const { options, tell } = deps;
  // In the desktop's applications, so the app can be found and the panel opened again (a second
  // launch shows it); where a package put its own launcher there, that one is the app's.
  void ensureLauncher(applicationsDir(options.env, options.homedir), deps.command, systemDataDirs(options.env), deps.log).catch((e: unknown) =>
    tell(errorMessage(e)),
  );
  void deps.trayHost.then((host) => {
    deps.state.noTray = host !== 'present';
    if (deps.state.noTray) tell(`This desktop shows no tray icons, so closing the panel only hides it. ${reopenHow(deps.accelerator())}`);
  });
  if (isWaylandSession(options.env) && !options.env.DISPLAY) {
    tell(
      `This Wayland session has no XWayland (DISPLAY is not set), so Assistive Control cannot type, click or bring windows to the front in any app; it can still read them. ${XORG_SESSION_FIX}`,
    );
  }
}
