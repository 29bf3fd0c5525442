// How a run steps and ends (src/agent/run-state.ts): a sequence resumed from a step, a wait that a
// stop cuts short with Cancelled, and the two kinds of step.
import { describe, expect, it } from 'vitest';
import { AGAIN, Cancelled, end, fromStep, untilAborted } from '../../src/agent/run-state.js';
import type { Intent } from '../../src/intent/schema.js';

const A: Intent = { intent: 'click_element', element: { label: 'A' } };
const B: Intent = { intent: 'click_element', element: { label: 'B' } };
const C: Intent = { intent: 'press_key', key: 'enter' };
const SEQ: Intent = { intent: 'sequence', steps: [A, B, C] } as Intent;

describe('fromStep', () => {
  // [intent, 1-based step, what is left]
  const cases: [string, Intent, number | undefined, Intent][] = [
    ['no step: the whole sequence', SEQ, undefined, SEQ],
    ['step 1: the whole sequence', SEQ, 1, SEQ],
    ['step 0 or less: the whole sequence', SEQ, 0, SEQ],
    ['step 2: the steps from it on', SEQ, 2, { intent: 'sequence', steps: [B, C] } as Intent],
    ['the last step: that step alone, not a sequence of one', SEQ, 3, C],
    ['not a sequence: itself', A, 3, A],
  ];
  it.each(cases)('%s', (_, intent, step, left) => {
    expect(fromStep(intent, step)).toEqual(left);
  });
});

describe('untilAborted', () => {
  it('gives the promise’s value while the run goes on', async () => {
    await expect(untilAborted(Promise.resolve(7), new AbortController().signal)).resolves.toBe(7);
  });

  it('rejects with Cancelled as soon as the run is stopped, without waiting for the promise', async () => {
    const stop = new AbortController();
    const waiting = untilAborted(new Promise<never>(() => undefined), stop.signal);
    stop.abort();
    await expect(waiting).rejects.toBeInstanceOf(Cancelled);
  });

  it('rejects at once when the run was already stopped', async () => {
    await expect(untilAborted(Promise.resolve(1), AbortSignal.abort())).rejects.toBeInstanceOf(Cancelled);
  });
});

describe('steps', () => {
  it('end carries the outcome and message; AGAIN plans again', () => {
    expect(end('done', 'Clicked.')).toEqual({ kind: 'end', result: { outcome: 'done', message: 'Clicked.' } });
    expect(AGAIN.kind).toBe('again');
  });
});
