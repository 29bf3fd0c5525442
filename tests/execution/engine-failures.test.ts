// Failures as sentences (src/execution/engine-failures.ts): any error becomes a failure with a code
// the loop decides on, and a step of a sequence says which step failed and what was done before.
import { describe, expect, it } from 'vitest';
import { AccessibilityError, type AccessibilityErrorCode } from '../../src/execution/accessibility/types.js';
import { stepFailure, toFailure } from '../../src/execution/engine-failures.js';
import { ExecutionError, failure, success, type ActionResult } from '../../src/execution/results.js';

describe('toFailure', () => {
  // The bridge's code → the failure code the loop sees; a Record, so every code of the bridge has a case.
  const codes: Readonly<Record<AccessibilityErrorCode, string>> = {
    not_built: 'no_accessibility',
    unavailable: 'no_accessibility',
    permission_denied: 'no_accessibility',
    timeout: 'timeout',
    stale: 'stale',
    gone: 'gone',
    not_found: 'not_found',
    unsupported: 'unsupported',
    failed: 'failed',
  };
  it.each(Object.entries(codes) as Array<[AccessibilityErrorCode, string]>)('the bridge’s %s is a %s failure, its sentence kept', (code, expected) => {
    expect(toFailure(new AccessibilityError(code, 'The app went away.'), 'click')).toEqual({ kind: 'failure', code: expected, reason: 'The app went away.' });
  });

  it('keeps an ExecutionError’s code and sentence', () => {
    expect(toFailure(new ExecutionError('stale', 'Observe again.'), 'click')).toEqual(failure('stale', 'Observe again.'));
  });

  it('says what it could not do for anything else', () => {
    expect(toFailure(new TypeError('x is undefined'), 'read the screen')).toEqual(failure('failed', 'Could not read the screen: x is undefined.'));
    expect(toFailure('weird', 'scroll')).toMatchObject({ code: 'failed', reason: expect.stringMatching(/^Could not scroll \(weird\)\./) });
  });
});

describe('stepFailure', () => {
  const fail = failure('not_found', 'No “Send” button.');
  it.each<[number, string]>([
    [0, 'Nothing was done.'],
    [1, 'Step 1 was done.'],
    [3, 'Steps 1–3 were done.'],
  ])('after %i steps done: %s', (done, text) => {
    const r = stepFailure(fail, done + 1, 5, 'click “Send”', done);
    expect(r).toMatchObject({ kind: 'failure', code: 'not_found', step: done + 1 });
    expect(r.kind === 'failure' && r.reason).toBe(`Step ${done + 1} of 5 (click “Send”) failed: No “Send” button. ${text}`);
  });

  it('numbers a question and a confirmation by their step; leaves success alone', () => {
    const asked: ActionResult = { kind: 'clarification', question: 'Which one?', options: ['a', 'b'] };
    expect(stepFailure(asked, 2, 3, 'click “Save”', 1)).toMatchObject({ step: 2, question: 'Step 2 of 3 (click “Save”): Which one?' });
    const confirm: ActionResult = { kind: 'needs_confirmation', level: 'destructive', reason: 'It deletes.' };
    expect(stepFailure(confirm, 2, 3, 'press Enter', 1)).toMatchObject({ step: 2, reason: 'Step 2 of 3 (press Enter): It deletes. Step 1 was done.' });
    const ok = success('Done.');
    expect(stepFailure(ok, 1, 1, 'x', 0)).toBe(ok);
  });
});
