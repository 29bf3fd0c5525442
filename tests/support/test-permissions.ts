/**
 * A PermissionChecker for the panel tests, at the seam the shell's own checker (src/shared/permission-checker.ts)
 * fills in the app: the test sets each permission's state and sees which settings pane was asked for.
 * The sentences are the Linux ones a user would read.
 */
import type { PermissionChecker, PermissionKind, PermissionStatus } from '../../src/shared/permissions.js';

const EXPLANATION: Readonly<Record<PermissionKind, string>> = {
  accessibility:
    'Assistive Control needs desktop accessibility to press buttons and type for you, and it is turned off. Open Settings › Accessibility and turn on “Assistive technologies”, then send the command again.',
  microphone: 'Assistive Control needs the microphone to hear your spoken commands. Open the sound settings and allow the microphone, then try again.',
};

export interface TestPermissions extends PermissionChecker {
  set(kind: PermissionKind, state: PermissionStatus['state']): void;
  /** The panes openSettings was asked to open, in order. */
  readonly opened: PermissionKind[];
}

export function testPermissions(): TestPermissions {
  const states: Record<PermissionKind, PermissionStatus['state']> = { accessibility: 'granted', microphone: 'granted' };
  const opened: PermissionKind[] = [];
  return {
    opened,
    set(kind, state) {
      states[kind] = state;
    },
    async check(kinds = ['accessibility', 'microphone']) {
      return kinds.map((kind) => ({ kind, state: states[kind], explanation: states[kind] === 'granted' ? '' : EXPLANATION[kind], canOpenSettings: true }));
    },
    async openSettings(kind) {
      opened.push(kind);
      return true;
    },
  };
}
