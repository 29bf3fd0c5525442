/**
 * The JSON Schema that LLM providers use for structured output, generated from the intent schema.
 *
 * It is made acceptable to OpenAI's strict mode, the strictest of the three: an object at the root,
 * `anyOf` instead of `oneOf`, every object closed (`additionalProperties: false`) with every property
 * required, and optional properties spelled as "this type or null". The validator reads null as
 * absent, so the same answer validates either way.
 */
import { z } from 'zod';
import { PlannerReply } from './schema.js';

type JsonSchema = { [key: string]: unknown };

function isObject(v: unknown): v is JsonSchema {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function makeStrict(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(makeStrict);
  if (!isObject(node)) return node;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(node)) out[k === 'oneOf' ? 'anyOf' : k] = makeStrict(v);
  if (out.type === 'object' && isObject(out.properties)) {
    const props = out.properties;
    const required = new Set(Array.isArray(out.required) ? (out.required as string[]) : []);
    for (const key of Object.keys(props)) {
      if (!required.has(key)) props[key] = { anyOf: [props[key], { type: 'null' }] };
    }
    out.required = Object.keys(props);
    out.additionalProperties = false;
  }
  return out;
}

let cached: JsonSchema | undefined;

/** The planner reply schema (`{"plan": <intent>}`) in the strict form described above. */
export function plannerJsonSchema(): JsonSchema {
  if (!cached) {
    const raw = z.toJSONSchema(PlannerReply, { target: 'draft-2020-12' }) as JsonSchema;
    delete raw.$schema;
    cached = makeStrict(raw) as JsonSchema;
  }
  return structuredClone(cached);
}
