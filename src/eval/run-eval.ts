/**
 * Runs corpus cases through a planner — the real provider code, validator and risk classification —
 * and scores each answer. Nothing is performed: the screen is a recorded observation, the text
 * get_screen_elements gives a planner, placed before the command (in the loop it comes back after a
 * get_screen_elements plan; here the command is the last turn, so it is planned against the screen
 * at once), and the risk gate judges element numbers by what that screen says about them, as the
 * loop does.
 */
import { toChatMessages, type ConversationTurn } from '../intent/conversation.js';
import { plannerJsonSchema } from '../intent/json-schema.js';
import type { Planner, PlanOutcome } from '../intent/providers/planner.js';
import { plannerSystemPrompt } from '../intent/system-prompt.js';
import type { ConfidencePolicy } from '../intent/validator.js';
import { classifyRisk, gateDecision, type ObservedFacts } from '../registry/risk.js';
import type { Role } from '../shared/roles.js';
import type { EvalCase, EvalScreen } from './corpus.js';
import { scoreCase, type CaseAnswer, type CaseResult } from './score.js';

/** Counts tokens of a text (a real tokenizer where there is one, an estimate otherwise). */
export type TokenCounter = (text: string) => number;

export interface RunEvalOptions {
  readonly planner: Planner;
  readonly screens: ReadonlyMap<string, EvalScreen>;
  readonly cases: readonly (EvalCase & { readonly screen: string })[];
  readonly budgetMs?: number;
  readonly confidence?: ConfidencePolicy;
  /** Loads the token counter; called only when a provider reports no usage (a tokenizer is slow to load). */
  readonly countTokens: () => Promise<TokenCounter>;
  readonly signal?: AbortSignal;
  /** Called after each case, with how many are done. */
  readonly onCase?: (done: number, total: number, result: CaseResult) => void;
  /**
   * Stops the run at the first case whose failure would repeat for every case (a wrong key, a
   * model that is not installed, nothing listening): the message is returned instead of results.
   */
  readonly stopOnConfigurationError?: boolean;
}

export type RunEvalResult =
  { readonly ok: true; readonly results: readonly CaseResult[] } | { readonly ok: false; readonly code: string; readonly message: string };

const CONFIGURATION_ERRORS = new Set(['auth', 'billing', 'model_not_found', 'endpoint_not_found', 'unreachable', 'cancelled']);

/** The conversation for a case: the screen, what was said and planned before, then the command. */
export function caseConversation(c: EvalCase, screen: EvalScreen): ConversationTurn[] {
  const turns: ConversationTurn[] = [{ kind: 'observation', text: screen.text }];
  for (const h of c.history ?? []) {
    turns.push({ kind: 'user', text: h.user }, { kind: 'plan', intent: h.plan }, { kind: 'result', outcome: 'done', detail: '' });
  }
  turns.push({ kind: 'user', text: c.command });
  return turns;
}

function answerOf(outcome: PlanOutcome, observed: ObservedFacts): CaseAnswer {
  if (outcome.kind === 'failed') return outcome.error.code === 'refused' ? { kind: 'declined' } : { kind: 'failed', code: outcome.error.code };
  const v = outcome.validation;
  if (!v.ok) return { kind: 'invalid', code: v.rejection.code };
  return { kind: 'intent', intent: v.intent, gate: gateDecision(classifyRisk(v.intent, {}, observed).level) };
}

/** What the recorded screen says about each element number (its role and name), for the risk gate. */
function observedFacts(screen: EvalScreen): ObservedFacts {
  const byId = new Map(screen.elements.map((e) => [e.id, { role: e.role as Role, name: e.label }]));
  return (id) => byId.get(id);
}

export async function runEval(options: RunEvalOptions): Promise<RunEvalResult> {
  const { planner, screens, cases, countTokens } = options;
  let counter: { count: TokenCounter; prefix: number } | undefined;
  const loadCounter = async () => {
    if (!counter) {
      const count = await countTokens();
      counter = { count, prefix: count(plannerSystemPrompt()) + count(JSON.stringify(plannerJsonSchema())) };
    }
    return counter;
  };
  const results: CaseResult[] = [];
  for (const c of cases) {
    const screen = screens.get(c.screen);
    if (!screen) return { ok: false, code: 'corpus', message: `The case ${c.id} names a screen "${c.screen}" that is not in the corpus.` };
    const conversation = caseConversation(c, screen);
    const started = performance.now();
    const outcome = await planner.plan({
      conversation,
      ...(options.budgetMs !== undefined ? { budgetMs: options.budgetMs } : {}),
      validation: { latestElementIds: new Set(screen.elements.map((e) => e.id)), ...(options.confidence ? { confidence: options.confidence } : {}) },
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const latencyMs = outcome.timing.totalMs > 0 ? outcome.timing.totalMs : Math.round(performance.now() - started);
    if (outcome.kind === 'failed' && options.stopOnConfigurationError && CONFIGURATION_ERRORS.has(outcome.error.code)) {
      return { ok: false, code: outcome.error.code, message: outcome.error.message };
    }
    const answer = answerOf(outcome, observedFacts(screen));
    const usage = outcome.kind === 'answered' ? outcome.usage : undefined;
    const c2 = usage ? undefined : await loadCounter();
    const counted = c2 && {
      input: c2.prefix + toChatMessages(conversation).reduce((n, m) => n + c2.count(m.content), 0),
      output: answer.kind === 'intent' ? c2.count(JSON.stringify({ plan: answer.intent })) : 0,
    };
    const byLabel = new Map(screen.elements.map((e) => [e.label.toLowerCase(), e.id]));
    const result = scoreCase(
      c,
      answer,
      {
        latencyMs,
        inputTokens: usage?.inputTokens ?? counted?.input ?? 0,
        outputTokens: usage?.outputTokens ?? counted?.output ?? 0,
        cachedInputTokens: usage?.cachedInputTokens ?? 0,
        tokensCounted: usage === undefined,
      },
      (label) => byLabel.get(label.toLowerCase()),
    );
    results.push(result);
    options.onCase?.(results.length, cases.length, result);
  }
  return { ok: true, results };
}
