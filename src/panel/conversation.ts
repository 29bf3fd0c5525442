/**
 * The conversation the panel shows, built from the assistant's events.
 *
 * Entry kinds are the Swift prototype's (user message, intent summary, execution result, error,
 * suggestion, clarification, low-confidence warning) plus confirmation requests. Pure functions, so
 * the panel's state is whatever the events say, and a stuck "thinking" cannot happen here.
 */
import type { Waiting } from '../shared/answer-words.js';
import type { CommandGuide } from '../shared/command-guide.js';
import type { AssistantEvent, AssistantStatus, RiskSummary, SessionMode } from '../shared/contracts/events.js';
import type { PermissionStatus, PermissionKind } from '../shared/permissions.js';

export type Entry =
  | { readonly id: number; readonly kind: 'user'; readonly text: string }
  | { readonly id: number; readonly kind: 'intent'; readonly text: string; readonly risk: RiskSummary }
  /** `fromAction`: the result of an action the assistant did; `reversible`: one "take it back" can reverse. */
  | { readonly id: number; readonly kind: 'result'; readonly text: string; readonly ok: boolean; readonly fromAction?: boolean; readonly reversible?: boolean }
  | { readonly id: number; readonly kind: 'error'; readonly text: string }
  | { readonly id: number; readonly kind: 'suggestion'; readonly text: string }
  | { readonly id: number; readonly kind: 'clarification'; readonly text: string; readonly options: readonly string[]; readonly open: boolean }
  | { readonly id: number; readonly kind: 'low_confidence'; readonly text: string }
  | {
      readonly id: number;
      readonly kind: 'confirmation';
      /** The question's id, which an answer names (src/agent/dialogue.ts). */
      readonly questionId: string;
      readonly text: string;
      readonly risk: RiskSummary;
      readonly answer: 'pending' | 'confirmed' | 'cancelled' | 'expired';
    }
  /** A command that did not run because a permission is missing: why, and the way to the settings pane. */
  | { readonly id: number; readonly kind: 'permission'; readonly text: string; readonly permission: PermissionKind; readonly canOpenSettings: boolean }
  /** "What can I say": the commands, grouped, with examples (issue #15). */
  | { readonly id: number; readonly kind: 'guide'; readonly guide: CommandGuide };

export interface PanelState {
  readonly status: AssistantStatus;
  readonly entries: readonly Entry[];
  /** The planned intent's name, so the result of `unsupported` reads as a suggestion. */
  readonly lastIntent: string | undefined;
  readonly nextId: number;
  /** Commands are carried out, or dictation writes what is said into the focused field (issue #18). */
  readonly mode: SessionMode;
  /** A long run's step now (issue #32): shown above the conversation until the run is done. */
  readonly progress?: RunProgress;
  /** What the last task done took, in words ("Done in 3 presses.", issue #31), until the next command. */
  readonly effort?: string;
}

export type RunProgress = Omit<Extract<AssistantEvent, { type: 'progress' }>, 'type'>;

export const INITIAL_STATE: PanelState = { status: 'idle', entries: [], lastIntent: undefined, nextId: 1, mode: 'commands' };

type NewEntry = Entry extends infer E ? (E extends Entry ? Omit<E, 'id'> : never) : never;

function add(state: PanelState, entry: NewEntry): PanelState {
  return { ...state, entries: [...state.entries, { ...entry, id: state.nextId } as Entry], nextId: state.nextId + 1 };
}

/**
 * A question of an earlier run can no longer be answered by its buttons once the user says something
 * else. A confirmation stays: it belongs to the run that waits, which alone ends it (an answer, Stop,
 * or the run's end), so a text that does not answer it leaves it waiting (issue #15).
 */
function closeQuestions(entries: readonly Entry[]): readonly Entry[] {
  return entries.map((e) => (e.kind === 'clarification' && e.open ? { ...e, open: false } : e));
}

/** The user's text; `keepQuestion`: it does not replace the waiting question (it was no answer, or asked for help). */
export function addUserMessage(state: PanelState, text: string, keepQuestion = false): PanelState {
  return add({ ...state, entries: keepQuestion ? state.entries : closeQuestions(state.entries) }, { kind: 'user', text });
}

export function addPermissionNeeded(state: PanelState, status: PermissionStatus): PanelState {
  return add(state, { kind: 'permission', text: status.explanation, permission: status.kind, canOpenSettings: status.canOpenSettings });
}

/** A send that main refused outright (it never reached the loop). */
export function addSendError(state: PanelState, text: string): PanelState {
  return add(state, { kind: 'error', text });
}

/** What the session answered itself (numbers shown or hidden, Stop with nothing running): one result entry. */
export function addSessionReply(state: PanelState, text: string, ok: boolean): PanelState {
  return add(state, { kind: 'result', text, ok });
}

/** The confirmation still waiting for the user's answer, if any. */
export function pendingConfirmation(state: PanelState): Extract<Entry, { kind: 'confirmation' }> | undefined {
  return state.entries.find((e): e is Extract<Entry, { kind: 'confirmation' }> => e.kind === 'confirmation' && e.answer === 'pending');
}

/** The question the user can still answer with an option button, if any (a new command closes it: closeQuestions). */
export function openQuestion(state: PanelState): Extract<Entry, { kind: 'clarification' }> | undefined {
  for (let i = state.entries.length - 1; i >= 0; i--) {
    const e = state.entries[i];
    if (e?.kind === 'clarification') return e.open && e.options.length > 0 ? e : undefined;
  }
  return undefined;
}

/** The guide the user asked for last, while nothing else was said after it (its examples can still be run). */
export function openGuide(state: PanelState): Extract<Entry, { kind: 'guide' }> | undefined {
  for (let i = state.entries.length - 1; i >= 0; i--) {
    const e = state.entries[i];
    if (!e || e.kind === 'user') return undefined;
    if (e.kind === 'guide') return e;
  }
  return undefined;
}

/** What the panel waits for from the user, as the answer rule (src/shared/answer-words.ts) reads it. */
export function waitingFor(state: PanelState): Waiting {
  const confirmation = pendingConfirmation(state);
  if (confirmation)
    return { kind: 'confirmation', summary: confirmation.text, level: confirmation.risk.level, question: `${confirmation.text} ${confirmation.risk.reason}` };
  if (state.status !== 'idle') return { kind: 'running' };
  const question = openQuestion(state);
  if (question) return { kind: 'question', question: question.text, options: question.options };
  return { kind: 'nothing' };
}

export function answerConfirmation(state: PanelState, id: number, answer: 'confirmed' | 'cancelled'): PanelState {
  return { ...state, entries: state.entries.map((e) => (e.id === id && e.kind === 'confirmation' ? { ...e, answer } : e)) };
}

export function applyEvent(state: PanelState, event: AssistantEvent): PanelState {
  switch (event.type) {
    case 'status':
      return { ...state, status: event.status };
    case 'intent': {
      const name = typeof event.intent.intent === 'string' ? event.intent.intent : undefined;
      let next: PanelState = { ...state, lastIntent: name };
      if (name !== 'unsupported') next = add(next, { kind: 'intent', text: event.summary, risk: event.risk });
      if (event.lowConfidence) {
        next = add(next, { kind: 'low_confidence', text: 'The assistant is not sure it understood you. Check that this is what you meant.' });
      }
      return next;
    }
    case 'clarification':
      return add(state, { kind: 'clarification', text: event.question, options: event.options, open: true });
    case 'confirmation_request':
      return add(state, { kind: 'confirmation', questionId: event.id, text: event.summary, risk: event.risk, answer: 'pending' });
    case 'observation':
      return add(state, { kind: 'result', text: `Looked at the screen: ${event.summary}`, ok: true });
    case 'action_result':
      if (!event.ok && state.lastIntent === 'unsupported') return add(state, { kind: 'suggestion', text: event.message });
      return add(state, { kind: 'result', text: event.message, ok: event.ok, fromAction: true, ...(event.reversible ? { reversible: true } : {}) });
    case 'error':
      return add(state, { kind: 'error', text: event.message });
    case 'answer': {
      if (event.to === 'confirmation' && event.answer !== 'not_an_answer') {
        const answer = event.answer;
        return { ...state, entries: state.entries.map((e) => (e.kind === 'confirmation' && e.answer === 'pending' ? { ...e, answer } : e)) };
      }
      if (event.answer === 'not_an_answer') return add(state, { kind: 'error', text: event.message });
      // A question closed by "cancel".
      return add({ ...state, entries: closeQuestions(state.entries) }, { kind: 'result', text: event.message, ok: false });
    }
    case 'command_guide':
      return add(state, { kind: 'guide', guide: event.guide });
    case 'mode':
      return add({ ...state, mode: event.mode }, { kind: 'result', text: event.message, ok: true });
    case 'progress':
      return { ...state, progress: { step: event.step, total: event.total, doing: event.doing, paused: event.paused } };
    case 'user_commands_changed':
      // For the "Your commands" view, which asks for the list again; nothing for the conversation.
      return state;
    case 'done': {
      // A confirmation still open when the run ends was stopped (Stop) or never answered.
      const entries = state.entries.map((e) => (e.kind === 'confirmation' && e.answer === 'pending' ? { ...e, answer: 'expired' as const } : e));
      const { progress: _ended, ...rest } = state;
      const next = { ...rest, entries };
      return event.outcome === 'cancelled' ? add(next, { kind: 'result', text: event.message, ok: false }) : next;
    }
  }
}

/** What changes the panel's conversation: an assistant event, or what the panel itself did or was told. */
export type PanelAction =
  | { readonly type: 'event'; readonly event: AssistantEvent }
  | { readonly type: 'user'; readonly text: string; readonly keepQuestion: boolean }
  | { readonly type: 'answered'; readonly id: number; readonly answer: 'confirmed' | 'cancelled' }
  | { readonly type: 'permission'; readonly status: PermissionStatus }
  | { readonly type: 'send_error'; readonly text: string }
  | { readonly type: 'session_reply'; readonly text: string; readonly ok: boolean }
  | { readonly type: 'effort'; readonly text: string };

/** The panel's reducer over the functions above. */
export function reducePanel(state: PanelState, action: PanelAction): PanelState {
  switch (action.type) {
    case 'event':
      return applyEvent(state, action.event);
    case 'user': {
      const { effort: _said, ...rest } = state;
      return addUserMessage(rest, action.text, action.keepQuestion);
    }
    case 'answered':
      return answerConfirmation(state, action.id, action.answer);
    case 'permission':
      return addPermissionNeeded(state, action.status);
    case 'send_error':
      return addSendError(state, action.text);
    case 'session_reply':
      return addSessionReply(state, action.text, action.ok);
    case 'effort':
      return { ...state, effort: action.text };
  }
}

export const STATUS_TEXT: Readonly<Record<AssistantStatus, string>> = {
  idle: 'Ready',
  thinking: 'Thinking…',
  observing: 'Looking at the screen…',
  executing: 'Doing it…',
  waiting_for_user: 'Waiting for you',
  listening: 'Listening…',
};
