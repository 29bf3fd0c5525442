/**
 * Long runs (issue #32 item 5): the hook a sequence asks before each step. A run of more than
 * LONG_RUN_STEPS steps shows its progress (step n of m, what it does), waits while the user has paused
 * it, and after every `budget` steps asks through the dialogue whether to go on; declined, unanswered
 * or stopped, it stops there. The engine holds no dialogue: it only asks this hook "go or stop".
 */
import type { BetweenSteps, StepGo } from '../execution/engine-types.js';
import type { AssistantEvent, AssistantStatus } from '../shared/contracts/events.js';
import { howLong } from './dialogue.js';
import type { ConfirmCallback } from './loop-types.js';
import { questionId } from './question-id.js';

/** A run of more steps than this shows its progress and can be paused. */
export const LONG_RUN_STEPS = 5;

/** Steps a run takes before it asks to go on, when the front end says nothing (the setting's default). */
export const DEFAULT_STEP_BUDGET = 25;

export interface LongRunDeps {
  readonly emit: (event: AssistantEvent) => void;
  readonly setStatus: (status: AssistantStatus) => void;
  readonly confirm: ConfirmCallback;
  /** Steps before the run asks to go on (read when a run starts). */
  readonly stepBudget?: () => number;
  /** How long a pause may last before the run stops (read when it pauses); absent: until "go on" or "stop". */
  readonly pauseLimitMs?: () => number | undefined;
}

const STOPPED: StepGo = { stop: 'You stopped it.' };

/** What pause and go on did, in a sentence for the user. */
export interface PaceReply {
  readonly ok: boolean;
  readonly message: string;
}

export class LongRun {
  /** The long run going now: the step it is at; undefined when none is. */
  private current: { step: number; total: number; doing: string } | undefined;
  private paused = false;
  private wake: (() => void) | undefined;
  /** The id of the "go on?" question this run asked and that waits, so a spoken "go on" answers it. */
  asking: string | undefined;

  constructor(private readonly deps: LongRunDeps) {}

  /** "pause": the run waits before its next step. */
  pause(): PaceReply {
    const at = this.current;
    if (!at) return { ok: false, message: `Nothing long is running to pause: only a run of more than ${LONG_RUN_STEPS} steps can be paused.` };
    if (this.paused) return { ok: false, message: `It is already paused. Say “go on” to continue, or “stop” to end it.` };
    this.paused = true;
    const when = this.asking
      ? `Once you answer, it waits before step ${at.step} of ${at.total}.`
      : `Pausing after the step now running (step ${at.step} of ${at.total}).`;
    return { ok: true, message: `${when} Say “go on” to continue, or “stop” to end it.` };
  }

  /** "go on": a paused run takes its next step. */
  goOn(): PaceReply {
    if (!this.current || !this.paused) return { ok: false, message: 'Nothing is paused.' };
    this.paused = false;
    this.wake?.();
    return { ok: true, message: 'Going on.' };
  }

  /** The hook for one run: `signal` is the run's (a stop ends a pause or a budget question at once). */
  hook(signal: AbortSignal): BetweenSteps {
    const budget = Math.max(1, Math.floor(this.deps.stepBudget?.() ?? DEFAULT_STEP_BUDGET));
    return async (n, total, doing) => {
      if (total <= LONG_RUN_STEPS) return 'go';
      this.current = { step: n, total, doing };
      try {
        const done = n - 1;
        if (done > 0 && done % budget === 0) {
          const go = await this.askToGoOn(done, total, budget, signal);
          if (go !== 'go') return go;
        }
        // After the budget's question: a pause asked while it waited holds the next step too.
        if (this.paused) {
          const go = await this.whilePaused(n, total, doing, signal);
          if (go !== 'go') return go;
        }
        if (signal.aborted) return STOPPED;
        this.deps.setStatus('executing');
        this.deps.emit({ type: 'progress', step: n, total, doing, paused: false });
        if (n === total) this.end();
        return 'go';
      } catch (error) {
        this.end();
        throw error;
      }
    };
  }

  /** The run is over (or its last step began): pause and go on answer "nothing is running". */
  end(): void {
    this.current = undefined;
    this.paused = false;
    this.wake?.();
  }

  private async whilePaused(n: number, total: number, doing: string, signal: AbortSignal): Promise<StepGo> {
    this.deps.setStatus('waiting_for_user');
    this.deps.emit({ type: 'progress', step: n, total, doing, paused: true });
    const limitMs = this.deps.pauseLimitMs?.();
    const outcome = await new Promise<'go' | 'stop' | 'timeout'>((resolve) => {
      const timer = limitMs === undefined ? undefined : setTimeout(() => finish('timeout'), limitMs);
      const onAbort = (): void => finish('stop');
      function finish(how: 'go' | 'stop' | 'timeout'): void {
        if (timer) clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        resolve(how);
      }
      this.wake = () => finish('go');
      signal.addEventListener('abort', onAbort, { once: true });
      if (signal.aborted) onAbort();
      // "go on" may come as the pause is shown (a listener of the event), before this wait began.
      else if (!this.paused) finish('go');
    });
    this.wake = undefined;
    if (outcome === 'go') return 'go';
    this.end();
    if (outcome === 'timeout' && limitMs !== undefined)
      return { stop: `It was paused for more than ${howLong(limitMs)}, so it ended; give the command again to start it over.` };
    return STOPPED;
  }

  /** "25 of 30 steps done: go on?" through the front end's confirm (the one dialogue). */
  private async askToGoOn(done: number, total: number, budget: number, signal: AbortSignal): Promise<StepGo> {
    const id = questionId();
    const summary = `${done} of ${total} steps done: go on?`;
    const reason = `A run asks after every ${budget} steps (the step budget in the settings).`;
    this.deps.setStatus('waiting_for_user');
    this.deps.emit({ type: 'confirmation_request', id, summary, risk: { level: 'moderate', reason } });
    this.asking = id;
    const answer = await this.deps.confirm({ id, summary, risk: { level: 'moderate', reason } }, signal).finally(() => (this.asking = undefined));
    if ((answer === 'confirmed' || answer === 'confirmed_by_flag') && !signal.aborted) return 'go';
    this.end();
    if (signal.aborted) return STOPPED;
    return { stop: answer === 'unanswered' ? `Nobody could answer “${summary}”.` : `You did not say to go on after ${done} of ${total} steps.` };
  }
}
