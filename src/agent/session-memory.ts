/**
 * Session memory: what the assistant remembers between commands of one session, bounded.
 *
 * The conversation (so an LLM understands "now click Save" after "open the editor"), the last
 * intent that was performed (so "do that again" needs no planner), the recent commands (offered for
 * one-step reuse, which matters most to a switch user), the ids of the latest observation (so
 * "click 12" is checked against what is on screen) and what the assistant is waiting for (the
 * answer to a question, or a yes/no to a confirmation). Nothing here is written to disk.
 */
import { DE_AGAIN_WORDS } from '../shared/lang/de/session-words.js';
import type { ConversationTurn } from '../intent/conversation.js';
import type { Intent } from '../intent/schema.js';
import type { ElementChoice } from '../registry/dispatch.js';
import type { UndoRecord } from '../execution/undo-record.js';
import type { IntentSource } from '../shared/contracts/events.js';
import type { RiskLevel } from '../shared/risk-level.js';
import { readConfirmationAnswer } from '../shared/answer-words.js';
import type { Language } from '../shared/language.js';
import { sessionCommand } from '../shared/session-commands.js';

export interface SessionLimits {
  /** Conversation turns kept (older ones dropped first). */
  readonly turnsMax: number;
  /** Distinct recent commands kept for reuse. */
  readonly recentMax: number;
}

export const DEFAULT_SESSION_LIMITS: SessionLimits = { turnsMax: 60, recentMax: 10 };

/** The element the user picked in answer to "which one?", and the option's words. */
export interface PickedElement {
  readonly element: ElementChoice;
  readonly option: string;
}

/** An intent performed earlier, as "do that again" needs it. */
export interface RememberedIntent {
  readonly intent: Intent;
  readonly source: IntentSource;
  readonly command: string;
  /** The element picked for it, so a repeat acts on the same one rather than asking again. */
  readonly picked?: PickedElement;
  /** It was planned after screen content went to a model: a repeat or a save keeps that mark (issue #27). */
  readonly screenInfluenced?: boolean;
  /** What it changed, as the engine read it back: what "take it back" reverses (take-back.ts). */
  readonly undo?: UndoRecord;
}

/** An action that stopped to ask which element: finished with the one the user picks. */
export interface ActionAwaitingChoice {
  readonly intent: Intent;
  readonly source: IntentSource;
  readonly command: string;
  /** One per option, in the same order. */
  readonly choices: readonly ElementChoice[];
}

/** What the last run stopped to ask the user, if anything. */
export type Pending =
  | {
      readonly kind: 'clarification';
      /** When it was asked (ms since the epoch): an answer begun before it does not answer it. */
      readonly askedAt?: number;
      readonly question: string;
      readonly options: readonly string[];
      /** The engine asked which element: the answer finishes this action. Absent: a planner asked. */
      readonly action?: ActionAwaitingChoice;
    }
  | {
      readonly kind: 'confirmation';
      readonly intent: Intent;
      readonly source: IntentSource;
      readonly command: string;
      readonly level: RiskLevel;
      readonly summary: string;
      readonly reason: string;
      readonly picked?: PickedElement;
      /** Planned after screen content went to a model (provenance). */
      readonly screenInfluenced?: boolean;
    };

export class SessionMemory {
  private turns: ConversationTurn[] = [];
  /** Turns ever added: a mark taken before a run lets a run's own turns be forgotten. */
  private turnsAdded = 0;
  private recent: string[] = [];
  private last: RememberedIntent | undefined;
  private ids: ReadonlySet<number> | null = null;
  private waiting: Pending | undefined;

  constructor(private readonly limits: SessionLimits = DEFAULT_SESSION_LIMITS) {}

  get conversation(): readonly ConversationTurn[] {
    return this.turns;
  }

  /** Most recent first, without repeats. */
  get recentCommands(): readonly string[] {
    return this.recent;
  }

  get lastPerformed(): RememberedIntent | undefined {
    return this.last;
  }

  /** Element ids of the latest observation; null before the first one. */
  get latestElementIds(): ReadonlySet<number> | null {
    return this.ids;
  }

  get pending(): Pending | undefined {
    return this.waiting;
  }

  addTurn(turn: ConversationTurn): void {
    this.turnsAdded++;
    this.turns.push(turn);
    if (this.turns.length > this.limits.turnsMax) this.turns.splice(0, this.turns.length - this.limits.turnsMax);
  }

  /** A mark of the conversation now, for forgetTurnsSince. */
  get turnMark(): number {
    return this.turnsAdded;
  }

  /** Forgets the turns added after `mark` (a command that aimed at a secure field leaves no trace). */
  forgetTurnsSince(mark: number): void {
    const n = Math.min(this.turnsAdded - mark, this.turns.length);
    if (n > 0) this.turns.splice(this.turns.length - n, n);
  }

  /** Forgets a command from the recent commands. */
  forgetCommand(command: string): void {
    this.recent = this.recent.filter((c) => c !== command);
  }

  /** Has screen content (an observation, or a result that may quote it) gone into the conversation? */
  get hasScreenText(): boolean {
    return this.turns.some((t) => t.kind === 'observation' || (t.kind === 'result' && t.detail !== ''));
  }

  addCommand(command: string): void {
    this.recent = [command, ...this.recent.filter((c) => c !== command)].slice(0, this.limits.recentMax);
  }

  performed(remembered: RememberedIntent): void {
    this.last = remembered;
  }

  observed(ids: ReadonlySet<number>): void {
    this.ids = ids;
  }

  setPending(pending: Pending | undefined): void {
    this.waiting = pending;
  }

  /** Forgets everything (the user asked for a fresh start). */
  clear(): void {
    this.turns = [];
    this.recent = [];
    this.last = undefined;
    this.ids = null;
    this.waiting = undefined;
  }
}

/** A whole command as the loop's own words are matched: lower case, no punctuation, single spaces. */
export const normalize = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[.!?,;:]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** A whole command as the loop's own words are matched, without a "please" / "bitte" before or after it. */
export const loopPhrase = (text: string): string => normalize(text).replace(/^(?:please|bitte) |(?: please| bitte)$/gu, '');

// Whole-command phrases only: "do that again in Firefox" is a new command for the planner.
const AGAIN = new Set([
  ...['again', 'do that again', 'do it again', 'repeat', 'repeat that', 'same again', 'once more', 'one more time', 'do that once more'],
  // German's (issue #32 item 6): no English command reads like them, so they count whatever the language.
  ...DE_AGAIN_WORDS,
]);
/** "do that again" and its variants ("nochmal"): repeat the last performed intent. */
export function isRepeatRequest(command: string): boolean {
  return AGAIN.has(loopPhrase(command));
}

/**
 * A yes or a no to a pending confirmation, or undefined when the command is something else. The
 * words are the panel's and the voice's (src/shared/answer-words.ts); "stop" says no here too.
 */
export function readYesNo(command: string, language?: Language): 'yes' | 'no' | undefined {
  const answer = readConfirmationAnswer(command, language);
  if (answer === 'confirm') return 'yes';
  if (answer === 'cancel' || sessionCommand(command) === 'stop') return 'no';
  return undefined;
}
