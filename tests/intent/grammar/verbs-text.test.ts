// The text verb (src/intent/grammar/verbs-text.ts): quoted text exactly, unquoted text as said, a
// field only as "into the <Label> field"; whatever could be text or a target is refused.
import { describe, expect, it } from 'vitest';
import { parseType } from '../../../src/intent/grammar/verbs-text.js';
import { reading, tokens } from './read-fixture.js';

const type = (rest: string, politeTail = false) => reading(parseType(`type ${rest}`, tokens(`type ${rest}`).slice(1), politeTail));

describe('parseType', () => {
  const cases: [string, unknown][] = [
    ['"Hello,  world"', { intent: 'type_text', text: 'Hello,  world' }],
    ['hello world', { intent: 'type_text', text: 'hello world' }],
    ['"Ada" into the Name field', { intent: 'type_text', text: 'Ada', element: { label: 'Name', role: 'text_field' } }],
    ['Ada into the Name field', { intent: 'type_text', text: 'Ada', element: { label: 'Name', role: 'text_field' } }],
    ['in "hello"', { intent: 'type_text', text: 'hello' }],
    ['in hello', 'fail'],
    ['"Ada" and more', 'fail'],
    ['Ada in the Name field', { intent: 'type_text', text: 'Ada', element: { label: 'Name', role: 'text_field' } }],
    ['hello in the morning', { intent: 'type_text', text: 'hello in the morning' }],
    ['hello into Email address', 'fail'],
    ['"hello" into Email address', { intent: 'type_text', text: 'hello', element: { label: 'Email address' } }],
    ['"hello" in Email address', 'fail'],
    ['the word hello', 'fail'],
    ["'hello'", 'fail'],
    ['"Ada" into the Save button', 'fail'],
  ];
  it.each(cases)('type %s → %j', (rest, expected) => {
    expect(type(rest)).toEqual(expected);
  });

  it('asks for quotes when "please" may be part of the text', () => {
    expect(type('hello', true)).toBe('fail');
  });
});
