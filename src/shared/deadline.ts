/**
 * One way to race work against a deadline and a stop: the promise's own outcome, or a rejection
 * as soon as the deadline passes or the signal aborts, whichever comes first. Timer and listener
 * are always cleaned up, and a late rejection of the work is never left unhandled.
 */

/** The reason when no `late` / `aborted` reason is given. */
export class DeadlineError extends Error {
  constructor(readonly reason: 'late' | 'aborted') {
    super(reason === 'late' ? 'No answer in time.' : 'Stopped.');
    this.name = 'DeadlineError';
  }
}

export interface DeadlineOptions {
  /** Milliseconds from now (at least 0); without it there is no deadline. */
  readonly deadlineMs?: number | undefined;
  /** Aborting it ends the race at once (already aborted: at once too). */
  readonly signal?: AbortSignal | undefined;
  /** What to reject with when the deadline passes (default DeadlineError('late')). */
  readonly late?: () => unknown;
  /** What to reject with when the signal aborts (default DeadlineError('aborted')). */
  readonly aborted?: () => unknown;
  /** Called once when the race is lost (late or aborted), before the rejection: e.g. to stop the work. */
  readonly giveUp?: () => void;
  /** Node: the deadline's timer does not keep the process alive on its own. */
  readonly unref?: boolean;
}

/** Settles as `promise` does, or rejects when the deadline passes or the signal aborts first. */
export function withDeadline<T>(promise: Promise<T>, options: DeadlineOptions): Promise<T> {
  const { deadlineMs, signal } = options;
  return new Promise<T>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let settled = false;
    const cleanup = (): void => {
      settled = true;
      if (timer !== undefined) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    const lose = (reason: () => unknown): void => {
      if (settled) return;
      cleanup();
      options.giveUp?.();
      reject(reason());
    };
    const onAbort = (): void => lose(options.aborted ?? (() => new DeadlineError('aborted')));
    promise.then(
      (value) => {
        if (settled) return;
        cleanup();
        resolve(value);
      },
      (error: unknown) => {
        if (settled) return;
        cleanup();
        reject(error);
      },
    );
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    if (deadlineMs !== undefined) {
      timer = setTimeout(() => lose(options.late ?? (() => new DeadlineError('late'))), Math.max(0, deadlineMs));
      if (options.unref) (timer as unknown as { unref?: () => void }).unref?.();
    }
  });
}
