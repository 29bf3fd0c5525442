/**
 * What the addon answers, made typed values: errors with their codes, roles, running apps and
 * snapshots. Nothing the addon (or an app behind it) sends is trusted to be one of our names.
 */
import { isRole, type Role } from '../../shared/roles.js';
import type { NativeApp, NativeSnapshot } from './native.js';
import {
  ACTIONS,
  AccessibilityError,
  STATES,
  isAccessibilityErrorCode,
  type ActionName,
  type AxSnapshot,
  type ElementState,
  type RunningApp,
  type Truncation,
} from './types.js';

const STATE_SET: ReadonlySet<string> = new Set(STATES);
const ACTION_SET: ReadonlySet<string> = new Set(ACTIONS);
const TRUNCATIONS: ReadonlySet<string> = new Set<Truncation>(['none', 'max_nodes', 'max_depth', 'deadline', 'visible_only']);

export function toAccessibilityError(error: unknown): AccessibilityError {
  if (error instanceof AccessibilityError) return error;
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return new AccessibilityError(isAccessibilityErrorCode(code) ? code : 'failed', error.message);
  }
  return new AccessibilityError('failed', String(error));
}

export function roleOf(value: string): Role {
  return isRole(value) ? value : 'unknown';
}

export function appOf(a: NativeApp): RunningApp {
  return { pid: a.pid, name: a.name, bundleId: a.bundleId, frontmost: a.frontmost, responding: a.responding };
}

/** A native snapshot as the typed one: unknown roles become `unknown`, unknown states and actions are left out. */
export function snapshotOf(s: NativeSnapshot, elapsedMs: number): AxSnapshot {
  return {
    generation: s.generation,
    pid: s.pid,
    app: s.app,
    truncated: TRUNCATIONS.has(s.truncated) ? (s.truncated as Truncation) : 'none',
    elapsedMs,
    source: s.source === 'app_cache' || s.source === 'mirror' ? s.source : 'walk',
    elements: s.elements.map((e) => ({
      ...e,
      role: roleOf(e.role),
      states: e.states.filter((x): x is ElementState => STATE_SET.has(x)),
      actions: e.actions.filter((x): x is ActionName => ACTION_SET.has(x)),
    })),
  };
}
