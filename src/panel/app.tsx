/**
 * The panel: command input, the conversation, confirmations and questions, a status bar, Stop and
 * recent commands. Talks to main only through the PanelApi the preload exposes.
 */
import { useEffect, useReducer, useRef, useState } from 'preact/hooks';
import type { AssistantEvent } from '../shared/events.js';
import type { PanelApi } from '../shared/ipc-contract.js';
import { INITIAL_STATE, STATUS_TEXT, addUserMessage, answerConfirmation, applyEvent, type Entry, type PanelState } from './conversation.js';

/** Mirrors MAX_COMMAND_LENGTH of the contract (imported as a value it would pull zod into the bundle). */
const MAX_COMMAND_LENGTH = 2000;

type Action =
  | { readonly type: 'event'; readonly event: AssistantEvent }
  | { readonly type: 'user'; readonly text: string }
  | { readonly type: 'answered'; readonly id: number; readonly answer: 'confirmed' | 'cancelled' };

function reduce(state: PanelState, action: Action): PanelState {
  switch (action.type) {
    case 'event':
      return applyEvent(state, action.event);
    case 'user':
      return addUserMessage(state, action.text);
    case 'answered':
      return answerConfirmation(state, action.id, action.answer);
  }
}

const KIND_LABEL: Readonly<Record<Entry['kind'], string>> = {
  user: 'You',
  intent: 'Plan',
  result: 'Result',
  error: 'Problem',
  suggestion: 'Suggestion',
  clarification: 'Question',
  low_confidence: 'Not sure',
  confirmation: 'Needs your confirmation',
};

const RISK_TEXT = { harmless: 'Harmless', moderate: 'Moderate risk', destructive: 'Destructive', blocked: 'Blocked' } as const;

export function App({ api }: { readonly api: PanelApi }) {
  const [state, dispatch] = useReducer(reduce, INITIAL_STATE);
  const [text, setText] = useState('');
  const [recent, setRecent] = useState<readonly string[]>([]);
  const input = useRef<HTMLTextAreaElement>(null);
  const busy = state.status !== 'idle';

  useEffect(() => api.onEvent((event) => dispatch({ type: 'event', event })), [api]);
  useEffect(() => {
    void api.recentCommands().then(setRecent);
  }, [api]);

  const send = async (command: string): Promise<void> => {
    const trimmed = command.trim();
    if (!trimmed || busy) return;
    dispatch({ type: 'user', text: trimmed });
    setText('');
    try {
      await api.runCommand(trimmed);
    } finally {
      setRecent(await api.recentCommands());
      input.current?.focus();
    }
  };

  const confirm = (id: number, answer: 'confirm' | 'cancel'): void => {
    dispatch({ type: 'answered', id, answer: answer === 'confirm' ? 'confirmed' : 'cancelled' });
    void api.answerConfirmation(answer);
  };

  return (
    <main class="panel">
      <h1 class="visually-hidden">Assistive Control</h1>
      <div class="status" role="status" aria-live="polite" data-status={state.status}>
        <span class="status-dot" aria-hidden="true" />
        <span>Status: {STATUS_TEXT[state.status]}</span>
      </div>

      <section class="conversation" aria-label="Conversation">
        <ol aria-live="polite" aria-relevant="additions" class="entries">
          {state.entries.map((entry) => (
            <li key={entry.id} class={`entry entry-${entry.kind}`} data-kind={entry.kind}>
              <span class="entry-kind">{KIND_LABEL[entry.kind]}:</span> <EntryBody entry={entry} busy={busy} onOption={(o) => void send(o)} onConfirm={confirm} />
            </li>
          ))}
        </ol>
      </section>

      <form
        class="command"
        onSubmit={(e) => {
          e.preventDefault();
          void send(text);
        }}
      >
        <label for="command-input">Command</label>
        <textarea
          id="command-input"
          ref={input}
          rows={2}
          maxLength={MAX_COMMAND_LENGTH}
          value={text}
          aria-describedby="command-help"
          onInput={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            // Enter sends, Shift+Enter starts a new line: one key press per command for a switch user.
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              void send(text);
            }
          }}
        />
        <p id="command-help" class="help">
          For example “click Send” or “open Firefox”. Enter sends.
        </p>
        <div class="actions">
          <button type="submit" class="big" disabled={busy || !text.trim()}>
            Send
          </button>
          <button type="button" class="big stop" disabled={!busy} onClick={() => void api.stop()}>
            Stop
          </button>
        </div>
      </form>

      {recent.length > 0 && (
        <section class="recent" aria-labelledby="recent-heading">
          <h2 id="recent-heading">Recent commands</h2>
          <ul>
            {recent.map((c) => (
              <li key={c}>
                <button type="button" disabled={busy} aria-label={`Run again: ${c}`} onClick={() => void send(c)}>
                  {c}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}

function EntryBody({
  entry,
  busy,
  onOption,
  onConfirm,
}: {
  readonly entry: Entry;
  readonly busy: boolean;
  readonly onOption: (option: string) => void;
  readonly onConfirm: (id: number, answer: 'confirm' | 'cancel') => void;
}) {
  switch (entry.kind) {
    case 'intent':
      return (
        <span>
          {entry.text} <span class={`risk risk-${entry.risk.level}`}>({RISK_TEXT[entry.risk.level]})</span>
        </span>
      );
    case 'clarification':
      return (
        <div>
          <p>{entry.text}</p>
          {entry.open && entry.options.length > 0 && (
            <div class="options" role="group" aria-label={`Answers to: ${entry.text}`}>
              {entry.options.map((o) => (
                <button key={o} type="button" class="big" disabled={busy} onClick={() => onOption(o)}>
                  {o}
                </button>
              ))}
            </div>
          )}
        </div>
      );
    case 'confirmation':
      return (
        <div>
          <p>
            <strong>{entry.text}</strong>
          </p>
          <p class={`risk risk-${entry.risk.level}`}>
            {RISK_TEXT[entry.risk.level]}: {entry.risk.reason}
          </p>
          {entry.answer === 'pending' ? (
            <div class="options" role="group" aria-label={`Confirm: ${entry.text}`}>
              <button type="button" class="big confirm" onClick={() => onConfirm(entry.id, 'confirm')}>
                Confirm
              </button>
              <button type="button" class="big" onClick={() => onConfirm(entry.id, 'cancel')}>
                Cancel
              </button>
            </div>
          ) : (
            <p class="answer">{entry.answer === 'confirmed' ? 'You confirmed.' : entry.answer === 'cancelled' ? 'You cancelled.' : 'No longer waiting for an answer.'}</p>
          )}
        </div>
      );
    default:
      return <span>{entry.text}</span>;
  }
}
