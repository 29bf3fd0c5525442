// Finding the planner's JSON object in whatever text came back: every outcome is a value with a
// reason, prose and fences around the object are tolerated, and nothing huge, deep or poisoned parses.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractJson, JSON_MAX_DEPTH, jsonDepth, jsonObjectCandidates, RAW_MAX_CHARS } from '../../src/intent/extract-json.js';

const failure = (raw: unknown) => {
  const r = extractJson(raw);
  if (r.ok) throw new Error(`expected a failure for ${String(raw).slice(0, 60)}`);
  return r;
};

describe('extractJson: finding the object', () => {
  it('parses a bare object, one inside prose and one inside a fence', () => {
    expect(extractJson('{"intent":"scroll"}')).toEqual({ ok: true, value: { intent: 'scroll' } });
    expect(extractJson('Sure! Here it is: {"a": [1, {"b": 2}]} Hope that helps.')).toEqual({ ok: true, value: { a: [1, { b: 2 }] } });
    expect(extractJson('```JSON\r\n{"a": 1}\r\n```')).toEqual({ ok: true, value: { a: 1 } });
    expect(extractJson('```\n{"a": 1}\n```')).toEqual({ ok: true, value: { a: 1 } });
  });

  it('prefers the fenced object to an example in the prose around it', () => {
    expect(extractJson('An intent looks like {"x": 0}.\n```json\n{"a": 1}\n```')).toEqual({ ok: true, value: { a: 1 } });
  });

  it('reads braces and quotes inside strings as text', () => {
    expect(extractJson('{"text": "a } b { c \\" d ]"}')).toEqual({ ok: true, value: { text: 'a } b { c " d ]' } });
  });

  it('skips prose with an unbalanced brace before the JSON, and quotes in prose', () => {
    expect(extractJson('Use {braces like "this" and then: {"a": 1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(extractJson('He said "hi {there" then {"a": 2}')).toEqual({ ok: true, value: { a: 2 } });
  });

  it('takes the first object that parses when several are given', () => {
    expect(extractJson('{not json} {"a": 1} {"a": 2}')).toEqual({ ok: true, value: { a: 1 } });
  });
});

describe('extractJson: every failure is a code and a reason', () => {
  it('no text, empty text', () => {
    expect(failure(undefined)).toEqual({ ok: false, code: 'no_json', detail: 'the planner returned no text' });
    expect(failure(42)).toMatchObject({ code: 'no_json' });
    expect(failure(' \n\t ')).toEqual({ ok: false, code: 'empty', detail: 'the planner returned an empty answer' });
  });

  it('too large: one character past the limit, and not at the limit', () => {
    const at = `{"a":"${'x'.repeat(RAW_MAX_CHARS - 8)}"}`;
    expect(at).toHaveLength(RAW_MAX_CHARS);
    expect(extractJson(at).ok).toBe(true);
    expect(failure(`${at} `)).toEqual({ ok: false, code: 'too_large', detail: `the planner's answer is longer than ${RAW_MAX_CHARS} characters` });
  });

  it('no complete object', () => {
    for (const raw of ['I cannot help with that.', '[1, 2]', '{"a": 1', '}{'])
      expect(failure(raw), raw).toMatchObject({ code: 'no_json', detail: 'the answer contains no complete JSON object' });
  });

  it('malformed JSON, with the parser’s reason cut short', () => {
    const r = failure('{"a": 1,}');
    expect(r.code).toBe('malformed_json');
    expect(r.detail).toMatch(/^the JSON does not parse \(.+\)$/);
    expect(r.detail.length).toBeLessThanOrEqual('the JSON does not parse ()'.length + 120);
  });

  it('too deep: JSON_MAX_DEPTH levels parse, one more does not', () => {
    const nested = (depth: number) => `${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`;
    expect(extractJson(nested(JSON_MAX_DEPTH)).ok).toBe(true);
    expect(failure(nested(JSON_MAX_DEPTH + 1))).toEqual({
      ok: false,
      code: 'too_deep',
      detail: `the JSON is nested ${JSON_MAX_DEPTH + 1} levels deep (at most ${JSON_MAX_DEPTH})`,
    });
  });

  it('a key that could poison objects downstream, at any depth', () => {
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      expect(failure(`{"intent": "scroll", "x": {"${key}": {"admin": true}}}`)).toEqual({
        ok: false,
        code: 'unsafe_key',
        detail: `the JSON uses the reserved key "${key}"`,
      });
    }
    expect(extractJson('{"text": "__proto__"}')).toEqual({ ok: true, value: { text: '__proto__' } });
  });

  it('never throws, whatever the text (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300, unit: fc.constantFrom('{', '}', '[', ']', '"', '\\', ':', ',', 'a', '1', ' ', '`') }), (raw) => {
        const r = extractJson(raw);
        if (!r.ok) expect(r.detail.length).toBeGreaterThan(0);
      }),
    );
  });

  it('finds any JSON object however much prose surrounds it (property)', () => {
    const prose = fc.string({ maxLength: 80, unit: fc.constantFrom('a', 'b', ' ', '.', '!', '\n', '"', '}', ']') });
    fc.assert(
      fc.property(
        prose,
        fc.dictionary(
          fc.string({ minLength: 1, maxLength: 8 }).filter((k) => !['__proto__', 'constructor', 'prototype'].includes(k)),
          fc.jsonValue({ maxDepth: 3 }),
        ),
        prose,
        (before, object, after) => {
          const r = extractJson(`${before}${JSON.stringify(object)}${after}`);
          // A reserved key anywhere inside ("__proto__" in a nested value) is refused, never returned.
          if (hasReservedKey(JSON.parse(JSON.stringify(object)))) expect(r).toMatchObject({ ok: false, code: 'unsafe_key' });
          else expect(r).toEqual({ ok: true, value: JSON.parse(JSON.stringify(object)) });
        },
      ),
    );
  });
});

/** Does a parsed JSON value hold a key that could poison objects downstream, at any depth? */
function hasReservedKey(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  return Object.keys(value).some((k) => ['__proto__', 'constructor', 'prototype'].includes(k)) || Object.values(value).some(hasReservedKey);
}

describe('jsonDepth', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(jsonDepth('1')).toBe(0);
    expect(jsonDepth('{}')).toBe(1);
    expect(jsonDepth('{"a":[{"b":[]}]}')).toBe(4);
    expect(jsonDepth('{"a":"[[[[{{{{"}')).toBe(1);
    expect(jsonDepth('{"a":"\\"[[["}')).toBe(1);
  });

  it('reads a 100,000-deep text without recursion', () => {
    expect(jsonDepth('['.repeat(100_000))).toBe(100_000);
  });
});

describe('jsonObjectCandidates', () => {
  it('lists the fence’s objects first, then every balanced object of the text in order', () => {
    expect(jsonObjectCandidates('{"x":1} ```json\n{"y":2}\n``` {"z":3}')).toEqual(['{"y":2}', '{"x":1}', '{"y":2}', '{"z":3}']);
  });

  it('gives up after a bounded number of unbalanced starts', () => {
    expect(jsonObjectCandidates(`${'{ '.repeat(20)}`)).toEqual([]);
    expect(jsonObjectCandidates(`${'{ ['.repeat(9)} {"a":1}`)).toEqual([]);
  });
});
