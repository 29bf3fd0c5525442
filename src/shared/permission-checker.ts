/**
 * The permission preflight (PermissionChecker of src/shared/permissions.ts), one platform chosen in
 * one place.
 *
 * Each platform file answers one kind at a time; this module gives every check its own deadline
 * (a frozen accessibility bus or a system API that does not answer must not hold the panel) and
 * turns any exception into an `unknown` state with a sentence, so `check` never throws.
 */
import { PERMISSION_KINDS, type PermissionChecker, type PermissionKind, type PermissionStatus } from './permissions.js';
import { errorMessage } from './errors.js';
import { withDeadline } from './deadline.js';

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

/** The state when a check could not answer: `unknown`, with a sentence (treated as missing before acting). */
export function unknownPermission(kind: PermissionKind, why: string, canOpenSettings = false): PermissionStatus {
  return {
    kind,
    state: 'unknown',
    explanation: `Assistive Control could not find out whether it has ${NAMES[kind]} access (${why.slice(0, 200)}). Try again in a moment; if this stays, restart Assistive Control.`,
    canOpenSettings,
  };
}

/** `work`'s answer, or `fallback(why)` when it throws or has not answered within `deadlineMs`. */
async function within<T>(work: () => Promise<T>, deadlineMs: number, fallback: (why: string) => T): Promise<T> {
  try {
    return await withDeadline(work(), { deadlineMs, late: () => new Error(`no answer within ${deadlineMs / 1000} s`) });
  } catch (e) {
    return fallback(errorMessage(e));
  }
}

/** A PermissionChecker over one platform: every kind checked at once, each within the deadline. */
export function createPermissionChecker(platform: PlatformPermissions, deadlineMs: number = PERMISSION_DEADLINE_MS): PermissionChecker {
  return {
    check: (kinds = PERMISSION_KINDS) =>
      Promise.all(
        kinds.map((kind) =>
          within(
            () => platform.check(kind, deadlineMs),
            deadlineMs,
            (why) => unknownPermission(kind, why, platform.canOpenSettings(kind)),
          ),
        ),
      ),
    async openSettings(kind) {
      try {
        return await platform.openSettings(kind);
      } catch {
        return false;
      }
    },
  };
}

/**
 * Bounds a whole checker, such as one answered across a process boundary: a late or failing answer
 * reads as `unknown` for each kind asked, with a sentence, and opening settings never throws.
 */
export function boundedPermissionChecker(checker: PermissionChecker, deadlineMs: number): PermissionChecker {
  return {
    check: (kinds = PERMISSION_KINDS) =>
      within(
        () => checker.check(kinds),
        deadlineMs,
        (why) => kinds.map((kind) => unknownPermission(kind, why)),
      ),
    openSettings: (kind) =>
      within(
        () => checker.openSettings(kind),
        deadlineMs,
        () => false,
      ),
  };
}
