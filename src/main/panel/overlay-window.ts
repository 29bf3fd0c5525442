/**
 * The numbered overlay's window: transparent, click-through, always on top, never focused, over the
 * display that holds the marks. It has no preload and so no IPC at all: the shell describes what to
 * draw in the fragment of its URL (src/panel/overlay/), which the page reads and checks.
 *
 * It draws the mouse grid the same way (issue #29): the grid's cells are marks, the view says `grid`.
 * While a confirmation waits, it outlines what the step will act on, over the numbers or alone
 * (issue #31; target-outline.ts follows the loop's events).
 *
 * While the numbers are up, Esc closes them from any app: the only time the shell takes Esc
 * system-wide (docs/decisions/0074-numbered-overlay-click-through-window-without.md), released as soon as they close.
 */
import { OVERLAY_WINDOW_TITLE } from '../../shared/own-windows.js';
import type { BrowserWindow, BrowserWindowConstructorOptions, GlobalShortcut } from 'electron';
import type { ActionTarget } from '../../shared/contracts/events.js';
import type { OverlayView } from '../../shared/contracts/ipc-contract.js';
import { SECURE_WEB_PREFERENCES } from './panel-window.js';
import { targetInDip, viewInDip } from './screen-pixels.js';
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
  /** The whole area (not the work area) of the display that holds most of `rect`, both in DIP. */
  readonly displayFor: (rect: Area) => Area;
  /** Screen pixels (the marks' unit) per DIP (screen-pixels.ts); 1 when not given. */
  readonly pixelsPerDip?: () => number;
  /** The overlay page (app://panel/overlay.html). */
  readonly url: string;
  /** Esc closed the numbers: the panel must hear of it. */
  readonly onClosedByUser: () => void;
}

/** The smallest rectangle around every mark and the outlined target. */
function around(view: OverlayView | undefined, target: ActionTarget | undefined): Area {
  const boxes = [...(view?.marks ?? []), ...(target ? [target.kind === 'element' ? target : { ...target, width: 1, height: 1 }] : [])];
  const xs = boxes.flatMap((m) => [m.x, m.x + m.width]);
  const ys = boxes.flatMap((m) => [m.y, m.y + m.height]);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/** The fragment the overlay page reads. */
export function overlayFragment(
  view: OverlayView,
  origin: { readonly x: number; readonly y: number },
  highlight: readonly number[] = [],
  target?: ActionTarget,
): string {
  return `#${encodeURIComponent(JSON.stringify({ app: view.app, marks: view.marks, origin, highlight, ...(view.grid ? { grid: true } : {}), ...(target ? { target } : {}) }))}`;
}

/** Nothing numbered: the page draws only the target's outline. */
const NO_MARKS: OverlayView = { app: '', marks: [] };

export class NumberOverlay {
  private window: BrowserWindow | undefined;
  private escape = false;
  /** The numbers or the grid drawn now. */
  private view: OverlayView | undefined;
  /** What a confirmation waits to act on (issue #31), outlined until the question ends. */
  private target: ActionTarget | undefined;
  private highlighted: readonly number[] = [];

  constructor(private readonly deps: OverlayDeps) {}

  /** Whether the numbers are on screen. */
  get shown(): boolean {
    return this.window?.isVisible() === true && this.view !== undefined;
  }

  /** Follows a command's reply: marks show the numbers, `hidden` closes them, nothing leaves them as they are. */
  apply(overlay: OverlayView | 'hidden' | undefined): void {
    if (overlay === 'hidden') this.hide();
    else if (overlay) this.show(overlay);
  }

  show(view: OverlayView): void {
    this.view = view.marks.length > 0 ? view : undefined;
    this.highlighted = [];
    this.draw();
  }

  /** Outlines what a confirmation will act on (an element's bounds or a point); undefined takes the outline away. */
  outline(target: ActionTarget | undefined): void {
    if (target === this.target) return;
    this.target = target;
    this.draw();
  }

  /** Marks the numbers the switch highlights (a row, or one number); nothing when the numbers are not up. */
  highlight(ids: readonly number[]): void {
    if (!this.shown) return;
    this.highlighted = ids;
    this.draw();
  }

  hide(): void {
    this.view = undefined;
    this.draw();
  }

  /** Draws what is up now (only the fragment changes when the window is open: the page redraws on hashchange). */
  private draw(): void {
    if (!this.view && !this.target) {
      if (this.window && !this.window.isDestroyed()) this.window.hide();
      this.releaseEscape();
      return;
    }
    const scale = this.deps.pixelsPerDip?.() ?? 1;
    const view = this.view && viewInDip(this.view, scale);
    const target = this.target && targetInDip(this.target, scale);
    const display = this.deps.displayFor(around(view, target));
    const window = this.window && !this.window.isDestroyed() ? this.window : this.create(display);
    window.setBounds(display);
    const origin = { x: display.x, y: display.y };
    void window.loadURL(`${this.deps.url}${overlayFragment(view ?? NO_MARKS, origin, this.highlighted, target)}`);
    // Shown without taking the focus from the app the numbers are drawn over.
    window.showInactive();
    // Esc is taken only while numbers or the grid are up: an outline alone leaves it to the app.
    if (this.view && !this.escape) this.escape = this.deps.globalShortcut.register('Escape', () => this.closeByUser());
    if (!this.view) this.releaseEscape();
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
