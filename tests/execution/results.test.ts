// The engine's result values (src/execution/results.ts): built by their helpers, never thrown; a
// clarification carries its choices only when there are some.
import { describe, expect, it } from 'vitest';
import { clarification, ExecutionError, failure, found, stopWith, success } from '../../src/execution/results.js';

describe('results', () => {
  it.each([
    [success('Done.'), { kind: 'success', message: 'Done.' }],
    [failure('stale', 'Observe again.'), { kind: 'failure', code: 'stale', reason: 'Observe again.' }],
    [clarification('Which one?', ['a', 'b']), { kind: 'clarification', question: 'Which one?', options: ['a', 'b'] }],
  ])('%j', (built, expected) => {
    expect(built).toEqual(expected);
  });

  it('a clarification without choices has no choices key (the loop keeps no action to finish)', () => {
    expect('choices' in clarification('Which one?', ['a'])).toBe(false);
    expect(clarification('Which one?', ['a'], []).kind === 'clarification' && 'choices' in clarification('Which one?', ['a'], [])).toBe(true);
  });

  it('found and stopWith tell a value from the result that ends the action', () => {
    expect(found(3)).toEqual({ ok: true, value: 3 });
    const r = failure('not_found', 'No.');
    expect(stopWith(r)).toEqual({ ok: false, result: r });
  });

  it('an ExecutionError carries its failure code and sentence', () => {
    const e = new ExecutionError('timeout', 'The app does not answer.');
    expect(e).toBeInstanceOf(Error);
    expect([e.name, e.code, e.message]).toEqual(['ExecutionError', 'timeout', 'The app does not answer.']);
  });
});
