/**
 * The global shortcuts: the one that shows or hides the panel, push-to-talk, and the hand-over of
 * switch keys and push-to-talk to the panel while it has the focus.
 */
import { globalShortcut, type BrowserWindow } from 'electron';
import { summonOrHidePanel } from '../panel/floating-panel.js';
import { PanelShortcut } from './global-shortcut.js';
import { followPanelFocus } from '../panel/panel-focus.js';
import { sendShellSignal } from '../panel/panel-ipc.js';
import type { SwitchShortcuts } from './switch-shortcut.js';
import { VoiceShortcut } from './voice-shortcut.js';

export interface Shortcuts {
  readonly shortcut: PanelShortcut;
  readonly voiceShortcut: VoiceShortcut;
}

export function registerShortcuts(panel: BrowserWindow, switches: SwitchShortcuts): Shortcuts {
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
  return { shortcut, voiceShortcut };
}
