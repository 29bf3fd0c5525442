/**
 * Electron's entry (package.json "main" points at its bundle, out/main/main.cjs): the paths of the
 * built files, then the shell. `npm start` runs it with `electron .` on a desktop with Electron.
 */
import { homedir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { settingsDir } from '../config/settings-path.js';
import { startShell } from './shell.js';

// The bundle lives in out/main/; the other built files sit next to it, the icons in assets/.
const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

startShell({
  preloadPath: here('../preload/panel-preload.cjs'),
  panelDir: here('../panel/'),
  iconDir: here('../../assets/tray/'),
  coreEntry: here('./core/core-process.cjs'),
  settingsDir: settingsDir({ platform: process.platform, env: process.env, homedir: homedir() }),
  platform: process.platform,
  env: process.env,
  homedir: homedir(),
}).catch((e: unknown) => {
  console.error(`Assistive Control could not start: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
