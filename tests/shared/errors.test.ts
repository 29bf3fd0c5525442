import { describe, expect, it } from 'vitest';
import { errorMessage } from '../../src/shared/errors.js';

describe('errorMessage', () => {
  it.each([
    [new Error('disk full'), 'disk full'],
    [new TypeError('not a function'), 'not a function'],
    ['a plain string', 'a plain string'],
    [42, '42'],
    [undefined, 'undefined'],
    [null, 'null'],
  ])('%s → %s', (thrown, message) => {
    expect(errorMessage(thrown)).toBe(message);
  });
});
