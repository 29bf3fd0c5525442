/**
 * The app's own life in Electron's main process: one instance in the settings folder, a restart
 * under XWayland where needed, the lock-down every window gets, readiness, and a clean quit.
 */
import { app, Menu, protocol } from 'electron';
import { settingsDir } from '../config/settings-path.js';
import { packagedCommand } from './desktop-entry.js';
import { showPanel } from './panel/floating-panel.js';
import { PANEL_ORIGIN, PANEL_SCHEME, PANEL_SCHEME_PRIVILEGES, panelRequestHandler } from './panel/panel-protocol.js';
import { lockDown } from './panel/panel-window.js';
import type { ShellOptions, ShellState } from './shell-options.js';
import { xwaylandRelaunchArgs } from './xwayland.js';

/**
 * Makes this process the app's one instance, in the settings folder. Returns that folder, or
 * undefined when another instance already runs (that one shows its panel and this one quits) or
 * when this one starts again under XWayland.
 */
export function claimInstance(options: ShellOptions, log: (line: string) => void): string | undefined {
  // Electron's own files (the Chromium profile, the panel's place) go beside the settings, in the
  // one folder the OS's convention gives the app; set first, since the single-instance lock lives there.
  const settingsFolder = settingsDir(options);
  app.setPath('userData', settingsFolder);
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return undefined;
  }
  if (options.platform === 'linux') {
    // Our windows through XWayland until native Wayland is supported (src/main/xwayland.ts).
    const relaunch = xwaylandRelaunchArgs({ env: options.env, argv: options.argv ?? process.argv, chosen: app.commandLine.getSwitchValue('ozone-platform') });
    if (relaunch) {
      log('This is a Wayland session: Assistive Control starts again under XWayland.');
      app.relaunch({ args: [...relaunch] });
      app.exit(0);
      return undefined;
    }
  }
  return settingsFolder;
}

/** Before ready: the panel's scheme, the sandbox and lock-down of every web contents, and the app's events. */
export function secureApp(state: ShellState): void {
  // Before ready: the panel's own scheme is a secure, standard origin (the microphone needs one).
  protocol.registerSchemesAsPrivileged([PANEL_SCHEME_PRIVILEGES]);
  // Every renderer sandboxed, whatever a window's options say.
  app.enableSandbox();
  // Every web contents, the panel's and any other, gets the same lock-down before it loads anything.
  app.on('web-contents-created', (_event, contents) => lockDown(contents, contents.session, PANEL_ORIGIN));
  // A second launch shows the panel (once there is one).
  app.on('second-instance', () => {
    if (state.panel) showPanel(state.panel);
  });
  // A tray app keeps running with its panel hidden; only Quit ends it.
  app.on('window-all-closed', () => undefined);
  app.on('before-quit', () => {
    state.quitting = true;
  });
}

/** Waits for Electron, then sets the menu, the macOS activation policy and the panel's scheme handler. */
export async function whenAppReady(options: ShellOptions): Promise<void> {
  await app.whenReady();
  // Packaged, Electron's default menu (Reload, Toggle Developer Tools …) goes; `electron .` keeps it
  // for development. macOS keeps the Edit menu alone: no one sees it (an accessory app shows no menu
  // bar), but it is how ⌘C, ⌘V, ⌘X, ⌘A and ⌘Z reach the panel's text fields there.
  if (app.isPackaged) Menu.setApplicationMenu(options.platform === 'darwin' ? Menu.buildFromTemplate([{ role: 'editMenu' }]) : null);
  if (options.platform === 'darwin') {
    app.setActivationPolicy('accessory');
    app.dock?.hide();
  }
  protocol.handle(PANEL_SCHEME, panelRequestHandler(options.panelDir));
}

/**
 * At quit: lets go of every shortcut, window and the core (`dispose`, in order), then keeps the app
 * alive until `flush` (the panel's last place) is on disk.
 */
export function quitCleanly(dispose: readonly (() => void)[], flush: () => Promise<void>): void {
  let flushed = false;
  app.on('will-quit', (event) => {
    for (const part of dispose) part();
    if (flushed) return;
    // Keep the app alive until the panel's last place is on disk.
    event.preventDefault();
    void flush().finally(() => {
      flushed = true;
      app.quit();
    });
  });
}

/**
 * How the OS starts this app: packaged, its executable (an AppImage's own file); unpackaged
 * (`electron .`), the executable is Electron itself and the entry names the app folder too.
 */
export function launchCommand(): string[] {
  return app.isPackaged ? packagedCommand(process.execPath, process.env) : [process.execPath, app.getAppPath()];
}
