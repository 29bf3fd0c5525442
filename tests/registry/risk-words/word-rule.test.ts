// The risk word rule makers (src/registry/risk-words/word-rule.ts): each phrase becomes one rule at
// the maker's level, in order, with the consequence given.
import { describe, expect, it } from 'vitest';
import { destructive, moderate } from '../../../src/registry/risk-words/word-rule.js';

describe('risk word rules', () => {
  it.each([
    [destructive, 'destructive'],
    [moderate, 'moderate'],
  ] as const)('%o makes one %s rule a phrase', (make, level) => {
    expect(make(['a b', 'c'], 'do something')).toEqual([
      { phrase: 'a b', level, consequence: 'do something' },
      { phrase: 'c', level, consequence: 'do something' },
    ]);
    expect(make([], 'do something')).toEqual([]);
  });
});
