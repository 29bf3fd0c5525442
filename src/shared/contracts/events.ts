/**
 * The assistant's event stream: one typed sequence feeds the panel, the CLI's `--json` output and
 * the audit log. Plain data only (it crosses process boundaries); never a key, never a secure value.
 */
import type { CommandGuide } from '../command-guide.js';
import type { RiskLevel } from '../risk-level.js';

export const ASSISTANT_STATUSES = ['idle', 'thinking', 'observing', 'executing', 'waiting_for_user', 'listening'] as const;
export type AssistantStatus = (typeof ASSISTANT_STATUSES)[number];

/** What the session does with what the user says: carry it out, or write it into the focused field. */
export const SESSION_MODES = ['commands', 'dictation'] as const;
export type SessionMode = (typeof SESSION_MODES)[number];

/** Who planned an intent: the offline grammar, one of the user's own commands (commands.json), or an LLM provider. */
export const INTENT_SOURCES = ['grammar', 'user_command', 'ollama', 'anthropic', 'openai'] as const;
export type IntentSource = (typeof INTENT_SOURCES)[number];

/** How a run ended. */
export const OUTCOMES = ['done', 'failed', 'needs_user', 'refused', 'cancelled'] as const;
export type Outcome = (typeof OUTCOMES)[number];

export interface RiskSummary {
  readonly level: RiskLevel;
  /** One sentence, fit to be spoken. */
  readonly reason: string;
  /** The effect rule that judged what the input would do, when one did (src/registry/effect-rules.ts). */
  readonly rule?: string;
}

/**
 * What a step waiting for a confirmation will act on (issue #31), for the overlay to outline while
 * the question waits: an element at its bounds on screen, or a point (a click at coordinates, the
 * mouse grid's cell), with the name to show and say. Screen coordinates.
 */
export type ActionTarget =
  | {
      readonly kind: 'element';
      readonly label: string;
      readonly x: number;
      readonly y: number;
      readonly width: number;
      readonly height: number;
    }
  | { readonly kind: 'point'; readonly label: string; readonly x: number; readonly y: number };

export type AssistantEvent =
  | { readonly type: 'status'; readonly status: AssistantStatus }
  | {
      readonly type: 'intent';
      readonly source: IntentSource;
      /** The validated intent as JSON (its schema lives in src/intent). */
      readonly intent: Readonly<Record<string, unknown>>;
      /** One sentence: "Click “Send” (button)." */
      readonly summary: string;
      readonly risk: RiskSummary;
      readonly lowConfidence: boolean;
    }
  | { readonly type: 'clarification'; readonly question: string; readonly options: readonly string[] }
  /**
   * `id` names the question: the panel's Confirm and Cancel send it back with the answer (issue #27).
   * `target` is where the step will act, when it could be found on screen (issue #31).
   */
  | { readonly type: 'confirmation_request'; readonly id: string; readonly summary: string; readonly risk: RiskSummary; readonly target?: ActionTarget }
  | { readonly type: 'observation'; readonly summary: string; readonly elements: number }
  /** `reversible`: what the action changed was recorded, so "take it back" can reverse it (issue #31). */
  | { readonly type: 'action_result'; readonly ok: boolean; readonly message: string; readonly reversible?: true }
  | { readonly type: 'error'; readonly code: string; readonly message: string; readonly retryable: boolean }
  | { readonly type: 'done'; readonly outcome: Outcome; readonly message: string }
  /**
   * A long run (more than 5 steps, issue #32): step `step` of `total` begins and does `doing`; or,
   * with `paused`, the run waits before that step until the user says "go on" (or stops it).
   */
  | { readonly type: 'progress'; readonly step: number; readonly total: number; readonly doing: string; readonly paused: boolean }
  /**
   * A typed or spoken answer to what waits (issue #15): a confirmation confirmed or cancelled, a
   * question closed, or a text that answers nothing (then `message` says what the user can say and
   * what waits keeps waiting). Answers given with the Confirm and Cancel buttons raise no such event.
   */
  | {
      readonly type: 'answer';
      readonly to: 'confirmation' | 'question' | 'nothing';
      readonly answer: 'confirmed' | 'cancelled' | 'not_an_answer';
      readonly message: string;
    }
  /**
   * The session switched between carrying out commands and dictation (issue #18): in dictation
   * mode every utterance or typed line is text for the focused field. `message` says how to leave.
   */
  | { readonly type: 'mode'; readonly mode: SessionMode; readonly message: string }
  /** "What can I say": the commands the offline grammar understands, with examples (issue #15). */
  | { readonly type: 'command_guide'; readonly guide: CommandGuide }
  /**
   * The user's commands file was read again (changed on disk, or by an edit): a panel that lists the
   * commands asks for them again (issue #18). No payload: the list crosses only as a reply.
   */
  | { readonly type: 'user_commands_changed' };

export type AssistantEventType = AssistantEvent['type'];
