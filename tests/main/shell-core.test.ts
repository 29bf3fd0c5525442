// The Electron shell and the core process (src/main/shell.ts on the recording fake of electron,
// shell-harness.ts): the permission checks the core asks of main, the panel's requests relayed to
// the core and its events back, a core that dies and is started again, and quitting.
import { describe, expect, it, vi } from 'vitest';
import { fake, macAccess, panelEvent, quit, running, setup } from './shell-harness.js';

describe('permission checks asked by the core', () => {
  it('Linux: main asks the core process, where the bridge is, and answers with the command that turns accessibility on', async () => {
    await running(await setup(), 'linux');
    const core = fake().state.forks[0];
    core?.emit('message', { kind: 'call', id: 3, method: 'permissions:check', args: [['accessibility']] });
    await vi.waitFor(() => expect(core?.posted).toContainEqual({ kind: 'call', id: 0, method: 'bridge:permission', args: [2000] }));
    core?.emit('message', { kind: 'reply', id: 0, ok: true, value: { state: 'denied', detail: 'off' } });
    await vi.waitFor(() =>
      expect(core?.posted.find((m) => (m as { id?: number; kind: string }).kind === 'reply' && (m as { id: number }).id === 3)).toBeDefined(),
    );
    const reply = core?.posted.find((m) => (m as { kind: string; id?: number }).kind === 'reply' && (m as { id: number }).id === 3) as {
      value: { state: string; explanation: string }[];
    };
    expect(reply.value[0]?.state).toBe('denied');
    expect(reply.value[0]?.explanation).toContain('gsettings set org.gnome.desktop.interface toolkit-accessibility true');
  });

  it('macOS: answers from node-mac-permissions in main', async () => {
    macAccess.answer = 'denied';
    await running(await setup(), 'darwin');
    const core = fake().state.forks[0];
    core?.emit('message', { kind: 'call', id: 4, method: 'permissions:check', args: [['accessibility']] });
    await vi.waitFor(() =>
      expect(core?.posted).toContainEqual({
        kind: 'reply',
        id: 4,
        ok: true,
        value: [
          {
            kind: 'accessibility',
            state: 'denied',
            explanation:
              'Assistive Control needs Accessibility access to press buttons and type for you. macOS has asked you once in its own dialog, which put Assistive Control in the list; nothing is turned on until you do it. Open System Settings › Privacy & Security › Accessibility and turn on Assistive Control.',
            canOpenSettings: true,
          },
        ],
      }),
    );
  });
});

describe('panel requests reach the core process', () => {
  it('relays a request from the panel to the core and its answer back; refuses another sender', async () => {
    const { window } = await running(await setup());
    const core = fake().state.forks[0];
    expect(core?.entry).toBe('/app/out/main/core-process.js');
    const handler = fake().state.ipcHandlers.get('command:run');
    expect(() => handler?.({ sender: {}, senderFrame: { url: 'app://panel/index.html' } }, 'click Send')).toThrow(/not sent by the panel/);
    expect(core?.posted).toEqual([]);
    const reply = handler?.(panelEvent(window), 'click Send') as Promise<unknown>;
    expect(core?.posted).toEqual([{ kind: 'call', id: 0, method: 'panel:request', args: ['command:run', ['click Send']] }]);
    core?.emit('message', { kind: 'reply', id: 0, ok: true, value: { outcome: 'done', message: 'Clicked “Send”.' } });
    await expect(reply).resolves.toEqual({ outcome: 'done', message: 'Clicked “Send”.' });
  });

  it('forwards the core events to the panel', async () => {
    const { window } = await running(await setup());
    fake().state.forks[0]?.emit('message', { kind: 'notify', method: 'assistant:event', args: [{ type: 'status', status: 'thinking' }] });
    await vi.waitFor(() => expect(window.webContents.sent).toContainEqual(['assistant:event', { type: 'status', status: 'thinking' }]));
  });

  it('answers the core permission questions with main’s checker (macOS panes through shell.openExternal)', async () => {
    await running(await setup(), 'darwin');
    const core = fake().state.forks[0];
    core?.emit('message', { kind: 'call', id: 7, method: 'permissions:open-settings', args: ['microphone'] });
    await vi.waitFor(() => expect(core?.posted).toContainEqual({ kind: 'reply', id: 7, ok: true, value: true }));
    expect(fake().state.opened).toEqual(['x-apple.systempreferences:com.apple.preference.security?Privacy_Microphone']);
  });

  it('when the core process dies: the waiting request gets a sentence, the panel goes back to idle, a new core starts', async () => {
    const { window } = await running(await setup());
    const core = fake().state.forks[0];
    const reply = fake().state.ipcHandlers.get('command:run')?.(panelEvent(window), 'click Send') as Promise<unknown>;
    core?.emit('exit', 9);
    const said =
      'The assistant stopped unexpectedly, so the last command did not finish. It starts again in 1 second: your switch and shortcuts keep working, give the command again then.';
    await expect(reply).rejects.toThrow(said);
    expect(window.webContents.sent.slice(-2)).toEqual([
      [
        'assistant:event',
        {
          type: 'error',
          code: 'core_exited',
          message: said,
          retryable: true,
        },
      ],
      ['assistant:event', { type: 'status', status: 'idle' }],
    ]);
    await vi.waitFor(() => expect(fake().state.forks).toHaveLength(2), { timeout: 3000 });
  });

  it('quitting ends the core process', async () => {
    await running(await setup());
    await quit();
    expect(fake().state.forks[0]?.killed).toBe(true);
  });
});
