/**
 * Where the app's built files are, seen from the main bundle's folder (out/main): the preload and
 * the panel next to it, the core process below it, the tray icons in assets/ (the checkout's, or
 * the one inside app.asar once packaged).
 */
import { join } from 'node:path';

export interface AppPaths {
  readonly preloadPath: string;
  readonly panelDir: string;
  readonly iconDir: string;
  readonly coreEntry: string;
}

export function appPaths(mainBundleDir: string): AppPaths {
  return {
    preloadPath: join(mainBundleDir, '..', 'preload', 'panel-preload.cjs'),
    panelDir: join(mainBundleDir, '..', 'panel'),
    iconDir: join(mainBundleDir, '..', '..', 'assets', 'tray'),
    coreEntry: join(mainBundleDir, 'core', 'core-process.cjs'),
  };
}
