/**
 * The effort of the task the panel's session runs (issue #31): the counts sent with its command, and
 * those of every input sent while it runs (the answers to its questions, a pause, a Stop), written once
 * to the audit log when it ends. Counts and times only; what was typed or said is never here.
 */
import type { Outcome } from '../shared/contracts/events.js';
import { addEffort, NO_EFFORT, type Effort, type EffortReport } from '../shared/effort.js';
import { taskEffortRecord, type TaskEffortRecord } from '../agent/effort-stats.js';

/** A first input claimed earlier than this before the command is not believed (the seconds start at the command then). */
const MAX_TASK_MS = 24 * 60 * 60 * 1000;

export class TaskEffort {
  private task: { effort: Effort; startedAt: number } | undefined;
  /** Inputs that began a task no run has ended yet (a zoom of the mouse grid before its click). */
  private carried: EffortReport | undefined;

  constructor(
    private readonly record: (record: TaskEffortRecord) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** An input sent while a task runs counts for it; with none running it counts for nothing (a session word). */
  add(report: EffortReport | undefined): void {
    if (this.task && report) this.task.effort = addEffort(this.task.effort, report);
  }

  /** An input that goes on a task but ends none (a zoom of the grid): it counts for the run that ends it. */
  carry(report: EffortReport | undefined): void {
    if (!report) return;
    if (this.task) return this.add(report);
    const first = [this.carried?.firstInputAt, report.firstInputAt].filter((t) => t !== undefined);
    this.carried = { ...addEffort(this.carried ?? NO_EFFORT, report), ...(first.length > 0 ? { firstInputAt: Math.min(...first) } : {}) };
  }

  /** The inputs carried are dropped (the grid closed without a click): they end no task. */
  drop(): void {
    this.carried = undefined;
  }

  /**
   * Runs `run` as a task begun with `report`, and writes its effort when it ends. While a task runs,
   * `run` is only run (a second command is refused by the loop; its inputs were added by `add`).
   */
  async run<R extends { readonly outcome: Outcome }>(report: EffortReport | undefined, run: () => Promise<R>): Promise<R> {
    if (this.task) return run();
    const now = this.now();
    const carried = this.carried;
    this.carried = undefined;
    const first = carried?.firstInputAt ?? report?.firstInputAt;
    const startedAt = first !== undefined && first <= now && now - first <= MAX_TASK_MS ? first : now;
    const task = { effort: addEffort(addEffort(NO_EFFORT, carried ?? {}), report ?? {}), startedAt };
    const counted = carried !== undefined || report !== undefined;
    this.task = task;
    let outcome: Outcome = 'failed';
    try {
      const result = await run();
      outcome = result.outcome;
      return result;
    } finally {
      this.task = undefined;
      // A command the panel counted nothing for (sent by a program, not by a person) is not a task of the user's.
      if (counted) this.record(taskEffortRecord(task.effort, outcome, task.startedAt, this.now()));
    }
  }
}
