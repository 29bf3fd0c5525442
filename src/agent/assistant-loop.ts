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
 * Its parts: the contract with front ends (loop-types.ts), where plans come from (planning.ts), a
 * run's state (run-state.ts), the rules about intents (run-rules.ts), answers read as follow-ups
 * (follow-up.ts).
 *
 * The Swift prototype's critical bug was a status stuck on "Error" after an unexpected exit. Here
 * `run()` emits `status: idle` and a `done` event in a `finally`, whatever happened inside — success,
 * failure, a thrown bug, a cancel — and a throwing event listener cannot break that either.
 */
import { checkCommandText } from '../intent/command-text.js';
import { validateIntentValue } from '../intent/validator.js';
import type { RiskAssessment } from '../registry/risk.js';
import { SECURE_REFUSAL } from '../shared/secure-fields.js';
import type { AssistantEvent, AssistantStatus } from '../shared/contracts/events.js';
import { errorMessage } from '../shared/errors.js';
import { LongRun } from './long-run.js';
import { PlanActor } from './acting.js';
import { DictationSession } from './dictation.js';
import { readFollowUp } from './follow-up.js';
import { DEFAULT_LOOP_LIMITS, type AssistantDeps, type LoopLimits, type RunOptions, type RunResult } from './loop-types.js';
import { PlanSource } from './planning.js';
import { AGAIN, Cancelled, untilAborted, type Planned, type RunState, type Step } from './run-state.js';
import { SessionMemory } from './session-memory.js';
import { TakeBack } from './take-back.js';
import { ForgetChoices } from './forget-choices.js';

export {
  type AssistantDeps,
  type ConfirmAnswer,
  type ConfirmationRequest,
  type ConfirmCallback,
  type PlannerAvailability,
  type PlannerFactory,
  type RunResult,
} from './loop-types.js';

export class AssistantLoop {
  readonly memory: SessionMemory;
  private readonly limits: LoopLimits;
  private running = false;
  private status: AssistantStatus = 'idle';
  private readonly plans: PlanSource;
  private readonly actor: PlanActor;
  /** A long sequence's progress, pause ("pause", "go on") and step budget. */
  readonly longRun: LongRun;
  /** Dictation mode (dictation.ts): while on, commands are text for the focused field. */
  readonly dictation: DictationSession;
  /** "Take it back" (take-back.ts). */
  private readonly takeBack: TakeBack;
  private readonly forgetChoices: ForgetChoices;

  constructor(private readonly deps: AssistantDeps) {
    this.memory = deps.memory ?? new SessionMemory();
    this.limits = { ...DEFAULT_LOOP_LIMITS, ...deps.limits };
    const emit = (event: AssistantEvent): void => this.emit(event);
    this.plans = new PlanSource(deps, this.memory, this.limits, emit);
    const setStatus = (status: AssistantStatus): void => this.setStatus(status);
    this.longRun = new LongRun({
      emit,
      setStatus,
      confirm: deps.confirm,
      ...(deps.stepBudget ? { stepBudget: deps.stepBudget } : {}),
      ...(deps.pauseLimitMs ? { pauseLimitMs: deps.pauseLimitMs } : {}),
    });
    this.actor = new PlanActor(deps, this.memory, this.limits, emit, setStatus, this.longRun);
    this.takeBack = new TakeBack({
      engine: deps.engine,
      memory: this.memory,
      emit,
      setStatus,
      validation: () => this.plans.validationContext(),
      act: (state, planned) => this.actor.act(state, planned),
      ...(deps.policy ? { policy: deps.policy } : {}),
    });
    this.forgetChoices = new ForgetChoices({
      emit,
      confirm: deps.confirm,
      frontApp: async (state) => {
        const front = await untilAborted(deps.engine.getFrontmostApp(), state.signal).catch((e: unknown) => {
          if (e instanceof Cancelled) throw e;
          return undefined;
        });
        return front?.kind === 'observation' ? front.app?.name : undefined;
      },
      ...(deps.scanChoices ? { store: deps.scanChoices } : {}),
      ...(deps.dryRun ? { dryRun: true } : {}),
    });
    this.dictation = new DictationSession({
      engine: deps.engine,
      emit,
      act: (state, planned) => this.actor.act(state, planned),
      ...(deps.policy ? { policy: deps.policy } : {}),
      ...(deps.platform ? { platform: deps.platform } : {}),
      ...(deps.language ? { language: deps.language } : {}),
    });
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
        this.dictation.leave('stopped');
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

    const followUp = readFollowUp(text, this.memory.pending, this.memory.lastPerformed, this.deps.language?.());
    this.memory.setPending(undefined);
    // Dictation takes every text but a secret and the answer to a pending confirmation.
    if (followUp.kind !== 'secure' && followUp.kind !== 'confirmation') {
      const dictated = await this.dictation.take(text, state);
      if (dictated) return dictated;
    }
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
        if (followUp.answer === 'no') return this.actor.declined(state, planned, risk).result;
        this.actor.emitIntent(planned, risk);
        first = await this.actor.execute(state, planned, risk, pending.level, 'confirmed');
        break;
      }
      case 'element_picked': {
        // The engine asked which element: the answer finishes that action on the picked one, checked
        // like any plan (validation, risk, the live gate), with no planner involved.
        const { intent, source, command, choices } = followUp.action;
        const element = choices[followUp.index];
        this.memory.addTurn({ kind: 'user', text: followUp.option });
        const validation = validateIntentValue(intent, this.plans.validationContext());
        if (!validation.ok) return this.plans.refusedPlan(validation.rejection.code, validation.rejection.message);
        state.command = command;
        state.grammarTried = true;
        first = await this.actor.act(state, {
          intent: validation.intent,
          source,
          lowConfidence: validation.lowConfidence,
          ...(element ? { picked: { element, option: followUp.option } } : {}),
        });
        break;
      }
      case 'option_picked': {
        // A planner asked: the option's words are the answer, and the planner that asked reads them
        // in the conversation (the grammar would take "Right" for nothing, or for another command).
        this.memory.addTurn({ kind: 'user', text: followUp.option });
        state.grammarTried = true;
        const available = await this.plans.availability(state);
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
        const validation = validateIntentValue(last.intent, this.plans.validationContext());
        if (!validation.ok) return this.plans.refusedPlan(validation.rejection.code, validation.rejection.message);
        this.memory.addTurn({ kind: 'user', text });
        state.command = last.command;
        state.grammarTried = true;
        first = await this.actor.act(state, {
          intent: validation.intent,
          source: last.source,
          lowConfidence: validation.lowConfidence,
          ...(last.picked ? { picked: last.picked } : {}),
          // Made after reading the screen, it stays so: the repeat asks as the first did (issue #27).
          ...(last.screenInfluenced ? { screenInfluenced: true } : {}),
        });
        break;
      }
      case 'take_back':
        this.memory.addTurn({ kind: 'user', text });
        state.grammarTried = true;
        first = await this.takeBack.run(state);
        break;
      case 'forget_choices':
        this.memory.addTurn({ kind: 'user', text });
        state.grammarTried = true;
        first = await this.forgetChoices.run(state, followUp.scope);
        break;
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
    const planned = await this.plans.next(state);
    if ('kind' in planned) return planned;
    return this.actor.act(state, planned);
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
}
