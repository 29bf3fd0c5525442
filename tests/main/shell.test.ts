// The Electron shell's composition (src/main/shell.ts) on the recording fake of electron
// (shell-harness.ts): one instance, one settings folder, the Dock, the menu, the floating panel
// window and its renderer's security, the global shortcut, the tray icon, the remembered bounds.
// Linux's desktop integration is shell-linux.test.ts; the core process shell-core.test.ts; the
// numbered overlay and the switch keys shell-overlay.test.ts.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { fake, notices, quit, running, setup, start } from './shell-harness.js';
import { CONFIG_DIR_ENV, settingsDir } from '../../src/config/settings-path.js';
import { captureIo } from '../cli/cli-fixtures.js';

const { main: cliMain } = await import('../../src/cli/main.js');

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
