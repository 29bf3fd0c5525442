/**
 * The app as Electron runs it: one instance, no Dock icon on macOS, a tray icon, the floating panel,
 * a global shortcut, launch at login, and the assistant's core in its own process.
 *
 * Only the order of the start lives here; each step is its own small module (app-lifecycle,
 * create-panel, start-core, panel-requests, install-tray, register-shortcuts, apply-settings,
 * linux-desktop), and the behaviour behind the panel runs in the core process (src/core/core-process.ts).
 */
import { Notification, type BrowserWindow, type Tray } from 'electron';
import { createSettingsStore } from '../config/settings.js';
import type { PermissionChecker } from '../shared/permissions.js';
import { claimInstance, launchCommand, quitCleanly, secureApp, whenAppReady } from './app-lifecycle.js';
import { settingsApplier } from './apply-settings.js';
import type { CoreHost } from './core-host.js';
import { createPanel, panelNotices } from './panel/create-panel.js';
import { showPanel } from './panel/floating-panel.js';
import type { PanelShortcut } from './shortcuts/global-shortcut.js';
import { installTray } from './install-tray.js';
import { integrateLinuxDesktop } from './linux-desktop.js';
import type { NumberOverlay } from './panel/overlay-window.js';
import { bindPanelRequests, createOverlay, relayToCore } from './panel/panel-requests.js';
import { followOutline } from './panel/target-outline.js';
import { PANEL_URL } from './panel/panel-protocol.js';
import { reloadStuckPage } from './panel/panel-watchdog.js';
import { registerShortcuts } from './shortcuts/register-shortcuts.js';
import type { ShellOptions, ShellState } from './shell-options.js';
import { startCoreProcess } from './start-core.js';
import type { SwitchShortcuts } from './shortcuts/switch-shortcut.js';
import { probeTrayHost, reopenHow, type TrayHost } from './tray-host-linux.js';
import type { VoiceShortcut } from './shortcuts/voice-shortcut.js';

export type { ShellOptions } from './shell-options.js';

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
  const settingsFolder = claimInstance(options, log);
  if (settingsFolder === undefined) return undefined;
  // Asked now, answered while the app starts: where no tray icon can appear, the panel says how to come back.
  const trayHost = options.platform === 'linux' ? (options.trayHost ?? (() => probeTrayHost(options.env)))() : Promise.resolve<TrayHost>('present');
  const state: ShellState = { quitting: false, noTray: false };
  secureApp(state);
  await whenAppReady(options);

  const { settings, notices } = await createSettingsStore({ dir: settingsFolder }).load();
  const { panel, flushBounds } = await createPanel(
    options,
    state,
    () => {
      if (!state.noTray) return;
      // The panel just hid, so an entry in it would go unseen: a desktop notification says it now.
      const sentence = `Assistive Control is still running. ${reopenHow(shortcut.accelerator)}`;
      log(sentence);
      if (Notification.isSupported()) new Notification({ title: 'Assistive Control', body: sentence }).show();
      else tell(sentence);
    },
    log,
  );
  const tell = panelNotices(panel, log);
  reloadStuckPage(panel.webContents, {
    after: (ms, fn) => {
      const timer = setTimeout(fn, ms);
      return () => clearTimeout(timer);
    },
    log,
    tell,
  });
  for (const notice of notices) tell(notice.message);

  const overlay = createOverlay(panel);
  // While a confirmation waits, the overlay outlines what it will act on (issue #31).
  const outline = followOutline((target) => overlay.outline(target));
  const { core, switches, permissions } = startCoreProcess({
    options,
    settingsFolder,
    panel,
    tell,
    log,
    onSettingsSaved: (saved) => void applySettings(saved),
    onEvent: outline,
  });
  bindPanelRequests(
    panel,
    relayToCore(core, overlay, () => {
      if (!panel.isDestroyed() && !panel.isVisible()) panel.showInactive();
    }),
  );
  const tray = installTray(panel, options, tell);
  const { shortcut, voiceShortcut } = registerShortcuts(panel, switches);
  const command = launchCommand();
  const applySettings = settingsApplier({ options, command, shortcut, switches, voiceShortcut, tell });
  await applySettings(settings);
  if (options.platform === 'linux') integrateLinuxDesktop({ options, state, command, trayHost, accelerator: () => shortcut.accelerator, tell, log });
  quitCleanly([() => shortcut.dispose(), () => switches.dispose(), () => voiceShortcut.dispose(), () => overlay.dispose(), () => core.stop()], flushBounds);

  await panel.loadURL(PANEL_URL);
  showPanel(panel);
  // The launch preflight is the panel's (it asks through permissions:check and offers the pane's
  // button); the shell only answers it, so a missing permission is said once.
  return { window: panel, tray, shortcut, switches, voiceShortcut, overlay, core, permissions };
}
