import { describe } from 'vitest';
import { errorMessage } from '../../src/shared/errors.js';
import { itGives } from '../support/tables.js';

describe('errorMessage', () => {
  itGives('%s → %s', errorMessage, [
    [new Error('disk full'), 'disk full'],
    [new TypeError('not a function'), 'not a function'],
    ['a plain string', 'a plain string'],
    [42, '42'],
    [undefined, 'undefined'],
    [null, 'null'],
  ]);
});
