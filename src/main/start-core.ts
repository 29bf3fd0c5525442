/**
 * Starts the assistant's core in its utilityProcess and wires what it asks of main: the OS
 * permissions, the switch keys it holds, the settings it saved and the events for the panel.
 */
import { globalShortcut, shell, systemPreferences, utilityProcess, type BrowserWindow } from 'electron';
import { CONFIG_DIR_ENV } from '../config/settings-path.js';
import { CORE_RESTARTS_ENV } from '../shared/contracts/core-contract.js';
import type { PermissionChecker } from '../shared/permissions.js';
import { createPermissionChecker } from '../shared/permission-checker.js';
import type { Settings } from '../shared/settings-schema.js';
import { CoreHost } from './core-host.js';
import type { AssistantEvent } from '../shared/contracts/events.js';
import { sendAssistantEvent, sendShellSignal } from './panel/panel-ipc.js';
import { darwinPermissions } from './permissions-darwin.js';
import { linuxPermissions } from './permissions-linux.js';
import type { ShellOptions } from './shell-options.js';
import { SwitchShortcuts } from './shortcuts/switch-shortcut.js';

export interface StartedCore {
  readonly core: CoreHost;
  readonly switches: SwitchShortcuts;
  readonly permissions: PermissionChecker;
}

export interface StartCoreDeps {
  readonly options: ShellOptions;
  /** The settings folder this process chose: the core reads the very same one. */
  readonly settingsFolder: string;
  readonly panel: BrowserWindow;
  readonly tell: (message: string) => void;
  readonly log: (line: string) => void;
  /** The core saved settings: apply the shortcuts and launch at login. */
  readonly onSettingsSaved: (settings: Settings) => void;
  /** Each of the loop's events, after the panel has it (the overlay outlines a confirmation's target). */
  readonly onEvent?: (event: AssistantEvent) => void;
}

/** The OS permission checks main answers for the core: macOS's APIs, or on Linux the bridge's answer from the core. */
export function wirePermissions(platform: NodeJS.Platform, core: CoreHost): PermissionChecker {
  return createPermissionChecker(
    platform === 'darwin' ? darwinPermissions({ systemPreferences, shell }) : linuxPermissions({ bridgePermission: (ms) => core.bridgePermission(ms) }),
  );
}

/** Forks the core and starts it; the switch shortcuts hold their keys through it. */
export function startCoreProcess(deps: StartCoreDeps): StartedCore {
  const { options, panel } = deps;
  // A switch pressed in another app reaches the panel (the core holds its keys); while the panel has
  // the focus it hears the switch itself.
  const switches = new SwitchShortcuts({
    globalShortcut,
    // A switch pressed while the panel is hidden brings it back (without the focus): the scan is there.
    send: (signal) => {
      if (!panel.isDestroyed() && !panel.isVisible()) panel.showInactive();
      sendShellSignal(panel.webContents, signal);
    },
    hold: (keys) => core.holdSwitchKeys(keys),
    tell: (message) => deps.tell(message),
  });
  const core = new CoreHost({
    // The core reads the very folder this process chose, whatever its own environment would say.
    fork: (restarts) =>
      utilityProcess.fork(options.coreEntry, [], {
        serviceName: 'Assistive Control core',
        stdio: 'inherit',
        env: { ...options.env, [CONFIG_DIR_ENV]: deps.settingsFolder, [CORE_RESTARTS_ENV]: String(restarts) },
      }),
    permissions: () => permissions,
    onEvent: (event) => {
      sendAssistantEvent(panel.webContents, event);
      deps.onEvent?.(event);
    },
    onSettingsSaved: deps.onSettingsSaved,
    // The switch keys the core holds: each press and release goes to the panel.
    onSwitchKey: (report) => switches.keyReport(report),
    // A restarted core holds nothing: ask again. Meanwhile the shell holds the switch keys itself.
    onStarted: () => void switches.refresh(),
    onStopped: () => void switches.coreDown(),
    log: deps.log,
  });
  // The core asks main for permissions only after it started, so `permissions` exists by then.
  const permissions = wirePermissions(options.platform, core);
  core.start();
  return { core, switches, permissions };
}
