/**
 * What a suite opens once and closes after its last test (a desktop bench, a panel, a folder): its
 * `beforeAll` and `afterAll` written once. Closed even when getting it ready failed.
 */
import { afterAll, beforeAll } from 'vitest';

/**
 * Call in a `describe`: `open` before its first test, then `ready` on what it opened; `close` after
 * its last test. Returns a getter that throws, naming `what`, until it is open.
 */
export function openForSuite<T>(
  what: string,
  steps: { readonly open: () => Promise<T>; readonly ready?: (opened: T) => Promise<void>; readonly close: (opened: T) => Promise<void> },
  timeoutMs?: number,
): () => T {
  let opened: { readonly value: T } | undefined;
  beforeAll(async () => {
    opened = { value: await steps.open() };
    await steps.ready?.(opened.value);
  }, timeoutMs);
  afterAll(async () => {
    if (opened) await steps.close(opened.value);
  });
  return () => {
    if (!opened) throw new Error(`${what} is not open yet`);
    return opened.value;
  };
}
