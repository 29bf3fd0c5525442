// One call to the bridge thread (src/execution/accessibility/bridge-call.ts): its answer passed on,
// a failure thrown at once or answered later made an AccessibilityError, and the deadline's own
// timer (deadline + grace) rejecting a call the bridge thread never answers, then cleared when it does.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANSWER_GRACE_MS, callWithDeadline } from '../../../src/execution/accessibility/bridge-call.js';
import { AccessibilityError } from '../../../src/execution/accessibility/types.js';

const coded = (code: string, message: string): Error => Object.assign(new Error(message), { code });

describe('callWithDeadline', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('passes the answer on and leaves no timer behind', async () => {
    vi.useFakeTimers();
    await expect(callWithDeadline(1000, () => Promise.resolve(42))).resolves.toBe(42);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("makes an error thrown at once an AccessibilityError with the addon's code, and clears its timer", async () => {
    vi.useFakeTimers();
    const call = callWithDeadline(1000, () => {
      throw coded('stale', 'stale element — observe again');
    });
    await expect(call).rejects.toMatchObject({ code: 'stale', message: 'stale element — observe again' });
    await expect(call).rejects.toBeInstanceOf(AccessibilityError);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("makes a later rejection an AccessibilityError; a code that is not one of ours is 'failed'", async () => {
    vi.useFakeTimers();
    await expect(callWithDeadline(1000, () => Promise.reject(coded('no_such_code', 'the app went away')))).rejects.toMatchObject({
      code: 'failed',
      message: 'the app went away',
    });
    await expect(callWithDeadline(1000, () => Promise.reject(coded('not_found', 'no such element')))).rejects.toMatchObject({ code: 'not_found' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects with a sentence at the deadline plus the grace when the bridge thread does not answer, and not before', async () => {
    vi.useFakeTimers();
    let settled: unknown;
    const call = callWithDeadline(1000, () => new Promise<never>(() => undefined)).then(
      () => 'answered',
      (e: unknown) => e,
    );
    void call.then((v) => (settled = v));
    await vi.advanceTimersByTimeAsync(1000 + ANSWER_GRACE_MS - 1);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    const error = await call;
    expect(error).toBeInstanceOf(AccessibilityError);
    expect(error).toMatchObject({
      code: 'timeout',
      message: 'The accessibility bridge did not answer within 1000 ms: an application is not responding. Wait a moment and try again.',
    });
  });

  it('an answer after the deadline changes nothing: the caller has its timeout', async () => {
    vi.useFakeTimers();
    let answer: (v: number) => void = () => undefined;
    const call = callWithDeadline(10, () => new Promise<number>((r) => (answer = r)));
    const outcome = call.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10 + ANSWER_GRACE_MS);
    answer(7);
    expect(await outcome).toMatchObject({ code: 'timeout' });
  });
});
