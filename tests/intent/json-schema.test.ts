import { Ajv2020 } from 'ajv/dist/2020.js';
import { getEncoding } from 'js-tiktoken';
import { describe, expect, it } from 'vitest';
import { plannerJsonSchema } from '../../src/intent/json-schema.js';
import { plannerSystemPrompt } from '../../src/intent/system-prompt.js';
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

describe('planner JSON Schema (structured output)', () => {
  const schema = plannerJsonSchema();

  it('has an object at the root, as OpenAI requires', () => {
    expect(schema.type).toBe('object');
    expect(schema.anyOf).toBeUndefined();
    expect(schema.oneOf).toBeUndefined();
  });

  it('closes every object, and requires only the plan and its intent: a model writes just the fields it needs', () => {
    let objects = 0;
    walk(schema, (n) => {
      expect(n.oneOf).toBeUndefined();
      if (n.type === 'object') {
        objects++;
        expect(n.additionalProperties).toBe(false);
      }
    });
    expect(objects).toBe(3);
    expect(schema.required).toEqual(['plan']);
    expect((schema.$defs as Record<string, Node>).action!.required).toEqual(['intent']);
  });

  it('accepts every valid intent as a model would send it (absent fields left out), and the validator reads it back', () => {
    const validate = new Ajv2020({ strict: false }).compile(schema);
    for (const intent of ALL_VALID_INTENTS) {
      const sent = { plan: intent };
      expect(validate(sent), JSON.stringify(validate.errors)).toBe(true);
      const v = validateIntentValue(sent);
      expect(v.ok && v.intent).toEqual(intent);
    }
  });

  it('rejects an unknown action and an unknown field; what it lets through (a missing field) the validator refuses', () => {
    const validate = new Ajv2020({ strict: false }).compile(schema);
    expect(validate({ plan: { intent: 'run_shell' } })).toBe(false);
    expect(validate({ plan: { intent: 'click_element', elemnt: { label: 'Send' } } })).toBe(false);
    expect(validate({ plan: { intent: 'open_application' } })).toBe(true);
    expect(validateIntentValue({ plan: { intent: 'open_application' } }).ok).toBe(false);
  });

  it('is small: with the system prompt, at most 2,000 tokens (o200k_base) on every platform (issue #19)', () => {
    const enc = getEncoding('o200k_base');
    const schemaTokens = enc.encode(JSON.stringify(schema)).length;
    expect(schemaTokens).toBeLessThan(450);
    for (const platform of ['macos', 'linux', 'windows'] as const) {
      expect(enc.encode(plannerSystemPrompt(platform)).length + schemaTokens, platform).toBeLessThanOrEqual(2_000);
    }
  });

  it('is a fresh copy each time, so a provider cannot alter it for the next', () => {
    const a = plannerJsonSchema();
    a.type = 'string';
    expect(plannerJsonSchema().type).toBe('object');
  });
});
