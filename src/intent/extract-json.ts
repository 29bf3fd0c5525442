/**
 * Finds the one JSON object in a planner's raw text and parses it safely.
 *
 * Models wrap JSON in prose and code fences; the text may also be huge, nested without end, or carry
 * keys such as `__proto__` meant to poison objects downstream. Every outcome is a value, never a throw.
 */
import { errorMessage } from '../shared/errors.js';

export const RAW_MAX_CHARS = 32_000;
export const JSON_MAX_DEPTH = 16;

const POISON_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export type Extraction =
  { ok: true; value: unknown } | { ok: false; code: 'empty' | 'too_large' | 'no_json' | 'malformed_json' | 'too_deep' | 'unsafe_key'; detail: string };

/** How many opening braces the extractor tries as the start of the JSON before giving up. */
const MAX_STARTS = 8;

/**
 * The balanced `{…}` segments of a text, in order, scanning strings correctly; the content of a
 * ```json fence comes first when there is one. Bounded: at most MAX_STARTS linear scans.
 */
export function jsonObjectCandidates(text: string): string[] {
  const out: string[] = [];
  const fence = /```(?:json|JSON)?[ \t]*\r?\n?([\s\S]*?)```/.exec(text);
  if (fence?.[1] !== undefined) out.push(...scanObjects(fence[1]));
  out.push(...scanObjects(text));
  return out;
}

function scanObjects(text: string): string[] {
  let start = text.indexOf('{');
  for (let tries = 0; start !== -1 && tries < MAX_STARTS; tries++) {
    const found: string[] = [];
    let depth = 0;
    let open = -1;
    let inString = false;
    let escaped = false;
    for (let i = start; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (inString) {
        if (escaped) escaped = false;
        else if (c === 0x5c /* backslash */) escaped = true;
        else if (c === 0x22 /* " */) inString = false;
        continue;
      }
      if (depth === 0) {
        // Between objects only a brace opens one; prose quotes must not start a string.
        if (c === 0x7b /* { */) {
          depth = 1;
          open = i;
        }
        continue;
      }
      if (c === 0x22) inString = true;
      else if (c === 0x7b || c === 0x5b /* [ */) depth++;
      else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
        depth--;
        if (depth === 0) found.push(text.slice(open, i + 1));
      }
    }
    if (found.length > 0) return found;
    // Unbalanced from this brace (prose such as "use {braces" before the JSON): try the next one.
    start = text.indexOf('{', start + 1);
  }
  return [];
}

/** Maximum nesting depth of a JSON text, counted without parsing (so a 100,000-deep input is cheap). */
export function jsonDepth(json: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  let escaped = false;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (inString) {
      if (escaped) escaped = false;
      else if (c === 0x5c) escaped = true;
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > max) max = depth;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return max;
}

/** Extracts and parses the planner's JSON object. */
export function extractJson(raw: unknown): Extraction {
  if (typeof raw !== 'string') return { ok: false, code: 'no_json', detail: 'the planner returned no text' };
  if (raw.trim().length === 0) return { ok: false, code: 'empty', detail: 'the planner returned an empty answer' };
  if (raw.length > RAW_MAX_CHARS) {
    return { ok: false, code: 'too_large', detail: `the planner's answer is longer than ${RAW_MAX_CHARS} characters` };
  }
  const candidates = jsonObjectCandidates(raw);
  if (candidates.length === 0) {
    return { ok: false, code: 'no_json', detail: 'the answer contains no complete JSON object' };
  }
  let firstFailure: Extraction | undefined;
  for (const candidate of candidates.slice(0, MAX_STARTS)) {
    const parsed = parseCandidate(candidate);
    if (parsed.ok) return parsed;
    firstFailure ??= parsed;
  }
  return firstFailure as Extraction;
}

function parseCandidate(candidate: string): Extraction {
  const depth = jsonDepth(candidate);
  if (depth > JSON_MAX_DEPTH) {
    return { ok: false, code: 'too_deep', detail: `the JSON is nested ${depth} levels deep (at most ${JSON_MAX_DEPTH})` };
  }
  let poisoned: string | undefined;
  let value: unknown;
  try {
    value = JSON.parse(candidate, (key, v: unknown) => {
      if (POISON_KEYS.has(key)) poisoned ??= key;
      return v;
    });
  } catch (e) {
    const why = errorMessage(e);
    return { ok: false, code: 'malformed_json', detail: `the JSON does not parse (${why.slice(0, 120)})` };
  }
  if (poisoned !== undefined) {
    return { ok: false, code: 'unsafe_key', detail: `the JSON uses the reserved key "${poisoned}"` };
  }
  return { ok: true, value };
}
