/**
 * Where the loop's next intent comes from: the offline grammar first (deterministic, so tried once),
 * else the LLM planner the factory builds at send time, its answer validated against the latest
 * observation. A rejected answer is fed back and planned again, within the retry bound; the same
 * failed action proposed again is stopped before it runs a third time.
 */
import { parseCommand } from '../intent/grammar/grammar-planner.js';
import { promptPlatform } from '../intent/system-prompt.js';
import { validateIntentValue, type ConfidencePolicy, type ValidationContext } from '../intent/validator.js';
import type { AssistantEvent } from '../shared/contracts/events.js';
import { quote } from '../shared/text/quote.js';
import type { AssistantDeps, LoopLimits, PlannerAvailability, RunResult } from './loop-types.js';
import { sameAction } from './run-rules.js';
import { AGAIN, Cancelled, end, untilAborted, type Planned, type RunState, type Step } from './run-state.js';
import type { SessionMemory } from './session-memory.js';
import { OwnCommands } from './own-commands.js';
import { ScreenLook } from './vision.js';
import { visionRequest } from '../intent/vision-words.js';

const GRAMMAR_EXAMPLES = 'for example “open Firefox”, “click Send”, “type "hello"”, “press ctrl+s”, “scroll down 3” or “what’s on screen”';

/** A command quoted back to the user is shortened past this many characters. */
const COMMAND_QUOTE_MAX = 80;

export class PlanSource {
  constructor(
    private readonly deps: AssistantDeps,
    private readonly memory: SessionMemory,
    private readonly limits: LoopLimits,
    /** The loop's own emit: a listener that throws cannot break the run. */
    private readonly emit: (event: AssistantEvent) => void,
  ) {
    this.own = new OwnCommands(deps, memory, emit, () => this.validationContext());
    this.look = new ScreenLook(deps, memory, emit, () => this.validationContext());
  }

  private readonly own: OwnCommands;
  /** Pictures of the screen, for a planner that takes images (vision.ts). */
  private readonly look: ScreenLook;

  validationContext(confidence?: ConfidencePolicy): ValidationContext {
    const policy = confidence ?? this.deps.confidence;
    return { latestElementIds: this.memory.latestElementIds, ...(policy ? { confidence: policy } : {}) };
  }

  async availability(state: RunState): Promise<PlannerAvailability> {
    if (!state.availability) {
      state.availability = this.deps.planner
        ? await untilAborted(this.deps.planner(), state.signal)
        : { kind: 'none', message: 'No AI planner is set up for commands the grammar does not know.' };
    }
    return state.availability;
  }

  refusedPlan(code: string, message: string): RunResult {
    this.emit({ type: 'error', code, message, retryable: false });
    return { outcome: 'refused', message };
  }

  /**
   * "Describe the screen" / "what's this?" (a sentence from the picture, when pictures are allowed;
   * else the grammar lists the elements) and "look at the screen [and …]" (a plan from the picture).
   */
  private async fromPicture(state: RunState): Promise<Planned | Step | undefined> {
    const asked = visionRequest(state.command);
    if (!asked) return undefined;
    if (asked.kind === 'describe') return (await this.look.ready(state)) ? this.look.describe(state) : undefined;
    const command = asked.command ?? this.memory.recentCommands.find((c) => c !== state.command);
    if (!command) {
      const message = 'Say what to do after “look at the screen”, for example “look at the screen and click the gear icon”.';
      this.emit({ type: 'error', code: 'no_command', message, retryable: false });
      return end('needs_user', message);
    }
    return this.look.plan(state, command);
  }

  /** The next intent, or the end of the run. */
  async next(state: RunState): Promise<Planned | Step> {
    if (!state.grammarTried) {
      state.grammarTried = true;
      // The user's own commands first, so a phrase of theirs can mean what they chose.
      const own = await this.own.plan(state);
      if (own) return own;
      const pictured = await this.fromPicture(state);
      if (pictured) return pictured;
      const parsed = parseCommand(state.command, {
        platform: promptPlatform(process.platform),
        ...(this.deps.language ? { language: this.deps.language() } : {}),
      });
      if (parsed.kind === 'intent') {
        const validation = validateIntentValue(parsed.intent, this.validationContext());
        // The grammar is deterministic: asking it again cannot help, and its reading was unambiguous.
        if (!validation.ok) return end('refused', this.refusedPlan(validation.rejection.code, validation.rejection.message).message);
        return { intent: validation.intent, source: 'grammar', lowConfidence: validation.lowConfidence };
      }
      const available = await this.availability(state);
      // No planner reads the tree's text: a planner that takes pictures may still see what the command means.
      if (available.kind !== 'ready' && (await this.look.ready(state))) return this.look.plan(state, state.command);
      if (available.kind !== 'ready') {
        const message =
          available.kind === 'none'
            ? `The offline grammar did not understand ${quote(state.command, COMMAND_QUOTE_MAX)}. Say it the way the grammar understands, ${GRAMMAR_EXAMPLES}. ${available.message}`
            : available.message;
        this.emit({ type: 'error', code: available.kind === 'none' ? 'no_planner' : available.code, message, retryable: false });
        return end('needs_user', message);
      }
    }
    // What the tree's text led to failed: the next plan is made once from the picture, when pictures are allowed.
    if (state.lastFailed && !state.pictured && (await this.look.ready(state))) {
      state.pictured = true;
      return this.look.plan(state, state.command);
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
    return {
      intent: validation.intent,
      source: available.planner.provider,
      lowConfidence: validation.lowConfidence,
      ...(screenInfluenced ? { screenInfluenced } : {}),
    };
  }
}
