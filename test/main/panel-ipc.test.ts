// The Electron shell's wiring, with Electron's objects replaced by small fakes (no Electron binary
// runs here): who may call the panel channels, what reaches the session, and the window's security.
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { describe, expect, it } from 'vitest';
import { isPanelSender, registerPanelIpc } from '../../src/main/panel-ipc.js';
import { InvalidPayloadError, PanelSession } from '../../src/main/panel-session.js';
import { allowPermission, panelWindowOptions } from '../../src/main/panel-window.js';
import type { AssistantLoop } from '../../src/agent/assistant-loop.js';

type Handler = (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown;

function fakeIpcMain() {
  const handlers = new Map<string, Handler>();
  const ipc = {
    handle: (channel: string, h: Handler) => handlers.set(channel, h),
    removeHandler: (channel: string) => handlers.delete(channel),
  } as unknown as IpcMain;
  return { ipc, handlers };
}

const PANEL_URL = 'file:///app/out/panel/index.html';

describe('panel IPC', () => {
  const mainFrame = { url: PANEL_URL };
  const panel = { mainFrame } as unknown as WebContents;
  const eventFrom = (sender: unknown, frame: unknown) => ({ sender, senderFrame: frame }) as unknown as IpcMainInvokeEvent;

  it('accepts only the panel main frame at the panel URL', () => {
    expect(isPanelSender(eventFrom(panel, mainFrame), panel, PANEL_URL)).toBe(true);
    expect(isPanelSender(eventFrom(panel, { url: PANEL_URL }), panel, PANEL_URL)).toBe(false); // a subframe
    expect(isPanelSender(eventFrom({}, mainFrame), panel, PANEL_URL)).toBe(false); // another window
    expect(isPanelSender(eventFrom(panel, null), panel, PANEL_URL)).toBe(false);
  });

  it('registers every channel; an untrusted sender is refused before the session sees anything', async () => {
    const { ipc, handlers } = fakeIpcMain();
    const calls: unknown[] = [];
    const unregister = registerPanelIpc(ipc, { handle: ((c: string, a: unknown[]) => (calls.push([c, a]), Promise.resolve([]))) as PanelSession['handle'] }, (e) => e.sender === panel);
    expect([...handlers.keys()].sort()).toEqual(['command:run', 'command:stop', 'commands:recent', 'confirmation:answer', 'settings:view']);
    expect(() => handlers.get('command:run')?.(eventFrom({}, mainFrame), 'click Send')).toThrow(/Refused command:run: not sent by the panel/);
    expect(calls).toEqual([]);
    await handlers.get('command:run')?.(eventFrom(panel, mainFrame), 'click Send');
    expect(calls).toEqual([['command:run', ['click Send']]]);
    unregister();
    expect(handlers.size).toBe(0);
  });

  it('the session rejects a payload that breaks the contract', async () => {
    const session = new PanelSession({ createLoop: () => ({ busy: false, memory: { recentCommands: [] } }) as unknown as AssistantLoop, settingsView: () => Promise.reject(new Error('unused')) });
    await expect(session.handle('command:run', [''])).rejects.toBeInstanceOf(InvalidPayloadError);
    await expect(session.handle('command:run', [42])).rejects.toBeInstanceOf(InvalidPayloadError);
    await expect(session.handle('command:stop', ['extra'])).rejects.toBeInstanceOf(InvalidPayloadError);
    await expect(session.handle('commands:recent', [])).resolves.toEqual([]);
  });
});

describe('panel window', () => {
  it('is sandboxed, isolated, without Node, and floats above other apps', () => {
    const o = panelWindowOptions('/app/preload.cjs');
    expect(o.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, preload: '/app/preload.cjs' });
    expect(o.alwaysOnTop).toBe(true);
  });

  it('grants only the microphone, only to the panel', () => {
    expect(allowPermission('media', PANEL_URL, PANEL_URL)).toBe(true);
    expect(allowPermission('geolocation', PANEL_URL, PANEL_URL)).toBe(false);
    expect(allowPermission('media', 'https://example.com/', PANEL_URL)).toBe(false);
  });
});
