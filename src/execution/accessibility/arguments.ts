/**
 * Argument checks of the accessibility bridge: each throws a TypeError with an exact message
 * before any native code runs.
 */
import { ACTIONS, type ActionName, type ElementRef } from './types.js';

export const LIMITS = {
  maxDepth: 256,
  maxNodes: 99_999,
  deadlineMs: 60_000,
  valueLength: 100_000,
} as const;

export const DEFAULTS = {
  /** Interactive budget for a snapshot: long enough for a 1,500-element window, short enough to feel alive. */
  snapshotDeadlineMs: 3000,
  /** Budget of a single action or read. */
  callDeadlineMs: 1000,
  /** Starting an application includes the spawn only, not its start-up. */
  launchDeadlineMs: 5000,
  maxDepth: 64,
  maxNodes: 5000,
} as const;

/** A short, safe rendering of a bad argument for an error message. */
export function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'function') return 'a function';
  return 'an object';
}

function wholeNumberIn(name: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new TypeError(`${name} must be a whole number from ${min} to ${max} (got ${describe(value)})`);
  }
  return value;
}

export function checkDeadline(value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 1 || value > LIMITS.deadlineMs) {
    throw new TypeError(`deadlineMs must be a number of milliseconds from 1 to ${LIMITS.deadlineMs} (got ${describe(value)})`);
  }
  return value;
}

export function checkMaxDepth(value: unknown): number {
  return value === undefined ? DEFAULTS.maxDepth : wholeNumberIn('maxDepth', value, 1, LIMITS.maxDepth);
}

export function checkMaxNodes(value: unknown): number {
  return value === undefined ? DEFAULTS.maxNodes : wholeNumberIn('maxNodes', value, 1, LIMITS.maxNodes);
}

export function checkPid(value: unknown): number {
  return wholeNumberIn('pid', value, 1, 2 ** 31 - 1);
}

export function checkBoolean(name: string, value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw new TypeError(`${name} must be true or false (got ${describe(value)})`);
  return value;
}

export function checkOptionsObject(value: unknown): Record<string, unknown> {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError(`options must be an object (got ${describe(value)})`);
  }
  return value as Record<string, unknown>;
}

export function checkScope(value: unknown): 'app' | 'focused_window' {
  if (value === undefined) return 'app';
  if (value !== 'app' && value !== 'focused_window') {
    throw new TypeError(`scope must be 'app' or 'focused_window' (got ${describe(value)})`);
  }
  return value;
}

export function checkElementRef(value: unknown): ElementRef {
  const ref = value as Partial<Record<'generation' | 'id', unknown>> | null;
  const ok =
    typeof value === 'object' &&
    ref !== null &&
    typeof ref.generation === 'number' &&
    Number.isInteger(ref.generation) &&
    ref.generation >= 0 &&
    ref.generation <= 0xffffffff &&
    typeof ref.id === 'number' &&
    Number.isInteger(ref.id) &&
    ref.id >= 1 &&
    ref.id <= LIMITS.maxNodes;
  if (!ok) {
    throw new TypeError(`element must be { generation, id } taken from a snapshot (got ${describe(value)})`);
  }
  return { generation: ref.generation as number, id: ref.id as number };
}

export function checkAction(value: unknown): ActionName {
  if (typeof value !== 'string' || !(ACTIONS as readonly string[]).includes(value)) {
    throw new TypeError(`action must be one of ${ACTIONS.join(', ')} (got ${describe(value)})`);
  }
  return value as ActionName;
}

export function checkValue(value: unknown): string {
  if (typeof value !== 'string' || value.length > LIMITS.valueLength) {
    throw new TypeError(`value must be a string of at most ${LIMITS.valueLength} characters (got ${describe(value)})`);
  }
  return value;
}

export function checkLaunchTarget(value: unknown): { by: 'id' | 'name'; what: string } {
  const t = value as Partial<Record<'id' | 'name', unknown>> | null;
  if (typeof value === 'object' && t !== null && !Array.isArray(value)) {
    const hasName = typeof t.name === 'string';
    const hasId = typeof t.id === 'string';
    if (hasName !== hasId) {
      const what = (hasName ? t.name : t.id) as string;
      if (what.trim() === '') throw new TypeError(`the application's ${hasName ? 'name' : 'id'} must not be empty`);
      if (what.length > 256) throw new TypeError(`the application's ${hasName ? 'name' : 'id'} must be at most 256 characters`);
      return { by: hasName ? 'name' : 'id', what };
    }
  }
  throw new TypeError(`target must be { name: string } or { id: string } (got ${describe(value)})`);
}

export function checkListener(value: unknown): void {
  if (typeof value !== 'function') throw new TypeError(`listener must be a function (got ${describe(value)})`);
}

export function checkText(value: unknown): string {
  if (typeof value !== 'string' || value.length > LIMITS.valueLength) {
    throw new TypeError(`text must be a string of at most ${LIMITS.valueLength} characters (got ${describe(value)})`);
  }
  return value;
}

export function checkInsertAt(value: unknown): 'caret' | 'end' {
  if (value === undefined) return 'caret';
  if (value !== 'caret' && value !== 'end') throw new TypeError(`at must be 'caret' or 'end' (got ${describe(value)})`);
  return value;
}
