/**
 * The panel's preload: exposes PanelApi as `window.assistiveControl`, named functions only.
 * CommonJS and self-contained because a sandboxed preload can require nothing but Electron's own
 * modules; the imports from src/shared are types only and vanish at build time.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a sandboxed preload is CommonJS (see the header).
import electron = require('electron');
import type { AssistantEvent } from '../shared/contracts/events.js' with { 'resolution-mode': 'import' };
import type { EventChannels, PanelApi, RequestChannel, RequestChannels, ShellSignal } from '../shared/contracts/ipc-contract.js' with {
  'resolution-mode': 'import',
};

const { contextBridge, ipcRenderer } = electron;
const EVENT: keyof EventChannels = 'assistant:event';
const SIGNAL: keyof EventChannels = 'shell:signal';

/** Typed by the contract: each function can only call its own channel with that channel's arguments. */
function invoke<C extends RequestChannel>(channel: C, ...args: Parameters<RequestChannels[C]>): ReturnType<RequestChannels[C]> {
  return ipcRenderer.invoke(channel, ...args) as ReturnType<RequestChannels[C]>;
}

const api: PanelApi = {
  runCommand: (command, via, startedAt, effort) =>
    // With the effort, an absent `via` or `startedAt` is sent as what its absence means: typed, now.
    effort !== undefined
      ? invoke('command:run', command, via ?? 'typed', startedAt ?? Date.now(), effort)
      : via === undefined
        ? invoke('command:run', command)
        : startedAt === undefined
          ? invoke('command:run', command, via)
          : invoke('command:run', command, via, startedAt),
  stop: () => invoke('command:stop'),
  answerConfirmation: (answer, questionId, effort) =>
    effort === undefined ? invoke('confirmation:answer', answer, questionId) : invoke('confirmation:answer', answer, questionId, effort),
  recentCommands: () => invoke('commands:recent'),
  settingsView: () => invoke('settings:view'),
  userCommandsView: () => invoke('user-commands:view'),
  deleteUserCommand: (target) => invoke('user-commands:delete', target),
  editUserCommand: (target, change) => invoke('user-commands:edit', target, change),
  saveSettings: (update) => invoke('settings:save', update),
  finishOnboarding: (how) => invoke('onboarding:finish', how),
  // The key goes to main once; what comes back says saved or not, never the key.
  saveKey: (provider, key) => invoke('keys:save', provider, key),
  removeKey: (provider) => invoke('keys:remove', provider),
  testProvider: () => invoke('provider:test'),
  checkPermissions: () => invoke('permissions:check'),
  openPermissionSettings: (kind) => invoke('permissions:open-settings', kind),
  highlightNumbers: (ids) => invoke('overlay:highlight', ids),
  // One utterance (at most 30 s of 16 kHz samples, ~1 MB); main checks the size before anything else.
  transcribeUtterance: (utterance) => invoke('voice:transcribe', utterance),
  cancelTranscription: () => invoke('voice:cancel'),
  voiceProgress: () => invoke('voice:progress'),
  listenAudio: (block) => invoke('voice:listen-audio', block),
  stopListening: () => invoke('voice:listen-stop'),
  onEvent: (listener) => {
    // The IPC event object (with its sender) never reaches the page: only the payload does.
    const wrapped = (_event: unknown, payload: AssistantEvent): void => listener(payload);
    ipcRenderer.on(EVENT, wrapped);
    return () => {
      ipcRenderer.removeListener(EVENT, wrapped);
    };
  },
  onShellSignal: (listener) => {
    const wrapped = (_event: unknown, payload: ShellSignal): void => listener(payload);
    ipcRenderer.on(SIGNAL, wrapped);
    return () => {
      ipcRenderer.removeListener(SIGNAL, wrapped);
    };
  },
};

contextBridge.exposeInMainWorld('assistiveControl', api);
