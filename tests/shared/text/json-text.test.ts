// JSON text with positions: the same values as JSON.parse, and errors at the character that is wrong.
import { describe, expect, it } from 'vitest';
import { lineColumn, nodeAt, parseJsonText } from '../../../src/shared/text/json-text.js';

const VALID = [
  '{}',
  '[]',
  ' {"a": [1, -2.5e3, true, false, null, "x\\n\\u00e9\\"\\\\/"], "b": {"c": {}}} ',
  '"just text"',
  '0',
  '{"__proto__": {"x": 1}, "a": 2}',
  '\uFEFF{"bom": 1}',
];

const INVALID: Array<[string, number, number, RegExp]> = [
  ['{"a": 1,}', 1, 9, /comma before this closing brace/],
  ['[1, 2,]', 1, 7, /comma before this closing bracket/],
  ['{\n  "a": 1\n  "b": 2\n}', 3, 3, /expected a comma \(,\) or a closing brace/],
  ['{"a" 1}', 1, 6, /expected a colon/],
  ['{"a": "open', 1, 7, /no closing quote/],
  ["{'a': 1}", 1, 2, /expected a name in "quotes"/],
  ['{"a": tru}', 1, 7, /cannot start a value/],
  ['{"a": 1} x', 1, 10, /more after the end/],
  ['', 1, 1, /empty/],
  ['{"a": "\\q"}', 1, 8, /not an escape/],
];

describe('parseJsonText', () => {
  it.each(VALID)('reads %j as JSON.parse does', (text) => {
    const parsed = parseJsonText(text);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(parsed.value).toEqual(JSON.parse(text.replace(/^\uFEFF/, '')));
  });

  it.each(INVALID)('refuses %j at line %i, column %i with a sentence', (text, line, column, message) => {
    const parsed = parseJsonText(text);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(lineColumn(text, parsed.offset)).toEqual({ line, column });
    expect(parsed.message).toMatch(message);
    expect(() => JSON.parse(text)).toThrow();
  });

  it('keeps where each value is, and finds the deepest node on a path', () => {
    const text = '{\n  "commands": [\n    {"say": "x", "do": {"intent": 5}}\n  ]\n}';
    const parsed = parseJsonText(text);
    if (!parsed.ok) throw new Error(parsed.message);
    const node = nodeAt(parsed.root, ['commands', 0, 'do', 'intent']);
    expect(text.slice(node.start, node.end)).toBe('5');
    expect(lineColumn(text, node.start)).toEqual({ line: 3, column: 35 });
    // A missing field: the object it belongs in.
    const missing = nodeAt(parsed.root, ['commands', 0, 'app']);
    expect(text.slice(missing.start, missing.end)).toBe('{"say": "x", "do": {"intent": 5}}');
  });

  it('refuses nesting deeper than 64 levels without overflowing the stack', () => {
    const parsed = parseJsonText(`${'['.repeat(10_000)}${']'.repeat(10_000)}`);
    expect(parsed).toMatchObject({ ok: false, message: expect.stringMatching(/more than 64 levels/) });
  });
});
