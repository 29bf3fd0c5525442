/**
 * The permission preflight (PermissionChecker of src/shared/permissions.ts), one platform chosen in
 * one place.
 *
 * Each platform file answers one kind at a time; this module gives every check its own deadline
 * (a frozen accessibility bus or a system API that does not answer must not hold the panel) and
 * turns any exception into an `unknown` state with a sentence, so `check` never throws.
 */
import { PERMISSION_KINDS, type PermissionChecker, type PermissionKind, type PermissionStatus } from '../shared/permissions.js';

/** What one platform can say and do about a permission kind. */
export interface PlatformPermissions {
  /** The state of `kind`; may throw or never settle (the checker bounds it). */
  check(kind: PermissionKind, deadlineMs: number): Promise<PermissionStatus>;
  /** Opens the pane where the user grants `kind`; false when this platform has none. */
  openSettings(kind: PermissionKind): Promise<boolean>;
  /** Whether `openSettings(kind)` can open the exact pane. */
  canOpenSettings(kind: PermissionKind): boolean;
}

/** The longest one check may take (the contract promises about 2 s). */
export const PERMISSION_DEADLINE_MS = 2000;

const NAMES: Readonly<Record<PermissionKind, string>> = { accessibility: 'Accessibility', microphone: 'Microphone' };

function unknownStatus(kind: PermissionKind, why: string, canOpenSettings: boolean): PermissionStatus {
  return {
    kind,
    state: 'unknown',
    explanation: `Assistive Control could not find out whether it has ${NAMES[kind]} access (${why.slice(0, 200)}). Try again in a moment; if this stays, restart Assistive Control.`,
    canOpenSettings,
  };
}

async function checkWithin(platform: PlatformPermissions, kind: PermissionKind, deadlineMs: number): Promise<PermissionStatus> {
  const canOpen = platform.canOpenSettings(kind);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<PermissionStatus>((resolve) => {
    timer = setTimeout(() => resolve(unknownStatus(kind, `no answer within ${deadlineMs / 1000} s`, canOpen)), deadlineMs);
  });
  try {
    return await Promise.race([platform.check(kind, deadlineMs), late]);
  } catch (e) {
    return unknownStatus(kind, e instanceof Error ? e.message : String(e), canOpen);
  } finally {
    clearTimeout(timer);
  }
}

/** A PermissionChecker over one platform: every kind checked at once, each within the deadline. */
export function createPermissionChecker(platform: PlatformPermissions, deadlineMs: number = PERMISSION_DEADLINE_MS): PermissionChecker {
  return {
    check: (kinds = PERMISSION_KINDS) => Promise.all(kinds.map((kind) => checkWithin(platform, kind, deadlineMs))),
    async openSettings(kind) {
      try {
        return await platform.openSettings(kind);
      } catch {
        return false;
      }
    },
  };
}
