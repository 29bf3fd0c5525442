/**
 * macOS permissions: Accessibility through node-mac-permissions, the microphone through Electron's
 * systemPreferences, and the exact Privacy & Security pane opened through shell.openExternal.
 *
 * The first time a check finds Accessibility off, the shell asks macOS once for its prompt
 * (`systemPreferences.isTrustedAccessibilityClient(true)`, AXIsProcessTrustedWithOptions with
 * kAXTrustedCheckOptionPrompt): without that call the app never appears in the Accessibility list,
 * so the user has nothing to turn on. It is asked from the shell (the app's own process, the one
 * macOS lists), once per launch: the system dialog is not repeated at every check.
 *
 * node-mac-permissions is an optional, darwin-only dependency (it does not install elsewhere), so it
 * is loaded at run time by name and its absence is a sentence, not a crash.
 */
import type { Shell, SystemPreferences } from 'electron';
import type { PermissionKind, PermissionStatus } from '../shared/permissions.js';
import type { PlatformPermissions } from '../shared/permission-checker.js';

/** The part of node-mac-permissions used here. */
export interface MacPermissionsModule {
  getAuthStatus(type: 'accessibility'): string;
}

/** The exact panes of System Settings › Privacy & Security. */
export const MAC_SETTINGS_PANES: Readonly<Record<PermissionKind, string>> = {
  accessibility: 'x-apple.systempreferences:com.apple.preference.security?Privacy_Accessibility',
  microphone: 'x-apple.systempreferences:com.apple.preference.security?Privacy_Microphone',
};

const MODULE_NAME = 'node-mac-permissions';

/** Loads node-mac-permissions, or undefined when it is not installed or does not load. */
export async function loadMacPermissions(): Promise<MacPermissionsModule | undefined> {
  try {
    // A variable name keeps the type checker and the bundler from resolving a darwin-only package.
    const mod = (await import(MODULE_NAME)) as { default?: unknown } & Record<string, unknown>;
    const api = (typeof mod.getAuthStatus === 'function' ? mod : mod.default) as Partial<MacPermissionsModule> | undefined;
    return typeof api?.getAuthStatus === 'function' ? (api as MacPermissionsModule) : undefined;
  } catch {
    return undefined;
  }
}

export interface DarwinPermissionDeps {
  readonly systemPreferences: Pick<SystemPreferences, 'getMediaAccessStatus' | 'isTrustedAccessibilityClient'>;
  readonly shell: Pick<Shell, 'openExternal'>;
  readonly loadMacPermissions?: () => Promise<MacPermissionsModule | undefined>;
}

const WHY: Readonly<Record<PermissionKind, string>> = {
  accessibility: 'Assistive Control needs Accessibility access to press buttons and type for you.',
  microphone: 'Assistive Control needs the microphone to hear your spoken commands.',
};

const WHERE: Readonly<Record<PermissionKind, string>> = {
  accessibility: 'System Settings › Privacy & Security › Accessibility',
  microphone: 'System Settings › Privacy & Security › Microphone',
};

function status(kind: PermissionKind, state: PermissionStatus['state'], explanation: string): PermissionStatus {
  return { kind, state, explanation: state === 'granted' ? '' : explanation, canOpenSettings: true };
}

/** What the prompt has done, said before the steps (the app is in the list only once macOS asked). */
const AFTER_PROMPT: Readonly<Record<PermissionKind, string>> = {
  accessibility: ' macOS has asked you once in its own dialog, which put Assistive Control in the list; nothing is turned on until you do it.',
  microphone: '',
};

function notGranted(kind: PermissionKind, state: 'denied' | 'not_determined'): PermissionStatus {
  return status(kind, state, `${WHY[kind]}${AFTER_PROMPT[kind]} Open ${WHERE[kind]} and turn on Assistive Control.`);
}

export function darwinPermissions(deps: DarwinPermissionDeps): PlatformPermissions {
  const load = deps.loadMacPermissions ?? loadMacPermissions;
  let module: Promise<MacPermissionsModule | undefined> | undefined;
  let prompted = false;
  /** Asks macOS for its Accessibility prompt, the first time only; true when access is on after all. */
  const promptOnce = (): boolean => {
    if (prompted) return false;
    prompted = true;
    return deps.systemPreferences.isTrustedAccessibilityClient(true);
  };
  return {
    async check(kind) {
      if (kind === 'microphone') {
        const media = deps.systemPreferences.getMediaAccessStatus('microphone');
        if (media === 'granted') return status(kind, 'granted', '');
        if (media === 'not-determined') return notGranted(kind, 'not_determined');
        if (media === 'denied' || media === 'restricted') return notGranted(kind, 'denied');
        throw new Error(`macOS answered “${media}” for the microphone`);
      }
      module ??= load();
      const api = await module;
      if (!api) {
        // Electron's own check says on or off (it cannot tell "never asked" from "turned off").
        if (deps.systemPreferences.isTrustedAccessibilityClient(false) || promptOnce()) return status(kind, 'granted', '');
        return notGranted(kind, 'not_determined');
      }
      const answer = api.getAuthStatus('accessibility');
      if (answer === 'authorized') return status(kind, 'granted', '');
      if (answer !== 'not determined' && answer !== 'denied' && answer !== 'restricted') throw new Error(`macOS answered “${answer}” for Accessibility`);
      if (promptOnce()) return status(kind, 'granted', '');
      return notGranted(kind, answer === 'not determined' ? 'not_determined' : 'denied');
    },
    async openSettings(kind) {
      await deps.shell.openExternal(MAC_SETTINGS_PANES[kind]);
      return true;
    },
    canOpenSettings: () => true,
  };
}
