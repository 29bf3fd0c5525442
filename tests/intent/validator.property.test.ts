/**
 * Property-based tests of the validator: over generated and mutated planner outputs it never throws,
 * and it never accepts anything outside the schema. An independent JSON Schema validator (ajv, on the
 * JSON Schema generated from the zod schema) cross-checks every accepted intent.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { KEY_NAMES, MODIFIERS } from '../../src/shared/keys.js';
import { ROLES } from '../../src/shared/roles.js';
import { Intent, LIMITS } from '../../src/intent/schema.js';
import { validatePlannerOutput, validateIntentValue } from '../../src/intent/validator.js';
import { ALL_VALID_INTENTS } from '../fixtures/intents.js';

const ajv = new Ajv2020({ strict: false, allErrors: false });
const ajvIntent = ajv.compile(z.toJSONSchema(Intent) as object);

// --- Generators of valid intents -------------------------------------------------------------

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
// eslint-disable-next-line no-control-regex
const UNTYPABLE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

const printable = fc.string({ minLength: 1, maxLength: 40, unit: 'grapheme' }).filter((s) => s.trim().length > 0 && !CONTROL.test(s));
const label = printable;
const coordinate = fc.double({ min: -LIMITS.coordinateAbsMax, max: LIMITS.coordinateAbsMax, noNaN: true, noDefaultInfinity: true });
const confidence = fc.option(fc.double({ min: 0.3, max: 1, noNaN: true }), { nil: undefined });
const point = fc.record({ x: coordinate, y: coordinate });
const byId = fc.record({ id: fc.integer({ min: 1, max: LIMITS.elementIdMax }) });
const byLabel = fc.record({ label, role: fc.constantFrom(...ROLES), app: printable }, { requiredKeys: ['label'] });
const elementRef = fc.oneof(byId, byLabel);
const place = fc.oneof(point, byId, byLabel);
const modifiers = fc.uniqueArray(fc.constantFrom('cmd', 'ctrl', 'alt', 'shift', 'fn'), { maxLength: 4 });

/** A cell ("B3", "xfd1048576") or a range ("A1:C5") that go_to_cell accepts. */
const cellAddress = fc.tuple(fc.integer({ min: 1, max: 16_384 }), fc.integer({ min: 1, max: 1_048_576 }), fc.boolean()).map(([column, row, lower]) => {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return `${lower ? letters.toLowerCase() : letters}${row}`;
});
const cellReference = fc.oneof(
  cellAddress,
  fc.tuple(cellAddress, cellAddress).map(([a, b]) => `${a}:${b}`),
);

function withConfidence<T extends object>(arb: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return fc.tuple(arb, confidence).map(([v, c]) => (c === undefined ? v : { ...v, confidence: c }));
}

const stepArb = fc.oneof(
  withConfidence(fc.record({ intent: fc.constant('open_application'), app: printable })),
  withConfidence(fc.record({ intent: fc.constantFrom('click_element', 'double_click_element', 'right_click_element'), element: elementRef })),
  withConfidence(
    fc.record(
      { intent: fc.constant('type_text'), text: fc.string({ minLength: 1, maxLength: LIMITS.textMax }).filter((s) => !UNTYPABLE.test(s)), element: elementRef },
      { requiredKeys: ['intent', 'text'] },
    ),
  ),
  withConfidence(
    fc.record({ intent: fc.constant('press_key'), key: fc.constantFrom(...KEY_NAMES), modifiers, app: printable }, { requiredKeys: ['intent', 'key'] }),
  ),
  withConfidence(
    fc.record(
      {
        intent: fc.constant('scroll'),
        direction: fc.constantFrom('up', 'down', 'left', 'right'),
        amount: fc.integer({ min: 1, max: 50 }),
        element: elementRef,
        app: printable,
      },
      { requiredKeys: ['intent', 'direction'] },
    ),
  ),
  withConfidence(fc.record({ intent: fc.constant('move_mouse'), to: place })),
  withConfidence(
    fc.record(
      { intent: fc.constant('left_click_coordinates'), x: coordinate, y: coordinate, count: fc.integer({ min: 1, max: 3 }) },
      { requiredKeys: ['intent', 'x', 'y'] },
    ),
  ),
  withConfidence(fc.record({ intent: fc.constant('drag'), from: place, to: place })),
  withConfidence(fc.record({ intent: fc.constant('go_to_cell'), cell: cellReference, app: printable }, { requiredKeys: ['intent', 'cell'] })),
);

const validIntentArb: fc.Arbitrary<unknown> = fc.oneof(
  stepArb,
  withConfidence(fc.record({ intent: fc.constant('sequence'), steps: fc.array(stepArb, { minLength: 1, maxLength: 20 }) })),
  withConfidence(
    fc.record(
      { intent: fc.constant('clarify_request'), question: printable, options: fc.array(printable, { minLength: 1, maxLength: 6 }) },
      { requiredKeys: ['intent', 'question'] },
    ),
  ),
  withConfidence(fc.record({ intent: fc.constant('get_frontmost_app') })),
  withConfidence(fc.record({ intent: fc.constant('get_screen_elements'), app: printable }, { requiredKeys: ['intent'] })),
  withConfidence(fc.record({ intent: fc.constant('unsupported'), suggestion: printable, reason: printable }, { requiredKeys: ['intent', 'suggestion'] })),
);

// --- Mutations --------------------------------------------------------------------------------

/** Paths to every node of a JSON value. */
function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const out = [prefix];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...paths(v, [...prefix, i])));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) out.push(...paths(v, [...prefix, k]));
  return out;
}

function setAt(root: unknown, path: (string | number)[], fn: (v: unknown) => unknown): unknown {
  if (path.length === 0) return fn(root);
  const [head, ...rest] = path;
  if (Array.isArray(root)) return root.map((v, i) => (i === head ? setAt(v, rest, fn) : v));
  if (root && typeof root === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(root)) out[k] = k === head ? setAt(v, rest, fn) : v;
    return out;
  }
  return root;
}

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\u001b[2J',
    'x'.repeat(600),
    '12',
    '0.1',
    'NaN',
    'Infinity',
    -1,
    0,
    1.5,
    1e308,
    -1e308,
    2 ** 53,
    [],
    {},
    null,
    true,
    'password_field',
    'AXButton',
    'cmd+q',
    'sequence',
    '__proto__',
  ),
);

type Mutation =
  | { kind: 'replace'; pick: number; value: unknown }
  | { kind: 'delete'; pick: number }
  | { kind: 'add'; pick: number; key: string; value: unknown }
  | { kind: 'stringify-number'; pick: number };

const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('replace' as const), pick: fc.nat(), value: hostileValue }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('add' as const),
    pick: fc.nat(),
    key: fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('intent', 'confidence', 'steps', 'label', 'id', 'plan', 'risk', 'level')),
    value: hostileValue,
  }),
  fc.record({ kind: fc.constant('stringify-number' as const), pick: fc.nat() }),
);

function mutate(value: unknown, m: Mutation): unknown {
  const all = paths(value);
  const path = all[m.pick % all.length]!;
  switch (m.kind) {
    case 'replace':
      return setAt(value, path, () => m.value);
    case 'delete': {
      if (path.length === 0) return undefined;
      const parent = path.slice(0, -1);
      const last = path[path.length - 1]!;
      return setAt(value, parent, (p) => {
        if (Array.isArray(p)) return p.filter((_, i) => i !== last);
        if (p && typeof p === 'object') return Object.fromEntries(Object.entries(p).filter(([k]) => k !== last));
        return p;
      });
    }
    case 'add':
      return setAt(value, path, (p) => (p && typeof p === 'object' && !Array.isArray(p) ? { ...p, [m.key]: m.value } : p));
    case 'stringify-number':
      return setAt(value, path, (p) => (typeof p === 'number' ? String(p) : p));
  }
}

const wrapperArb = fc.constantFrom(
  (s: string) => s,
  (s: string) => `{"plan": ${s}}`,
  (s: string) => `Here is the plan:\n\`\`\`json\n${s}\n\`\`\``,
  (s: string) => `I'll do it. ${s} Done!`,
  (s: string) => s.slice(0, Math.floor(s.length / 2)),
  (s: string) => s.replace(/"/g, "'"),
  (s: string) => `${s}${s}`,
);

/** Asserts the one property every output must have: accepted means inside the schema. */
function checkAccepted(raw: string): boolean {
  const v = validatePlannerOutput(raw);
  if (!v.ok) {
    expect(typeof v.rejection.message).toBe('string');
    expect(v.rejection.message.length).toBeGreaterThan(0);
    return false;
  }
  expect(Intent.safeParse(v.intent).success).toBe(true);
  expect(ajvIntent(v.intent)).toBe(true);
  if (v.confidence !== undefined) expect(v.confidence).toBeGreaterThanOrEqual(0.3);
  return true;
}

describe('validator properties', () => {
  it('accepts every generated valid intent unchanged (2,000 runs)', () => {
    fc.assert(
      fc.property(validIntentArb, fc.boolean(), (intent, wrap) => {
        const raw = JSON.stringify(wrap ? { plan: intent } : intent);
        const v = validateIntentValue(JSON.parse(raw));
        expect(v.ok).toBe(true);
        expect(v.ok && v.intent).toEqual(JSON.parse(raw.startsWith('{"plan"') ? JSON.stringify(intent) : raw));
        expect(ajvIntent(intent)).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });

  it('never throws and never accepts outside the schema over mutated outputs (10,000 runs)', () => {
    const seeds = fc.oneof(validIntentArb, fc.constantFrom(...ALL_VALID_INTENTS));
    let accepted = 0;
    let rejected = 0;
    fc.assert(
      fc.property(seeds, fc.array(mutationArb, { minLength: 1, maxLength: 4 }), wrapperArb, (seed, mutations, wrap) => {
        let value: unknown = seed;
        for (const m of mutations) value = mutate(value, m);
        const json = JSON.stringify(value) ?? 'undefined';
        let ok = false;
        expect(() => (ok = checkAccepted(wrap(json)))).not.toThrow();
        if (ok) accepted++;
        else rejected++;
      }),
      { numRuns: 10_000 },
    );
    // The property means something only if both sides were exercised in earnest.
    console.log(`mutated outputs: ${accepted} accepted, ${rejected} rejected`);
    expect(accepted).toBeGreaterThan(500);
    expect(rejected).toBeGreaterThan(2_000);
  });

  it('never throws on arbitrary text and arbitrary JSON (5,000 runs)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 400 }), fc.json({ maxDepth: 6 }), fc.string({ unit: 'binary', maxLength: 200 })), (raw) => {
        checkAccepted(raw);
      }),
      { numRuns: 5_000 },
    );
  });

  it('rejects every mutation that breaks a schema limit the JSON Schema cannot express', () => {
    // Refinements (blank, control characters, repeated modifiers) live only in zod: check them directly.
    fc.assert(
      fc.property(fc.constantFrom('   ', 'a\u0007b', 'x\u202Ey'), fc.constantFrom(...MODIFIERS), (bad, mod) => {
        expect(validateIntentValue({ intent: 'open_application', app: bad }).ok).toBe(false);
        expect(validateIntentValue({ intent: 'press_key', key: 'a', modifiers: [mod, mod] }).ok).toBe(false);
      }),
      { numRuns: 50 },
    );
  });
});
