/**
 * The panel's page is never left stuck (issue #31): a switch user has nothing else to reach. When its
 * renderer stops answering (Electron's `unresponsive`) and has not answered again (`responsive`) within
 * a grace, the shell ends that renderer and loads the page again; a renderer that died on its own
 * (`render-process-gone`) is loaded again at once. Once the page is back, it says what happened.
 */

/** What the panel says once it is back. */
export const PANEL_RELOADED = 'The panel stopped answering, so it was loaded again. What you were doing there was lost: start it again.';

/** What the watch needs of the panel's webContents. */
export interface WatchedPage {
  on(event: 'unresponsive' | 'responsive' | 'did-finish-load', listener: () => void): unknown;
  on(event: 'render-process-gone', listener: (event: unknown, details: { readonly reason: string }) => void): unknown;
  forcefullyCrashRenderer(): void;
  reload(): void;
  isDestroyed(): boolean;
}

export interface PageWatchDeps {
  /** Runs `fn` after `ms`; returns what cancels it. */
  readonly after: (ms: number, fn: () => void) => () => void;
  readonly log: (line: string) => void;
  /** Tells the user, in the panel, once its page has loaded again. */
  readonly tell: (message: string) => void;
  /** How long a page may not answer before it is loaded again. Default 5 s. */
  readonly graceMs?: number;
}

/** Default grace: longer than any work the page does at once, short enough for a waiting user. */
export const PAGE_GRACE_MS = 5000;

export function reloadStuckPage(page: WatchedPage, deps: PageWatchDeps): void {
  let cancel: (() => void) | undefined;
  /** The renderer the shell ended itself: its `render-process-gone` is not a second reason to reload. */
  let ownCrash = false;
  let reloaded = false;
  const reload = (why: string): void => {
    if (page.isDestroyed()) return;
    deps.log(`The panel's page ${why}; loading it again.`);
    reloaded = true;
    page.reload();
  };
  page.on('unresponsive', () => {
    if (cancel) return;
    cancel = deps.after(deps.graceMs ?? PAGE_GRACE_MS, () => {
      cancel = undefined;
      if (page.isDestroyed()) return;
      ownCrash = true;
      page.forcefullyCrashRenderer();
      reload(`did not answer for ${Math.round((deps.graceMs ?? PAGE_GRACE_MS) / 1000)} s`);
    });
  });
  page.on('responsive', () => {
    cancel?.();
    cancel = undefined;
  });
  page.on('render-process-gone', (_event, details) => {
    if (ownCrash) {
      ownCrash = false;
      return;
    }
    cancel?.();
    cancel = undefined;
    reload(`stopped (${details.reason})`);
  });
  page.on('did-finish-load', () => {
    if (!reloaded) return;
    reloaded = false;
    deps.tell(PANEL_RELOADED);
  });
}
