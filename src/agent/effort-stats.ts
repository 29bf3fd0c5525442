/**
 * Effort per task in the audit log (issue #31): one `task_effort` line per task the panel counted,
 * written when the task's `done` came, and the per-day sums computed by reading those lines back
 * (a pure function: the log is the only store). Counts and seconds only, never what was typed or said.
 */
import type { Outcome } from '../shared/contracts/events.js';
import { MAX_EFFORT_COUNT, type Effort } from '../shared/effort.js';

/** The audit line of one task's effort. */
export interface TaskEffortRecord extends Effort {
  /** ISO 8601 time the task ended (its `done`). */
  readonly time: string;
  readonly kind: 'task_effort';
  readonly outcome: Outcome;
  /** Seconds from the first input to done, to a tenth. */
  readonly seconds: number;
}

/** One day's sums (the local calendar day the tasks ended on). */
export interface DayEffort {
  /** YYYY-MM-DD. */
  readonly day: string;
  readonly tasks: number;
  readonly presses: number;
  readonly utterances: number;
  readonly keystrokes: number;
  readonly scanSteps: number;
  /** The median of the tasks' seconds, to a tenth. */
  readonly medianSeconds: number;
}

/** The longest task the log may claim (a day); a longer or negative figure is not believed. */
const MAX_TASK_SECONDS = 24 * 60 * 60;

/** The record of one ended task: its counts and the seconds from `startedAt` to `endedAt` (ms since the epoch). */
export function taskEffortRecord(effort: Effort, outcome: Outcome, startedAt: number, endedAt: number): TaskEffortRecord {
  const seconds = Math.min(MAX_TASK_SECONDS, Math.max(0, Math.round((endedAt - startedAt) / 100) / 10));
  return { time: new Date(endedAt).toISOString(), kind: 'task_effort', outcome, ...effort, seconds };
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= MAX_EFFORT_COUNT;

/** The audit line as a task's effort, or undefined for every other line (actions, pictures, a line edited by hand). */
export function readTaskEffort(line: unknown): TaskEffortRecord | undefined {
  if (!line || typeof line !== 'object') return undefined;
  const r = line as Record<string, unknown>;
  if (r.kind !== 'task_effort' || typeof r.time !== 'string' || Number.isNaN(Date.parse(r.time))) return undefined;
  if (!isCount(r.presses) || !isCount(r.utterances) || !isCount(r.keystrokes) || !isCount(r.scanSteps)) return undefined;
  if (typeof r.seconds !== 'number' || !(r.seconds >= 0 && r.seconds <= MAX_TASK_SECONDS)) return undefined;
  return r as unknown as TaskEffortRecord;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const m = sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return Math.round(m * 10) / 10;
}

/** YYYY-MM-DD of a time, in the time zone of `offsetMinutes` east of UTC (the caller's local zone). */
function dayOf(time: string, offsetMinutes: (ms: number) => number): string {
  const ms = Date.parse(time);
  return new Date(ms + offsetMinutes(ms) * 60_000).toISOString().slice(0, 10);
}

/** The local offset east of UTC, in minutes, at a moment. */
export const localOffset = (ms: number): number => -new Date(ms).getTimezoneOffset();

/**
 * The per-day sums of the task lines among `lines` (parsed audit lines, any order), oldest day first.
 * Lines that are not a task's effort are skipped.
 */
export function effortByDay(lines: readonly unknown[], offsetMinutes: (ms: number) => number = localOffset): DayEffort[] {
  const days = new Map<string, TaskEffortRecord[]>();
  for (const line of lines) {
    const task = readTaskEffort(line);
    if (!task) continue;
    const day = dayOf(task.time, offsetMinutes);
    days.set(day, [...(days.get(day) ?? []), task]);
  }
  return [...days.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([day, tasks]) => ({
      day,
      tasks: tasks.length,
      presses: tasks.reduce((s, t) => s + t.presses, 0),
      utterances: tasks.reduce((s, t) => s + t.utterances, 0),
      keystrokes: tasks.reduce((s, t) => s + t.keystrokes, 0),
      scanSteps: tasks.reduce((s, t) => s + t.scanSteps, 0),
      medianSeconds: median(tasks.map((t) => t.seconds)),
    }));
}
