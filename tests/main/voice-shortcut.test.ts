// Push-to-talk in the shell (src/main/shell.ts + voice-shortcut.ts) with `electron` replaced by the
// recording fake (no Electron binary runs here): the shortcut is held only while voice is on, a press
// reaches the panel as a checked `voice_toggle` signal and shows a hidden panel without the focus,
// and a shortcut that cannot be used is a sentence. In hold mode the shortcut is released while the panel
// has the focus (the page hears its keydown and keyup) and held again when it loses it.
// Also: the panel may have the microphone, never the camera.
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { VoiceShortcut } from '../../src/main/shortcuts/voice-shortcut.js';
import type { FakeElectron } from './electron-fake.js';

const hoisted = vi.hoisted(() => ({ electron: undefined as FakeElectron | undefined }));
vi.mock('node-mac-permissions', () => ({ getAuthStatus: () => 'authorized' }));
vi.mock('electron', async () => {
  const { FakeElectron } = await import('./electron-fake.js');
  hoisted.electron = new FakeElectron();
  return hoisted.electron.module();
});
const { startShell } = await import('../../src/main/shell.js');
const electron = (): FakeElectron => hoisted.electron!;

/** Starts the shell over a settings file holding `settings`; returns its panel window. */
async function shellWith(settings: Record<string, unknown>) {
  const dir = await mkdtemp(join(tmpdir(), 'ac-voice-shell-'));
  await mkdir(join(dir, 'settings'));
  await mkdir(join(dir, 'panel'));
  await writeFile(join(dir, 'settings', 'settings.json'), JSON.stringify(settings));
  await writeFile(join(dir, 'panel', 'index.html'), '<!doctype html><title>panel</title>');
  const shell = await startShell({
    preloadPath: '/app/out/preload/panel-preload.cjs',
    panelDir: join(dir, 'panel'),
    iconDir: '/app/assets/tray',
    coreEntry: '/app/out/main/core-process.js',
    platform: 'linux',
    env: { XDG_CONFIG_HOME: join(dir, 'config'), ASSISTIVE_CONTROL_CONFIG_DIR: join(dir, 'settings') },
    homedir: dir,
    log: () => undefined,
    // A desktop with a tray: what is said about none is shell.test.ts's.
    trayHost: async () => 'present',
  });
  if (!shell) throw new Error('the shell did not start');
  const window = electron().state.windows[0]!;
  const notices = () =>
    window.webContents.sent.filter(([, e]) => (e as { code?: string }).code === 'shell_notice').map(([, e]) => (e as { message: string }).message);
  return { shell, window, notices };
}

beforeEach(() => electron().reset());

describe('push-to-talk in the shell', () => {
  it('holds the shortcut only while voice is on', async () => {
    const { shell } = await shellWith({ voice: { enabled: false } });
    expect(shell.voiceShortcut.accelerator).toBeUndefined();
    expect(electron().state.shortcuts.has('CommandOrControl+Shift+L')).toBe(false);
  });

  it('a press shows a hidden panel without the focus and tells it to start or stop listening', async () => {
    const { shell, window } = await shellWith({ voice: { enabled: true, shortcut: 'Alt+Shift+V' } });
    expect(shell.voiceShortcut.accelerator).toBe('Alt+Shift+V');
    window.hide();
    const before = window.shownInactive;
    electron().state.shortcuts.get('Alt+Shift+V')!();
    expect(window.webContents.sent).toContainEqual(['shell:signal', { kind: 'voice_toggle' }]);
    expect(window.isVisible()).toBe(true);
    expect(window.shownInactive).toBe(before + 1);
    expect(window.isFocused()).toBe(false);
  });

  it('a shortcut another app holds, or the panel’s own, is a sentence naming Settings → Voice', async () => {
    electron().state.taken.add('Alt+Shift+V');
    const taken = await shellWith({ voice: { enabled: true, shortcut: 'Alt+Shift+V' } });
    expect(taken.shell.voiceShortcut.accelerator).toBeUndefined();
    expect(taken.notices()).toContainEqual(
      expect.stringMatching(/^The push-to-talk shortcut Alt\+Shift\+V is used by another app .+Settings → Voice; the Listen button works meanwhile\.$/),
    );
    electron().reset();
    const same = await shellWith({ globalShortcut: 'Alt+Shift+P', voice: { enabled: true, shortcut: 'Alt+Shift+P' } });
    expect(same.notices()).toContainEqual(expect.stringMatching(/^Alt\+Shift\+P already shows the panel, so it cannot also start listening\./));
  });

  it('hold mode: released while the panel has the focus, held again when it loses it; toggle mode keeps it', async () => {
    const hold = await shellWith({ voice: { enabled: true, shortcut: 'Alt+Shift+V', pushToTalk: 'hold' } });
    expect(electron().state.shortcuts.has('Alt+Shift+V')).toBe(true);
    hold.window.focus();
    hold.window.emit('focus');
    expect(electron().state.shortcuts.has('Alt+Shift+V')).toBe(false);
    expect(hold.shell.voiceShortcut.capturing).toBe(false);
    expect(hold.shell.voiceShortcut.accelerator).toBe('Alt+Shift+V');
    hold.window.blur();
    expect(electron().state.shortcuts.has('Alt+Shift+V')).toBe(true);
    // From another app the shortcut still toggles.
    electron().state.shortcuts.get('Alt+Shift+V')!();
    expect(hold.window.webContents.sent).toContainEqual(['shell:signal', { kind: 'voice_toggle' }]);

    electron().reset();
    const toggle = await shellWith({ voice: { enabled: true, shortcut: 'Alt+Shift+V' } });
    toggle.window.focus();
    toggle.window.emit('focus');
    expect(electron().state.shortcuts.has('Alt+Shift+V')).toBe(true);
  });

  it('gives the panel the microphone, never the camera', async () => {
    const { window } = await shellWith({});
    const handler = electron().state.session.requestHandler as unknown as (wc: unknown, p: string, cb: (ok: boolean) => void, details: unknown) => void;
    const ask = (mediaTypes: string[]) =>
      new Promise<boolean>((resolve) => handler({ getURL: () => window.webContents.url }, 'media', resolve, { mediaTypes }));
    expect(await ask(['audio'])).toBe(true);
    expect(await ask(['video'])).toBe(false);
    expect(await ask(['audio', 'video'])).toBe(false);
    const check = electron().state.session.checkHandler as unknown as (wc: unknown, p: string, origin: string, details: unknown) => boolean;
    expect(check({ getURL: () => window.webContents.url }, 'media', '', { mediaType: 'audio' })).toBe(true);
    expect(check({ getURL: () => window.webContents.url }, 'media', '', { mediaType: 'video' })).toBe(false);
  });
});

describe('VoiceShortcut', () => {
  it('changes the shortcut in place and releases it when voice is turned off', () => {
    const held = new Map<string, () => void>();
    const gs = { register: (a: string, cb: () => void) => (held.set(a, cb), true), unregister: (a: string) => void held.delete(a) };
    const pressed: unknown[] = [];
    const voice = new VoiceShortcut(gs, (s) => pressed.push(s));
    expect(voice.set({ enabled: true, shortcut: 'Alt+Shift+V' }, undefined)).toBeUndefined();
    expect(voice.set({ enabled: true, shortcut: 'Alt+Shift+B' }, undefined)).toBeUndefined();
    expect([...held.keys()]).toEqual(['Alt+Shift+B']);
    held.get('Alt+Shift+B')!();
    expect(pressed).toEqual([{ kind: 'voice_toggle' }]);
    expect(voice.set({ enabled: false, shortcut: 'Alt+Shift+B' }, undefined)).toBeUndefined();
    expect(held.size).toBe(0);
  });

  it('follows a change of mode while the panel has the focus, and reports a taken shortcut even then', () => {
    const held = new Map<string, () => void>();
    const taken = new Set(['Alt+Shift+T']);
    const gs = { register: (a: string, cb: () => void) => !taken.has(a) && (held.set(a, cb), true), unregister: (a: string) => void held.delete(a) };
    const voice = new VoiceShortcut(gs, () => undefined);
    voice.setPanelFocused(true);
    expect(voice.set({ enabled: true, shortcut: 'Alt+Shift+V', pushToTalk: 'toggle' }, undefined)).toBeUndefined();
    expect([...held.keys()]).toEqual(['Alt+Shift+V']);
    expect(voice.set({ enabled: true, shortcut: 'Alt+Shift+V', pushToTalk: 'hold' }, undefined)).toBeUndefined();
    expect(held.size).toBe(0);
    expect(voice.set({ enabled: true, shortcut: 'Alt+Shift+T', pushToTalk: 'hold' }, undefined)).toMatch(
      /^The push-to-talk shortcut Alt\+Shift\+T is used by another app/,
    );
    expect(voice.set({ enabled: true, shortcut: 'Alt+Shift+B', pushToTalk: 'hold' }, undefined)).toBeUndefined();
    expect(held.size).toBe(0);
    voice.setPanelFocused(false);
    expect([...held.keys()]).toEqual(['Alt+Shift+B']);
    voice.setPanelFocused(true);
    voice.dispose();
    voice.setPanelFocused(false);
    expect(held.size).toBe(0);
  });

  it('a combination Electron cannot parse is a sentence, not an exception', () => {
    const voice = new VoiceShortcut(
      {
        register: () => {
          throw new TypeError('conversion failure');
        },
        unregister: () => undefined,
      },
      () => undefined,
    );
    expect(voice.set({ enabled: true, shortcut: 'Nonsense' }, undefined)).toMatch(/is not a key combination Assistive Control can use/);
    expect(voice.accelerator).toBeUndefined();
  });
});
