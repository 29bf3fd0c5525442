/**
 * The tray (menu-bar) icon: a click shows or hides the panel; its menu says the same in words, for
 * screen readers and for Linux trays that send no click. On macOS the icon is a template image, so
 * it follows the menu bar's light or dark appearance.
 */
import { join } from 'node:path';
import type { Menu, MenuItemConstructorOptions, NativeImage, Tray } from 'electron';

export interface TrayDeps {
  readonly Tray: new (image: NativeImage) => Tray;
  readonly buildMenu: (template: MenuItemConstructorOptions[]) => Menu;
  readonly createImage: (path: string) => NativeImage;
  readonly platform: NodeJS.Platform;
  /** The folder with trayTemplate.png (macOS) and tray-light.png (other trays), each with an @2x. */
  readonly iconDir: string;
  readonly isPanelVisible: () => boolean;
  readonly togglePanel: () => void;
  readonly quit: () => void;
  /** The packaged macOS app: "Install the Command Line Tool…" (src/main/mac-cli.ts). */
  readonly installCommandLine?: () => void;
}

export function trayIconPath(iconDir: string, platform: NodeJS.Platform): string {
  return join(iconDir, platform === 'darwin' ? 'trayTemplate.png' : 'tray-light.png');
}

/** The tray menu: show or hide the panel (the label says which), install the command line (packaged macOS app), and quit. */
export function menuTemplate(deps: Pick<TrayDeps, 'isPanelVisible' | 'togglePanel' | 'quit' | 'installCommandLine'>): MenuItemConstructorOptions[] {
  const install = deps.installCommandLine;
  return [
    { label: deps.isPanelVisible() ? 'Hide the Panel' : 'Show the Panel', click: () => deps.togglePanel() },
    ...(install ? [{ label: 'Install the Command Line Tool…', click: () => install() }] : []),
    { type: 'separator' },
    { label: 'Quit Assistive Control', click: () => deps.quit() },
  ];
}

export function createTray(deps: TrayDeps): Tray {
  const image = deps.createImage(trayIconPath(deps.iconDir, deps.platform));
  if (deps.platform === 'darwin') image.setTemplateImage(true);
  const tray = new deps.Tray(image);
  tray.setToolTip('Assistive Control');
  const menu = (): Menu => deps.buildMenu(menuTemplate(deps));
  tray.on('click', () => deps.togglePanel());
  if (deps.platform === 'darwin') {
    // A menu set with setContextMenu would open on every click on macOS and swallow the toggle.
    tray.on('right-click', () => tray.popUpContextMenu(menu()));
  } else {
    // Linux trays (AppIndicator) often deliver no click at all: the menu is the dependable way.
    tray.setContextMenu(menu());
  }
  return tray;
}

/** Linux menus are built once: call this when the panel is shown or hidden so the label follows. */
export function refreshTrayMenu(tray: Tray, deps: TrayDeps): void {
  if (deps.platform === 'darwin' || tray.isDestroyed()) return;
  tray.setContextMenu(deps.buildMenu(menuTemplate(deps)));
}
