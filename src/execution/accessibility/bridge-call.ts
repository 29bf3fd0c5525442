/**
 * One call to the bridge thread, bounded twice: the native side bounds each platform call by the
 * deadline, and the timer here rejects the promise if the bridge thread itself does not answer in
 * time (it may be busy with an earlier call to a hung application). Every failure, thrown at once or
 * answered later, becomes an `AccessibilityError`.
 */
import { toAccessibilityError } from './native-values.js';
import { AccessibilityError } from './types.js';

/** Grace on top of a deadline for the answer to travel back from the bridge thread. */
export const ANSWER_GRACE_MS = 250;

export function callWithDeadline<T>(deadlineMs: number, start: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    // This timer also keeps Node alive while the call is pending: the addon does not.
    const timer = setTimeout(() => {
      reject(
        new AccessibilityError(
          'timeout',
          `The accessibility bridge did not answer within ${deadlineMs} ms: an application is not responding. Wait a moment and try again.`,
        ),
      );
    }, deadlineMs + ANSWER_GRACE_MS);
    let pending: Promise<T>;
    try {
      pending = start();
    } catch (error) {
      clearTimeout(timer);
      reject(toAccessibilityError(error));
      return;
    }
    pending.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(toAccessibilityError(error));
      },
    );
  });
}
