/**
 * The JSON Schema that LLM providers use for structured output, generated from the intent schema.
 *
 * It is made acceptable to OpenAI's strict mode, the strictest of the three: an object at the root,
 * `anyOf` instead of `oneOf`, every object closed (`additionalProperties: false`) with every property
 * required, and optional properties spelled as "this type or null". The validator reads null as
 * absent, so the same answer validates either way.
 *
 * Sub-schemas used more than once (an element, a role, each action) are written once under `$defs`
 * with a readable name and referenced: the schema is part of every request, and inlined it would be
 * four times the size of the system prompt.
 */
import * as z from 'zod';
import {
  AppName,
  Confidence,
  Coordinate,
  ElementById,
  ElementByLabel,
  ElementRef,
  INTENT_SCHEMAS,
  KeyName,
  Modifier,
  Place,
  PlannerReply,
  Point,
  Role,
  Step,
} from './schema.js';

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

/** Readable `$defs` names for the shared parts; zod names any other reused part `__schemaN`. */
function definitionNames() {
  const registry = z.registry<{ id: string }>();
  const named: Array<[z.ZodType, string]> = [
    [ElementRef, 'element'],
    [ElementById, 'element_by_id'],
    [ElementByLabel, 'element_by_label'],
    [Place, 'place'],
    [Point, 'point'],
    [Role, 'role'],
    [KeyName, 'key'],
    [Modifier, 'modifier'],
    [Coordinate, 'coordinate'],
    [AppName, 'app'],
    [Confidence, 'confidence'],
    [Step, 'step'],
  ];
  for (const [schema, id] of named) registry.add(schema, { id });
  for (const schema of INTENT_SCHEMAS) registry.add(schema, { id: schema.shape.intent.value });
  return registry;
}

let cached: JsonSchema | undefined;

/** The planner reply schema (`{"plan": <intent>}`) in the strict form described above. */
export function plannerJsonSchema(): JsonSchema {
  if (!cached) {
    const raw = z.toJSONSchema(PlannerReply, { target: 'draft-2020-12', metadata: definitionNames(), reused: 'ref' }) as JsonSchema;
    delete raw.$schema;
    cached = makeStrict(raw) as JsonSchema;
  }
  return structuredClone(cached);
}
