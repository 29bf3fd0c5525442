/**
 * The conversation the panel shows, built from the assistant's events.
 *
 * Entry kinds are the Swift prototype's (user message, intent summary, execution result, error,
 * suggestion, clarification, low-confidence warning) plus confirmation requests. Pure functions, so
 * the panel's state is whatever the events say, and a stuck "thinking" cannot happen here.
 */
import type { AssistantEvent, AssistantStatus, RiskSummary } from '../shared/events.js';
import type { PermissionStatus, PermissionKind } from '../shared/permissions.js';

export type Entry =
  | { readonly id: number; readonly kind: 'user'; readonly text: string }
  | { readonly id: number; readonly kind: 'intent'; readonly text: string; readonly risk: RiskSummary }
  | { readonly id: number; readonly kind: 'result'; readonly text: string; readonly ok: boolean }
  | { readonly id: number; readonly kind: 'error'; readonly text: string }
  | { readonly id: number; readonly kind: 'suggestion'; readonly text: string }
  | { readonly id: number; readonly kind: 'clarification'; readonly text: string; readonly options: readonly string[]; readonly open: boolean }
  | { readonly id: number; readonly kind: 'low_confidence'; readonly text: string }
  | { readonly id: number; readonly kind: 'confirmation'; readonly text: string; readonly risk: RiskSummary; readonly answer: 'pending' | 'confirmed' | 'cancelled' | 'expired' }
  /** A command that did not run because a permission is missing: why, and the way to the settings pane. */
  | { readonly id: number; readonly kind: 'permission'; readonly text: string; readonly permission: PermissionKind; readonly canOpenSettings: boolean };

export interface PanelState {
  readonly status: AssistantStatus;
  readonly entries: readonly Entry[];
  /** The planned intent's name, so the result of `unsupported` reads as a suggestion. */
  readonly lastIntent: string | undefined;
  readonly nextId: number;
}

export const INITIAL_STATE: PanelState = { status: 'idle', entries: [], lastIntent: undefined, nextId: 1 };

type NewEntry = Entry extends infer E ? (E extends Entry ? Omit<E, 'id'> : never) : never;

function add(state: PanelState, entry: NewEntry): PanelState {
  return { ...state, entries: [...state.entries, { ...entry, id: state.nextId } as Entry], nextId: state.nextId + 1 };
}

/** Questions and confirmations of an earlier run can no longer be answered by their buttons. */
function closeOpen(entries: readonly Entry[]): readonly Entry[] {
  return entries.map((e) =>
    e.kind === 'clarification' && e.open ? { ...e, open: false } : e.kind === 'confirmation' && e.answer === 'pending' ? { ...e, answer: 'expired' as const } : e,
  );
}

export function addUserMessage(state: PanelState, text: string): PanelState {
  return add({ ...state, entries: closeOpen(state.entries) }, { kind: 'user', text });
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

/** The question of the latest run the user can still answer with an option button, if any. */
export function openQuestion(state: PanelState): Extract<Entry, { kind: 'clarification' }> | undefined {
  for (let i = state.entries.length - 1; i >= 0; i--) {
    const e = state.entries[i];
    if (!e || e.kind === 'user') return undefined;
    if (e.kind === 'clarification' && e.open && e.options.length > 0) return e;
  }
  return undefined;
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
      return add(state, { kind: 'confirmation', text: event.summary, risk: event.risk, answer: 'pending' });
    case 'observation':
      return add(state, { kind: 'result', text: `Looked at the screen: ${event.summary}`, ok: true });
    case 'action_result':
      if (!event.ok && state.lastIntent === 'unsupported') return add(state, { kind: 'suggestion', text: event.message });
      return add(state, { kind: 'result', text: event.message, ok: event.ok });
    case 'error':
      return add(state, { kind: 'error', text: event.message });
    case 'done': {
      // A confirmation still open when the run ends was stopped (Stop) or never answered.
      const entries = state.entries.map((e) => (e.kind === 'confirmation' && e.answer === 'pending' ? { ...e, answer: 'expired' as const } : e));
      const next = { ...state, entries };
      return event.outcome === 'cancelled' ? add(next, { kind: 'result', text: event.message, ok: false }) : next;
    }
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
