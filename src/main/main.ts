/**
 * Electron's entry (package.json "main" points at its bundle, out/main/main.cjs): the paths of the
 * built files, then the shell. `npm start` runs it with `electron .` on a desktop with Electron.
 */
import { spawn } from 'node:child_process';
import { homedir } from 'node:os';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { app } from 'electron';
import { appPaths } from './app-paths.js';
import { runCliInApp } from './mac-cli.js';
import { cliArguments, cliStarter, runPackagedCli } from './packaged-cli.js';
import { startShell, type RunningShell } from './shell.js';
import { errorMessage } from '../shared/errors.js';

/** Held for the app's lifetime: a tray icon nothing refers to can be garbage-collected and vanish. */
let _running: RunningShell | undefined;

const mainBundleDir = dirname(fileURLToPath(import.meta.url));
const cliArgs = cliArguments(process.argv);
// `--cli …` (how an AppImage reaches its command line): the command line, never the app.
if (cliArgs) {
  const starter = cliStarter(mainBundleDir);
  runPackagedCli({
    platform: process.platform,
    execPath: process.execPath,
    starter,
    args: cliArgs,
    env: process.env,
    spawn,
    exit: (code) => process.exit(code),
    printError: (line) => console.error(line),
    inApp: () =>
      runCliInApp({
        starter,
        args: cliArgs,
        hideDock: () => app.dock?.hide(),
        importStarter: async (argv) => {
          process.argv = [process.execPath, ...argv];
          await import(pathToFileURL(starter).href);
        },
        exitCode: () => (typeof process.exitCode === 'number' ? process.exitCode : undefined),
        exit: (code) => app.exit(code),
        printError: (line) => console.error(line),
      }),
  });
} else {
  startApp();
}

function startApp(): void {
  startShell({
    ...appPaths(mainBundleDir),
    platform: process.platform,
    env: process.env,
    homedir: homedir(),
  }).then(
    (shell) => {
      _running = shell;
    },
    (e: unknown) => {
      console.error(`Assistive Control could not start: ${errorMessage(e)}`);
      process.exit(1);
    },
  );
}
