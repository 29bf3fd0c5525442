/**
 * Electron's entry (package.json "main" points at its bundle, out/main/main.cjs): the paths of the
 * built files, then the shell. `npm start` runs it with `electron .` on a desktop with Electron.
 */
import { homedir } from 'node:os';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { appPaths } from './app-paths.js';
import { startShell, type RunningShell } from './shell.js';
import { errorMessage } from '../shared/errors.js';

/** Held for the app's lifetime: a tray icon nothing refers to can be garbage-collected and vanish. */
let _running: RunningShell | undefined;

startShell({
  ...appPaths(dirname(fileURLToPath(import.meta.url))),
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
