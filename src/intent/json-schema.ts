/**
 * The JSON Schema that LLM providers use for structured output, generated from the intent schema.
 *
 * It is part of every request, so it is small (issue #19: prompt and schema together ≤ 2,000
 * tokens): one `action` object whose `intent` is one of the action names and whose other fields are
 * the union of every action's fields, all optional, each with its bare type — no lengths, ranges or
 * enums of keys and roles, which the system prompt states and the validator enforces (its
 * rejection tells the model what was wrong). An element, a point or an element-or-point is one
 * `target` object; a sequence's steps are actions again (the validator refuses nesting).
 *
 * Optional fields stay optional, so a model writes only the fields it needs (a plan stays ~30
 * output tokens): OpenAI's strict mode, which requires every field and would spell each absent
 * one as null, is therefore not used; Ollama's `format` grammar and OpenAI-compatible servers
 * still constrain decoding to this shape, and Anthropic reads it as the `plan` tool's input.
 */
import * as z from 'zod';
import { ElementRef, INTENT_SCHEMAS, INTENT_KINDS, KeyName, Modifier, Place, Point, Role, Step } from './schema.js';

type JsonSchema = { [key: string]: unknown };

const TARGET = { $ref: '#/$defs/target' };

/** The bare JSON type of one field. */
function fieldType(field: z.ZodType): JsonSchema {
  if (field === ElementRef || field === Place || field === Point) return TARGET;
  if (field === KeyName || field === Role) return { type: 'string' };
  if (field instanceof z.ZodArray) {
    const element = field.element as z.ZodType;
    if (element === Step) return { type: 'array', items: { $ref: '#/$defs/action' } };
    if (element === Modifier) return { type: 'array', items: { enum: [...Modifier.options] } };
    return { type: 'array', items: fieldType(element) };
  }
  const js = z.toJSONSchema(field, { unrepresentable: 'any' }) as JsonSchema;
  if (Array.isArray(js.enum)) return { enum: js.enum };
  if (typeof js.type === 'string') return { type: js.type };
  throw new Error(`no JSON type for a planner field (${JSON.stringify(js).slice(0, 80)})`);
}

function buildSchema(): JsonSchema {
  const properties: Record<string, JsonSchema> = { intent: { enum: [...INTENT_KINDS] } };
  for (const schema of INTENT_SCHEMAS) {
    for (const [key, raw] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
      if (key === 'intent') continue;
      const field = raw instanceof z.ZodOptional ? ((raw as z.ZodOptional<z.ZodType>).unwrap() as z.ZodType) : raw;
      const type = fieldType(field);
      const known = properties[key];
      // Two actions with a field of one name must agree on its type, or the union would lie.
      if (known && JSON.stringify(known) !== JSON.stringify(type)) throw new Error(`the field "${key}" has two types across actions`);
      properties[key] = type;
    }
  }
  const text = { type: 'string' };
  return {
    type: 'object',
    properties: { plan: { $ref: '#/$defs/action' } },
    required: ['plan'],
    additionalProperties: false,
    $defs: {
      action: { type: 'object', properties, required: ['intent'], additionalProperties: false },
      target: {
        type: 'object',
        properties: { id: { type: 'integer' }, label: text, role: text, app: text, x: { type: 'number' }, y: { type: 'number' } },
        additionalProperties: false,
      },
    },
  };
}

let cached: JsonSchema | undefined;

/** The planner reply schema (`{"plan": <action>}`) described above; a fresh copy each time. */
export function plannerJsonSchema(): JsonSchema {
  cached ??= buildSchema();
  return structuredClone(cached);
}
