/**
 * The command line of the macOS app (issue #30 item 3). UNVERIFIED: written for macOS, never run on
 * a Mac; the logic below is tested on Linux, the calls into macOS are not.
 *
 * - `Assistive Control.app/Contents/MacOS/Assistive Control --cli …` runs the command line inside the
 *   app's own main process (Electron's main is Node): the RunAsNode fuse stays off on macOS, so no
 *   other script can borrow the app's Accessibility, Microphone and keychain access (decision 0219),
 *   while the app's own command line has them as the app does. No window opens and the Dock icon is
 *   hidden; the process ends with the command line's exit code.
 * - "Install the Command Line Tool…" (the tray menu of the packaged app) writes
 *   /usr/local/bin/assistive-control, a two-line script that runs the app's executable with --cli,
 *   after macOS's administrator prompt (as other apps' "install the command line" actions do).
 */

/** Where the command line is installed: on every Mac's default PATH. */
export const MAC_CLI_PATH = '/usr/local/bin/assistive-control';

/** A string as a POSIX shell word: single-quoted, a single quote written as '\''. */
export function shellWord(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

/** A string as an AppleScript string literal. */
export function appleScriptString(text: string): string {
  return `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

/** The installed script: the app's executable, as it is now, with --cli. */
export function macCliScript(executable: string): string {
  return `#!/bin/sh\n# The command line of Assistive Control (installed by the app; install it again after moving the app).\nexec ${shellWord(executable)} --cli "$@"\n`;
}

/** osascript's arguments: install the prepared script at MAC_CLI_PATH, with macOS's administrator prompt. */
export function installScriptArgs(preparedScript: string): string[] {
  const command = `"mkdir -p /usr/local/bin && install -m 0755 " & quoted form of ${appleScriptString(preparedScript)} & " ${MAC_CLI_PATH}"`;
  return ['-e', `do shell script ${command} with administrator privileges`];
}

export interface InstallCliDeps {
  /** The app's executable (process.execPath). */
  readonly executable: string;
  /** Writes the script to a new file of this process's temporary folder and returns its path. */
  readonly writeTemporary: (text: string) => Promise<string>;
  /** Runs osascript with these arguments: its exit code and what it wrote to stderr. */
  readonly osascript: (args: readonly string[]) => Promise<{ readonly code: number; readonly stderr: string }>;
}

/** "Install the Command Line Tool…": a sentence for the user whatever happens. */
export async function installCommandLine(deps: InstallCliDeps): Promise<string> {
  let prepared: string;
  try {
    prepared = await deps.writeTemporary(macCliScript(deps.executable));
  } catch {
    return 'The command line tool could not be prepared (the temporary folder is not writable). Nothing was installed.';
  }
  const result = await deps.osascript(installScriptArgs(prepared)).catch(() => ({ code: -1, stderr: 'osascript did not start' }));
  if (result.code === 0) return `The command line tool is installed: type "assistive-control --help" in Terminal. Install it again if you move the app.`;
  // osascript reports the user's Cancel on the password prompt as error -128.
  if (/-128\b/.test(result.stderr)) return 'The command line tool was not installed: the administrator prompt was cancelled.';
  return `The command line tool could not be installed in /usr/local/bin (${result.stderr.trim().slice(0, 200) || `osascript ended with ${result.code}`}). Nothing was changed.`;
}

export interface InAppCliDeps {
  /** The command line's starter (bin/assistive-control.mjs, outside app.asar). */
  readonly starter: string;
  readonly args: readonly string[];
  /** Hides the Dock icon: a terminal command is not an app the user switches to. */
  readonly hideDock: () => void;
  /** Imports the starter: it resolves once the command line has finished (the bundle awaits its main). */
  readonly importStarter: (argv: readonly string[]) => Promise<void>;
  /** The exit code the command line left (process.exitCode). */
  readonly exitCode: () => number | undefined;
  readonly exit: (code: number) => void;
  readonly printError: (line: string) => void;
}

/** Runs the command line inside this process (macOS) and ends it with the command line's exit code. */
export async function runCliInApp(deps: InAppCliDeps): Promise<void> {
  deps.hideDock();
  try {
    await deps.importStarter([deps.starter, ...deps.args]);
  } catch (e) {
    deps.printError(`The Assistive Control command line could not start (${e instanceof Error ? e.message : String(e)}). Reinstall Assistive Control.`);
    deps.exit(1);
    return;
  }
  deps.exit(deps.exitCode() ?? 0);
}
