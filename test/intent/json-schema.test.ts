import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { plannerJsonSchema } from '../../src/intent/json-schema.js';
import { validateIntentValue } from '../../src/intent/validator.js';
import { ALL_VALID_INTENTS } from '../fixtures/intents.js';

type Node = { [k: string]: unknown };

function walk(node: unknown, visit: (n: Node) => void): void {
  if (Array.isArray(node)) node.forEach((n) => walk(n, visit));
  else if (node && typeof node === 'object') {
    visit(node as Node);
    Object.values(node).forEach((n) => walk(n, visit));
  }
}

/** What a model in strict mode produces: every optional field present, null when unused. */
function deref(schema: Node, root: Node): Node {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const name = ref.replace('#/$defs/', '');
  return deref((root.$defs as Record<string, Node>)[name]!, root);
}

function variantsOf(schema: Node, root: Node): Node[] {
  const s = deref(schema, root);
  return s.anyOf ? (s.anyOf as Node[]).flatMap((v) => variantsOf(v, root)) : [s];
}

function fillNulls(value: unknown, schema: Node, root: Node): unknown {
  const variants = variantsOf(schema, root);
  for (const variant of variants) {
    if (variant.type === 'null') continue;
    if (variant.type === 'object' && value && typeof value === 'object' && !Array.isArray(value)) {
      const props = variant.properties as Record<string, Node>;
      const keys = Object.keys(value);
      if (!keys.every((k) => k in props)) continue;
      const constIntent = props.intent ? deref(props.intent, root).const : undefined;
      if (constIntent !== undefined && constIntent !== (value as Node).intent) continue;
      const out: Node = {};
      for (const [k, sub] of Object.entries(props)) {
        const v = (value as Node)[k];
        out[k] = v === undefined ? null : fillNulls(v, sub, root);
      }
      return out;
    }
    if (variant.type === 'array' && Array.isArray(value)) return value.map((v) => fillNulls(v, variant.items as Node, root));
  }
  return value;
}

describe('planner JSON Schema (structured output)', () => {
  const schema = plannerJsonSchema();

  it('has an object at the root, as OpenAI requires', () => {
    expect(schema.type).toBe('object');
    expect(schema.anyOf).toBeUndefined();
    expect(schema.oneOf).toBeUndefined();
  });

  it('meets the strict-mode rules everywhere: closed objects, all properties required, no oneOf', () => {
    let objects = 0;
    walk(schema, (n) => {
      expect(n.oneOf).toBeUndefined();
      if (n.type === 'object') {
        objects++;
        expect(n.additionalProperties).toBe(false);
        expect([...(n.required as string[])].sort()).toEqual(Object.keys(n.properties as object).sort());
      }
    });
    expect(objects).toBeGreaterThan(15);
  });

  it('accepts every valid intent as a strict-mode model would send it, and the validator reads it back', () => {
    const validate = new Ajv2020({ strict: false }).compile(schema);
    const planSchema = (schema.properties as Record<string, Node>).plan!;
    for (const intent of ALL_VALID_INTENTS) {
      const sent = { plan: fillNulls(intent, planSchema, schema) };
      expect(validate(sent), JSON.stringify(validate.errors)).toBe(true);
      const v = validateIntentValue(sent);
      expect(v.ok && v.intent).toEqual(intent);
    }
  });

  it('rejects an unknown action and a missing field', () => {
    const validate = new Ajv2020({ strict: false }).compile(schema);
    expect(validate({ plan: { intent: 'run_shell', confidence: null } })).toBe(false);
    expect(validate({ plan: { intent: 'open_application', confidence: null } })).toBe(false);
  });

  it('writes shared parts once, under readable names, and stays compact', () => {
    const defs = schema.$defs as Record<string, Node>;
    for (const name of ['element', 'role', 'key', 'click_element', 'type_text', 'step']) expect(defs[name]).toBeDefined();
    const refs = JSON.stringify(schema).match(/"\$ref":"#\/\$defs\/[a-z_0-9]+"/g) ?? [];
    for (const r of refs) expect(defs[r.slice(16, -1)], r).toBeDefined();
    // Inlined, the schema was 25 kB; every request carries it.
    expect(JSON.stringify(schema).length).toBeLessThan(10_000);
  });

  it('is a fresh copy each time, so a provider cannot alter it for the next', () => {
    const a = plannerJsonSchema();
    a.type = 'string';
    expect(plannerJsonSchema().type).toBe('object');
  });
});
