/** The tray icon as the shell installs it: its menu follows whether the panel is shown. */
import { app, Menu, nativeImage, Tray, type BrowserWindow } from 'electron';
import { togglePanel } from './panel/floating-panel.js';
import type { ShellOptions } from './shell-options.js';
import { createTray, refreshTrayMenu, type TrayDeps } from './tray.js';

export function installTray(panel: BrowserWindow, options: Pick<ShellOptions, 'platform' | 'iconDir'>): Tray {
  const trayDeps: TrayDeps = {
    Tray,
    buildMenu: (template) => Menu.buildFromTemplate(template),
    createImage: (path) => nativeImage.createFromPath(path),
    platform: options.platform,
    iconDir: options.iconDir,
    isPanelVisible: () => panel.isVisible(),
    togglePanel: () => togglePanel(panel),
    quit: () => app.quit(),
  };
  const tray = createTray(trayDeps);
  panel.on('show', () => refreshTrayMenu(tray, trayDeps));
  panel.on('hide', () => refreshTrayMenu(tray, trayDeps));
  return tray;
}
