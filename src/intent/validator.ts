/**
 * The validator: raw planner text → a typed intent, or a typed rejection.
 *
 * Everything a planner says passes through here, the grammar's intents as much as an LLM's. A
 * rejection carries two texts: `message`, a sentence the user can act on, and `feedback`, what the
 * planner got wrong, precise enough for an LLM to correct itself on a retry. Nothing here throws.
 */
import type { z } from 'zod';
import { extractJson, type Extraction } from './extract-json.js';
import { Intent, PlannerReply, isElementById, type ElementRef, type Place, type Step } from './schema.js';
import { errorMessage } from '../shared/errors.js';

export type RejectionCode = Extract<Extraction, { ok: false }>['code'] | 'schema' | 'low_confidence' | 'stale_element' | 'no_observation';

export interface Rejection {
  readonly code: RejectionCode;
  /** For the user: what happened and what to do. */
  readonly message: string;
  /** For the planner: what was wrong with its answer. */
  readonly feedback: string;
}

export type Validation =
  | { readonly ok: true; readonly intent: Intent; readonly lowConfidence: boolean; readonly confidence?: number }
  | { readonly ok: false; readonly rejection: Rejection };

export interface ConfidencePolicy {
  /** Below this the plan is rejected. */
  readonly reject: number;
  /** Below this (and at or above `reject`) the plan runs with a visible warning. */
  readonly warn: number;
}

export const DEFAULT_CONFIDENCE_POLICY: ConfidencePolicy = { reject: 0.3, warn: 0.6 };

export interface ValidationContext {
  /**
   * Element ids of the latest observation. `null`: nothing has been observed yet, so no id can be
   * valid. Omitted: the caller does not track observations, and ids are checked when executed.
   */
  readonly latestElementIds?: ReadonlySet<number> | null;
  readonly confidence?: ConfidencePolicy;
}

const REPHRASE = 'Try saying it another way, or use a simpler command such as "click Send".';

const EXTRACTION_MESSAGES: Record<Extract<Extraction, { ok: false }>['code'], string> = {
  empty: 'The planner gave no answer.',
  too_large: "The planner's answer was far too long to be a command, so it was ignored.",
  no_json: "The planner's answer was not a command the assistant can read.",
  malformed_json: "The planner's answer was not a command the assistant can read.",
  too_deep: "The planner's answer was not a command the assistant can read.",
  unsafe_key: "The planner's answer contained a forbidden field, so it was ignored.",
};

function reject(code: RejectionCode, message: string, feedback: string): Validation {
  return { ok: false, rejection: { code, message, feedback } };
}

/** Validates a planner's raw text answer (JSON, possibly wrapped in prose or a code fence). */
export function validatePlannerOutput(raw: unknown, context: ValidationContext = {}): Validation {
  const extracted = extractJson(raw);
  if (!extracted.ok) {
    return reject(
      extracted.code,
      `${EXTRACTION_MESSAGES[extracted.code]} ${REPHRASE}`,
      `${extracted.detail}. Answer with exactly one JSON object {"plan": {...}}.`,
    );
  }
  return validateIntentValue(extracted.value, context);
}

/** Validates an already-parsed value: a bare intent or `{"plan": intent}`. */
export function validateIntentValue(value: unknown, context: ValidationContext = {}): Validation {
  let parsed: z.ZodSafeParseResult<Intent>;
  try {
    const input = dropNulls(value, 0);
    const wrapped = typeof input === 'object' && input !== null && !Array.isArray(input) && 'plan' in input;
    if (wrapped) {
      const r = PlannerReply.safeParse(input, { reportInput: true });
      parsed = r.success ? { success: true, data: r.data.plan } : { success: false, error: r.error as never };
    } else {
      parsed = Intent.safeParse(input, { reportInput: true });
    }
  } catch (e) {
    // zod does not throw on bad data; this guards against the unforeseen (a getter, a proxy).
    const why = errorMessage(e);
    return reject('schema', `The planner's answer could not be checked. ${REPHRASE}`, `validation failed: ${why}`);
  }
  if (!parsed.success) {
    const problems = describeIssues(parsed.error.issues);
    return reject(
      'schema',
      `The planner's answer was not a valid command (${problems[0]?.forUser ?? 'unknown problem'}). ${REPHRASE}`,
      `Your answer does not match the schema: ${problems.map((p) => p.forPlanner).join('; ')}.`,
    );
  }
  const intent = parsed.data;

  const policy = context.confidence ?? DEFAULT_CONFIDENCE_POLICY;
  const confidence = lowestConfidence(intent);
  if (confidence !== undefined && confidence < policy.reject) {
    return reject(
      'low_confidence',
      `The assistant was not sure what you meant (confidence ${confidence.toFixed(2)}), so it did nothing. ${REPHRASE}`,
      `confidence ${confidence} is below ${policy.reject}: when unsure, answer with a clarify_request instead.`,
    );
  }

  if (context.latestElementIds !== undefined) {
    const ids = elementIdsOf(intent);
    if (ids.length > 0) {
      if (context.latestElementIds === null) {
        return reject(
          'no_observation',
          `There is no numbered list of what's on screen yet, so element ${ids[0]} means nothing. Say "what's on screen" first.`,
          'element ids refer to the latest observation and nothing has been observed: name the element by label, or use get_screen_elements first.',
        );
      }
      const known = context.latestElementIds;
      const stale = ids.find((id) => !known.has(id));
      if (stale !== undefined) {
        return reject(
          'stale_element',
          `Element ${stale} is not in the latest list of what's on screen. Say "what's on screen" to number the elements again.`,
          `element id ${stale} is not in the latest observation (stale element — observe again, or name it by label).`,
        );
      }
    }
  }

  return {
    ok: true,
    intent,
    lowConfidence: confidence !== undefined && confidence < policy.warn,
    ...(confidence !== undefined ? { confidence } : {}),
  };
}

/**
 * Removes keys whose value is null: OpenAI's strict structured output makes every field required
 * and spells "absent" as null, so null means absent throughout. Depth is already bounded by the
 * extractor; the guard here covers values handed in directly.
 */
function dropNulls(value: unknown, depth: number): unknown {
  if (depth > 32) return value;
  if (Array.isArray(value)) return value.map((v) => dropNulls(v, depth + 1));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (v === null) continue;
    // defineProperty, not assignment: a "__proto__" key stays a plain (and then rejected) field.
    Object.defineProperty(out, k, { value: dropNulls(v, depth + 1), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

function lowestConfidence(intent: Intent): number | undefined {
  const values: number[] = [];
  if (intent.confidence !== undefined) values.push(intent.confidence);
  if (intent.intent === 'sequence') {
    for (const step of intent.steps) if (step.confidence !== undefined) values.push(step.confidence);
  }
  return values.length > 0 ? Math.min(...values) : undefined;
}

function placesOf(step: Intent | Step): Array<ElementRef | Place> {
  switch (step.intent) {
    case 'click_element':
    case 'double_click_element':
    case 'right_click_element':
      return [step.element];
    case 'type_text':
    case 'scroll':
      return step.element ? [step.element] : [];
    case 'move_mouse':
      return [step.to];
    case 'drag':
      return [step.from, step.to];
    case 'sequence':
      return step.steps.flatMap(placesOf);
    default:
      return [];
  }
}

/** Every element id an intent refers to, in order. */
export function elementIdsOf(intent: Intent): number[] {
  return placesOf(intent).flatMap((p) => (isElementById(p) ? [p.id] : []));
}

type Issue = z.core.$ZodIssue;

function pathOf(issue: Issue, forUser: boolean): string {
  const parts = issue.path.map(String);
  // The user never sees the envelope: "plan.element.label" reads as "element.label".
  if (forUser && parts[0] === 'plan') parts.shift();
  return parts.length === 0 ? 'the answer' : parts.join('.');
}

export interface IssueText {
  readonly forUser: string;
  readonly forPlanner: string;
}

/** Turns zod issues into short sentences ("element.label is missing"), for the user and the planner. At most 5. */
export function describeIssues(issues: readonly Issue[]): IssueText[] {
  const out: IssueText[] = [];
  for (const issue of issues.slice(0, 5)) {
    const where = pathOf(issue, false);
    const whereForUser = pathOf(issue, true);
    if (issue.code === 'invalid_union' && issue.path.at(-1) === 'intent') {
      const options = 'options' in issue && Array.isArray(issue.options) ? issue.options.map(String) : [];
      // zod reports the object that carries the discriminator as the input.
      const input: unknown = issue.input;
      const raw = typeof input === 'object' && input !== null && 'intent' in input ? input.intent : input;
      const name = typeof raw === 'string' ? raw.slice(0, 40) : undefined;
      const inStep = issue.path.length > 1 && issue.path.some((p) => p === 'steps');
      out.push({
        forUser: name === undefined ? 'it names no action' : inStep ? `a sequence cannot contain "${name}"` : `there is no action called "${name}"`,
        forPlanner: `${where} ${name === undefined ? 'is missing or not a string' : `"${name}" is not allowed here`}; use one of: ${options.join(', ')}`,
      });
    } else if (issue.code === 'unrecognized_keys') {
      const keys = issue.keys.map((k) => `"${k.slice(0, 40)}"`).join(', ');
      const text = `unknown field${issue.keys.length > 1 ? 's' : ''} ${keys} in`;
      out.push({ forUser: `${text} ${whereForUser}`, forPlanner: `${text} ${where}; remove ${issue.keys.length > 1 ? 'them' : 'it'}` });
    } else if ((issue.code === 'invalid_type' || issue.code === 'invalid_union') && issue.input === undefined) {
      out.push({ forUser: `${whereForUser} is missing`, forPlanner: `${where} is missing` });
    } else {
      out.push({ forUser: `${whereForUser}: ${issue.message}`, forPlanner: `${where}: ${issue.message}` });
    }
  }
  return out;
}
