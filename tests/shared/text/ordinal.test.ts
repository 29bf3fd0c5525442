// Ordinals in figures (src/shared/text/ordinal.ts), as a table: the teens take "th".
import { describe } from 'vitest';
import { ordinal } from '../../../src/shared/text/ordinal.js';
import { itGives } from '../../support/tables.js';

describe('ordinal', () => {
  itGives('writes %i as %s', ordinal, [
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [10, '10th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [22, '22nd'],
    [23, '23rd'],
    [100, '100th'],
    [101, '101st'],
    [111, '111th'],
    [112, '112th'],
    [213, '213th'],
  ]);
});
