/**
 * The app as Electron runs it: one instance, no Dock icon on macOS, a tray icon, the floating panel,
 * a global shortcut, launch at login, and the assistant's core in its own process.
 *
 * Only composition lives here; each part is its own small module (floating-panel, tray,
 * global-shortcut, login-item, window-bounds, panel-protocol, permissions, core-host), and the
 * behaviour behind the panel runs in the core process (src/core/core-process.ts).
 */
import { join } from 'node:path';
import { app, BrowserWindow, globalShortcut, ipcMain, Menu, nativeImage, Notification, protocol, screen, shell, systemPreferences, Tray, utilityProcess } from 'electron';
import { CONFIG_DIR_ENV, settingsDir } from '../config/settings-path.js';
import { createSettingsStore, Settings } from '../config/settings.js';
import { isWaylandSession, XORG_SESSION_FIX } from '../execution/input/display-session.js';
import type { AssistantEvent } from '../shared/events.js';
import type { PermissionChecker } from '../shared/permissions.js';
import { CoreHost } from './core-host.js';
import { applicationsDir, installLauncher } from './desktop-entry.js';
import { createFloatingPanel, showPanel, summonOrHidePanel, togglePanel } from './floating-panel.js';
import { PanelShortcut } from './global-shortcut.js';
import { applyLaunchAtLogin, autostartDir } from './login-item.js';
import { followPanelFocus } from './panel-focus.js';
import { NumberOverlay } from './overlay-window.js';
import { isPanelSender, registerPanelIpc, sendAssistantEvent, sendShellSignal } from './panel-ipc.js';
import { PANEL_ORIGIN, PANEL_SCHEME, PANEL_SCHEME_PRIVILEGES, PANEL_URL, panelRequestHandler } from './panel-protocol.js';
import { REQUEST_SCHEMAS, type PanelRequests } from '../shared/ipc-contract.js';
import { runReplyOverlay } from '../shared/core-contract.js';
import { lockDown } from './panel-window.js';
import { createPermissionChecker } from '../shared/permission-checker.js';
import { darwinPermissions } from './permissions-darwin.js';
import { linuxPermissions } from './permissions-linux.js';
import { createTray, refreshTrayMenu, type TrayDeps } from './tray.js';
import { probeTrayHost, reopenHow, type TrayHost } from './tray-host-linux.js';
import { SwitchShortcuts } from './switch-shortcut.js';
import { VoiceShortcut } from './voice-shortcut.js';
import { PANEL_BOUNDS_FILE, loadPanelBounds, persistPanelBounds } from './window-bounds.js';
import { xwaylandRelaunchArgs } from './xwayland.js';
import { errorMessage } from '../shared/errors.js';

export interface ShellOptions {
  /** The bundled preload (CommonJS). */
  readonly preloadPath: string;
  /** The built panel: index.html, panel.js, panel.css. */
  readonly panelDir: string;
  /** The tray icons. */
  readonly iconDir: string;
  /** The core process's bundled entry. */
  readonly coreEntry: string;
  readonly platform: NodeJS.Platform;
  readonly env: NodeJS.ProcessEnv;
  readonly homedir: string;
  /** The process's arguments (default process.argv): starting again under XWayland repeats them. */
  readonly argv?: readonly string[];
  /** Linux: whether a tray host runs (default: asks the session bus for the StatusNotifier watcher). */
  readonly trayHost?: () => Promise<TrayHost>;
  readonly log?: (line: string) => void;
}

/** What a running shell holds; returned for the tests and for nothing else. */
export interface RunningShell {
  readonly window: BrowserWindow;
  readonly tray: Tray;
  readonly shortcut: PanelShortcut;
  readonly switches: SwitchShortcuts;
  readonly voiceShortcut: VoiceShortcut;
  readonly overlay: NumberOverlay;
  readonly core: CoreHost;
  readonly permissions: PermissionChecker;
}

/**
 * Starts the app. Resolves undefined when another instance already runs (that one shows its panel
 * and this one quits), or when this one starts again under XWayland.
 */
export async function startShell(options: ShellOptions): Promise<RunningShell | undefined> {
  const log = options.log ?? ((line: string) => console.error(line));
  // Electron's own files (the Chromium profile, the panel's place) go beside the settings, in the
  // one folder the OS's convention gives the app; set first, since the single-instance lock lives there.
  const settingsFolder = settingsDir(options);
  app.setPath('userData', settingsFolder);
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return undefined;
  }
  if (options.platform === 'linux') {
    // Our windows through XWayland until native Wayland is supported (src/shell/xwayland.ts).
    const relaunch = xwaylandRelaunchArgs({ env: options.env, argv: options.argv ?? process.argv, chosen: app.commandLine.getSwitchValue('ozone-platform') });
    if (relaunch) {
      log('This is a Wayland session: Assistive Control starts again under XWayland.');
      app.relaunch({ args: [...relaunch] });
      app.exit(0);
      return undefined;
    }
  }
  // Asked now, answered while the app starts: where no tray icon can appear, the panel says how to come back.
  const trayHost = options.platform === 'linux' ? (options.trayHost ?? (() => probeTrayHost(options.env)))() : Promise.resolve<TrayHost>('present');
  let noTray = false;
  // Before ready: the panel's own scheme is a secure, standard origin (the microphone needs one).
  protocol.registerSchemesAsPrivileged([PANEL_SCHEME_PRIVILEGES]);
  // Every renderer sandboxed, whatever a window's options say.
  app.enableSandbox();
  // Every web contents, the panel's and any other, gets the same lock-down before it loads anything.
  app.on('web-contents-created', (_event, contents) => lockDown(contents, contents.session, PANEL_ORIGIN));
  // A second launch shows the panel (once there is one).
  const shown: { panel?: BrowserWindow } = {};
  app.on('second-instance', () => {
    if (shown.panel) showPanel(shown.panel);
  });
  // A tray app keeps running with its panel hidden; only Quit ends it.
  app.on('window-all-closed', () => undefined);
  let quitting = false;
  app.on('before-quit', () => {
    quitting = true;
  });

  await app.whenReady();
  // Packaged, Electron's default menu (Reload, Toggle Developer Tools …) goes; `electron .` keeps it
  // for development. macOS keeps the Edit menu alone: no one sees it (an accessory app shows no menu
  // bar), but it is how ⌘C, ⌘V, ⌘X, ⌘A and ⌘Z reach the panel's text fields there.
  if (app.isPackaged) Menu.setApplicationMenu(options.platform === 'darwin' ? Menu.buildFromTemplate([{ role: 'editMenu' }]) : null);
  if (options.platform === 'darwin') {
    app.setActivationPolicy('accessory');
    app.dock?.hide();
  }
  protocol.handle(PANEL_SCHEME, panelRequestHandler(options.panelDir));

  const { settings, notices } = await createSettingsStore({ dir: settingsFolder }).load();
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
    isQuitting: () => quitting,
    platform: options.platform,
    onClosedByUser: () => {
      if (!noTray) return;
      // The panel just hid, so an entry in it would go unseen: a desktop notification says it now.
      const sentence = `Assistive Control is still running. ${reopenHow(shortcut.accelerator)}`;
      log(sentence);
      if (Notification.isSupported()) new Notification({ title: 'Assistive Control', body: sentence }).show();
      else tell(sentence);
    },
  });
  shown.panel = panel;
  const flushBounds = persistPanelBounds(panel, boundsFile, (e) => log(`Could not remember the panel's place: ${errorMessage(e)}`));

  // Shell notices (a taken shortcut, a settings file moved aside) go to the panel as entries, once it can show them.
  const pending: AssistantEvent[] = [];
  let panelReady = false;
  const tell = (message: string): void => {
    log(message);
    const event: AssistantEvent = { type: 'error', code: 'shell_notice', message, retryable: false };
    if (panelReady) sendAssistantEvent(panel.webContents, event);
    else pending.push(event);
  };
  panel.webContents.on('did-finish-load', () => {
    panelReady = true;
    for (const event of pending.splice(0)) sendAssistantEvent(panel.webContents, event);
  });
  for (const notice of notices) tell(notice.message);

  // A switch pressed in another app reaches the panel (the core holds its keys); while the panel has
  // the focus it hears the switch itself.
  const switches = new SwitchShortcuts({
    globalShortcut,
    send: (signal) => sendShellSignal(panel.webContents, signal),
    hold: (keys) => core.holdSwitchKeys(keys),
    tell: (message) => tell(message),
  });
  const core = new CoreHost({
    // The core reads the very folder this process chose, whatever its own environment would say.
    fork: () => utilityProcess.fork(options.coreEntry, [], { serviceName: 'Assistive Control core', stdio: 'inherit', env: { ...options.env, [CONFIG_DIR_ENV]: settingsFolder } }),
    permissions: () => permissions,
    onEvent: (event) => sendAssistantEvent(panel.webContents, event),
    onSettingsSaved: (saved) => void applySettings(saved),
    // The switch keys the core holds: each press and release goes to the panel.
    onSwitchKey: (report) => switches.keyReport(report),
    // A restarted core holds nothing: ask again.
    onStarted: () => void switches.refresh(),
    log,
  });
  // The core asks main for permissions only after it started, so `permissions` exists by then.
  const permissions = createPermissionChecker(
    options.platform === 'darwin' ? darwinPermissions({ systemPreferences, shell }) : linuxPermissions({ bridgePermission: (ms) => core.bridgePermission(ms) }),
  );
  core.start();
  // The numbered overlay follows each command's reply ("show numbers", "hide numbers", any action).
  const overlay = new NumberOverlay({
    BrowserWindow,
    globalShortcut,
    displayFor: (rect) => screen.getDisplayMatching(rect).bounds,
    url: `${PANEL_ORIGIN}overlay.html`,
    onClosedByUser: () => sendShellSignal(panel.webContents, { kind: 'overlay_closed' }),
  });
  const relay: PanelRequests = {
    handle: (channel, args) => {
      const reply = core.handle(channel, args);
      if (channel === 'overlay:highlight') {
        // Drawn only once the core accepted the payload (its schema is the one check).
        return reply.then((r) => {
          const ids = REQUEST_SCHEMAS['overlay:highlight'].safeParse(args);
          if (ids.success) overlay.highlight(ids.data[0]);
          return r;
        });
      }
      if (channel !== 'command:run') return reply;
      return reply.then((r) => {
        const run = runReplyOverlay.safeParse(r);
        if (run.success) overlay.apply(run.data.overlay);
        return r;
      });
    },
  };
  // The core validates every payload; main checks that the request comes from the panel itself.
  registerPanelIpc(ipcMain, relay, (event) => isPanelSender(event, panel.webContents, PANEL_ORIGIN));

  const trayDeps: TrayDeps = {
    Tray,
    buildMenu: (template) => Menu.buildFromTemplate(template),
    createImage: (path) => nativeImage.createFromPath(path),
    platform: options.platform,
    iconDir: options.iconDir,
    isPanelVisible: () => panel.isVisible(),
    togglePanel: () => togglePanel(panel),
    quit: () => app.quit(),
  };
  const tray = createTray(trayDeps);
  panel.on('show', () => refreshTrayMenu(tray, trayDeps));
  panel.on('hide', () => refreshTrayMenu(tray, trayDeps));

  const shortcut = new PanelShortcut(globalShortcut, () => summonOrHidePanel(panel));
  // Push-to-talk: a hidden panel appears without the focus (the command is for the app in front).
  const voiceShortcut = new VoiceShortcut(globalShortcut, (signal) => {
    if (!panel.isDestroyed() && !panel.isVisible()) panel.showInactive();
    sendShellSignal(panel.webContents, signal);
  });
  // While the panel has the focus it hears switch keys (and, in hold mode, push-to-talk) itself, with their release.
  // Heard on the window and on its page: a macOS non-activating panel may tell only the page.
  followPanelFocus([panel, panel.webContents], (focused) => {
    if (focused) switches.suspend();
    else switches.resume();
    voiceShortcut.setPanelFocused(focused);
  });
  // Unpackaged (`electron .`), the executable is Electron itself: the entry must name the app folder too.
  const command = app.isPackaged ? [process.execPath] : [process.execPath, app.getAppPath()];
  const loginItem = { app, platform: options.platform, autostartDir: autostartDir(options.env, options.homedir), command };
  async function applySettings(next: Settings): Promise<void> {
    const registered = shortcut.set(next.globalShortcut);
    if (!registered.ok) tell(registered.message);
    const reserved = [
      { accelerator: shortcut.accelerator, what: 'shows the panel' },
      { accelerator: next.voice.enabled ? next.voice.shortcut : undefined, what: 'starts listening' },
    ];
    // Not awaited: the core answers once it has started, and the app starts without waiting for it.
    void switches.set(next.switchAccess, reserved).then((problems) => {
      for (const problem of problems) tell(problem);
    });
    const voiceProblem = voiceShortcut.set(next.voice, shortcut.accelerator);
    if (voiceProblem) tell(voiceProblem);
    try {
      await applyLaunchAtLogin(loginItem, next.launchAtLogin);
    } catch (e) {
      tell(errorMessage(e));
    }
  }
  await applySettings(settings);
  if (options.platform === 'linux') {
    // In the desktop's applications, so the app can be found and the panel opened again (a second launch shows it).
    void installLauncher(applicationsDir(options.env, options.homedir), command).then(
      (wrote) => wrote && log('Assistive Control added itself to your applications.'),
      (e: unknown) => tell(errorMessage(e)),
    );
    void trayHost.then((host) => {
      noTray = host !== 'present';
      if (noTray) tell(`This desktop shows no tray icons, so closing the panel only hides it. ${reopenHow(shortcut.accelerator)}`);
    });
    if (isWaylandSession(options.env) && !options.env.DISPLAY) {
      tell(`This Wayland session has no XWayland (DISPLAY is not set), so Assistive Control cannot type, click or bring windows to the front in any app; it can still read them. ${XORG_SESSION_FIX}`);
    }
  }

  let flushed = false;
  app.on('will-quit', (event) => {
    shortcut.dispose();
    switches.dispose();
    voiceShortcut.dispose();
    overlay.dispose();
    core.stop();
    if (flushed) return;
    // Keep the app alive until the panel's last place is on disk.
    event.preventDefault();
    void flushBounds().finally(() => {
      flushed = true;
      app.quit();
    });
  });

  await panel.loadURL(PANEL_URL);
  showPanel(panel);
  // The launch preflight is the panel's (it asks through permissions:check and offers the pane's
  // button); the shell only answers it, so a missing permission is said once.
  return { window: panel, tray, shortcut, switches, voiceShortcut, overlay, core, permissions };
}
