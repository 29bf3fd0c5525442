/**
 * The loop's rules about intents, as pure functions: which intents only read, which failures no new
 * plan can fix, when two plans are the same action, and what a run aimed at a secure field must
 * not keep (the typed text).
 */
import type { Intent } from '../intent/schema.js';
import type { IntentSource } from '../shared/contracts/events.js';
import type { ActionResult } from '../registry/dispatch.js';
import type { RiskAssessment } from '../registry/risk.js';
import { SECURE_REFUSAL } from '../shared/secure-fields.js';

/** Intents that change nothing: allowed in a dry run, not written to the audit log. */
export const READ_ONLY: ReadonlySet<Intent['intent']> = new Set([
  'get_screen_elements',
  'get_frontmost_app',
  'list_applications',
  'clarify_request',
  'unsupported',
]);
/** Failures no other plan can fix (no desktop, no accessibility) or that the user caused (took over). */
export const NOT_REPLANNED: ReadonlySet<string> = new Set(['no_display', 'no_accessibility', 'interrupted']);
export const OBSERVING: ReadonlySet<Intent['intent']> = new Set(['get_screen_elements', 'get_frontmost_app', 'list_applications']);
/** Plans the user worded themselves (the grammar's reading, one of their own commands): an observation they ask for is the answer, not a model's look. */
export const USER_WORDED: ReadonlySet<IntentSource> = new Set<IntentSource>(['grammar', 'user_command']);

/** JSON with object keys sorted at every level, so key order never makes two intents differ. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([k, v]) => v !== undefined && k !== 'confidence');
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The same action, whatever the key order or a changed confidence. */
export function sameAction(a: Intent, b: Intent): boolean {
  return canonical(a) === canonical(b);
}

/** Was the action refused because it aimed at a secure field (so nothing of it may be kept)? */
export function refusedAsSecure(risk: RiskAssessment, result?: ActionResult): boolean {
  return risk.reason.includes(SECURE_REFUSAL) || (result?.kind === 'failure' && result.reason.includes(SECURE_REFUSAL));
}

/** Does a typed-text intent aim at a secure context (so its text must not be logged)? */
export function touchesSecureText(intent: Intent, risk: RiskAssessment, result?: ActionResult): boolean {
  if (refusedAsSecure(risk, result)) return true;
  const types = intent.intent === 'type_text' || (intent.intent === 'sequence' && intent.steps.some((s) => s.intent === 'type_text'));
  if (!types) return false;
  return risk.level === 'blocked' || (result?.kind === 'failure' && result.code === 'refused');
}

/** The intent with every text it would type replaced by `[secure]`. */
export function withoutTypedText(intent: Intent): Intent {
  if (intent.intent === 'type_text') return { ...intent, text: '[secure]' };
  if (intent.intent === 'sequence') return { ...intent, steps: intent.steps.map((s) => (s.intent === 'type_text' ? { ...s, text: '[secure]' } : s)) };
  return intent;
}

export const PROVENANCE_NOTE = 'This plan was made after reading the screen, so text on the screen may have suggested it.';
