// The scroll verb (src/intent/grammar/verbs-scroll.ts): a direction, an amount in wheel steps (a bit
// is the default), an app; pages and places are not amounts.
import { describe, expect, it } from 'vitest';
import { parseScroll } from '../../../src/intent/grammar/verbs-scroll.js';
import { reading, tokens } from './read-fixture.js';

describe('parseScroll (the words after "scroll")', () => {
  const cases: [string, unknown][] = [
    ['down', { intent: 'scroll', direction: 'down' }],
    ['up a bit', { intent: 'scroll', direction: 'up' }],
    ['down 3', { intent: 'scroll', direction: 'down', amount: 3 }],
    ['down by five lines', { intent: 'scroll', direction: 'down', amount: 5 }],
    ['left twice', { intent: 'scroll', direction: 'left', amount: 2 }],
    ['down 2 in Firefox', { intent: 'scroll', direction: 'down', amount: 2, app: 'Firefox' }],
    ['sideways', 'fail'],
    ['down a page', 'fail'],
    ['down to the bottom', 'fail'],
    ['down 0', 'fail'],
    ['down 3 lines quickly', 'fail'],
  ];
  it.each(cases)('%j → %j', (words, expected) => {
    expect(reading(parseScroll(tokens(words)))).toEqual(expected);
  });
});
