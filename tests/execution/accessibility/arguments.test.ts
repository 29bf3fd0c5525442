// The accessibility bridge's argument checks: what a caller (or a planner's bad output) is told.
import { describe, expect, it } from 'vitest';
import {
  DEFAULTS,
  checkAction,
  checkDeadline,
  checkElementRef,
  checkLaunchTarget,
  checkMaxDepth,
  checkMaxNodes,
  checkScope,
  checkValue,
  describe as describeValue,
} from '../../../src/execution/accessibility/arguments.js';

describe('accessibility bridge arguments', () => {
  it('applies the defaults when an option is left out', () => {
    expect(checkDeadline(undefined, DEFAULTS.snapshotDeadlineMs)).toBe(3000);
    expect(checkMaxDepth(undefined)).toBe(64);
    expect(checkMaxNodes(undefined)).toBe(5000);
    expect(checkScope(undefined)).toBe('app');
  });

  it('refuses a huge depth, a negative deadline and a non-integer node cap with exact messages', () => {
    expect(() => checkMaxDepth(100_000)).toThrow(new TypeError('maxDepth must be a whole number from 1 to 256 (got 100000)'));
    expect(() => checkDeadline(-1, 1000)).toThrow(new TypeError('deadlineMs must be a number of milliseconds from 1 to 60000 (got -1)'));
    expect(() => checkDeadline(Number.NaN, 1000)).toThrow(TypeError);
    expect(() => checkMaxNodes(2.5)).toThrow(new TypeError('maxNodes must be a whole number from 1 to 99999 (got 2.5)'));
  });

  it('accepts only element references taken from a snapshot', () => {
    expect(checkElementRef({ generation: 3, id: 12 })).toEqual({ generation: 3, id: 12 });
    for (const bad of [null, 12, { id: 12 }, { generation: 1, id: 0 }, { generation: -1, id: 1 }, { generation: 1, id: '2' }]) {
      expect(() => checkElementRef(bad)).toThrow(/^element must be \{ generation, id \} taken from a snapshot \(got /);
    }
  });

  it('names the allowed actions when given an unknown one', () => {
    expect(checkAction('show_menu')).toBe('show_menu');
    expect(() => checkAction('delete_everything')).toThrow(
      new TypeError(
        'action must be one of press, show_menu, focus, increment, decrement, confirm, cancel, expand, collapse, select, raise (got "delete_everything")',
      ),
    );
  });

  it('takes an app by exactly one of name or id', () => {
    expect(checkLaunchTarget({ name: 'Firefox' })).toEqual({ by: 'name', what: 'Firefox' });
    expect(checkLaunchTarget({ id: 'org.mozilla.firefox' })).toEqual({ by: 'id', what: 'org.mozilla.firefox' });
    expect(() => checkLaunchTarget({ name: 'a', id: 'b' })).toThrow(new TypeError('target must be { name: string } or { id: string } (got an object)'));
    expect(() => checkLaunchTarget({ name: '  ' })).toThrow(new TypeError("the application's name must not be empty"));
  });

  it('bounds the length of a value and shortens long strings in messages', () => {
    expect(checkValue('hello')).toBe('hello');
    expect(() => checkValue('x'.repeat(100_001))).toThrow(/^value must be a string of at most 100000 characters \(got "x{40}…"\)$/);
    expect(describeValue(undefined)).toBe('undefined');
    expect(describeValue([1])).toBe('an array');
  });
});
