// The core process's composition (startCore) over a real MessageChannel, as main talks to it, with the
// real loop, settings file and engine on the private desktop. The keychain is an in-memory backend
// (the real one is tested in tests/config), and main's side is a plain RpcPeer.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { closePorts, portLink } from '../support/port-link.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlannerAvailability } from '../../src/agent/assistant-loop.js';
import { createSecretStore, type KeyringBackend } from '../../src/config/secret-store.js';
import { AxBridge } from '../../src/execution/accessibility/ax-bridge.js';
import { ExecutionEngine } from '../../src/execution/engine.js';
import { createNutInputDriver } from '../../src/execution/input/input-driver.js';
import { startCore } from '../../src/core/core-process.js';
import { RemoteError, RpcPeer } from '../../src/shared/contracts/core-rpc.js';
import type { AssistantEvent } from '../../src/shared/contracts/events.js';
import type { SettingsView } from '../../src/shared/contracts/ipc-contract.js';
import type { PermissionStatus } from '../../src/shared/permissions.js';
import { desktopSkipReason } from '../support/desktop.js';

const skip = desktopSkipReason();

const granted: PermissionStatus[] = [{ kind: 'accessibility', state: 'granted', explanation: '', canOpenSettings: true }];
const denied: PermissionStatus[] = [
  {
    kind: 'accessibility',
    state: 'denied',
    explanation:
      'Assistive Control needs Accessibility access to press buttons and type for you. Open System Settings › Privacy & Security › Accessibility and turn on Assistive Control.',
    canOpenSettings: true,
  },
];

describe.skipIf(skip !== '')('the core process, as main drives it', () => {
  let main: RpcPeer;
  let early: Promise<readonly string[]>;
  const events: AssistantEvent[] = [];
  /** What the core said while it started. */
  const startup: AssistantEvent[] = [];
  const saved: unknown[] = [];
  const opened: string[] = [];
  let permissions = granted;
  const memory = new Map<string, string>();
  const backend: KeyringBackend = {
    get: async (account) => memory.get(account) ?? null,
    set: async (account, secret) => void memory.set(account, secret),
    delete: async (account) => memory.delete(account),
  };

  beforeAll(async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ac-core-'));
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ provider: 'grammar' }));
    // The user's own commands (issue #18): one that loads, one with a problem the core must say.
    await writeFile(
      join(dir, 'commands.json'),
      JSON.stringify(
        {
          commands: [
            { say: 'which app am I in', do: { intent: 'get_frontmost_app' } },
            { say: 'broken', do: { intent: 'fly' } },
          ],
          vocabulary: ['Gnumeric'],
        },
        null,
        2,
      ),
    );
    const bridge = AxBridge.open();
    const { port1, port2 } = new MessageChannel();
    main = new RpcPeer(portLink(port1), {
      'permissions:check': () => permissions,
      'permissions:open-settings': (kind: string) => (opened.push(kind), true),
      'assistant:event': (event: AssistantEvent) => events.push(event),
      'settings:saved': (settings: unknown) => saved.push(settings),
    });
    const starting = startCore({
      link: portLink(port2),
      settingsDir: dir,
      auditDir: join(dir, 'audit'),
      secrets: createSecretStore({ backend }),
      engine: new ExecutionEngine({ bridge, input: createNutInputDriver() }),
      planner: async (): Promise<PlannerAvailability> => ({ kind: 'none', message: 'Only offline commands in this test.' }),
      bridgePermission: (deadlineMs) => bridge.permission({ deadlineMs, prompt: true }),
    });
    // Sent while the core is still reading its settings: it must wait, not be lost.
    early = request<readonly string[]>('commands:recent');
    await starting;
    startup.push(...events);
  });

  afterAll(() => {
    closePorts();
  });

  const request = <T>(channel: string, ...args: unknown[]) => main.call<T>('panel:request', channel, args);

  it('answers a request sent before it was ready', async () => {
    await expect(early).resolves.toEqual([]);
  });

  it('runs a command through the real loop and engine and streams its events to main, ending idle', async () => {
    events.length = 0;
    // Read-only on purpose: other test files share this desktop, so this one moves and types nothing.
    const reply = await request<{ outcome: string; message: string }>('command:run', 'which app is in front');
    expect(events.find((e) => e.type === 'intent')).toMatchObject({ type: 'intent', source: 'grammar', intent: { intent: 'get_frontmost_app' } });
    // The engine answered (an app, or the sentence that none is active), and the loop is idle again.
    expect(['done', 'failed']).toContain(reply.outcome);
    expect(reply.message.length).toBeGreaterThan(10);
    expect(events.filter((e) => e.type === 'status').at(-1)).toEqual({ type: 'status', status: 'idle' });
    expect(events.at(-1)).toMatchObject({ type: 'done', outcome: reply.outcome, message: reply.message });
    await expect(request('commands:recent')).resolves.toEqual(['which app is in front']);
  });

  it('runs the user’s own command, says the file’s problem with its line and column, and lists the commands in “what can I say”', async () => {
    expect(startup).toContainEqual({
      type: 'error',
      code: 'commands_file',
      retryable: false,
      message: expect.stringMatching(/commands\.json:12:19: Command 2 \(“broken”\): “do” is not an action/),
    });
    events.length = 0;
    await request('command:run', 'Which app am I in?');
    expect(events.find((e) => e.type === 'intent')).toMatchObject({ type: 'intent', source: 'user_command', intent: { intent: 'get_frontmost_app' } });
    await request('command:run', 'what can I say');
    const guide = events.find((e) => e.type === 'command_guide');
    expect(guide?.type === 'command_guide' && guide.guide.groups[0]).toEqual({ title: 'Your own commands', examples: ['which app am I in'], alsoSaid: [] });
  });

  it('lists the user’s commands for the panel across the process boundary, tells each read of the file, and refuses a malformed edit', async () => {
    // The event passed the core contract's check on the way out, or it would not be here.
    expect(startup).toContainEqual({ type: 'user_commands_changed' });
    await expect(request('user-commands:view')).resolves.toEqual({
      fileName: 'commands.json',
      commands: [{ say: 'which app am I in', does: 'Tell which app is in front.', line: 3 }],
      problems: [{ line: 12, column: 19, message: expect.stringMatching(/^Command 2 \(“broken”\): “do” is not an action/) }],
    });
    const error = await request('user-commands:delete', { say: 'which app am I in' }).catch((e: unknown) => e);
    expect((error as RemoteError).remoteName).toBe('InvalidPayloadError');
    await expect(request('user-commands:view')).resolves.toMatchObject({ commands: [{ say: 'which app am I in' }] });
  });

  it('asks main for the permissions first, and explains a missing one instead of acting', async () => {
    permissions = denied;
    events.length = 0;
    try {
      const reply = await request<{ outcome: string; message: string; permission?: PermissionStatus }>('command:run', 'which app is in front');
      expect(reply).toMatchObject({ outcome: 'needs_user', message: denied[0]?.explanation, permission: denied[0] });
      expect(events.filter((e) => e.type === 'intent')).toEqual([]);
      await expect(request('permissions:open-settings', 'accessibility')).resolves.toBe(true);
      expect(opened).toEqual(['accessibility']);
    } finally {
      permissions = granted;
    }
  });

  it('refuses a payload off the contract with the session’s own error, and a channel that is not on it', async () => {
    const error = await request('command:run', 42).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteError);
    expect((error as RemoteError).remoteName).toBe('InvalidPayloadError');
    await expect(main.call('panel:request', 'shell:exec', ['rm -rf /'])).rejects.toThrow('Refused a request that is not on the panel contract.');
  });

  it('tells main about saved settings (the shell applies the shortcut and launch at login)', async () => {
    const view = await request<SettingsView>('settings:view');
    const { keys: _keys, onboardingDone: _done, ...update } = view;
    const reply = await request<{ ok: boolean; message: string }>('settings:save', { ...update, launchAtLogin: true, globalShortcut: 'Alt+Shift+P' });
    expect(reply.ok).toBe(true);
    expect(saved.at(-1)).toMatchObject({ launchAtLogin: true, globalShortcut: 'Alt+Shift+P' });
  });

  it('answers main’s accessibility question from the bridge it holds', async () => {
    await expect(main.call('bridge:permission', 2000)).resolves.toEqual({ state: 'granted', detail: '' });
    await expect(main.call('bridge:permission', -5)).rejects.toThrow();
  });
});
