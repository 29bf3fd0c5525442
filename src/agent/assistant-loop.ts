/**
 * The assistant loop: one command in, one typed event stream out, always back to idle.
 *
 * Every front end (panel, CLI, voice, switch) runs commands through this class. For a command:
 * check the text → plan (the offline grammar first, an LLM when the grammar has no match) →
 * validate (against the latest observation's ids) → classify the risk → gate (run, ask through the
 * injected `confirm`, or refuse) → dispatch → on an observation planned by the LLM, feed it back and
 * plan again (at most 5); on a failure, feed the reason back and plan again (at most 2 retries); on
 * a clarification, stop and wait for the user's answer, which starts the next run with the context.
 *
 * The Swift prototype's critical bug was a status stuck on "Error" after an unexpected exit. Here
 * `run()` emits `status: idle` and a `done` event in a `finally`, whatever happened inside — success,
 * failure, a thrown bug, a cancel — and a throwing event listener cannot break that either.
 */
import { checkCommandText } from '../intent/command-text.js';
import { describeIntent } from '../intent/describe.js';
import { parseCommand } from '../intent/grammar/grammar-planner.js';
import { promptPlatform } from '../intent/system-prompt.js';
import type { Planner } from '../intent/providers/planner.js';
import type { Intent } from '../intent/schema.js';
import { validateIntentValue, type ConfidencePolicy, type ValidationContext } from '../intent/validator.js';
import { dispatchIntent, type ActionResult, type EngineApi } from '../registry/dispatch.js';
import { classifyRisk, gateDecision, type ElementFacts, type GatePolicy, type RiskAssessment } from '../registry/risk.js';
import { SECURE_REFUSAL } from '../shared/secure-fields.js';
import type { AssistantEvent, AssistantStatus, IntentSource, Outcome, RiskSummary } from '../shared/events.js';
import type { RiskLevel } from '../shared/risk-level.js';
import type { AuditRecord, Confirmation } from './audit-log.js';
import { readFollowUp } from './follow-up.js';
import { SessionMemory, type PickedElement } from './session-memory.js';
import { errorMessage } from '../shared/errors.js';
import { quote } from '../shared/quote.js';
import { withDeadline } from '../shared/deadline.js';

/** What the user answered to a confirmation request. `unanswered`: nobody is there to answer (a script). */
export type ConfirmAnswer = 'confirmed' | 'confirmed_by_flag' | 'declined' | 'unanswered';

export interface ConfirmationRequest {
  /** One sentence: what will be done (every step of a sequence, elements by their names). */
  readonly summary: string;
  readonly risk: RiskSummary;
  readonly intent: Intent;
  /** The plan was made after screen content went to a model: text on the screen may have chosen it. */
  readonly screenInfluenced?: boolean;
}

/** Asks the user to confirm; resolves `unanswered` when no one can answer. Aborted with the run's signal. */
export type ConfirmCallback = (request: ConfirmationRequest, signal: AbortSignal) => Promise<ConfirmAnswer>;

/** What the planner factory found when the grammar had no match. */
export type PlannerAvailability =
  | { readonly kind: 'ready'; readonly planner: Planner; readonly budgetMs?: number; readonly confidence?: ConfidencePolicy }
  /** No LLM provider is configured; `message` says what the user can do. */
  | { readonly kind: 'none'; readonly message: string }
  /** A provider is configured but cannot be built now (no key saved, keychain locked). */
  | { readonly kind: 'unavailable'; readonly code: string; readonly message: string };

/** Builds the LLM planner at send time (so a settings change applies to the next command). */
export type PlannerFactory = () => Promise<PlannerAvailability>;

export interface LoopLimits {
  /** Observations an LLM may ask for in one run. */
  readonly observations: number;
  /** Re-plans after a failure or a rejected answer in one run. */
  readonly retries: number;
}

export const DEFAULT_LOOP_LIMITS: LoopLimits = { observations: 5, retries: 2 };

export interface AuditSink {
  append(record: AuditRecord): boolean;
}

export interface AssistantDeps {
  readonly engine: EngineApi;
  /** Receives every event, in order. A listener that throws is ignored (and never stops the loop). */
  readonly emit: (event: AssistantEvent) => void;
  readonly confirm: ConfirmCallback;
  /** Absent: the grammar is the only planner. */
  readonly planner?: PlannerFactory;
  readonly audit?: AuditSink;
  /** Wall-clock time for audit records. */
  readonly now?: () => Date;
  readonly policy?: GatePolicy;
  /** Plan and validate; perform only read-only observations. */
  readonly dryRun?: boolean;
  readonly limits?: Partial<LoopLimits>;
  /** The session's memory; give the same one to every loop of a session. */
  readonly memory?: SessionMemory;
  /** The confidence policy for the grammar's intents (an LLM's comes with its planner). */
  readonly confidence?: ConfidencePolicy;
}

export interface RunOptions {
  /** Stops the LLM request, the confirmation prompt and any running sequence. */
  readonly signal?: AbortSignal;
}

export interface RunResult {
  readonly outcome: Outcome;
  /** One sentence for the user (for an observation the user asked for: what was seen). */
  readonly message: string;
}

/** Intents that change nothing: allowed in a dry run, not written to the audit log. */
const READ_ONLY: ReadonlySet<Intent['intent']> = new Set(['get_screen_elements', 'get_frontmost_app', 'list_applications', 'clarify_request', 'unsupported']);
/** Failures no other plan can fix (no desktop, no accessibility) or that the user caused (took over). */
const NOT_REPLANNED: ReadonlySet<string> = new Set(['no_display', 'no_accessibility', 'interrupted']);
const OBSERVING: ReadonlySet<Intent['intent']> = new Set(['get_screen_elements', 'get_frontmost_app', 'list_applications']);

const GRAMMAR_EXAMPLES = 'for example “open Firefox”, “click Send”, “type "hello"”, “press ctrl+s”, “scroll down 3” or “what’s on screen”';

/** A command quoted back to the user is shortened past this many characters. */
const COMMAND_QUOTE_MAX = 80;

class Cancelled extends Error {}

/** Waits for a promise, or rejects with Cancelled as soon as the signal aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return withDeadline(promise, { signal, aborted: () => new Cancelled() });
}

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
function sameAction(a: Intent, b: Intent): boolean {
  return canonical(a) === canonical(b);
}

/** Was the action refused because it aimed at a secure field (so nothing of it may be kept)? */
function refusedAsSecure(risk: RiskAssessment, result?: ActionResult): boolean {
  return risk.reason.includes(SECURE_REFUSAL) || (result?.kind === 'failure' && result.reason.includes(SECURE_REFUSAL));
}

/** Does a typed-text intent aim at a secure context (so its text must not be logged)? */
function touchesSecureText(intent: Intent, risk: RiskAssessment, result?: ActionResult): boolean {
  if (refusedAsSecure(risk, result)) return true;
  const types = intent.intent === 'type_text' || (intent.intent === 'sequence' && intent.steps.some((s) => s.intent === 'type_text'));
  if (!types) return false;
  return risk.level === 'blocked' || (result?.kind === 'failure' && result.code === 'refused');
}

/** The intent with every text it would type replaced by `[secure]`. */
function withoutTypedText(intent: Intent): Intent {
  if (intent.intent === 'type_text') return { ...intent, text: '[secure]' };
  if (intent.intent === 'sequence') return { ...intent, steps: intent.steps.map((s) => (s.intent === 'type_text' ? { ...s, text: '[secure]' } : s)) };
  return intent;
}

const PROVENANCE_NOTE = 'This plan was made after reading the screen, so text on the screen may have suggested it.';

interface Planned {
  readonly intent: Intent;
  readonly source: IntentSource;
  readonly lowConfidence: boolean;
  /** The element the user picked when the engine asked which one. */
  readonly picked?: PickedElement;
  /** Planned by a model after screen content went into its conversation (provenance). */
  readonly screenInfluenced?: boolean;
}

/** A sequence from its 1-based `step` on (the steps before it were done); the intent itself otherwise. */
function fromStep(intent: Intent, step: number | undefined): Intent {
  if (intent.intent !== 'sequence' || step === undefined || step <= 1) return intent;
  const rest = intent.steps.slice(step - 1);
  return rest.length === 1 && rest[0] ? rest[0] : { ...intent, steps: rest };
}

/** What a run carries from step to step. */
interface RunState {
  command: string;
  readonly signal: AbortSignal;
  /** The conversation before this run: a run that aimed at a secure field forgets everything after it. */
  readonly turnMark: number;
  observations: number;
  failures: number;
  grammarTried: boolean;
  availability?: PlannerAvailability;
  lastFailed?: { intent: Intent; reason: string };
}

type Step = { readonly kind: 'again' } | End;
type End = { readonly kind: 'end'; readonly result: RunResult };

const end = (outcome: Outcome, message: string): End => ({ kind: 'end', result: { outcome, message } });
const AGAIN: Step = { kind: 'again' };

export class AssistantLoop {
  readonly memory: SessionMemory;
  private readonly limits: LoopLimits;
  private running = false;
  private status: AssistantStatus = 'idle';
  private auditFailureReported = false;

  constructor(private readonly deps: AssistantDeps) {
    this.memory = deps.memory ?? new SessionMemory();
    this.limits = { ...DEFAULT_LOOP_LIMITS, ...deps.limits };
  }

  /** A command is being handled: a new one now would be refused. */
  get busy(): boolean {
    return this.running;
  }

  /**
   * Handles one command (or the answer to the last run's question or confirmation). Never rejects.
   * While a run is in progress another call is refused at once, with an `error` event (code `busy`)
   * and no status change: two commands are never interleaved.
   */
  async run(command: string, options: RunOptions = {}): Promise<RunResult> {
    if (this.running) {
      const message = 'The assistant is still working on the last command: wait for it to finish, or stop it first.';
      this.emit({ type: 'error', code: 'busy', message, retryable: true });
      return { outcome: 'refused', message };
    }
    this.running = true;
    const controller = new AbortController();
    const outer = options.signal;
    const forward = () => controller.abort();
    if (outer?.aborted) controller.abort();
    else outer?.addEventListener('abort', forward, { once: true });
    let result: RunResult = { outcome: 'failed', message: 'Something went wrong inside the assistant. Nothing more was done; try again.' };
    try {
      this.setStatus('thinking');
      result = await this.perform(command, controller.signal);
    } catch (e) {
      if (e instanceof Cancelled || controller.signal.aborted) {
        result = { outcome: 'cancelled', message: 'Stopped. Nothing more was done.' };
      } else {
        // A bug: say so in a sentence, keep the detail short, and still come back to idle below.
        const detail = errorMessage(e);
        result = { outcome: 'failed', message: `Something went wrong inside the assistant (${detail.slice(0, 200)}). Nothing more was done; try again.` };
        this.emit({ type: 'error', code: 'internal', message: result.message, retryable: true });
      }
    } finally {
      outer?.removeEventListener('abort', forward);
      this.running = false;
      this.setStatus('idle');
      this.emit({ type: 'done', outcome: result.outcome, message: result.message });
    }
    return result;
  }

  // ── one run ────────────────────────────────────────────────────────────────

  private async perform(raw: string, signal: AbortSignal): Promise<RunResult> {
    const checked = checkCommandText(raw);
    if (!checked.ok) {
      this.emit({ type: 'error', code: checked.code, message: checked.message, retryable: false });
      return { outcome: 'refused', message: checked.message };
    }
    const text = checked.text;
    const state: RunState = { command: text, signal, turnMark: this.memory.turnMark, observations: 0, failures: 0, grammarTried: false };

    const followUp = readFollowUp(text, this.memory.pending, this.memory.lastPerformed);
    this.memory.setPending(undefined);
    let first: Step | undefined;
    switch (followUp.kind) {
      case 'secure':
        // A secret in a command is never planned, remembered, logged or sent: it goes no further than here.
        this.emit({ type: 'error', code: 'secure_text', message: SECURE_REFUSAL, retryable: false });
        return { outcome: 'refused', message: SECURE_REFUSAL };
      case 'confirmation': {
        const { pending } = followUp;
        this.memory.addTurn({ kind: 'user', text });
        const planned: Planned = {
          intent: pending.intent,
          source: pending.source,
          lowConfidence: false,
          ...(pending.picked ? { picked: pending.picked } : {}),
          ...(pending.screenInfluenced ? { screenInfluenced: true } : {}),
        };
        const risk: RiskAssessment = { level: pending.level, reason: pending.reason };
        state.command = pending.command;
        state.grammarTried = true;
        if (followUp.answer === 'no') return this.declined(state, planned, risk).result;
        this.emitIntent(planned, risk);
        first = await this.execute(state, planned, risk, pending.level, 'confirmed');
        break;
      }
      case 'element_picked': {
        // The engine asked which element: the answer finishes that action on the picked one, checked
        // like any plan (validation, risk, the live gate), with no planner involved.
        const { intent, source, command, choices } = followUp.action;
        const element = choices[followUp.index];
        this.memory.addTurn({ kind: 'user', text: followUp.option });
        const validation = validateIntentValue(intent, this.validationContext());
        if (!validation.ok) return this.refusedPlan(validation.rejection.code, validation.rejection.message);
        state.command = command;
        state.grammarTried = true;
        first = await this.act(state, { intent: validation.intent, source, lowConfidence: validation.lowConfidence, ...(element ? { picked: { element, option: followUp.option } } : {}) });
        break;
      }
      case 'option_picked': {
        // A planner asked: the option's words are the answer, and the planner that asked reads them
        // in the conversation (the grammar would take "Right" for nothing, or for another command).
        this.memory.addTurn({ kind: 'user', text: followUp.option });
        state.grammarTried = true;
        const available = await this.availability(state);
        if (available.kind !== 'ready') {
          const message = available.kind === 'none' ? `${available.message} Give the whole command instead.` : available.message;
          this.emit({ type: 'error', code: available.kind === 'none' ? 'no_planner' : available.code, message, retryable: false });
          return { outcome: 'needs_user', message };
        }
        break;
      }
      case 'nothing_to_repeat': {
        const message = 'There is nothing to repeat yet: give the command itself, for example “click Send”.';
        this.emit({ type: 'error', code: 'nothing_to_repeat', message, retryable: false });
        return { outcome: 'needs_user', message };
      }
      case 'repeat': {
        // Re-validated and re-gated like a new plan: the screen may have changed since.
        const { last } = followUp;
        const validation = validateIntentValue(last.intent, this.validationContext());
        if (!validation.ok) return this.refusedPlan(validation.rejection.code, validation.rejection.message);
        this.memory.addTurn({ kind: 'user', text });
        state.command = last.command;
        state.grammarTried = true;
        first = await this.act(state, { intent: validation.intent, source: last.source, lowConfidence: validation.lowConfidence, ...(last.picked ? { picked: last.picked } : {}) });
        break;
      }
      case 'new':
        this.memory.addCommand(text);
        this.memory.addTurn({ kind: 'user', text });
        break;
    }
    let step = first ?? AGAIN;
    while (step.kind === 'again') step = await this.planAndAct(state);
    return step.result;
  }

  private async planAndAct(state: RunState): Promise<Step> {
    this.setStatus('thinking');
    const planned = await this.plan(state);
    if ('kind' in planned) return planned;
    return this.act(state, planned);
  }

  // ── planning ───────────────────────────────────────────────────────────────

  private validationContext(confidence?: ConfidencePolicy): ValidationContext {
    const policy = confidence ?? this.deps.confidence;
    return { latestElementIds: this.memory.latestElementIds, ...(policy ? { confidence: policy } : {}) };
  }

  private async availability(state: RunState): Promise<PlannerAvailability> {
    if (!state.availability) {
      state.availability = this.deps.planner
        ? await untilAborted(this.deps.planner(), state.signal)
        : { kind: 'none', message: 'No AI planner is set up for commands the grammar does not know.' };
    }
    return state.availability;
  }

  private refusedPlan(code: string, message: string): RunResult {
    this.emit({ type: 'error', code, message, retryable: false });
    return { outcome: 'refused', message };
  }

  /** The next intent, or the end of the run. */
  private async plan(state: RunState): Promise<Planned | Step> {
    if (!state.grammarTried) {
      state.grammarTried = true;
      const parsed = parseCommand(state.command, { platform: promptPlatform(process.platform) });
      if (parsed.kind === 'intent') {
        const validation = validateIntentValue(parsed.intent, this.validationContext());
        // The grammar is deterministic: asking it again cannot help, and its reading was unambiguous.
        if (!validation.ok) return end('refused', this.refusedPlan(validation.rejection.code, validation.rejection.message).message);
        return { intent: validation.intent, source: 'grammar', lowConfidence: validation.lowConfidence };
      }
      const available = await this.availability(state);
      if (available.kind !== 'ready') {
        const message =
          available.kind === 'none'
            ? `The offline grammar did not understand ${quote(state.command, COMMAND_QUOTE_MAX)}. Say it the way the grammar understands, ${GRAMMAR_EXAMPLES}. ${available.message}`
            : available.message;
        this.emit({ type: 'error', code: available.kind === 'none' ? 'no_planner' : available.code, message, retryable: false });
        return end('needs_user', message);
      }
    }
    const available = await this.availability(state);
    if (available.kind !== 'ready') return end('failed', state.lastFailed?.reason ?? available.message);

    const outcome = await untilAborted(
      available.planner.plan({
        conversation: this.memory.conversation,
        signal: state.signal,
        ...(available.budgetMs !== undefined ? { budgetMs: available.budgetMs } : {}),
        validation: this.validationContext(available.confidence),
      }),
      state.signal,
    );
    if (state.signal.aborted) throw new Cancelled();
    if (outcome.kind === 'failed') {
      if (outcome.error.code === 'cancelled') throw new Cancelled();
      this.emit({ type: 'error', code: outcome.error.code, message: outcome.error.message, retryable: outcome.error.retryable });
      // After a failed action, the action's reason is what the user most needs to read.
      const message = state.lastFailed ? `${state.lastFailed.reason} Planning another way failed too: ${outcome.error.message}` : outcome.error.message;
      return end('failed', message);
    }
    const validation = outcome.validation;
    if (!validation.ok) {
      this.memory.addTurn({ kind: 'rejection', feedback: validation.rejection.feedback });
      this.emit({ type: 'error', code: validation.rejection.code, message: validation.rejection.message, retryable: true });
      state.failures++;
      if (state.failures > this.limits.retries) {
        return end('refused', `The planner’s answers could not be used ${state.failures} times in a row: ${validation.rejection.message}`);
      }
      return AGAIN;
    }
    if (state.lastFailed && sameAction(validation.intent, state.lastFailed.intent) && state.failures >= this.limits.retries) {
      // Stopped before doing a third time what failed twice: the bound, with a reason the user can use.
      const message = `The planner kept proposing the same action, which failed each time: ${state.lastFailed.reason} Try saying it another way.`;
      this.emit({ type: 'error', code: 'repeated_failure', message, retryable: false });
      return end('failed', message);
    }
    // Provenance: what a model planned after reading screen text may have been chosen by that text.
    const screenInfluenced = this.memory.hasScreenText;
    return { intent: validation.intent, source: available.planner.provider, lowConfidence: validation.lowConfidence, ...(screenInfluenced ? { screenInfluenced } : {}) };
  }

  // ── names and policy ───────────────────────────────────────────────────────

  /** What the latest observation said about an id, so plans naming "element 31" are judged and shown by its name. */
  private readonly observed = (id: number): ElementFacts | undefined => {
    const seen = this.deps.engine.observedElement?.(id);
    return seen ? { role: seen.role, name: seen.name, description: seen.description } : undefined;
  };

  /** One sentence for the user: the intent (ids by their names), and which element when the user picked one. */
  private summarize(planned: Planned): string {
    const summary = describeIntent(planned.intent, (id) => this.deps.engine.observedElement?.(id));
    return planned.picked ? `${summary.replace(/\.$/, '')} — ${planned.picked.option}.` : summary;
  }

  /** The gate policy for a plan: a screen-influenced plan asks before anything above harmless. */
  private policyFor(planned: Planned): GatePolicy {
    const base = this.deps.policy ?? { confirmModerate: true };
    return planned.screenInfluenced ? { ...base, screenInfluenced: true } : base;
  }

  /** The risk of a plan, with the provenance said in its reason when it matters. */
  private assess(planned: Planned): RiskAssessment {
    const risk = classifyRisk(planned.intent, {}, this.observed);
    return this.withProvenance(planned, risk);
  }

  private withProvenance(planned: Planned, risk: RiskAssessment): RiskAssessment {
    if (!planned.screenInfluenced || risk.level === 'harmless' || risk.level === 'blocked' || risk.reason.includes(PROVENANCE_NOTE)) return risk;
    return { level: risk.level, reason: `${risk.reason} ${PROVENANCE_NOTE}` };
  }

  // ── acting ─────────────────────────────────────────────────────────────────

  private emitIntent(planned: Planned, risk: RiskAssessment): void {
    // A plan already known to aim at a secure field shows no text: the panel and --json output are seen and kept by others.
    const secure = refusedAsSecure(risk);
    const intent = secure ? withoutTypedText(planned.intent) : planned.intent;
    this.emit({
      type: 'intent',
      source: planned.source,
      intent: intent as unknown as Readonly<Record<string, unknown>>,
      summary: this.summarize({ ...planned, intent }),
      risk: { level: risk.level, reason: risk.reason },
      lowConfidence: planned.lowConfidence,
    });
  }

  /** Gate, confirm and dispatch one planned intent; says whether to plan again. */
  private async act(state: RunState, planned: Planned): Promise<Step> {
    const { intent } = planned;
    this.memory.addTurn({ kind: 'plan', intent });
    const risk = this.assess(planned);
    this.emitIntent(planned, risk);
    const decision = gateDecision(risk.level, this.policyFor(planned));
    const readOnly = READ_ONLY.has(intent.intent);

    if (decision === 'refuse') {
      const message = `${risk.reason} The assistant never does this.`;
      this.audit(state, planned, risk, 'refused', 'refused', message);
      if (refusedAsSecure(risk)) this.forgetSecureRun(state);
      this.emit({ type: 'error', code: 'blocked', message, retryable: false });
      return end('refused', message);
    }
    if (OBSERVING.has(intent.intent) && planned.source !== 'grammar' && state.observations >= this.limits.observations) {
      const message = `The assistant looked at the screen ${state.observations} times without finding how to do that. Try a more precise command, for example naming the button to click.`;
      this.emit({ type: 'error', code: 'too_many_observations', message, retryable: false });
      return end('failed', message);
    }
    if (this.deps.dryRun && !readOnly) {
      const asks = decision === 'confirm' ? ' It would ask you first.' : '';
      const message = `Dry run: nothing was done. The assistant would: ${describeIntent(intent)}${asks}`;
      this.emit({ type: 'action_result', ok: true, message });
      return end('done', message);
    }
    let confirmation: Confirmation = 'not_needed';
    if (decision === 'confirm') {
      const answer = await this.askToConfirm(state, planned, risk);
      if (answer === 'declined') return this.declined(state, planned, risk);
      if (answer === 'unanswered') return this.unanswered(state, planned, risk);
      confirmation = answer;
    }
    return this.execute(state, planned, risk, decision === 'confirm' ? risk.level : 'harmless', confirmation);
  }

  private async askToConfirm(state: RunState, planned: Planned, risk: RiskSummary): Promise<ConfirmAnswer> {
    const summary = this.summarize(planned);
    this.setStatus('waiting_for_user');
    this.emit({ type: 'confirmation_request', summary, risk: { level: risk.level, reason: risk.reason } });
    const request: ConfirmationRequest = { summary, risk, intent: planned.intent, ...(planned.screenInfluenced ? { screenInfluenced: true } : {}) };
    const answer = await untilAborted(this.deps.confirm(request, state.signal), state.signal);
    // An asker may settle its question with "declined" as it sees the abort, before the loop does: a stop is a stop.
    if (state.signal.aborted) throw new Cancelled();
    return answer;
  }

  private declined(state: RunState, planned: Planned, risk: RiskAssessment): End {
    const message = `Not done: you said no to “${this.summarize(planned)}”.`;
    this.audit(state, planned, risk, 'declined', 'refused', message);
    this.emit({ type: 'action_result', ok: false, message });
    return end('refused', message);
  }

  private unanswered(state: RunState, planned: Planned, risk: RiskAssessment): Step {
    const summary = this.summarize(planned);
    this.memory.setPending({
      kind: 'confirmation',
      intent: planned.intent,
      source: planned.source,
      command: state.command,
      level: risk.level,
      summary,
      reason: risk.reason,
      ...(planned.picked ? { picked: planned.picked } : {}),
      ...(planned.screenInfluenced ? { screenInfluenced: true } : {}),
    });
    return end('needs_user', `Waiting for your confirmation: ${summary} ${risk.reason} Say “yes” to do it or “no” to cancel.`);
  }

  /** Dispatches with the approved level; asks again when the live target turns out riskier. */
  private async execute(state: RunState, planned: Planned, risk: RiskAssessment, approvedAt: RiskLevel, confirmedAs: Confirmation): Promise<Step> {
    let current = planned;
    let approved = approvedAt;
    let resumedAt: RiskLevel | undefined;
    let confirmation = confirmedAs;
    let assessed = risk;
    const policy = this.policyFor(planned);
    for (;;) {
      const { intent } = current;
      this.setStatus(OBSERVING.has(intent.intent) ? 'observing' : 'executing');
      const result = await dispatchIntent(intent, this.deps.engine, {
        approved,
        signal: state.signal,
        policy,
        observed: this.observed,
        ...(resumedAt ? { firstStepApproved: resumedAt } : {}),
        ...(current.picked ? { choice: current.picked.element } : {}),
      });
      if (state.signal.aborted) {
        this.audit(state, current, assessed, confirmation, 'cancelled', 'Stopped by the user.', result);
        throw new Cancelled();
      }
      switch (result.kind) {
        case 'success':
          this.audit(state, current, assessed, confirmation, 'done', result.message, result);
          this.emit({ type: 'action_result', ok: true, message: result.message });
          this.memory.addTurn({ kind: 'result', outcome: 'done', detail: '' });
          this.memory.performed({ intent: current.intent, source: current.source, command: state.command, ...(current.picked ? { picked: current.picked } : {}) });
          return end('done', result.message);
        case 'failure':
          return this.failed(state, current, assessed, confirmation, result);
        case 'clarification':
          this.emit({ type: 'clarification', question: result.question, options: result.options });
          if (intent.intent !== 'clarify_request') {
            this.memory.addTurn({ kind: 'result', outcome: 'failed', detail: `Not done yet: the user was asked “${result.question}”${result.options.length ? ` (options: ${result.options.join('; ')})` : ''}.` });
          }
          // The engine asked which element: keep the action, so that the answer can finish it.
          this.memory.setPending({
            kind: 'clarification',
            question: result.question,
            options: result.options,
            ...(result.choices && result.choices.length === result.options.length
              ? { action: { intent: fromStep(intent, result.step), source: current.source, command: state.command, choices: result.choices } }
              : {}),
          });
          return end('needs_user', result.question);
        case 'observation': {
          const observation = result.observation;
          if (observation) this.memory.observed(new Set(observation.elementIds.keys()));
          const summary = observation
            ? `${observation.listed} elements of “${observation.app}”${observation.omitted ? ` (${observation.omitted} more left out)` : ''}.`
            : result.text;
          this.emit({ type: 'observation', summary, elements: observation?.listed ?? 0 });
          this.memory.addTurn({ kind: 'observation', text: result.text });
          // The user asked to see the screen: seeing it is the answer. An LLM looked to decide its next step.
          if (current.source === 'grammar') return end('done', result.text);
          state.observations++;
          return AGAIN;
        }
        case 'needs_confirmation': {
          const live = this.withProvenance(current, { level: result.level, reason: result.reason });
          // In a sequence, the steps before `step` were done: confirm and go on from that step only.
          const resumed = intent.intent === 'sequence' && result.step !== undefined && result.step > 1;
          if (resumed) current = { ...current, intent: fromStep(intent, result.step) };
          const answer = await this.askToConfirm(state, current, live);
          if (answer === 'declined') return this.declined(state, current, live);
          if (answer === 'unanswered') return this.unanswered(state, current, live);
          // The step asked about is approved at its live level; the steps after it keep their own.
          if (current.intent.intent === 'sequence') resumedAt = result.level;
          else approved = result.level;
          confirmation = answer;
          assessed = live;
          continue;
        }
      }
    }
  }

  private failed(state: RunState, planned: Planned, risk: RiskAssessment, confirmation: Confirmation, result: Extract<ActionResult, { kind: 'failure' }>): Step {
    const refused = result.code === 'refused';
    this.audit(state, planned, risk, confirmation, refused ? 'refused' : 'failed', result.reason, result);
    if (refusedAsSecure(risk, result)) this.forgetSecureRun(state);
    this.emit({ type: 'action_result', ok: false, message: result.reason });
    if (refused) return end('refused', result.reason);
    // The planner itself said it cannot do this: its suggestion is the answer, not a reason to retry.
    if (planned.intent.intent === 'unsupported') return end('failed', result.reason);
    this.memory.addTurn({ kind: 'result', outcome: 'failed', detail: result.reason });
    state.failures++;
    state.lastFailed = { intent: planned.intent, reason: result.reason };
    const llm = state.availability?.kind === 'ready' || (state.availability === undefined && this.deps.planner !== undefined);
    if (!llm || NOT_REPLANNED.has(result.code)) return end('failed', result.reason);
    if (state.failures > this.limits.retries) {
      const message = `Tried ${state.failures} times without success: ${result.reason}`;
      this.emit({ type: 'error', code: 'retries_exhausted', message, retryable: false });
      return end('failed', message);
    }
    return AGAIN;
  }

  /**
   * A run that aimed at a secure field leaves no trace: its command leaves the recent commands and its
   * turns leave the conversation, so no later model request carries the text (the audit log redacts it).
   */
  private forgetSecureRun(state: RunState): void {
    this.memory.forgetTurnsSince(state.turnMark);
    this.memory.forgetCommand(state.command);
  }

  // ── events and the audit log ───────────────────────────────────────────────

  private setStatus(status: AssistantStatus): void {
    if (status === this.status) return;
    this.status = status;
    this.emit({ type: 'status', status });
  }

  private emit(event: AssistantEvent): void {
    try {
      this.deps.emit(event);
    } catch {
      // A broken listener (a closed pipe, a panel gone) must not leave the assistant half-way.
    }
  }

  private audit(
    state: RunState,
    planned: Planned,
    risk: RiskAssessment,
    confirmation: Confirmation,
    outcome: Outcome,
    message: string,
    result?: ActionResult,
  ): void {
    if (!this.deps.audit || READ_ONLY.has(planned.intent.intent)) return;
    const record: AuditRecord = {
      time: (this.deps.now?.() ?? new Date()).toISOString(),
      command: state.command,
      source: planned.source,
      intent: planned.intent as unknown as Readonly<Record<string, unknown>>,
      risk: { level: risk.level, reason: risk.reason },
      confirmation,
      outcome,
      message,
      ...(touchesSecureText(planned.intent, risk, result) ? { secureContext: true } : {}),
    };
    if (!this.deps.audit.append(record) && !this.auditFailureReported) {
      this.auditFailureReported = true;
      this.emit({ type: 'error', code: 'audit_unavailable', message: 'The audit log could not be written (is the disk full or the folder read-only?). Actions still run; check the log folder.', retryable: false });
    }
  }
}
