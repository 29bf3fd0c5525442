/**
 * Acting on a plan: name it for the user (ids by their names), classify its risk (with the
 * provenance of a screen-influenced plan), gate it (run, ask through the front end's `confirm`, or
 * refuse), dispatch it with the approved level, ask again when the live target turns out riskier,
 * and write the audit record. A run aimed at a secure field leaves no trace in the conversation.
 */
import { describeIntent } from '../intent/describe.js';
import { dispatchIntent, locateStep, type ActionResult } from '../registry/dispatch.js';
import { classifyRisk, gateDecision, type ElementFacts, type GatePolicy, type RiskAssessment } from '../registry/risk.js';
import type { EffectRuleId } from '../registry/effect-rules.js';
import type { AssistantEvent, AssistantStatus, Outcome, RiskSummary } from '../shared/contracts/events.js';
import type { RiskLevel } from '../shared/risk-level.js';
import type { AuditRecord, Confirmation } from './audit-log.js';
import type { AssistantDeps, ConfirmAnswer, ConfirmationRequest, LoopLimits } from './loop-types.js';
import { NOT_REPLANNED, OBSERVING, PROVENANCE_NOTE, READ_ONLY, refusedAsSecure, touchesSecureText, USER_WORDED, withoutTypedText } from './run-rules.js';
import { AGAIN, Cancelled, end, fromStep, untilAborted, type End, type Planned, type RunState, type Step } from './run-state.js';
import type { SessionMemory } from './session-memory.js';
import { questionId } from './question-id.js';
import type { LongRun } from './long-run.js';

export class PlanActor {
  private auditFailureReported = false;

  constructor(
    private readonly deps: AssistantDeps,
    private readonly memory: SessionMemory,
    private readonly limits: LoopLimits,
    /** The loop's own emit: a listener that throws cannot break the run. */
    private readonly emit: (event: AssistantEvent) => void,
    private readonly setStatus: (status: AssistantStatus) => void,
    /** Progress, pause and the step budget of a long sequence (long-run.ts). */
    private readonly longRun: LongRun,
  ) {}

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

  private withProvenance(planned: Planned, seen: RiskAssessment): RiskAssessment {
    // A place chosen from a picture, which the tree does not name: at least moderate, and the question says where.
    const risk: RiskAssessment =
      planned.seenAt && seen.level !== 'blocked' && !seen.reason.includes(planned.seenAt)
        ? {
            ...seen,
            level: seen.level === 'harmless' ? 'moderate' : seen.level,
            reason: `${seen.level === 'harmless' ? '' : `${seen.reason} `}The place was chosen from a picture of the screen, ${planned.seenAt}; the accessibility tree does not say what is there.`,
          }
        : seen;
    if (!planned.screenInfluenced || risk.level === 'harmless' || risk.level === 'blocked' || risk.reason.includes(PROVENANCE_NOTE)) return risk;
    return { ...risk, reason: `${risk.reason} ${PROVENANCE_NOTE}` };
  }

  // ── acting ─────────────────────────────────────────────────────────────────

  emitIntent(planned: Planned, risk: RiskAssessment): void {
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
  async act(state: RunState, planned: Planned): Promise<Step> {
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
    if (OBSERVING.has(intent.intent) && !USER_WORDED.has(planned.source) && state.observations >= this.limits.observations) {
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

  /** `liveElement`: the element the engine found at the step's place when it asked (a point is named by it). */
  private async askToConfirm(state: RunState, planned: Planned, risk: RiskSummary, liveElement?: string): Promise<ConfirmAnswer> {
    const summary = this.summarize(planned);
    this.setStatus('waiting_for_user');
    const id = questionId();
    // Where the step will act, outlined while the question waits (issue #31); asked without it when it cannot be found.
    const found = await locateStep(planned.intent, this.deps.engine, planned.picked?.element);
    const target = found?.kind === 'point' && liveElement ? { ...found, label: liveElement.slice(0, 200) } : found;
    this.emit({ type: 'confirmation_request', id, summary, risk: { level: risk.level, reason: risk.reason }, ...(target ? { target } : {}) });
    const request: ConfirmationRequest = { id, summary, risk, intent: planned.intent, ...(planned.screenInfluenced ? { screenInfluenced: true } : {}) };
    const answer = await untilAborted(this.deps.confirm(request, state.signal), state.signal);
    // An asker may settle its question with "declined" as it sees the abort, before the loop does: a stop is a stop.
    if (state.signal.aborted) throw new Cancelled();
    return answer;
  }

  declined(state: RunState, planned: Planned, risk: RiskAssessment): End {
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
  async execute(state: RunState, planned: Planned, risk: RiskAssessment, approvedAt: RiskLevel, confirmedAs: Confirmation): Promise<Step> {
    let current = planned;
    let approved = approvedAt;
    let resumedAt: RiskLevel | undefined;
    /** The live element the user approved by name when the gate asked about it. */
    let approvedElement: string | undefined;
    let confirmation = confirmedAs;
    let assessed = risk;
    const policy = this.policyFor(planned);
    for (;;) {
      const { intent } = current;
      this.setStatus(OBSERVING.has(intent.intent) ? 'observing' : 'executing');
      const result = await dispatchIntent(intent, this.deps.engine, {
        approved,
        signal: state.signal,
        between: this.longRun.hook(state.signal),
        policy,
        observed: this.observed,
        ...(resumedAt ? { firstStepApproved: resumedAt } : {}),
        ...(approvedElement !== undefined ? { approvedElement } : {}),
        ...(current.picked ? { choice: current.picked.element } : {}),
        ...(current.keysFor ? { keysFor: current.keysFor } : {}),
      }).finally(() => this.longRun.end());
      if (state.signal.aborted) {
        this.audit(state, current, assessed, confirmation, 'cancelled', 'Stopped by the user.', result);
        throw new Cancelled();
      }
      switch (result.kind) {
        case 'success':
          this.audit(state, current, assessed, confirmation, 'done', result.message, result);
          this.emit({ type: 'action_result', ok: true, message: result.message, ...(result.undo ? { reversible: true as const } : {}) });
          this.memory.addTurn({ kind: 'result', outcome: 'done', detail: '' });
          this.memory.performed({
            intent: current.intent,
            source: current.source,
            command: state.command,
            ...(current.picked ? { picked: current.picked } : {}),
            ...(current.screenInfluenced ? { screenInfluenced: true } : {}),
            ...(result.undo ? { undo: result.undo } : {}),
          });
          return end('done', result.message);
        case 'failure':
          return this.failed(state, current, assessed, confirmation, result);
        case 'clarification':
          this.emit({ type: 'clarification', question: result.question, options: result.options });
          if (intent.intent !== 'clarify_request') {
            this.memory.addTurn({
              kind: 'result',
              outcome: 'failed',
              detail: `Not done yet: the user was asked “${result.question}”${result.options.length ? ` (options: ${result.options.join('; ')})` : ''}.`,
            });
          }
          // The engine asked which element: keep the action, so that the answer can finish it.
          this.memory.setPending({
            kind: 'clarification',
            askedAt: Date.now(),
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
          if (USER_WORDED.has(current.source)) return end('done', result.text);
          state.observations++;
          return AGAIN;
        }
        case 'needs_confirmation': {
          const live = this.withProvenance(current, {
            level: result.level,
            reason: result.reason,
            ...(result.rule ? { rule: result.rule as EffectRuleId } : {}),
          });
          // In a sequence, the steps before `step` were done: confirm and go on from that step only.
          const resumed = intent.intent === 'sequence' && result.step !== undefined && result.step > 1;
          if (resumed) current = { ...current, intent: fromStep(intent, result.step) };
          const answer = await this.askToConfirm(state, current, live, result.element);
          if (answer === 'declined') return this.declined(state, current, live);
          if (answer === 'unanswered') return this.unanswered(state, current, live);
          // The step asked about is approved at its live level; the steps after it keep their own.
          if (current.intent.intent === 'sequence') resumedAt = result.level;
          else approved = result.level;
          approvedElement = result.element;
          confirmation = answer;
          assessed = live;
          continue;
        }
      }
    }
  }

  private failed(
    state: RunState,
    planned: Planned,
    risk: RiskAssessment,
    confirmation: Confirmation,
    result: Extract<ActionResult, { kind: 'failure' }>,
  ): Step {
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
    // A planner of text may plan again, or, once, one that sees a picture of the screen (vision.ts; it may still say it is off).
    const llm =
      state.availability?.kind === 'ready' ||
      (state.availability === undefined && this.deps.planner !== undefined) ||
      (!state.pictured && this.deps.vision !== undefined);
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

  // ── the audit log ──────────────────────────────────────────────────────────

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
      this.emit({
        type: 'error',
        code: 'audit_unavailable',
        message: 'The audit log could not be written (is the disk full or the folder read-only?). Actions still run; check the log folder.',
        retryable: false,
      });
    }
  }
}
