// The Electron shell's composition (src/main/shell.ts) with `electron` replaced by a recording fake
// (no Electron binary runs here). Real: the shell's modules, the settings file, the bounds file, the
// autostart entry, the panel's protocol handler over built files, and the RPC to the core process.
import { mkdtemp, mkdir, readFile, writeFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONFIG_DIR_ENV, settingsDir } from '../../src/config/settings-path.js';
import { captureIo } from '../cli/cli-fixtures.js';
import type { FakeElectron } from './electron-fake.js';

const hoisted = vi.hoisted(() => ({ electron: undefined as FakeElectron | undefined }));
// node-mac-permissions is darwin-only and absent here; the macOS runs get it mocked (granted unless a test says not).
const macAccess = vi.hoisted(() => ({ answer: 'authorized' }));
vi.mock('node-mac-permissions', () => ({ getAuthStatus: () => macAccess.answer }));
vi.mock('electron', async () => {
  const { FakeElectron } = await import('./electron-fake.js');
  hoisted.electron = new FakeElectron();
  return hoisted.electron.module();
});

const { startShell } = await import('../../src/main/shell.js');
const { main: cliMain } = await import('../../src/cli/main.js');
const { MAC_UNPACKAGED_LOGIN_ITEM } = await import('../../src/main/login-item.js');
type ShellOptions = Parameters<typeof startShell>[0];
const fake = (): FakeElectron => {
  if (!hoisted.electron) throw new Error('electron was not mocked');
  return hoisted.electron;
};

interface Setup {
  readonly dir: string;
  readonly settingsDir: string;
  readonly panelDir: string;
  readonly configHome: string;
}

async function setup(settings: Record<string, unknown> = {}): Promise<Setup> {
  const dir = await mkdtemp(join(tmpdir(), 'ac-shell-'));
  const settingsDir = join(dir, 'settings');
  const panelDir = join(dir, 'panel');
  await mkdir(settingsDir);
  await mkdir(panelDir);
  await writeFile(join(settingsDir, 'settings.json'), JSON.stringify(settings));
  await writeFile(join(panelDir, 'index.html'), '<!doctype html><title>Assistive Control</title>');
  await writeFile(join(dir, 'secret.txt'), 'not for the panel');
  return { dir, settingsDir, panelDir, configHome: join(dir, 'config') };
}

/**
 * Starts the shell; on Linux a tray host runs unless `more` says otherwise. The settings folder is
 * `s.settingsDir` through ASSISTIVE_CONTROL_CONFIG_DIR unless `more.env` sets that variable itself.
 */
function start(s: Setup, platform: NodeJS.Platform = 'darwin', more: Partial<ShellOptions> = {}) {
  const { env, ...rest } = more;
  return startShell({
    preloadPath: '/app/out/preload/panel-preload.cjs',
    panelDir: s.panelDir,
    iconDir: '/app/assets/tray',
    coreEntry: '/app/out/main/core-process.js',
    platform,
    env: { [CONFIG_DIR_ENV]: s.settingsDir, ...(env ?? { XDG_CONFIG_HOME: s.configHome }) },
    homedir: s.dir,
    log: (line) => {
      if (process.env.SHELL_TEST_LOG) console.log(line);
    },
    trayHost: async () => 'present',
    ...rest,
  });
}

async function running(s: Setup, platform: NodeJS.Platform = 'darwin', more: Partial<ShellOptions> = {}) {
  const shell = await start(s, platform, more);
  if (!shell) throw new Error('the shell did not start');
  const window = fake().state.windows[0];
  if (!window) throw new Error('no window');
  return { shell, window };
}

const notices = (window: { webContents: { sent: [string, unknown][] } }) =>
  window.webContents.sent.filter(([, e]) => (e as { code?: string }).code === 'shell_notice').map(([, e]) => (e as { message: string }).message);

/** Quits and waits until the app has really quit (the shell first writes the panel's bounds). */
async function quit(): Promise<void> {
  fake().app.quit();
  await vi.waitFor(() => expect(fake().state.quit).toBe(true));
}

beforeEach(() => {
  fake().reset();
  macAccess.answer = 'authorized';
});
afterEach(() => vi.useRealTimers());

describe('single instance', () => {
  it('a second launch quits at once and opens nothing', async () => {
    const s = await setup();
    fake().state.lock = false;
    expect(await start(s)).toBeUndefined();
    expect(fake().state.quitRequests).toBe(1);
    expect(fake().state.windows).toEqual([]);
    expect(fake().state.trays).toEqual([]);
  });

  it('the running instance shows and focuses its panel when launched again', async () => {
    const { window } = await running(await setup());
    window.hide();
    fake().app.emit('second-instance');
    expect(window.visible).toBe(true);
    expect(window.focused).toBe(true);
  });
});

describe('one folder per convention (issue #16)', () => {
  it('Electron’s userData (Chromium profile, panel position, single-instance lock) is the settings folder, set before the lock', async () => {
    const s = await setup();
    await running(s, 'linux');
    expect(fake().state.userDataAtLock).toBe(s.settingsDir);
    expect(fake().state.userData).toBe(s.settingsDir);
  });

  it('without ASSISTIVE_CONTROL_CONFIG_DIR the settings folder is the OS’s (XDG_CONFIG_HOME/assistive-control on Linux)', async () => {
    const s = await setup();
    const osFolder = join(s.configHome, 'assistive-control');
    await mkdir(osFolder, { recursive: true });
    await writeFile(join(osFolder, 'settings.json'), JSON.stringify({ globalShortcut: 'Alt+Shift+O' }));
    await running(s, 'linux', { env: { XDG_CONFIG_HOME: s.configHome, [CONFIG_DIR_ENV]: undefined } });
    expect(fake().state.userData).toBe(osFolder);
    expect([...fake().state.shortcuts.keys()]).toContain('Alt+Shift+O');
  });

  // The bug of issue #17: `config set` under the variable edited a file the app never read.
  it('ASSISTIVE_CONTROL_CONFIG_DIR: the app reads the file `config set` wrote there, and the core is told the same folder', async () => {
    const s = await setup();
    const portable = join(s.dir, 'portable');
    const cli = captureIo(undefined, { [CONFIG_DIR_ENV]: portable });
    expect(await cliMain(['config', 'set', 'globalShortcut', 'Alt+Shift+K'], cli.io)).toBe(0);
    const env = { XDG_CONFIG_HOME: s.configHome, [CONFIG_DIR_ENV]: portable };
    await running(s, 'linux', { env });
    expect(fake().state.userData).toBe(portable);
    expect([...fake().state.shortcuts.keys()]).toContain('Alt+Shift+K');
    // The core process resolves its folder from the environment it is forked with.
    const forked = fake().state.forks[0]?.options as { env?: Record<string, string | undefined> } | undefined;
    expect(forked?.env?.[CONFIG_DIR_ENV]).toBe(portable);
    expect(settingsDir({ platform: 'linux', env: forked?.env ?? {}, homedir: s.dir })).toBe(portable);
  });
});

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

describe('Dock and activation policy', () => {
  it('macOS: accessory app, Dock icon hidden', async () => {
    await running(await setup(), 'darwin');
    expect(fake().state.activationPolicy).toEqual(['accessory']);
    expect(fake().state.dockHidden).toBe(1);
  });

  it('Linux: nothing to hide', async () => {
    await running(await setup(), 'linux');
    expect(fake().state.activationPolicy).toEqual([]);
    expect(fake().state.dockHidden).toBe(0);
  });
});

describe('the application menu', () => {
  it('in development (`electron .`): Electron’s default menu stays, with Reload and the developer tools', async () => {
    await running(await setup(), 'linux');
    await running(await setup(), 'darwin');
    expect(fake().state.applicationMenus).toEqual([]);
  });

  it('packaged, Linux: no menu at all', async () => {
    fake().app.isPackaged = true;
    await running(await setup(), 'linux');
    expect(fake().state.applicationMenus).toEqual([null]);
  });

  it('packaged, macOS: the Edit menu alone, so ⌘C, ⌘V, ⌘X, ⌘A and ⌘Z still work in the panel', async () => {
    fake().app.isPackaged = true;
    await running(await setup(), 'darwin');
    expect(fake().state.applicationMenus).toEqual([{ items: [{ role: 'editMenu' }] }]);
  });
});

describe('the floating panel window', () => {
  it('floats above other apps on every Space and over full-screen apps, with a locked-down renderer, and is shown at launch', async () => {
    const { window } = await running(await setup());
    expect(window.options).toMatchObject({
      alwaysOnTop: true,
      show: false,
      webPreferences: { preload: '/app/out/preload/panel-preload.cjs', contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true },
    });
    expect(fake().state.sandboxed).toBe(1);
    expect(window.alwaysOnTopCalls).toEqual([[true, 'floating']]);
    expect(window.workspaceCalls).toEqual([[true, { visibleOnFullScreen: true, skipTransformProcessType: true }]]);
    expect(window.webContents.url).toBe('app://panel/index.html');
    expect(window.visible).toBe(true);
    expect(window.focused).toBe(true);
  });

  it("macOS: a non-activating panel, so the user's app stays frontmost while a command is typed", async () => {
    expect((await running(await setup(), 'darwin')).window.options).toMatchObject({ type: 'panel' });
  });

  it('Linux: a normal window (the engine remembers the app the user was in instead)', async () => {
    expect((await running(await setup(), 'linux')).window.options).not.toHaveProperty('type');
  });

  it('stays open when it loses focus, and closing it hides it until Quit', async () => {
    const { window } = await running(await setup());
    window.blur();
    expect(window.visible).toBe(true);
    expect(window.close()).toBe(false);
    expect(window.visible).toBe(false);
    await quit();
    // Quit closes it for real (the shell lets the close through once quitting).
    expect(window.close()).toBe(true);
  });

  it('serves only the built panel, with a strict CSP, from its own scheme', async () => {
    const s = await setup();
    await running(s);
    expect(fake().state.privileged).toEqual([{ scheme: 'app', privileges: { standard: true, secure: true } }]);
    const handler = fake().state.protocolHandlers.get('app');
    if (!handler) throw new Error('no handler for app://');
    const page = await handler(new Request('app://panel/index.html'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(await page.text()).toContain('<title>Assistive Control</title>');
    expect((await handler(new Request('app://panel/%2e%2e/secret.txt'))).status).toBe(404);
    expect((await handler(new Request('app://panel/../secret.txt'))).status).toBe(404);
    expect((await handler(new Request('app://other/index.html'))).status).toBe(404);
    expect((await handler(new Request('app://panel/index.html', { method: 'POST' }))).status).toBe(405);
  });
});

describe('renderer security', () => {
  it('denies every permission but the microphone, and that only to the panel', async () => {
    const { window } = await running(await setup());
    const handler = fake().state.session.requestHandler;
    if (!handler) throw new Error('no permission handler');
    const ask = (url: string, permission: string) => new Promise<boolean>((resolve) => handler({ getURL: () => url }, permission, resolve));
    expect(await ask(window.webContents.url, 'media')).toBe(true);
    expect(await ask(window.webContents.url, 'geolocation')).toBe(false);
    expect(await ask(window.webContents.url, 'notifications')).toBe(false);
    expect(await ask('https://example.com/', 'media')).toBe(false);
    expect(fake().state.session.checkHandler?.({ getURL: () => window.webContents.url }, 'media')).toBe(true);
    expect(fake().state.session.checkHandler?.(null, 'media')).toBe(false);
  });

  it('denies navigation, redirects and window.open, for the panel and any other web contents', async () => {
    const { window } = await running(await setup());
    expect(window.webContents.windowOpenHandler?.({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
    for (const event of ['will-navigate', 'will-redirect', 'will-attach-webview']) {
      const prevent = vi.fn();
      window.webContents.emit(event, { preventDefault: prevent });
      expect(prevent, event).toHaveBeenCalledOnce();
    }
    const { FakeWebContents } = await import('./electron-fake.js');
    const other = new FakeWebContents(fake().state.session);
    fake().app.emit('web-contents-created', {}, other);
    expect(other.windowOpenHandler?.({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
  });
});

describe('global shortcut', () => {
  it('registers the shortcut from the settings; pressing it hides, shows and focuses the panel; quitting releases it', async () => {
    const { window } = await running(await setup({ globalShortcut: 'Alt+Shift+P' }));
    expect([...fake().state.shortcuts.keys()]).toEqual(['Alt+Shift+P']);
    const press = fake().state.shortcuts.get('Alt+Shift+P');
    press?.();
    expect(window.visible).toBe(false);
    press?.();
    expect(window.visible).toBe(true);
    expect(window.focused).toBe(true);
    // Open but the user is in another app: the shortcut brings the keyboard back to the panel.
    window.blur();
    press?.();
    expect(window.visible).toBe(true);
    expect(window.focused).toBe(true);
    await quit();
    expect([...fake().state.shortcuts.keys()]).toEqual([]);
  });

  it('says in the panel, in a sentence, when another app holds the shortcut', async () => {
    const s = await setup();
    fake().state.taken.add('CommandOrControl+Shift+Space');
    const { window } = await running(s);
    expect(fake().state.shortcuts.size).toBe(0);
    expect(notices(window)).toEqual([
      'The shortcut CommandOrControl+Shift+Space is already used by another app, so it cannot show the panel. Choose another one in Settings. The tray icon shows the panel meanwhile.',
    ]);
  });

  it('moves to a new shortcut saved in Settings, keeping the old one when the new one is taken', async () => {
    const { window } = await running(await setup({ globalShortcut: 'Alt+Shift+P' }));
    const core = fake().state.forks[0];
    const saved = (globalShortcut: string) => core?.emit('message', { kind: 'notify', method: 'settings:saved', args: [{ globalShortcut }] });
    saved('Control+Alt+K');
    await vi.waitFor(() => expect([...fake().state.shortcuts.keys()]).toEqual(['Control+Alt+K']));
    fake().state.taken.add('Control+Alt+J');
    saved('Control+Alt+J');
    await vi.waitFor(() => expect(notices(window)).toHaveLength(1));
    expect(notices(window)[0]).toBe(
      'The shortcut Control+Alt+J is already used by another app, so it cannot show the panel. Choose another one in Settings. Control+Alt+K still shows the panel.',
    );
    expect([...fake().state.shortcuts.keys()]).toEqual(['Control+Alt+K']);
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

describe('tray icon', () => {
  it('macOS: a template image; a click hides and shows the panel; a right click opens the menu', async () => {
    const { window } = await running(await setup(), 'darwin');
    const tray = fake().state.trays[0];
    expect(tray?.image.path).toBe('/app/assets/tray/trayTemplate.png');
    expect(tray?.image.template).toBe(true);
    expect(tray?.tooltip).toBe('Assistive Control');
    tray?.emit('click');
    expect(window.visible).toBe(false);
    tray?.emit('click');
    expect(window.visible).toBe(true);
    tray?.emit('right-click');
    expect(tray?.popUps).toHaveLength(1);
    expect(tray?.contextMenus).toEqual([]);
  });

  it('the packaged macOS app offers "Install the Command Line Tool…" (its outcomes: mac-cli.test.ts); a development copy does not', async () => {
    fake().app.isPackaged = true;
    await running(await setup(), 'darwin');
    const tray = fake().state.trays[0];
    tray?.emit('right-click');
    const items = (tray?.popUps.at(-1) as { items: { label?: string }[] } | undefined)?.items ?? [];
    expect(items.map((i) => i.label)).toContain('Install the Command Line Tool…');
    fake().reset();
    await running(await setup(), 'darwin');
    fake().state.trays[0]?.emit('right-click');
    expect(((fake().state.trays[0]?.popUps.at(-1) as { items: { label?: string }[] }).items ?? []).map((i) => i.label)).not.toContain(
      'Install the Command Line Tool…',
    );
  });

  it('Linux: a menu whose first item names what it does and does it; Quit quits', async () => {
    const { window } = await running(await setup(), 'linux');
    const tray = fake().state.trays[0];
    expect(tray?.image.template).toBe(false);
    const menu = () => tray?.contextMenus.at(-1)?.items ?? [];
    expect(menu()[0]?.label).toBe('Hide the Panel');
    menu()[0]?.click?.();
    expect(window.visible).toBe(false);
    expect(menu()[0]?.label).toBe('Show the Panel');
    menu()[0]?.click?.();
    expect(window.visible).toBe(true);
    menu()
      .find((i) => i.label === 'Quit Assistive Control')
      ?.click?.();
    await vi.waitFor(() => expect(fake().state.quit).toBe(true));
  });
});

describe('remembered position and size', () => {
  it('opens where the user left it, and remembers a move at quit', async () => {
    const s = await setup();
    // Beside the settings: Electron's userData is the settings folder.
    await writeFile(join(s.settingsDir, 'panel-bounds.json'), JSON.stringify({ x: 100, y: 200, width: 400, height: 500 }));
    const { window } = await running(s);
    expect(window.options).toMatchObject({ x: 100, y: 200, width: 400, height: 500 });
    window.moveTo(300, 220);
    await quit();
    expect(JSON.parse(await readFile(join(s.settingsDir, 'panel-bounds.json'), 'utf8'))).toEqual({ x: 300, y: 220, width: 400, height: 500 });
  });

  it.each([
    ['a corrupt file', '{"x": 100, "y":'],
    ['a file that breaks the schema', JSON.stringify({ x: 100, y: 200, width: 'wide', height: 500 })],
    ['bounds on a display that is gone', JSON.stringify({ x: 3000, y: 200, width: 400, height: 500 })],
    ['a title bar above the screen', JSON.stringify({ x: 100, y: -300, width: 400, height: 500 })],
  ])('ignores %s and opens at the top right of the main display', async (_what, content) => {
    const s = await setup();
    await writeFile(join(s.settingsDir, 'panel-bounds.json'), content);
    const { window } = await running(s);
    // Work area 1440 × 875 at y 25; default size 420 × 640; 16 px from the edges.
    expect(window.getBounds()).toEqual({ x: 1004, y: 41, width: 420, height: 640 });
  });
});

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
  const panelEvent = (window: { webContents: unknown & { mainFrame: unknown } }) => ({ sender: window.webContents, senderFrame: window.webContents.mainFrame });

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

describe('the numbered overlay and the switch keys (issue #9)', () => {
  const panelEvent = (window: { webContents: unknown & { mainFrame: unknown } }) => ({ sender: window.webContents, senderFrame: window.webContents.mainFrame });
  const MARKS = [
    { id: 1, role: 'button', label: 'Send', x: 100, y: 200, width: 80, height: 30 },
    { id: 2, role: 'text_field', label: 'To', x: 100, y: 250, width: 300, height: 30 },
  ];

  /** Sends "command" from the panel and lets the core answer `value`. */
  async function run(window: { webContents: unknown & { mainFrame: unknown } }, command: string, value: unknown, id: number): Promise<unknown> {
    const core = fake().state.forks[0];
    const reply = fake().state.ipcHandlers.get('command:run')?.(panelEvent(window), command) as Promise<unknown>;
    await vi.waitFor(() => expect(core?.posted).toContainEqual({ kind: 'call', id, method: 'panel:request', args: ['command:run', [command]] }));
    core?.emit('message', { kind: 'reply', id, ok: true, value });
    return reply;
  }

  it('"show numbers" opens a transparent, click-through, always-on-top, unfocusable window over the display, drawn from the marks', async () => {
    const { window } = await running(await setup());
    const view = { app: 'Mail', marks: MARKS };
    await expect(run(window, 'show numbers', { outcome: 'done', message: 'Numbers 1 to 2 are shown on “Mail”.', overlay: view }, 0)).resolves.toMatchObject({
      overlay: view,
    });
    const overlay = fake().state.windows[1];
    if (!overlay) throw new Error('no overlay window');
    expect(overlay.options).toMatchObject({
      transparent: true,
      frame: false,
      focusable: false,
      alwaysOnTop: true,
      skipTaskbar: true,
      resizable: false,
      movable: false,
      show: false,
    });
    expect(overlay.options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false });
    expect((overlay.options.webPreferences as Record<string, unknown>).preload).toBeUndefined();
    expect(overlay.ignoreMouseCalls).toEqual([[true]]);
    expect(overlay.alwaysOnTopCalls).toEqual([[true, 'screen-saver']]);
    expect(overlay.workspaceCalls).toEqual([[true, { visibleOnFullScreen: true, skipTransformProcessType: true }]]);
    // The whole display (not its work area), shown without taking the focus from the app under it.
    expect(overlay.getBounds()).toEqual({ x: 0, y: 0, width: 1440, height: 900 });
    expect(overlay.shownInactive).toBe(1);
    expect(overlay.focused).toBe(false);
    const url = new URL(overlay.webContents.getURL());
    expect(`${url.protocol}//${url.host}${url.pathname}`).toBe('app://panel/overlay.html');
    expect(JSON.parse(decodeURIComponent(url.hash.slice(1)))).toEqual({ app: 'Mail', marks: MARKS, origin: { x: 0, y: 0 }, highlight: [] });
    // Esc is taken system-wide only while the numbers are up.
    expect(fake().state.shortcuts.has('Escape')).toBe(true);
  });

  it('"show the panel" said while the panel is hidden shows it without taking the focus; a reply that does not ask leaves it hidden (issue #31)', async () => {
    const { window } = await running(await setup());
    const panel = window as unknown as {
      hide(): void;
      visible: boolean;
      focused: boolean;
      shownInactive: number;
      options: { webPreferences: Record<string, unknown> };
    };
    // Listening goes on while it is hidden: the page is not throttled.
    expect(panel.options.webPreferences.backgroundThrottling).toBe(false);
    panel.hide();
    await run(window, 'click Send', { outcome: 'done', message: 'Clicked “Send”.' }, 0);
    await run(window, 'show the panel', { outcome: 'done', message: 'The panel is shown.', showPanel: 'please' }, 1);
    expect(panel.visible).toBe(false);
    const shownBefore = panel.shownInactive;
    await run(window, 'show the panel', { outcome: 'done', message: 'The panel is shown.', showPanel: true }, 2);
    expect(panel.visible).toBe(true);
    expect(panel.focused).toBe(false);
    expect(panel.shownInactive).toBe(shownBefore + 1);
  });

  it('covers the display that holds the marks, drawn relative to that display’s corner', async () => {
    fake().state.displays.push({ workArea: { x: 1440, y: 0, width: 1920, height: 1050 }, bounds: { x: 1440, y: 0, width: 1920, height: 1080 } });
    const { window } = await running(await setup());
    const marks = [{ id: 1, role: 'button', label: 'Send', x: 1500, y: 300, width: 80, height: 30 }];
    await run(window, 'show numbers', { outcome: 'done', message: '', overlay: { app: 'Mail', marks } }, 0);
    const overlay = fake().state.windows[1];
    expect(overlay?.getBounds()).toEqual({ x: 1440, y: 0, width: 1920, height: 1080 });
    expect(JSON.parse(decodeURIComponent(new URL(overlay?.webContents.getURL() ?? '').hash.slice(1))).origin).toEqual({ x: 1440, y: 0 });
  });

  it('closes on "hide numbers", on the next action, and on Esc (telling the panel); Esc is released each time', async () => {
    const { window } = await running(await setup());
    await run(window, 'show numbers', { outcome: 'done', message: '', overlay: { app: 'Mail', marks: MARKS } }, 0);
    const overlay = fake().state.windows[1];
    await run(window, 'hide numbers', { outcome: 'done', message: 'The numbers are hidden.', overlay: 'hidden' }, 1);
    expect(overlay?.isVisible()).toBe(false);
    expect(fake().state.shortcuts.has('Escape')).toBe(false);

    await run(window, 'show numbers', { outcome: 'done', message: '', overlay: { app: 'Mail', marks: MARKS } }, 2);
    expect(fake().state.windows).toHaveLength(2); // the same window again
    expect(overlay?.isVisible()).toBe(true);
    await run(window, 'click 1', { outcome: 'done', message: 'Clicked “Send”.', overlay: 'hidden' }, 3);
    expect(overlay?.isVisible()).toBe(false);

    await run(window, 'show numbers', { outcome: 'done', message: '', overlay: { app: 'Mail', marks: MARKS } }, 4);
    fake().state.shortcuts.get('Escape')?.();
    expect(overlay?.isVisible()).toBe(false);
    expect(fake().state.shortcuts.has('Escape')).toBe(false);
    expect(window.webContents.sent).toContainEqual(['shell:signal', { kind: 'overlay_closed' }]);
    // A reply without overlay leaves the numbers as they are.
    await run(window, 'show numbers', { outcome: 'done', message: '', overlay: { app: 'Mail', marks: MARKS } }, 5);
    await run(window, 'what time is it', { outcome: 'failed', message: 'No.' }, 6);
    expect(overlay?.isVisible()).toBe(true);
  });

  it('while a confirmation waits, outlines its target (alone or over the numbers) and takes it away when the question ends; Esc stays the app’s', async () => {
    const { window } = await running(await setup());
    const core = fake().state.forks[0];
    const event = (e: unknown) => core?.emit('message', { kind: 'notify', method: 'assistant:event', args: [e] });
    const fragmentOf = (w: { webContents: { getURL: () => string } } | undefined) =>
      JSON.parse(decodeURIComponent(new URL(w?.webContents.getURL() ?? '').hash.slice(1)));
    const target = { kind: 'element', label: 'Delete everything', x: 9, y: 66, width: 151, height: 34 };
    const risk = { level: 'destructive', reason: 'It deletes.' };
    event({ type: 'status', status: 'waiting_for_user' });
    event({ type: 'confirmation_request', id: 'q1', summary: 'Click “Delete everything”.', risk, target });
    await vi.waitFor(() => expect(fake().state.windows[1]?.isVisible()).toBe(true));
    const overlay = fake().state.windows[1];
    expect(fragmentOf(overlay)).toEqual({ app: '', marks: [], origin: { x: 0, y: 0 }, highlight: [], target });
    expect(fake().state.shortcuts.has('Escape')).toBe(false);
    // Answered: the run goes on (or ends), and the outline goes.
    event({ type: 'status', status: 'executing' });
    await vi.waitFor(() => expect(overlay?.isVisible()).toBe(false));

    // Over the numbers: both drawn; the question's end leaves the numbers as they were.
    await run(window, 'show numbers', { outcome: 'done', message: '', overlay: { app: 'Mail', marks: MARKS } }, 0);
    const point = { kind: 'point', label: 'the point 140, 215', x: 140, y: 215 };
    event({ type: 'confirmation_request', id: 'q2', summary: 'Click at 140, 215.', risk, target: point });
    await vi.waitFor(() => expect(fragmentOf(overlay).target).toEqual(point));
    expect(fragmentOf(overlay).marks).toEqual(MARKS);
    event({ type: 'done', outcome: 'refused', message: 'Not done.' });
    await vi.waitFor(() => expect(fragmentOf(overlay).target).toBeUndefined());
    expect(fragmentOf(overlay).marks).toEqual(MARKS);
    expect(overlay?.isVisible()).toBe(true);
    // A question with no place found outlines nothing.
    event({ type: 'confirmation_request', id: 'q3', summary: 'Press Ctrl+Q.', risk });
    await run(window, 'hide numbers', { outcome: 'done', message: 'The numbers are hidden.', overlay: 'hidden' }, 1);
    expect(overlay?.isVisible()).toBe(false);
  });

  it('the core holds the switch keys while another app has the keyboard: each press and release reaches the panel; the panel focused lets go', async () => {
    // A core on X11: it holds every key asked.
    fake().state.holdKeys = (keys) => ({ held: keys, problems: [] });
    const switchAccess = { enabled: true, mode: 'step', selectInput: 'Space', moveInput: 'Enter' };
    const { window, shell } = await running(await setup({ switchAccess }), 'linux');
    const core = fake().state.forks[0];
    await vi.waitFor(() => expect(shell.switches.active).toEqual(['Space', 'Enter']));
    expect(core?.holds).toEqual([['Space', 'Enter']]);
    // No global shortcut takes Space or Enter: the hold is the core's.
    expect([...fake().state.shortcuts.keys()]).toEqual(['CommandOrControl+Shift+Space']);
    core?.emit('message', { kind: 'notify', method: 'switch:key', args: [{ key: 'Space', edge: 'down' }] });
    core?.emit('message', { kind: 'notify', method: 'switch:key', args: [{ key: 'Space', edge: 'up' }] });
    // A key that is no switch, or a malformed report, goes nowhere.
    core?.emit('message', { kind: 'notify', method: 'switch:key', args: [{ key: 'F20', edge: 'down' }] });
    core?.emit('message', { kind: 'notify', method: 'switch:key', args: [{ key: 'Enter', edge: 'sideways' }] });
    await vi.waitFor(() =>
      expect(window.webContents.sent.filter(([channel, e]) => channel === 'shell:signal' && (e as { kind: string }).kind === 'switch_key')).toEqual([
        ['shell:signal', { kind: 'switch_key', input: 'Space', edge: 'down' }],
        ['shell:signal', { kind: 'switch_key', input: 'Space', edge: 'up' }],
        ['shell:signal', { kind: 'switch_key', input: 'Enter', edge: 'lost' }],
      ]),
    );
    window.focus();
    window.emit('focus');
    await vi.waitFor(() => expect(core?.holds.at(-1)).toEqual([]));
    window.blur();
    await vi.waitFor(() => expect(core?.holds.at(-1)).toEqual(['Space', 'Enter']));
    expect(notices(window)).toEqual([]);
  });

  it('never stranded (issue #31): a switch press brings a hidden panel back without the focus; while the core restarts the shell holds the switch keys and a press reaches the panel', async () => {
    fake().state.holdKeys = (keys) => ({ held: keys, problems: [] });
    const switchAccess = { enabled: true, mode: 'step', selectInput: 'Space', moveInput: 'Enter' };
    const { window, shell } = await running(await setup({ switchAccess }), 'linux');
    const core = fake().state.forks[0];
    await vi.waitFor(() => expect(shell.switches.active).toEqual(['Space', 'Enter']));
    window.hide();
    core?.emit('message', { kind: 'notify', method: 'switch:key', args: [{ key: 'Space', edge: 'down' }] });
    await vi.waitFor(() => expect(window.visible).toBe(true));
    expect(window.shownInactive).toBe(1);
    expect(window.focused).toBe(false);
    // The core dies: its hold is gone, so the shell takes the switch keys as global shortcuts until it is back.
    core?.emit('exit', 9);
    await vi.waitFor(() => expect([...fake().state.shortcuts.keys()].sort()).toEqual(['CommandOrControl+Shift+Space', 'Enter', 'Space']));
    fake().state.shortcuts.get('Space')?.();
    expect(window.webContents.sent.at(-1)).toEqual(['shell:signal', { kind: 'switch', input: 'Space' }]);
    expect(window.webContents.sent).toContainEqual(['assistant:event', expect.objectContaining({ type: 'error', code: 'core_exited' })]);
    // The new core holds them again, and the shell lets go of its shortcuts first.
    await vi.waitFor(() => expect(fake().state.forks).toHaveLength(2), { timeout: 3000 });
    await vi.waitFor(() => expect(fake().state.forks[1]?.holds).toEqual([['Space', 'Enter']]));
    expect([...fake().state.shortcuts.keys()]).toEqual(['CommandOrControl+Shift+Space']);
  });

  it('where the core can hold no key, only F13–F24 are captured system-wide (as global shortcuts) and the others are named in a sentence', async () => {
    const switchAccess = { enabled: true, mode: 'step', selectInput: 'F13', moveInput: 'Space' };
    const { window, shell } = await running(await setup({ switchAccess }));
    // Space would take the space bar from every app: never a global shortcut.
    await vi.waitFor(() => expect([...fake().state.shortcuts.keys()].sort()).toEqual(['CommandOrControl+Shift+Space', 'F13']));
    expect(shell.switches.active).toEqual(['F13']);
    await vi.waitFor(() =>
      expect(notices(window)).toEqual([
        'The switch key Space works only while the panel has the focus: there is no X display to hold keys on. Choose F13–F24 as switch keys to use them in other apps.',
      ]),
    );
    fake().state.shortcuts.get('F13')?.();
    expect(window.webContents.sent).toContainEqual(['shell:signal', { kind: 'switch', input: 'F13' }]);
    window.focus();
    window.emit('focus');
    await vi.waitFor(() => expect(fake().state.shortcuts.has('F13')).toBe(false));
    window.blur();
    await vi.waitFor(() => expect(fake().state.shortcuts.has('F13')).toBe(true));
    // Said once: the focus change does not repeat it.
    expect(notices(window)).toHaveLength(1);
  });

  it('says when a switch key is taken by another app or is the panel shortcut; switch access off captures nothing', async () => {
    fake().state.taken.add('F14');
    const { window } = await running(
      await setup({ globalShortcut: 'F13', switchAccess: { enabled: true, mode: 'step', selectInput: 'F13', moveInput: 'F14' } }),
    );
    await vi.waitFor(() =>
      expect(notices(window)).toEqual([
        'F13 is also the shortcut that shows the panel, so it cannot be a switch in other apps. Choose another switch key or shortcut in Settings.',
        'The switch key F14 is already used by another app, so the switch works only while the panel has the focus. Choose another switch key in Settings.',
      ]),
    );
    expect(fake().state.shortcuts.has('F14')).toBe(false);
    // The push-to-talk shortcut keeps its key too, when voice is on.
    fake().reset();
    const voiceOn = await running(await setup({ voice: { enabled: true, shortcut: 'F15' }, switchAccess: { enabled: true, selectInput: 'F15' } }));
    await vi.waitFor(() =>
      expect(notices(voiceOn.window)).toContain(
        'F15 is also the shortcut that starts listening, so it cannot be a switch in other apps. Choose another switch key or shortcut in Settings.',
      ),
    );
    fake().reset();
    await running(await setup({ switchAccess: { enabled: false, selectInput: 'F15' } }));
    expect([...fake().state.shortcuts.keys()]).toEqual(['CommandOrControl+Shift+Space']);
  });
});

describe('the overlay follows the switch highlight (issue #9)', () => {
  const panelEvent = (window: { webContents: unknown & { mainFrame: unknown } }) => ({ sender: window.webContents, senderFrame: window.webContents.mainFrame });
  const MARKS = [{ id: 1, role: 'button', label: 'Send', x: 100, y: 200, width: 80, height: 30 }];

  it('redraws the numbers with the highlighted ones once the core accepted the request; nothing when the numbers are down', async () => {
    const { window } = await running(await setup());
    const core = fake().state.forks[0];
    const call = (channel: string, arg: unknown, id: number, value: unknown) => {
      const reply = fake().state.ipcHandlers.get(channel)?.(panelEvent(window), arg) as Promise<unknown>;
      core?.emit('message', { kind: 'reply', id, ok: true, value });
      return reply;
    };
    await call('overlay:highlight', [1], 0, undefined);
    expect(fake().state.windows).toHaveLength(1); // no numbers, no overlay window
    await call('command:run', 'show numbers', 1, { outcome: 'done', message: '', overlay: { app: 'Mail', marks: MARKS } });
    const overlay = fake().state.windows[1];
    await call('overlay:highlight', [1], 2, undefined);
    const drawn = JSON.parse(decodeURIComponent(new URL(overlay?.webContents.getURL() ?? '').hash.slice(1))) as { highlight: number[] };
    expect(drawn.highlight).toEqual([1]);
    // A payload the core refuses draws nothing.
    const refused = fake().state.ipcHandlers.get('overlay:highlight')?.(panelEvent(window), ['x']) as Promise<unknown>;
    core?.emit('message', { kind: 'reply', id: 3, ok: false, name: 'InvalidPayloadError', message: 'Invalid payload for overlay:highlight.' });
    await expect(refused).rejects.toThrow();
    expect(JSON.parse(decodeURIComponent(new URL(overlay?.webContents.getURL() ?? '').hash.slice(1))).highlight).toEqual([1]);
  });
});
