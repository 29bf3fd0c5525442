/**
 * The floating panel: panel-window.ts's secure options, placed where the user left it (or at the
 * top right of the main display), floating above every app, on every Space and over full-screen
 * apps, and kept open when it loses focus — a user who clicks into another app with a head mouse
 * must still see the panel. Closing it hides it; only Quit ends the app.
 */
import type { BrowserWindow, BrowserWindowConstructorOptions } from 'electron';
import { panelWindowOptions } from './panel-window.js';
import type { Area, PanelBounds } from './window-bounds.js';

export interface FloatingPanelDeps {
  readonly BrowserWindow: new (options: BrowserWindowConstructorOptions) => BrowserWindow;
  readonly preloadPath: string;
  /** Remembered and still reachable bounds, or undefined for the default place. */
  readonly bounds: PanelBounds | undefined;
  /** The main display's work area (without menu bar and Dock). */
  readonly workArea: Area;
  /** True once the user chose Quit: closing then really closes. */
  readonly isQuitting: () => boolean;
  readonly platform: NodeJS.Platform;
  /** Called after the user closed (so hid) the panel, to say how to open it again where nothing shows how. */
  readonly onClosedByUser?: () => void;
}

/** Gap between the default panel and the screen's edges. */
const MARGIN = 16;

/** Top right of the work area, where a menu-bar app's panel is expected, fitted to the screen. */
export function defaultPanelBounds(workArea: Area, width: number, height: number): PanelBounds {
  const w = Math.min(width, workArea.width - 2 * MARGIN);
  const h = Math.min(height, workArea.height - 2 * MARGIN);
  return { x: Math.round(workArea.x + workArea.width - w - MARGIN), y: Math.round(workArea.y + MARGIN), width: Math.round(w), height: Math.round(h) };
}

export function createFloatingPanel(deps: FloatingPanelDeps): BrowserWindow {
  const options = panelWindowOptions(deps.preloadPath);
  const bounds = deps.bounds ?? defaultPanelBounds(deps.workArea, options.width ?? 420, options.height ?? 640);
  // macOS: a non-activating panel (NSWindowStyleMaskNonactivatingPanel), so typing a command leaves
  // the user's app frontmost and key — what "scroll down" or "type hello" act on. Elsewhere the
  // engine remembers the last app that was not ours (src/execution/apps/target-app.ts).
  const window = new deps.BrowserWindow({ ...options, ...bounds, ...(deps.platform === 'darwin' ? { type: 'panel' } : {}) });
  // 'floating' is the level macOS gives utility panels: above normal windows, below system alerts.
  window.setAlwaysOnTop(true, 'floating');
  window.setVisibleOnAllWorkspaces(true, { visibleOnFullScreen: true, skipTransformProcessType: true });
  window.on('close', (event) => {
    if (deps.isQuitting()) return;
    event.preventDefault();
    window.hide();
    deps.onClosedByUser?.();
  });
  return window;
}

/** Shows the panel and gives it the keyboard focus, so the user can type at once. */
export function showPanel(window: BrowserWindow): void {
  if (window.isDestroyed()) return;
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}

/**
 * The global shortcut's action: brings the panel to the keyboard when it is hidden or open but not
 * focused (the user pressed it to type a command), and hides it only when it already has the focus.
 */
export function summonOrHidePanel(window: BrowserWindow): void {
  if (window.isDestroyed()) return;
  if (window.isVisible() && !window.isMinimized() && window.isFocused()) window.hide();
  else showPanel(window);
}

/** The tray's action: hides a visible panel, shows a hidden one (a tray click always takes the focus away). */
export function togglePanel(window: BrowserWindow): void {
  if (window.isDestroyed()) return;
  if (window.isVisible() && !window.isMinimized()) window.hide();
  else showPanel(window);
}
