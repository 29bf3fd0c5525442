/**
 * Binds the panel contract to Electron's IPC: the only place that touches ipcMain for the panel.
 * Every handler first checks that the request comes from the panel's own main frame (GitHub
 * Desktop and VS Code do the same), then hands the arguments to the core's PanelSession, which validates them.
 */
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import type { AssistantEvent } from '../../shared/contracts/events.js';
import { REQUEST_CHANNELS, shellSignal, type EventChannels, type PanelRequests, type ShellSignal } from '../../shared/contracts/ipc-contract.js';
import { checkVoicePayload } from '../shortcuts/voice-ipc.js';

/** True when the event comes from the panel's main frame, loaded from the panel's own URL. */
export function isPanelSender(event: IpcMainInvokeEvent, panel: WebContents, panelUrl: string): boolean {
  const frame = event.senderFrame;
  return event.sender === panel && frame !== null && frame === panel.mainFrame && frame.url.startsWith(panelUrl);
}

export function registerPanelIpc(ipcMain: IpcMain, session: PanelRequests, isTrusted: (event: IpcMainInvokeEvent) => boolean): () => void {
  for (const channel of REQUEST_CHANNELS) {
    ipcMain.handle(channel, (event, ...args: unknown[]) => {
      if (!isTrusted(event)) throw new Error(`Refused ${channel}: not sent by the panel.`);
      checkVoicePayload(channel, args);
      return session.handle(channel, args);
    });
  }
  return () => REQUEST_CHANNELS.forEach((c) => ipcMain.removeHandler(c));
}

/** Sends one assistant event to the panel (dropped when the window is gone). */
export function sendAssistantEvent(panel: WebContents, event: AssistantEvent): void {
  const channel: keyof EventChannels = 'assistant:event';
  if (!panel.isDestroyed()) panel.send(channel, event);
}

/** Sends one shell signal to the panel, checked against the contract first (the panel trusts its shape). */
export function sendShellSignal(panel: WebContents, signal: ShellSignal): void {
  const channel: keyof EventChannels = 'shell:signal';
  if (!panel.isDestroyed()) panel.send(channel, shellSignal.parse(signal));
}
