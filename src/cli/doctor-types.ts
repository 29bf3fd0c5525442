/** The doctor's checks and what it looks at (shared by doctor-command.ts and doctor-planners.ts). */
import type { PermissionStatus } from '../execution/accessibility/types.js';
import type { FetchLike } from '../intent/providers/planner.js';
import type { CliIo } from './cli-io.js';
import type { CliServices } from './cli-services.js';

export type CheckStatus = 'ok' | 'problem' | 'not_applicable';

export interface CheckResult {
  readonly id: string;
  readonly title: string;
  readonly status: CheckStatus;
  /** What was found, in a sentence. */
  readonly detail: string;
  /** For a problem: what to do, in a sentence. */
  readonly fix?: string;
}

/** What the doctor looks at; tests replace the desktop parts and the network. */
export interface DoctorDeps {
  readonly services: (io: CliIo) => CliServices;
  /** The accessibility bridge's permission; throws an AccessibilityError when the addon cannot load. */
  readonly accessibility: (deadlineMs: number) => Promise<PermissionStatus>;
  /** Why input cannot be sent (no display), or undefined; then reads the pointer through nut-js. */
  readonly input: (env: NodeJS.ProcessEnv) => Promise<{ readonly problem: string } | { readonly pointer: { x: number; y: number } }>;
  readonly fetch: FetchLike;
  readonly platform: NodeJS.Platform;
  /** Deadline of each check. Default 2,500 ms. */
  readonly deadlineMs?: number;
  /** The state folder whose diagnostics log a report carries; default the OS's (the audit log's). */
  readonly stateDir?: string;
  /** Linux: the sound capture devices (ALSA's /dev/snd/pcmC*D*c); injected by tests. */
  readonly captureDevices?: () => readonly string[];
}
