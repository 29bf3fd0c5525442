// The Electron shell on Linux desktops and at login (src/main/shell.ts on the recording fake of
// electron, shell-harness.ts): the launcher among the applications, a desktop without a tray,
// Wayland, launch at login (and macOS's login item), and the XDG autostart entry.
import { mkdtemp, readFile, writeFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { fake, notices, running, setup, start, type Setup } from './shell-harness.js';

const { MAC_UNPACKAGED_LOGIN_ITEM } = await import('../../src/main/login-item.js');

describe('Linux: the launcher, and a desktop without a tray (issue #16)', () => {
  const launcher = (dataHome: string) => join(dataHome, 'applications', 'assistive-control.desktop');

  it('puts a launcher among the applications ($XDG_DATA_HOME/applications) that starts the app', async () => {
    const s = await setup();
    const dataHome = join(s.dir, 'data');
    await running(s, 'linux', { env: { XDG_CONFIG_HOME: s.configHome, XDG_DATA_HOME: dataHome } });
    const entry = await vi.waitFor(() => readFile(launcher(dataHome), 'utf8'));
    // Unpackaged, Electron itself runs the app folder.
    expect(entry).toContain(`Exec="${process.execPath}" "/app"\n`);
    expect(entry).toContain('Name=Assistive Control\n');
  });

  it('without $XDG_DATA_HOME, in ~/.local/share/applications; never on macOS', async () => {
    const s = await setup();
    await running(s, 'linux');
    await vi.waitFor(() => readFile(launcher(join(s.dir, '.local', 'share')), 'utf8'));
    fake().reset();
    const mac = await setup();
    await running(mac, 'darwin');
    await expect(readdir(mac.dir)).resolves.not.toContain('.local');
  });

  it('no tray host: says at start how to open the panel again; closing it says so in a desktop notification; the launcher brings it back', async () => {
    const { window } = await running(await setup({ globalShortcut: 'CommandOrControl+Shift+Space' }), 'linux', { trayHost: async () => 'absent' });
    await vi.waitFor(() =>
      expect(notices(window)).toEqual([
        'This desktop shows no tray icons, so closing the panel only hides it. To open the panel again, open Assistive Control from your applications, or press Ctrl+Shift+Space.',
      ]),
    );
    expect(window.close()).toBe(false);
    expect(window.visible).toBe(false);
    expect(fake().state.notifications).toEqual([
      {
        title: 'Assistive Control',
        body: 'Assistive Control is still running. To open the panel again, open Assistive Control from your applications, or press Ctrl+Shift+Space.',
      },
    ]);
    // Opening the launcher starts a second instance, which hands over to this one.
    fake().app.emit('second-instance');
    expect(window.visible).toBe(true);
    expect(window.focused).toBe(true);
    // Hidden by its own shortcut, the user knows the way back: nothing more is said.
    fake().state.shortcuts.get('CommandOrControl+Shift+Space')?.();
    expect(window.visible).toBe(false);
    expect(fake().state.notifications).toHaveLength(1);
  });

  it('an unknown answer counts as no tray; without a notification server the sentence waits in the panel; no shortcut, no “press”', async () => {
    fake().state.notificationsSupported = false;
    fake().state.taken.add('CommandOrControl+Shift+Space');
    const { window } = await running(await setup(), 'linux', { trayHost: async () => 'unknown' });
    await vi.waitFor(() =>
      expect(notices(window)).toContain(
        'This desktop shows no tray icons, so closing the panel only hides it. To open the panel again, open Assistive Control from your applications.',
      ),
    );
    window.close();
    expect(notices(window).at(-1)).toBe('Assistive Control is still running. To open the panel again, open Assistive Control from your applications.');
  });

  it('a tray host: nothing said at start or on close', async () => {
    const { window } = await running(await setup(), 'linux', { trayHost: async () => 'present' });
    window.close();
    await new Promise((r) => setImmediate(r));
    expect(fake().state.notifications).toEqual([]);
    expect(notices(window)).toEqual([]);
  });
});

describe('Linux: Wayland (issue #16)', () => {
  const wayland = (s: Setup, extra: Record<string, string> = {}) => ({
    XDG_CONFIG_HOME: s.configHome,
    XDG_SESSION_TYPE: 'wayland',
    WAYLAND_DISPLAY: 'wayland-0',
    ...extra,
  });

  it('on native Wayland with XWayland there, starts again with --ozone-platform=x11 before opening anything', async () => {
    const s = await setup();
    fake().state.ozonePlatform = 'wayland';
    const shell = await start(s, 'linux', { env: wayland(s, { DISPLAY: ':0' }), argv: ['/usr/bin/electron', '/app', '--verbose'] });
    expect(shell).toBeUndefined();
    expect(fake().state.relaunches).toEqual([{ args: ['/app', '--verbose', '--ozone-platform=x11'] }]);
    expect(fake().state.exitCodes).toEqual([0]);
    expect(fake().state.windows).toEqual([]);
    expect(fake().state.trays).toEqual([]);
  });

  it('already on X11 (XWayland, or an X11 session), or started with the switch once: goes on, no loop', async () => {
    const s = await setup();
    fake().state.ozonePlatform = 'x11';
    await running(s, 'linux', { env: wayland(s, { DISPLAY: ':0' }), argv: ['/usr/bin/electron', '/app'] });
    expect(fake().state.relaunches).toEqual([]);
    fake().reset();
    const again = await setup();
    fake().state.ozonePlatform = 'wayland';
    await running(again, 'linux', { env: wayland(again, { DISPLAY: ':0' }), argv: ['/usr/bin/electron', '/app', '--ozone-platform=x11'] });
    expect(fake().state.relaunches).toEqual([]);
  });

  it('no XWayland: stays on Wayland (X11 could not start) and says what cannot work and how to fix it', async () => {
    const s = await setup();
    fake().state.ozonePlatform = 'wayland';
    const { window } = await running(s, 'linux', { env: wayland(s), argv: ['/usr/bin/electron', '/app'] });
    expect(fake().state.relaunches).toEqual([]);
    expect(notices(window)).toEqual([
      expect.stringMatching(
        /^This Wayland session has no XWayland \(DISPLAY is not set\), so Assistive Control cannot type, click or bring windows to the front in any app; it can still read them\. To drive every app, log out, .*“GNOME on Xorg”/,
      ),
    ]);
  });
});

describe('launch at login', () => {
  it('macOS: registers the login item when the setting is on', async () => {
    fake().app.isPackaged = true;
    await running(await setup({ launchAtLogin: true }), 'darwin');
    expect(fake().state.loginItems).toEqual([{ openAtLogin: true }]);
  });

  it('macOS unpackaged: registers nothing (it would be bare Electron.app) and says why', async () => {
    const { window } = await running(await setup({ launchAtLogin: true }), 'darwin');
    expect(fake().state.loginItems).toEqual([]);
    await vi.waitFor(() => expect(notices(window)).toContain(MAC_UNPACKAGED_LOGIN_ITEM));
  });

  it('macOS: removes it when the setting is off', async () => {
    await running(await setup({ launchAtLogin: false }), 'darwin');
    expect(fake().state.loginItems).toEqual([{ openAtLogin: false }]);
  });

  it('Linux: writes an XDG autostart entry, and removes it when the setting is turned off', async () => {
    const s = await setup({ launchAtLogin: true });
    await running(s, 'linux');
    const entry = await readFile(join(s.configHome, 'autostart', 'assistive-control.desktop'), 'utf8');
    expect(entry).toContain('[Desktop Entry]');
    // Unpackaged, Electron itself runs the app folder.
    expect(entry).toContain(`Exec="${process.execPath}" "/app"`);
    fake().state.forks[0]?.emit('message', { kind: 'notify', method: 'settings:saved', args: [{ launchAtLogin: false }] });
    await vi.waitFor(async () => expect(await readdir(join(s.configHome, 'autostart'))).toEqual([]));
    expect(fake().state.loginItems).toEqual([]);
  });
});

describe('the Linux autostart entry', () => {
  it('quotes each argument, escapes what the desktop entry spec reserves, and doubles a percent sign', async () => {
    const { applyLaunchAtLogin } = await import('../../src/main/login-item.js');
    const dir = await mkdtemp(join(tmpdir(), 'ac-autostart-'));
    await applyLaunchAtLogin({ app: fake().app as never, platform: 'linux', autostartDir: dir, command: ['/opt/My "AC"/run$1', '/home/me/100% apps'] }, true);
    const entry = await readFile(join(dir, 'assistive-control.desktop'), 'utf8');
    // The quoting escapes (\" \$), then the string escape of every backslash (\\): GLib reads it back exactly (desktop-entry.test.ts).
    expect(entry).toContain('Exec="/opt/My \\\\"AC\\\\"/run\\\\$1" "/home/me/100%% apps"\n');
  });

  it('says which folder it could not write', async () => {
    const { applyLaunchAtLogin } = await import('../../src/main/login-item.js');
    const dir = await mkdtemp(join(tmpdir(), 'ac-autostart-'));
    await writeFile(join(dir, 'file'), '');
    await expect(
      applyLaunchAtLogin({ app: fake().app as never, platform: 'linux', autostartDir: join(dir, 'file', 'autostart'), command: ['/x'] }, true),
    ).rejects.toThrow(/^Assistive Control could not add itself to the programs started at login \(.*\)\. Check that .*autostart is writable\.$/);
  });
});
