/**
 * The command box (Enter sends, Shift+Enter starts a new line), Send and Stop, and the recent
 * commands, each a button that runs it again.
 */
import type { Ref } from 'preact';
import { MAX_COMMAND_LENGTH } from '../shared/limits.js';
import { isKeystroke } from './effort-tally.js';

export function CommandForm({
  input,
  text,
  onText,
  send,
  stop,
  canSend,
  canStop,
  onKeystroke,
}: {
  readonly input: Ref<HTMLTextAreaElement>;
  readonly text: string;
  readonly onText: (text: string) => void;
  readonly send: (text: string) => void;
  readonly stop: () => void;
  /** Send is offered (something is typed; nothing runs, or a confirmation waits for a typed answer). */
  readonly canSend: boolean;
  /** Stop is offered (something runs). */
  readonly canStop: boolean;
  /** A key typed in the box (issue #31: the effort counted, never which key). */
  readonly onKeystroke?: () => void;
}) {
  return (
    <form
      class="command"
      onSubmit={(e) => {
        e.preventDefault();
        send(text);
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
        onInput={(e) => onText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (isKeystroke(e)) onKeystroke?.();
          // Enter sends, Shift+Enter starts a new line: one key press per command for a switch user.
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            send(text);
          }
        }}
      />
      <p id="command-help" class="help">
        For example “click Send” or “open Firefox”. Enter sends.
      </p>
      <div class="actions">
        <button type="submit" class="big" disabled={!canSend}>
          Send
        </button>
        <button type="button" class="big stop" disabled={!canStop} onClick={stop}>
          Stop
        </button>
      </div>
    </form>
  );
}

/** The recent commands, each a button that runs it again (not while a command runs); nothing when there are none. */
export function RecentCommands({
  recent,
  busy,
  send,
}: {
  readonly recent: readonly string[];
  readonly busy: boolean;
  readonly send: (command: string) => void;
}) {
  if (recent.length === 0) return null;
  return (
    <section class="recent" aria-labelledby="recent-heading">
      <h2 id="recent-heading">Recent commands</h2>
      <ul>
        {recent.map((c) => (
          <li key={c}>
            <button type="button" disabled={busy} aria-label={`Run again: ${c}`} onClick={() => send(c)}>
              {c}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
