/**
 * The panel's requests, relayed to the core, and the numbered overlay that follows their replies
 * ("show numbers", "hide numbers", a highlighted row, any action).
 */
import { BrowserWindow, globalShortcut, ipcMain, screen } from 'electron';
import { runReplyOverlay } from '../../shared/contracts/core-contract.js';
import { REQUEST_SCHEMAS, type PanelRequests } from '../../shared/contracts/ipc-contract.js';
import type { CoreHost } from '../core-host.js';
import { NumberOverlay } from './overlay-window.js';
import { pixelsPerDip } from './screen-pixels.js';
import { isPanelSender, registerPanelIpc, sendShellSignal } from './panel-ipc.js';
import { PANEL_ORIGIN } from './panel-protocol.js';

/** The numbered overlay over the screen the marks are on; closing it tells the panel. */
export function createOverlay(panel: BrowserWindow): NumberOverlay {
  return new NumberOverlay({
    BrowserWindow,
    globalShortcut,
    displayFor: (rect) => screen.getDisplayMatching(rect).bounds,
    pixelsPerDip: () => pixelsPerDip(process.platform, screen.getPrimaryDisplay().scaleFactor),
    url: `${PANEL_ORIGIN}overlay.html`,
    onClosedByUser: () => sendShellSignal(panel.webContents, { kind: 'overlay_closed' }),
  });
}

/**
 * Each panel request goes to the core; a command's reply and a highlight redraw the overlay, and a
 * reply to "show the panel" (said while it was hidden) calls `showPanel`.
 */
export function relayToCore(core: Pick<CoreHost, 'handle'>, overlay: Pick<NumberOverlay, 'apply' | 'highlight'>, showPanel?: () => void): PanelRequests {
  return {
    handle: (channel, args) => {
      const reply = core.handle(channel, args);
      if (channel === 'overlay:highlight') {
        // Drawn only once the core accepted the payload (its schema is the one check).
        return reply.then((r) => {
          const ids = REQUEST_SCHEMAS['overlay:highlight'].safeParse(args);
          if (ids.success) overlay.highlight(ids.data[0]);
          return r;
        });
      }
      if (channel !== 'command:run') return reply;
      return reply.then((r) => {
        const run = runReplyOverlay.safeParse(r);
        if (run.success) overlay.apply(run.data.overlay);
        if (run.success && run.data.showPanel) showPanel?.();
        return r;
      });
    },
  };
}

/** Binds the panel's channels: the core validates every payload; main checks that the request comes from the panel itself. */
export function bindPanelRequests(panel: BrowserWindow, requests: PanelRequests): void {
  registerPanelIpc(ipcMain, requests, (event) => isPanelSender(event, panel.webContents, PANEL_ORIGIN));
}
