/**
 * "Your commands" (issue #18, item 2): the user's own commands as the assistant reads them from
 * commands.json — each phrase, its app if it has one, and what it does in a sentence — the file's
 * problems with their line and column (why a command is left out), and Delete (asked first, here in
 * the panel) and Edit (a new phrase, another app or none; the action stays as saved).
 *
 * Every change is made and checked in the core (user-commands:delete / user-commands:edit), which
 * answers in a sentence and with the list as it now is. The state lives in use-user-commands.ts,
 * where the switch's scan reaches it too.
 */
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { FormFooter } from './settings/form-footer.js';
import type { PanelApi, UserCommandEntry, UserCommandsReply } from '../shared/contracts/ipc-contract.js';
import { commandKey, focusKey, type UserCommandsState } from './use-user-commands.js';

const ACTION_WORDS = { edit: 'Edit', delete: 'Delete' } as const;

/** The command as the view and the sentences name it: “phrase”. */
const quoted = (say: string): string => `“${say}”`;

function EditForm({
  api,
  id,
  entry,
  onDone,
  onCancel,
}: {
  readonly api: PanelApi;
  /** The start of this form's element ids (unique in the list). */
  readonly id: string;
  readonly entry: UserCommandEntry;
  readonly onDone: (reply: UserCommandsReply) => void;
  readonly onCancel: () => void;
}) {
  const [say, setSay] = useState(entry.say);
  const [app, setApp] = useState(entry.app ?? '');
  const [problem, setProblem] = useState('');
  const first = useRef<HTMLInputElement>(null);
  // At the commit, not after the paint: a key pressed the moment the view opens lands where the focus was put.
  useLayoutEffect(() => first.current?.focus(), []);
  return (
    <form
      class="fields"
      aria-label={`Edit ${quoted(entry.say)}`}
      onSubmit={async (e) => {
        e.preventDefault();
        const phrase = say.trim();
        if (phrase === '') {
          setProblem('Write the phrase to say, then save again.');
          first.current?.focus();
          return;
        }
        try {
          const reply = await api.editUserCommand(
            { say: entry.say, ...(entry.app !== undefined ? { app: entry.app } : {}), line: entry.line },
            { say: phrase, ...(app.trim() !== '' ? { app: app.trim() } : {}) },
          );
          if (reply.ok) onDone(reply);
          else setProblem(reply.message);
        } catch {
          // The core refused the payload's shape: only a phrase or an app name that is too long gets here.
          setProblem('Nothing was changed: the phrase and the app name may be at most 200 characters. Shorten them, then save again.');
        }
      }}
    >
      <label for={`${id}-say`}>Phrase to say</label>
      <input id={`${id}-say`} ref={first} type="text" autocomplete="off" spellcheck={false} value={say} onInput={(e) => setSay(e.currentTarget.value)} />
      <label for={`${id}-app`}>Only in this app (empty: in every app)</label>
      <input
        id={`${id}-app`}
        type="text"
        autocomplete="off"
        spellcheck={false}
        value={app}
        aria-describedby={`${id}-help`}
        onInput={(e) => setApp(e.currentTarget.value)}
      />
      <p id={`${id}-help`} class="help">
        The app’s name as it shows, for example Thunderbird. What the command does stays as it was saved.
      </p>
      <FormFooter
        message={problem ? { ok: false, text: problem } : undefined}
        testId="edit-message"
        submit="Save changes"
        leave="Cancel editing"
        onLeave={onCancel}
      />
    </form>
  );
}

function CommandItem({
  api,
  index,
  entry,
  state,
}: {
  readonly api: PanelApi;
  /** Its place in the list, for element ids (two commands may start on one line). */
  readonly index: number;
  readonly entry: UserCommandEntry;
  readonly state: UserCommandsState;
}) {
  const mine = state.pending !== undefined && commandKey(state.pending.entry) === commandKey(entry) ? state.pending.kind : undefined;
  const keep = useRef<HTMLButtonElement>(null);
  // Keep first: deleting is what the user must choose, not what a stray press does. At the commit, so
  // a press the moment the question shows lands on Keep, not on the page (its Delete button is gone).
  useLayoutEffect(() => {
    if (mine === 'delete') keep.current?.focus();
  }, [mine]);
  const questionId = `delete-question-${index}`;
  return (
    <li class="user-command" data-testid="user-command">
      <p class="user-command-say">{quoted(entry.say)}</p>
      <p class="help">{entry.app !== undefined ? `Only in ${entry.app}` : 'In every app'}</p>
      <p>{entry.does}</p>
      {mine === undefined && (
        <div class="actions">
          {(['edit', 'delete'] as const).map((kind) => (
            <button
              key={kind}
              type="button"
              data-focus={focusKey(kind, entry)}
              aria-label={`${ACTION_WORDS[kind]} ${quoted(entry.say)}`}
              onClick={() => state.setPending({ kind, entry })}
            >
              {ACTION_WORDS[kind]}
            </button>
          ))}
        </div>
      )}
      {mine === 'delete' && (
        <div role="group" aria-labelledby={questionId} class="confirm-delete">
          <p id={questionId}>Delete the command {quoted(entry.say)}?</p>
          <div class="actions">
            <button type="button" class="big" onClick={() => void state.remove(entry)}>
              Delete
            </button>
            <button type="button" class="big primary" ref={keep} onClick={() => state.setPending(undefined)}>
              Keep
            </button>
          </div>
        </div>
      )}
      {mine === 'edit' && <EditForm api={api} id={`edit-${index}`} entry={entry} onDone={state.answered} onCancel={() => state.setPending(undefined)} />}
    </li>
  );
}

export function UserCommandsView({ api, state, onClose }: { readonly api: PanelApi; readonly state: UserCommandsState; readonly onClose: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // At the commit, not after the paint: a key pressed the moment the view opens lands where the focus was put.
  useLayoutEffect(() => heading.current?.focus(), []);
  const { view, failed, message } = state;
  const file = view?.fileName ?? 'commands.json';
  return (
    <section class="settings user-commands" aria-labelledby="user-commands-heading">
      <h2 id="user-commands-heading" ref={heading} tabIndex={-1} aria-describedby="user-commands-message">
        Your commands
      </h2>
      <p class={`form-message ${message ? (message.ok ? 'ok' : 'problem') : ''}`} aria-live="polite" id="user-commands-message" data-testid="commands-message">
        {message?.text ?? ''}
      </p>
      {failed && <p class="form-message problem">Your commands could not be read from the assistant. Close this view and open it again.</p>}
      {view && view.commands.length === 0 && (
        <p>No commands of your own yet. Say “save that as” and a name after a command, or write them in {file} in the settings folder.</p>
      )}
      {view && view.commands.length > 0 && (
        <ul class="user-command-list" aria-label="Your commands">
          {view.commands.map((c, i) => (
            <CommandItem key={commandKey(c)} api={api} index={i} entry={c} state={state} />
          ))}
        </ul>
      )}
      {view && view.problems.length > 0 && (
        <>
          <h3 id="user-commands-problems">Problems in {file}</h3>
          <p class="help">A command with a problem is left out until the file is fixed.</p>
          <ul aria-labelledby="user-commands-problems" class="user-command-problems">
            {view.problems.map((p) => (
              <li key={`${p.line}:${p.column}:${p.message}`} data-testid="commands-problem">
                Line {p.line}, column {p.column}: {p.message}
              </li>
            ))}
          </ul>
        </>
      )}
      <div class="actions">
        <button type="button" class="big" onClick={onClose}>
          Back to the command box
        </button>
      </div>
    </section>
  );
}
