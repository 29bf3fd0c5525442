/**
 * The user's own commands in the loop (issue #18, item 2): tried before the offline grammar, so a
 * user can give a phrase a meaning of their own. A matched command's body, its slots filled, is
 * validated, classified and gated exactly like any other plan (the loop's PlanActor acts on it);
 * nothing here runs an action. Also "save that as ‹name›" (the last action that succeeded becomes a
 * command) and "forget ‹name›" (asks first: removing a command is moderate).
 *
 * The commands live in a file this layer does not know: the loop is given a `UserCommandStore`
 * (src/compose/user-commands.ts implements it over src/config).
 */
import { describeIntent } from '../intent/describe.js';
import { phraseKey, readCommandEdit, readPhrase, reservedPhrase } from '../intent/user-commands.js';
import { appliesTo, fillCommand, matchPhrases } from '../intent/user-command-match.js';
import { elementIdsOf, validateIntentValue, type ValidationContext } from '../intent/validator.js';
import { gateDecision } from '../registry/risk.js';
import type { AssistantEvent, RiskSummary } from '../shared/contracts/events.js';
import { quote } from '../shared/text/quote.js';
import type { AssistantDeps, UserCommandStore } from './loop-types.js';
import { PROVENANCE_NOTE } from './run-rules.js';
import { askFirst } from './ask-first.js';
import { readForgetChoices } from './forget-choices.js';
import { isTakeBackRequest } from './take-back.js';
import { end, untilAborted, type Planned, type RunState, type Step } from './run-state.js';
import { isRepeatRequest, type SessionMemory } from './session-memory.js';

/** The phrases the loop keeps for itself, beyond the shared ones: what the file may not use. */
export const loopReserved = (phrase: string): boolean => isRepeatRequest(phrase) || isTakeBackRequest(phrase) || readForgetChoices(phrase) !== undefined;

export class OwnCommands {
  constructor(
    private readonly deps: AssistantDeps,
    private readonly memory: SessionMemory,
    private readonly emit: (event: AssistantEvent) => void,
    private readonly validation: () => ValidationContext,
  ) {}

  /** A plan from the user's commands, the end of the run (saved, forgotten, refused), or undefined: not theirs. */
  async plan(state: RunState): Promise<Planned | Step | undefined> {
    const store = this.deps.userCommands;
    if (!store) return undefined;
    const edit = readCommandEdit(state.command);
    if (edit?.kind === 'save') return this.save(store, state, edit.phrase);
    if (edit?.kind === 'forget') return this.forget(store, state, edit.phrase);

    const set = await untilAborted(store.commands(), state.signal);
    const matches = matchPhrases(state.command, set.commands);
    if (matches.length === 0) return undefined;
    const front = matches.some((m) => m.command.app !== undefined) ? await this.frontApp(state) : undefined;
    const match = matches.find((m) => appliesTo(m.command, front));
    if (!match) return undefined;
    const filled = fillCommand(match);
    if (!filled.ok) return this.refused('slot_value', filled.message);
    // The same validator as every planner's answer: a slot value cannot make a body the schema refuses.
    const validation = validateIntentValue(filled.body, this.validation());
    if (!validation.ok) return this.refused(validation.rejection.code, `Your command ${quote(match.command.say)} was not run: ${validation.rejection.message}`);
    return { intent: validation.intent, source: 'user_command', lowConfidence: validation.lowConfidence };
  }

  /** The name of the app in front (the app the engine's commands go to), when it can be read. */
  private async frontApp(state: RunState): Promise<string | undefined> {
    const result = await untilAborted(this.deps.engine.getFrontmostApp(), state.signal);
    return result.kind === 'observation' ? result.app?.name : undefined;
  }

  /** Asks before an edit of the user's commands: undefined once they said yes, else the end of the run. */
  private askFirst(
    state: RunState,
    summary: string,
    risk: RiskSummary,
    ends: { readonly declined: string; readonly unanswered: string },
  ): Promise<Step | undefined> {
    return askFirst({ emit: this.emit, confirm: this.deps.confirm }, state, summary, risk, ends);
  }

  private refused(code: string, message: string): Step {
    this.emit({ type: 'error', code, message, retryable: false });
    return end('refused', message);
  }

  private done(message: string): Step {
    this.emit({ type: 'action_result', ok: true, message });
    return end('done', message);
  }

  private async save(store: UserCommandStore, state: RunState, phrase: string): Promise<Step> {
    const last = this.memory.lastPerformed;
    if (!last) return this.refused('nothing_to_save', 'There is nothing to save yet: do something first, then say “save that as” and a name.');
    const parts = readPhrase(phrase);
    if (!parts.ok) return this.refused('bad_phrase', `${quote(phrase)} cannot be a command’s name: ${parts.why}.`);
    if (parts.parts.some((p) => p.kind === 'slot'))
      return this.refused('bad_phrase', 'A name saved by voice has no slots: say the name as plain words, or add slots in commands.json.');
    const reserved = reservedPhrase(phrase, { reserved: loopReserved });
    if (reserved) return this.refused('bad_phrase', `${reserved[0]?.toUpperCase()}${reserved.slice(1)}.`);
    const ids = elementIdsOf(last.intent);
    if (ids.length > 0) {
      return this.refused(
        'numbered_element',
        `The last action named element ${ids[0]} of a numbered list, and the numbers change with the screen: do it again naming the element (for example “click Send”), then save it.`,
      );
    }
    const what = describeIntent(last.intent).replace(/\.$/, '');
    if (this.deps.dryRun) return this.done(`Dry run: nothing was saved. “${phrase}” would: ${what}.`);
    // A plan made after reading the screen becomes, once saved, a command the user gives by name:
    // they see it and say yes first (issue #27), whatever the settings say of moderate actions.
    if (last.screenInfluenced) {
      const asked = await this.askFirst(
        state,
        `Save ${quote(phrase)} as your command to: ${what}.`,
        { level: 'moderate', reason: `${PROVENANCE_NOTE} Saved, it runs whenever you say its name.` },
        {
          declined: `Not saved: ${quote(phrase)} was not made a command.`,
          unanswered: `Not saved: saving a plan made after reading the screen needs your yes, and nobody could answer here.`,
        },
      );
      if (asked) return asked;
    }
    const saved = await store.save({ say: phrase, do: last.intent });
    if (!saved.ok) return this.refused('commands_file', saved.message);
    return this.done(`Saved. Say ${quote(phrase)} to: ${what}${saved.count > 0 ? ' (it replaces your earlier command of that name)' : ''}.`);
  }

  private async forget(store: UserCommandStore, state: RunState, phrase: string): Promise<Step> {
    const set = await untilAborted(store.commands(), state.signal);
    const wanted = readPhrase(phrase);
    const key = wanted.ok ? phraseKey(wanted.parts) : undefined;
    const named = set.commands.filter((c) => phraseKey(c.parts) === key);
    if (named.length === 0)
      return this.refused('no_such_command', `You have no command ${quote(phrase)}, so nothing was forgotten. “What can I say” lists yours.`);
    const summary = `Forget your command ${quote(named[0]?.say ?? phrase)}${named.length > 1 ? ` (all ${named.length} of that name)` : ''}.`;
    const risk = { level: 'moderate' as const, reason: 'It is removed from your commands file.' };
    if (this.deps.dryRun) return this.done(`Dry run: nothing was forgotten. The assistant would ${summary[0]?.toLowerCase()}${summary.slice(1)}`);
    if (gateDecision(risk.level, this.deps.policy) === 'confirm') {
      const asked = await this.askFirst(state, summary, risk, {
        declined: `Not done: your command ${quote(phrase)} is kept.`,
        unanswered: `Your command ${quote(phrase)} is kept: forgetting it needs your yes, and nobody could answer here. Say it where you can answer, or remove it from commands.json.`,
      });
      if (asked) return asked;
    }
    const removed = await store.forget(phrase);
    if (!removed.ok) return this.refused('commands_file', removed.message);
    return this.done(`Forgot your command ${quote(phrase)}.`);
  }
}
