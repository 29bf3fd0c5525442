/**
 * The floating panel as the shell makes it: its last place on screen restored and kept, and the
 * shell's own notices (a taken shortcut, a settings file moved aside) shown in it as entries.
 */
import { join } from 'node:path';
import { app, BrowserWindow, screen } from 'electron';
import type { AssistantEvent } from '../../shared/contracts/events.js';
import { errorMessage } from '../../shared/errors.js';
import { createFloatingPanel } from './floating-panel.js';
import { sendAssistantEvent } from './panel-ipc.js';
import type { ShellOptions, ShellState } from '../shell-options.js';
import { PANEL_BOUNDS_FILE, loadPanelBounds, persistPanelBounds } from './window-bounds.js';

export interface CreatedPanel {
  readonly panel: BrowserWindow;
  /** Writes the panel's place now (at quit). */
  readonly flushBounds: () => Promise<void>;
}

/** Makes the panel where it was last, and keeps its place on disk as it moves. */
export async function createPanel(options: ShellOptions, state: ShellState, onClosedByUser: () => void, log: (line: string) => void): Promise<CreatedPanel> {
  const boundsFile = join(app.getPath('userData'), PANEL_BOUNDS_FILE);
  const loaded = await loadPanelBounds(
    boundsFile,
    screen.getAllDisplays().map((d) => d.workArea),
  );
  const panel = createFloatingPanel({
    BrowserWindow,
    preloadPath: options.preloadPath,
    bounds: loaded.bounds,
    workArea: screen.getPrimaryDisplay().workArea,
    isQuitting: () => state.quitting,
    platform: options.platform,
    onClosedByUser,
  });
  state.panel = panel;
  const flushBounds = persistPanelBounds(panel, boundsFile, (e) => log(`Could not remember the panel's place: ${errorMessage(e)}`));
  return { panel, flushBounds };
}

/**
 * The shell's notices go to the panel as entries, once it can show them (kept until its page has
 * loaded), and to the log. Returns the function that tells one.
 */
export function panelNotices(panel: BrowserWindow, log: (line: string) => void): (message: string) => void {
  const pending: AssistantEvent[] = [];
  let panelReady = false;
  panel.webContents.on('did-finish-load', () => {
    panelReady = true;
    for (const event of pending.splice(0)) sendAssistantEvent(panel.webContents, event);
  });
  return (message) => {
    log(message);
    const event: AssistantEvent = { type: 'error', code: 'shell_notice', message, retryable: false };
    if (panelReady) sendAssistantEvent(panel.webContents, event);
    else pending.push(event);
  };
}
