/**
 * The numbered overlay's window: transparent, click-through, always on top, never focused, over the
 * display that holds the marks. It has no preload and so no IPC at all: the shell describes what to
 * draw in the fragment of its URL (src/panel/overlay/), which the page reads and checks.
 *
 * It draws the mouse grid the same way (issue #29): the grid's cells are marks, the view says `grid`.
 *
 * While the numbers are up, Esc closes them from any app: the only time the shell takes Esc
 * system-wide (docs/decisions/0074-numbered-overlay-click-through-window-without.md), released as soon as they close.
 */
import { OVERLAY_WINDOW_TITLE } from '../../shared/own-windows.js';
import type { BrowserWindow, BrowserWindowConstructorOptions, GlobalShortcut } from 'electron';
import type { OverlayView } from '../../shared/contracts/ipc-contract.js';
import { SECURE_WEB_PREFERENCES } from './panel-window.js';
import type { Area } from './window-bounds.js';

/** Window options: nothing the user can focus, move or click; sandboxed, no Node, no preload. */
export function overlayWindowOptions(bounds: Area): BrowserWindowConstructorOptions {
  return {
    ...bounds,
    show: false,
    transparent: true,
    backgroundColor: '#00000000',
    frame: false,
    hasShadow: false,
    focusable: false,
    alwaysOnTop: true,
    skipTaskbar: true,
    resizable: false,
    movable: false,
    minimizable: false,
    maximizable: false,
    fullscreenable: false,
    title: OVERLAY_WINDOW_TITLE,
    // No preload: the page has no IPC at all.
    webPreferences: { ...SECURE_WEB_PREFERENCES },
  };
}

export interface OverlayDeps {
  readonly BrowserWindow: new (options: BrowserWindowConstructorOptions) => BrowserWindow;
  readonly globalShortcut: Pick<GlobalShortcut, 'register' | 'unregister'>;
  /** The whole area (not the work area) of the display that holds most of `rect`. */
  readonly displayFor: (rect: Area) => Area;
  /** The overlay page (app://panel/overlay.html). */
  readonly url: string;
  /** Esc closed the numbers: the panel must hear of it. */
  readonly onClosedByUser: () => void;
}

/** The smallest rectangle around every mark. */
function around(view: OverlayView): Area {
  const xs = view.marks.flatMap((m) => [m.x, m.x + m.width]);
  const ys = view.marks.flatMap((m) => [m.y, m.y + m.height]);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/** The fragment the overlay page reads. */
export function overlayFragment(view: OverlayView, origin: { readonly x: number; readonly y: number }, highlight: readonly number[] = []): string {
  return `#${encodeURIComponent(JSON.stringify({ app: view.app, marks: view.marks, origin, highlight, ...(view.grid ? { grid: true } : {}) }))}`;
}

export class NumberOverlay {
  private window: BrowserWindow | undefined;
  private escape = false;
  /** What is drawn now, and where the window's corner is. */
  private drawn: { readonly view: OverlayView; readonly origin: { readonly x: number; readonly y: number } } | undefined;

  constructor(private readonly deps: OverlayDeps) {}

  /** Whether the numbers are on screen. */
  get shown(): boolean {
    return this.window?.isVisible() === true;
  }

  /** Follows a command's reply: marks show the numbers, `hidden` closes them, nothing leaves them as they are. */
  apply(overlay: OverlayView | 'hidden' | undefined): void {
    if (overlay === 'hidden') this.hide();
    else if (overlay) this.show(overlay);
  }

  show(view: OverlayView): void {
    if (view.marks.length === 0) {
      this.hide();
      return;
    }
    const display = this.deps.displayFor(around(view));
    const window = this.window && !this.window.isDestroyed() ? this.window : this.create(display);
    window.setBounds(display);
    this.drawn = { view, origin: { x: display.x, y: display.y } };
    void window.loadURL(`${this.deps.url}${overlayFragment(view, this.drawn.origin)}`);
    // Shown without taking the focus from the app the numbers are drawn over.
    window.showInactive();
    if (!this.escape) this.escape = this.deps.globalShortcut.register('Escape', () => this.closeByUser());
  }

  /** Marks the numbers the switch highlights (a row, or one number); nothing when the numbers are not up. */
  highlight(ids: readonly number[]): void {
    if (!this.shown || !this.drawn || !this.window) return;
    // Only the fragment changes: the page redraws on hashchange, nothing is reloaded.
    void this.window.loadURL(`${this.deps.url}${overlayFragment(this.drawn.view, this.drawn.origin, ids)}`);
  }

  hide(): void {
    this.drawn = undefined;
    if (this.window && !this.window.isDestroyed()) this.window.hide();
    this.releaseEscape();
  }

  dispose(): void {
    this.releaseEscape();
    if (this.window && !this.window.isDestroyed()) this.window.destroy();
    this.window = undefined;
  }

  private closeByUser(): void {
    this.hide();
    this.deps.onClosedByUser();
  }

  private releaseEscape(): void {
    if (this.escape) this.deps.globalShortcut.unregister('Escape');
    this.escape = false;
  }

  private create(display: Area): BrowserWindow {
    const window = new this.deps.BrowserWindow(overlayWindowOptions(display));
    // Clicks, the wheel and hovering go through to the app underneath.
    window.setIgnoreMouseEvents(true);
    // Above the floating panel and full-screen apps, on every Space.
    window.setAlwaysOnTop(true, 'screen-saver');
    window.setVisibleOnAllWorkspaces(true, { visibleOnFullScreen: true, skipTransformProcessType: true });
    this.window = window;
    return window;
  }
}
