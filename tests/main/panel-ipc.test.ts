// The Electron shell's wiring, with Electron's objects replaced by small fakes (no Electron binary
// runs here): who may call the panel channels, what reaches the session, and the window's security.
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { describe, expect, it } from 'vitest';
import { isPanelSender, registerPanelIpc } from '../../src/main/panel/panel-ipc.js';
import { InvalidPayloadError, PanelSession } from '../../src/core/panel-session.js';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AssistantLoop } from '../../src/agent/assistant-loop.js';
import { createSecretStore, type KeyringBackend } from '../../src/config/secret-store.js';
import { createSettingsStore, type Settings } from '../../src/config/settings.js';
import { REQUEST_CHANNELS } from '../../src/shared/contracts/ipc-contract.js';
import { refusedAddress, startLlmServer } from '../intent/llm-loopback.js';
import { keysSavedForSettings } from '../../src/compose/provider-keys.js';
import { UserCommandsFile } from '../../src/compose/user-commands.js';
import { writeFile } from 'node:fs/promises';
import { settingsPlanner } from '../../src/compose/settings-planner.js';
import { testPermissions } from '../support/test-permissions.js';

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
const eventFrom = (sender: unknown, frame: unknown) => ({ sender, senderFrame: frame }) as unknown as IpcMainInvokeEvent;

describe('panel IPC', () => {
  const mainFrame = { url: PANEL_URL };
  const panel = { mainFrame } as unknown as WebContents;

  it('accepts only the panel main frame at the panel URL', () => {
    expect(isPanelSender(eventFrom(panel, mainFrame), panel, PANEL_URL)).toBe(true);
    expect(isPanelSender(eventFrom(panel, { url: PANEL_URL }), panel, PANEL_URL)).toBe(false); // a subframe
    expect(isPanelSender(eventFrom({}, mainFrame), panel, PANEL_URL)).toBe(false); // another window
    expect(isPanelSender(eventFrom(panel, null), panel, PANEL_URL)).toBe(false);
  });

  it('registers every channel; an untrusted sender is refused before the session sees anything', async () => {
    const { ipc, handlers } = fakeIpcMain();
    const calls: unknown[] = [];
    const unregister = registerPanelIpc(
      ipc,
      { handle: ((c: string, a: unknown[]) => (calls.push([c, a]), Promise.resolve([]))) as PanelSession['handle'] },
      (e) => e.sender === panel,
    );
    expect([...handlers.keys()].sort()).toEqual([
      'command:run',
      'command:stop',
      'commands:recent',
      'confirmation:answer',
      'keys:remove',
      'keys:save',
      'onboarding:finish',
      'overlay:highlight',
      'permissions:check',
      'permissions:open-settings',
      'provider:test',
      'settings:save',
      'settings:view',
      'user-commands:delete',
      'user-commands:edit',
      'user-commands:view',
      'voice:cancel',
      'voice:listen-audio',
      'voice:listen-stop',
      'voice:progress',
      'voice:transcribe',
    ]);
    expect(handlers.size).toBe(REQUEST_CHANNELS.length);
    expect(() => handlers.get('command:run')?.(eventFrom({}, mainFrame), 'click Send')).toThrow(/Refused command:run: not sent by the panel/);
    expect(calls).toEqual([]);
    await handlers.get('command:run')?.(eventFrom(panel, mainFrame), 'click Send');
    expect(calls).toEqual([['command:run', ['click Send']]]);
    unregister();
    expect(handlers.size).toBe(0);
  });

  it('the session rejects a payload that breaks the contract', async () => {
    const { session } = await sessionFor();
    await expect(session.handle('command:run', [''])).rejects.toBeInstanceOf(InvalidPayloadError);
    await expect(session.handle('command:run', [42])).rejects.toBeInstanceOf(InvalidPayloadError);
    await expect(session.handle('command:stop', ['extra'])).rejects.toBeInstanceOf(InvalidPayloadError);
    await expect(session.handle('commands:recent', [])).resolves.toEqual([]);
  });
});

/** A session on a real settings file, a secret store over an in-memory keychain, and the test permission checker. */
async function sessionFor(options: { readonly run?: () => void; readonly commandsFile?: string } = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'ac-ipc-'));
  if (options.commandsFile !== undefined) await writeFile(join(dir, 'commands.json'), options.commandsFile);
  const settings = createSettingsStore({ dir });
  const vault = new Map<string, string>();
  const backend: KeyringBackend = {
    get: async (a) => vault.get(a) ?? null,
    set: async (a, k) => void vault.set(a, k),
    delete: async (a) => vault.delete(a),
  };
  const secrets = createSecretStore({ backend });
  const permissions = testPermissions();
  const saved: Settings[] = [];
  const loop = {
    busy: false,
    memory: { recentCommands: [] },
    run: async () => {
      options.run?.();
      return { outcome: 'done', message: 'ran' };
    },
  } as unknown as AssistantLoop;
  const session = new PanelSession({
    createLoop: () => loop,
    settings,
    // As the core composes it: a key saved in the panel is for the base URL in the saved settings.
    secrets: keysSavedForSettings(settings, secrets),
    permissions,
    planner: settingsPlanner(settings, secrets),
    onSettingsSaved: (s) => saved.push(s),
    testBudgetMs: 4000,
    userCommands: new UserCommandsFile({ dir }),
  });
  return { session, settings, vault, permissions, saved, dir };
}

const KEY = 'sk-test-4f1c9e0a7b2d4c68a9e1';

describe('panel IPC: settings, keys, connection test, permissions', () => {
  it('refuses an untrusted key:save without echoing the key', () => {
    const { ipc, handlers } = fakeIpcMain();
    registerPanelIpc(ipc, { handle: (() => Promise.resolve()) as unknown as PanelSession['handle'] }, () => false);
    let message = '';
    try {
      handlers.get('keys:save')?.(eventFrom({}, { url: PANEL_URL }), 'openai', KEY);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toBe('Refused keys:save: not sent by the panel.');
  });

  it('rejects payloads that break the new channels, and never repeats a key in the rejection', async () => {
    const { session, vault } = await sessionFor();
    const rejections = [
      session.handle('keys:save', ['ollama', KEY]),
      session.handle('keys:save', ['openai', `${KEY}${'x'.repeat(1000)}`]),
      session.handle('keys:save', ['openai', '']),
      session.handle('keys:save', ['openai', KEY, 'extra']),
      session.handle('keys:remove', ['google']),
      session.handle('settings:save', [{ provider: 'grammar' }]),
      session.handle('onboarding:finish', ['maybe']),
      session.handle('permissions:open-settings', ['camera']),
      session.handle('provider:test', [KEY]),
    ];
    for (const r of rejections) {
      const error = await r.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(InvalidPayloadError);
      expect((error as Error).message).not.toContain(KEY);
    }
    expect(vault.size).toBe(0);
  });

  it('saves a key to the keychain and answers only saved / not saved; removes it again', async () => {
    const { session, vault } = await sessionFor();
    expect((await session.handle('settings:view', [])).keys).toEqual({ anthropic: 'not_saved', openai: 'not_saved' });
    const saved = await session.handle('keys:save', ['openai', KEY]);
    expect(vault.get('openai')).toBe(KEY);
    expect(saved).toMatchObject({
      ok: true,
      message: 'The OpenAI API key is saved in the keychain.',
      view: { keys: { openai: 'saved', anthropic: 'not_saved' } },
    });
    expect(JSON.stringify(saved)).not.toContain(KEY);
    expect(JSON.stringify(await session.handle('settings:view', []))).not.toContain(KEY);
    const bad = await session.handle('keys:save', ['anthropic', 'two words']);
    expect(bad).toMatchObject({ ok: false, message: expect.stringMatching(/no spaces or line breaks.*nothing was saved/) as unknown });
    expect(JSON.stringify(bad)).not.toContain('two words');
    expect(await session.handle('keys:remove', ['openai'])).toMatchObject({
      ok: true,
      message: 'The OpenAI API key was removed from the keychain.',
      view: { keys: { openai: 'not_saved' } },
    });
    expect(vault.size).toBe(0);
  });

  it('saves valid settings atomically to the settings file; refuses invalid ones in a sentence and keeps the file', async () => {
    const { session, settings, saved } = await sessionFor();
    const view = await session.handle('settings:view', []);
    expect(view.onboardingDone).toBe(false);
    const { keys: _keys, onboardingDone: _done, ...update } = view;
    const changed = {
      ...update,
      provider: 'openai' as const,
      openaiBaseUrl: 'http://127.0.0.1:1234/v1',
      globalShortcut: 'Alt+Shift+A',
      launchAtLogin: true,
      spokenFeedback: { enabled: true, rate: 220 },
    };
    expect(await session.handle('settings:save', [changed])).toMatchObject({ ok: true, message: 'Settings saved. Planner: OpenAI.' });
    const file = (await settings.load()).settings;
    expect(file).toMatchObject({
      provider: 'openai',
      openaiBaseUrl: 'http://127.0.0.1:1234/v1',
      globalShortcut: 'Alt+Shift+A',
      launchAtLogin: true,
      spokenFeedback: { enabled: true, rate: 220 },
    });
    expect(saved.at(-1)?.globalShortcut).toBe('Alt+Shift+A');

    const cases: ReadonlyArray<readonly [Partial<typeof changed>, RegExp]> = [
      [{ ollamaUrl: 'file:///etc/passwd' }, /^Nothing was saved\. The Ollama address must be an http:\/\/ or https:\/\/ URL/],
      [{ globalShortcut: 'a' }, /^Nothing was saved\. The shortcut must be modifiers and a key joined by "\+"/],
      [{ confidence: { reject: 0.7, warn: 0.4 } }, /^Nothing was saved\. The confidence thresholds: reject must not be above warn\.$/],
      [{ spokenFeedback: { enabled: true, rate: 9000 } }, /^Nothing was saved\. The speech rate must be words per minute, from 80 to 450\.$/],
      [{ models: { ...changed.models, openai: 'two words' } }, /^Nothing was saved\. The OpenAI-compatible model must not contain spaces\.$/],
    ];
    for (const [change, message] of cases) {
      const reply = await session.handle('settings:save', [{ ...changed, ...change }]);
      expect(reply.ok).toBe(false);
      expect(reply.message).toMatch(message);
    }
    expect((await settings.load()).settings).toEqual(file);
  });

  it('skipping the onboarding leaves offline commands only, and it does not come back', async () => {
    const { session, settings } = await sessionFor();
    expect(await session.handle('onboarding:finish', ['skipped'])).toMatchObject({ ok: true, view: { provider: 'grammar', onboardingDone: true } });
    expect((await settings.load()).settings).toMatchObject({ provider: 'grammar', onboardingDone: true });
  });

  it('tests the connection with one real planner request, and says what to fix', async () => {
    const { session } = await sessionFor();
    const server = await startLlmServer('openai');
    try {
      const view = await session.handle('settings:view', []);
      const { keys: _k, onboardingDone: _d, ...update } = view;
      const use = (s: Partial<typeof update>) => session.handle('settings:save', [{ ...update, provider: 'openai', ...s }]);
      await use({ openaiBaseUrl: server.baseURL, models: { ...update.models, openai: 'gpt-test' } });
      const saved = await session.handle('keys:save', ['openai', KEY]);
      // Saved together with that base URL (issue #13), so the key goes there.
      expect(saved.message).toBe(
        `The OpenAI API key is saved in the keychain, for ${new URL(server.baseURL).origin}: it is sent there and to api.openai.com, nowhere else.`,
      );
      expect(await session.handle('provider:test', [])).toEqual({
        ok: true,
        message: expect.stringMatching(/^Connected: OpenAI \(model gpt-test\) answered in \d+\.\d s with a usable plan\.$/) as unknown,
      });
      expect(server.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);

      server.setScenario('http_401');
      const wrongKey = await session.handle('provider:test', []);
      expect(wrongKey.ok).toBe(false);
      expect(wrongKey.message).toMatch(/rejected the API key \(HTTP 401\): it is wrong, revoked or expired\./);
      expect(wrongKey.message).not.toContain(KEY);

      server.setScenario('http_404_model');
      expect(await session.handle('provider:test', [])).toMatchObject({ ok: false, message: expect.stringMatching(/gpt-test/) as unknown });

      await use({ openaiBaseUrl: await refusedAddress(), models: { ...update.models, openai: 'gpt-test' } });
      const unreachable = await session.handle('provider:test', []);
      expect(unreachable.ok).toBe(false);
      expect(unreachable.message).toMatch(/^Nothing is answering at http:\/\/127\.0\.0\.1:\d+: start that server/);

      await use({ provider: 'grammar' });
      expect(await session.handle('provider:test', [])).toMatchObject({ ok: true, message: expect.stringMatching(/^No AI planner is chosen/) as unknown });
    } finally {
      await server.close();
    }
  });

  it('checks permissions before a command runs, and opens the pane the user asks for', async () => {
    let runs = 0;
    const { session, permissions } = await sessionFor({ run: () => runs++ });
    permissions.set('accessibility', 'denied');
    const reply = await session.handle('command:run', ['click Send']);
    expect(reply).toMatchObject({ outcome: 'needs_user', permission: { kind: 'accessibility', state: 'denied', canOpenSettings: true } });
    expect(reply.message).toMatch(/^Assistive Control needs desktop accessibility/);
    expect(runs).toBe(0);
    expect(await session.handle('permissions:check', [])).toHaveLength(2);
    expect(await session.handle('permissions:open-settings', ['accessibility'])).toBe(true);
    expect(permissions.opened).toEqual(['accessibility']);
    permissions.set('accessibility', 'granted');
    expect(await session.handle('command:run', ['click Send'])).toEqual({ outcome: 'done', message: 'ran' });
    expect(runs).toBe(1);
  });

  it('a permission check that throws counts as not granted, with a sentence; nothing runs', async () => {
    let runs = 0;
    const { session, permissions } = await sessionFor({ run: () => runs++ });
    permissions.check = () => Promise.reject(new Error('bus gone'));
    const reply = await session.handle('command:run', ['click Send']);
    expect(reply).toMatchObject({ outcome: 'needs_user', permission: { state: 'unknown' } });
    expect(reply.message).toMatch(/could not find out whether it has Accessibility access \(bus gone\)\. Try again/);
    expect(runs).toBe(0);
  });
});

describe('panel IPC: the user’s commands (issue #18)', () => {
  const TEXT = `{
  "commands": [
    { "say": "mail", "app": "Thunderbird", "do": { "intent": "open_application", "app": "Thunderbird" } },
    { "say": "stop", "do": { "intent": "get_frontmost_app" } }
  ]
}
`;

  it('refuses a malformed target or change before the file is touched', async () => {
    const { session, dir } = await sessionFor({ commandsFile: TEXT });
    const target = { say: 'mail', app: 'Thunderbird', line: 3 };
    const malformed = [
      session.handle('user-commands:view', ['extra']),
      session.handle('user-commands:delete', []),
      session.handle('user-commands:delete', ['mail']),
      session.handle('user-commands:delete', [{ say: 'mail' }]), // no line
      session.handle('user-commands:delete', [{ ...target, line: 0 }]),
      session.handle('user-commands:delete', [{ ...target, say: '' }]),
      session.handle('user-commands:delete', [{ ...target, app: '' }]),
      session.handle('user-commands:delete', [{ ...target, do: { intent: 'get_frontmost_app' } }]), // the body is not the panel's to send
      session.handle('user-commands:delete', [{ ...target, say: 'x'.repeat(201) }]),
      session.handle('user-commands:edit', [target]),
      session.handle('user-commands:edit', [target, { say: 'x'.repeat(201) }]),
      session.handle('user-commands:edit', [target, { say: 'check mail', app: null }]),
      session.handle('user-commands:edit', [target, { say: 'check mail', do: {} }]),
      session.handle('user-commands:edit', [target, { say: 'check mail' }, 'extra']),
    ];
    for (const r of malformed) await expect(r).rejects.toBeInstanceOf(InvalidPayloadError);
    expect(await readFile(join(dir, 'commands.json'), 'utf8')).toBe(TEXT);
  });

  it('lists the commands with what they do and the problems with line and column; deletes and edits in sentences', async () => {
    const { session, dir } = await sessionFor({ commandsFile: TEXT });
    const view = await session.handle('user-commands:view', []);
    expect(view).toEqual({
      fileName: 'commands.json',
      commands: [{ say: 'mail', app: 'Thunderbird', does: 'Open “Thunderbird”.', line: 3 }],
      problems: [{ line: 4, column: 14, message: expect.stringMatching(/^Command 2 \(“stop”\): “stop” is one of the assistant’s own phrases/) }],
    });
    const refused = await session.handle('user-commands:edit', [{ say: 'mail', app: 'Thunderbird', line: 3 }, { say: 'help' }]);
    expect(refused).toMatchObject({ ok: false, message: expect.stringMatching(/^Not changed: Command 1 \(“help”\): .*choose another phrase\.$/) });
    expect(await readFile(join(dir, 'commands.json'), 'utf8')).toBe(TEXT);
    const edited = await session.handle('user-commands:edit', [{ say: 'mail', app: 'Thunderbird', line: 3 }, { say: 'check mail' }]);
    expect(edited).toMatchObject({
      ok: true,
      message: 'Saved: “check mail” does what “mail” (in “Thunderbird”) did.',
      view: { commands: [{ say: 'check mail', does: 'Open “Thunderbird”.' }] },
    });
    expect(await readFile(join(dir, 'commands.json'), 'utf8')).toBe(TEXT.replace('"say": "mail", "app": "Thunderbird",', '"say": "check mail",'));
    const gone = await session.handle('user-commands:delete', [{ say: 'mail', app: 'Thunderbird', line: 3 }]);
    expect(gone).toMatchObject({ ok: false, message: '“mail” (in “Thunderbird”) was no longer in commands.json: the list now shows the file as it is.' });
    const deleted = await session.handle('user-commands:delete', [{ say: 'check mail', line: 3 }]);
    expect(deleted).toMatchObject({ ok: true, message: 'Deleted “check mail”.', view: { commands: [] } });
    expect(await readFile(join(dir, 'commands.json'), 'utf8')).toBe(TEXT.replace(/\n {4}\{ "say": "mail".*\},/, ''));
  });
});
