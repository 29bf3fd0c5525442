/** What the shell is started with (src/main/main.ts builds it; the tests give their own). */
import type { BrowserWindow } from 'electron';
import type { TrayHost } from './tray-host-linux.js';

export interface ShellOptions {
  /** The bundled preload (CommonJS). */
  readonly preloadPath: string;
  /** The built panel: index.html, panel.js, panel.css. */
  readonly panelDir: string;
  /** The tray icons. */
  readonly iconDir: string;
  /** The core process's bundled entry. */
  readonly coreEntry: string;
  readonly platform: NodeJS.Platform;
  readonly env: NodeJS.ProcessEnv;
  readonly homedir: string;
  /** The process's arguments (default process.argv): starting again under XWayland repeats them. */
  readonly argv?: readonly string[];
  /** Linux: whether a tray host runs (default: asks the session bus for the StatusNotifier watcher). */
  readonly trayHost?: () => Promise<TrayHost>;
  readonly log?: (line: string) => void;
}

/** What the parts of the running shell read of one another, set as the app starts and quits. */
export interface ShellState {
  /** Quit was asked for: the panel's close button may really close it now. */
  quitting: boolean;
  /** This desktop shows no tray icon (Linux): closing the panel says how to open it again. */
  noTray: boolean;
  /** The panel, once made (a second launch shows it). */
  panel?: BrowserWindow;
}
