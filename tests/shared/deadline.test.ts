import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeadlineError, withDeadline } from '../../src/shared/deadline.js';

afterEach(() => vi.useRealTimers());

/** A promise settled by hand. */
function pending<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('withDeadline', () => {
  it('settles as the work does when it ends in time, and leaves no timer behind', async () => {
    vi.useFakeTimers();
    const work = pending<string>();
    const raced = withDeadline(work.promise, { deadlineMs: 1000 });
    work.resolve('done');
    await expect(raced).resolves.toBe('done');
    expect(vi.getTimerCount()).toBe(0);
    const failing = pending<string>();
    const raced2 = withDeadline(failing.promise, { deadlineMs: 1000 });
    failing.reject(new Error('broken'));
    await expect(raced2).rejects.toThrow('broken');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects with the late reason at the deadline, calls giveUp once, and a later rejection of the work stays handled', async () => {
    vi.useFakeTimers();
    const work = pending<string>();
    const giveUp = vi.fn();
    const raced = withDeadline(work.promise, { deadlineMs: 500, late: () => new Error('too slow'), giveUp });
    const seen = expect(raced).rejects.toThrow('too slow');
    await vi.advanceTimersByTimeAsync(499);
    expect(giveUp).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await seen;
    expect(giveUp).toHaveBeenCalledTimes(1);
    work.reject(new Error('after the fact')); // no unhandled rejection: vitest would fail the run
    await Promise.resolve();
  });

  it('rejects with DeadlineError("late") when no reason is given', async () => {
    vi.useFakeTimers();
    const raced = withDeadline(new Promise<never>(() => undefined), { deadlineMs: 10 });
    const seen = expect(raced).rejects.toEqual(new DeadlineError('late'));
    await vi.advanceTimersByTimeAsync(10);
    await seen;
  });

  it('rejects with the aborted reason when the signal aborts, and at once when it already has', async () => {
    const controller = new AbortController();
    const giveUp = vi.fn();
    const raced = withDeadline(new Promise<never>(() => undefined), { signal: controller.signal, aborted: () => 'stopped', giveUp });
    controller.abort();
    await expect(raced).rejects.toBe('stopped');
    expect(giveUp).toHaveBeenCalledTimes(1);
    await expect(withDeadline(Promise.resolve(1), { signal: controller.signal })).rejects.toEqual(new DeadlineError('aborted'));
  });

  it('an abort after the work settled changes nothing', async () => {
    const controller = new AbortController();
    const giveUp = vi.fn();
    await expect(withDeadline(Promise.resolve('ok'), { signal: controller.signal, giveUp })).resolves.toBe('ok');
    controller.abort();
    expect(giveUp).not.toHaveBeenCalled();
  });

  it('a deadline already past (negative) rejects at the next turn', async () => {
    vi.useFakeTimers();
    const raced = withDeadline(new Promise<never>(() => undefined), { deadlineMs: -5, late: () => 'late' });
    const seen = expect(raced).rejects.toBe('late');
    await vi.advanceTimersByTimeAsync(0);
    await seen;
  });
});
