// The guide's example maker (src/intent/grammar/guide-spec.ts): a label is kept only when given.
import { describe, expect, it } from 'vitest';
import { ex } from '../../../src/intent/grammar/guide-spec.js';

describe('ex', () => {
  it.each([
    [ex('click Send', 'click_element', 'Send'), { say: 'click Send', intent: 'click_element', label: 'Send' }],
    [ex('scroll down', 'scroll'), { say: 'scroll down', intent: 'scroll' }],
    [ex('click ""', 'click_element', ''), { say: 'click ""', intent: 'click_element', label: '' }],
  ])('makes %o', (made, expected) => {
    expect(made).toStrictEqual(expected);
  });

  it('leaves the label out, not undefined, when none is given', () => {
    expect('label' in ex('scroll down', 'scroll')).toBe(false);
  });
});
