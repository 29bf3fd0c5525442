/**
 * What the assistant needs the operating system to allow, and how the shell reports it.
 *
 * The main process checks these at launch and before acting (src/shared/permission-checker.ts); the
 * panel only shows the result and asks main to open the settings pane. Both sides share these types.
 */
import * as z from 'zod';

/**
 * - `accessibility`: macOS "Accessibility" in Privacy & Security; on Linux, the AT-SPI bus is reachable
 *   and toolkit accessibility is enabled.
 * - `microphone`: macOS "Microphone" for the panel when voice is on; on Linux always granted (PulseAudio /
 *   PipeWire do not ask).
 */
export const PERMISSION_KINDS = ['accessibility', 'microphone'] as const;
export const permissionKind = z.enum(PERMISSION_KINDS);
export type PermissionKind = z.infer<typeof permissionKind>;

export const permissionStatus = z.strictObject({
  kind: permissionKind,
  /** `unknown` when the check itself could not run (it is then treated as missing before acting). */
  state: z.enum(['granted', 'denied', 'not_determined', 'unknown']),
  /**
   * A sentence the user can act on when the state is not `granted` ("Assistive Control needs
   * Accessibility access to press buttons for you. Open System Settings › Privacy & Security ›
   * Accessibility and turn on Assistive Control."); empty when granted.
   */
  explanation: z.string().max(500),
  /** Whether `openSettings(kind)` can open the exact pane on this platform. */
  canOpenSettings: z.boolean(),
});
export type PermissionStatus = z.infer<typeof permissionStatus>;

/** Implemented by the shell (src/shared/permission-checker.ts over src/main/permissions-*.ts); injected where it is needed. */
export interface PermissionChecker {
  /** Checks each kind (all of them when absent); never throws, never takes longer than ~2 s. */
  check(kinds?: readonly PermissionKind[]): Promise<readonly PermissionStatus[]>;
  /** Opens the settings pane where the user can grant `kind`; resolves false when it could not. */
  openSettings(kind: PermissionKind): Promise<boolean>;
}

/** What the accessibility bridge answers when asked for its permission (AxBridge.permission). */
export type BridgePermissionState = 'granted' | 'denied' | 'unavailable';

export interface BridgePermission {
  readonly state: BridgePermissionState;
  /** What the user can do about it; empty when granted. */
  readonly detail: string;
}
