/** The tray icon as the shell installs it: its menu follows whether the panel is shown. */
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { app, Menu, nativeImage, Tray, type BrowserWindow } from 'electron';
import { installCommandLine } from './mac-cli.js';
import { togglePanel } from './panel/floating-panel.js';
import type { ShellOptions } from './shell-options.js';
import { createTray, refreshTrayMenu, type TrayDeps } from './tray.js';

/** The packaged macOS app's "Install the Command Line Tool…": macOS's administrator prompt, then a sentence. */
function macInstaller(tell: (message: string) => void): () => void {
  return () =>
    void installCommandLine({
      executable: process.execPath,
      writeTemporary: async (text) => {
        const file = join(tmpdir(), `assistive-control-cli-${process.pid}.sh`);
        await writeFile(file, text, { mode: 0o600 });
        return file;
      },
      osascript: (args) =>
        new Promise((resolve) => {
          execFile('osascript', [...args], { timeout: 120_000 }, (error, _stdout, stderr) =>
            resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stderr: String(stderr) }),
          );
        }),
    }).then(tell);
}

export function installTray(
  panel: BrowserWindow,
  options: Pick<ShellOptions, 'platform' | 'iconDir'>,
  tell: (message: string) => void = () => undefined,
): Tray {
  const trayDeps: TrayDeps = {
    Tray,
    buildMenu: (template) => Menu.buildFromTemplate(template),
    createImage: (path) => nativeImage.createFromPath(path),
    platform: options.platform,
    iconDir: options.iconDir,
    isPanelVisible: () => panel.isVisible(),
    togglePanel: () => togglePanel(panel),
    quit: () => app.quit(),
    ...(options.platform === 'darwin' && app.isPackaged ? { installCommandLine: macInstaller(tell) } : {}),
  };
  const tray = createTray(trayDeps);
  panel.on('show', () => refreshTrayMenu(tray, trayDeps));
  panel.on('hide', () => refreshTrayMenu(tray, trayDeps));
  return tray;
}
