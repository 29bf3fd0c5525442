/**
 * Linux permissions: accessibility is the AT-SPI bus being reachable and enabled, as the bridge's own
 * `permission()` reports it (the same check `assistive-control doctor` runs); the microphone needs no
 * permission (PulseAudio and PipeWire do not ask).
 *
 * The bridge is injected: in the app it runs in the assistant's core process, never in Electron's
 * main process (a native crash or hang must not take the windows down: docs/decisions/0054-assistant-core-runs-utilityprocess-main-keeps.md).
 */
import type { BridgePermission, PermissionKind, PermissionStatus } from '../shared/permissions.js';
import type { PlatformPermissions } from '../shared/permission-checker.js';

export interface LinuxPermissionDeps {
  /** The accessibility bridge's permission (AxBridge.permission) within the deadline; may throw. */
  readonly bridgePermission: (deadlineMs: number) => Promise<BridgePermission>;
}

/** The command that turns desktop accessibility on in GNOME and most GTK desktops. */
export const ENABLE_ACCESSIBILITY_COMMAND = 'gsettings set org.gnome.desktop.interface toolkit-accessibility true';

export function linuxPermissions(deps: LinuxPermissionDeps): PlatformPermissions {
  return {
    async check(kind: PermissionKind, deadlineMs: number): Promise<PermissionStatus> {
      if (kind === 'microphone') return { kind, state: 'granted', explanation: '', canOpenSettings: false };
      const answer = await deps.bridgePermission(deadlineMs);
      switch (answer.state) {
        case 'granted':
          return { kind, state: 'granted', explanation: '', canOpenSettings: false };
        case 'denied':
          return {
            kind,
            state: 'denied',
            explanation: `Desktop accessibility is turned off, so applications hide their buttons from Assistive Control. Run “${ENABLE_ACCESSIBILITY_COMMAND}” in a terminal (or turn on any feature in Settings › Accessibility), then restart the applications you want to control.`,
            canOpenSettings: false,
          };
        case 'unavailable':
          // The bridge's sentence says what is missing (no session bus, at-spi2-core not running).
          return { kind, state: 'denied', explanation: answer.detail.slice(0, 500), canOpenSettings: false };
      }
    },
    // No desktop has one pane for this; the explanation names the command instead.
    openSettings: async () => false,
    canOpenSettings: () => false,
  };
}
