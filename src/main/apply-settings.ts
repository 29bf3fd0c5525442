/** What the shell does with the settings, at start and each time the core saves them. */
import { app } from 'electron';
import type { Settings } from '../config/settings.js';
import { errorMessage } from '../shared/errors.js';
import type { PanelShortcut } from './shortcuts/global-shortcut.js';
import { applyLaunchAtLogin, autostartDir } from './login-item.js';
import type { ShellOptions } from './shell-options.js';
import type { SwitchShortcuts } from './shortcuts/switch-shortcut.js';
import type { VoiceShortcut } from './shortcuts/voice-shortcut.js';

export interface SettingsTargets {
  readonly options: ShellOptions;
  /** How the OS starts this app (launchCommand). */
  readonly command: readonly string[];
  readonly shortcut: PanelShortcut;
  readonly switches: SwitchShortcuts;
  readonly voiceShortcut: VoiceShortcut;
  readonly tell: (message: string) => void;
}

/** Returns the function that applies settings: the panel's shortcut, switch access, push-to-talk and launch at login, each problem told. */
export function settingsApplier(targets: SettingsTargets): (next: Settings) => Promise<void> {
  const { options, shortcut, switches, voiceShortcut, tell } = targets;
  const loginItem = { app, platform: options.platform, autostartDir: autostartDir(options.env, options.homedir), command: targets.command };
  return async (next) => {
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
  };
}
