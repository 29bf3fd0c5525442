/**
 * "Your commands" (issue #18, item 2): the user's own commands as the assistant reads them from
 * commands.json — each phrase, its app if it has one, and what it does in a sentence — the file's
 * problems with their line and column (why a command is left out), and Delete (asked first, here in
 * the panel) and Edit (a new phrase, another app or none; the action stays as saved).
 *
 * Every change is made and checked in the core (user-commands:delete / user-commands:edit), which
 * answers in a sentence and with the list as it now is; the list is asked for again whenever the core
 * reads the file again (the `user_commands_changed` event), so an edit on disk shows at once.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { FormFooter } from './form-footer.js';
import type { PanelApi, UserCommandEntry, UserCommandsReply, UserCommandsView as View } from '../shared/ipc-contract.js';

type Pending = { readonly kind: 'delete' | 'edit'; readonly entry: UserCommandEntry };

/** What the core answered, or a request that got no answer (only a sentence then). */
type Outcome = UserCommandsReply | { readonly ok: false; readonly message: string };

const ACTION_WORDS = { edit: 'Edit', delete: 'Delete' } as const;

/** The command as the view and the sentences name it: “phrase”. */
const quoted = (say: string): string => `“${say}”`;

/** A key that tells two listed commands apart (a phrase may be kept once per app). */
const keyOf = (c: UserCommandEntry): string => JSON.stringify([c.say, c.app ?? '', c.line]);

function EditForm({
  api,
  entry,
  onDone,
  onCancel,
}: {
  readonly api: PanelApi;
  readonly entry: UserCommandEntry;
  readonly onDone: (reply: UserCommandsReply) => void;
  readonly onCancel: () => void;
}) {
  const [say, setSay] = useState(entry.say);
  const [app, setApp] = useState(entry.app ?? '');
  const [problem, setProblem] = useState('');
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const id = `edit-${entry.line}`;
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
  entry,
  pending,
  setPending,
  onReply,
}: {
  readonly api: PanelApi;
  readonly entry: UserCommandEntry;
  readonly pending: Pending | undefined;
  readonly setPending: (p: Pending | undefined, refocus?: string) => void;
  readonly onReply: (reply: Outcome) => void;
}) {
  const mine = pending !== undefined && keyOf(pending.entry) === keyOf(entry) ? pending.kind : undefined;
  const keep = useRef<HTMLButtonElement>(null);
  // Keep first: deleting is what the user must choose, not what a stray press does.
  useEffect(() => {
    if (mine === 'delete') keep.current?.focus();
  }, [mine]);
  const questionId = `delete-question-${entry.line}`;
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
              data-focus={`${kind}-${keyOf(entry)}`}
              aria-label={`${ACTION_WORDS[kind]} ${quoted(entry.say)}`}
              onClick={() => setPending({ kind, entry })}
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
            <button
              type="button"
              class="big"
              onClick={async () => {
                try {
                  onReply(await api.deleteUserCommand({ say: entry.say, ...(entry.app !== undefined ? { app: entry.app } : {}), line: entry.line }));
                } catch {
                  onReply({ ok: false, message: 'The command could not be deleted: the assistant did not answer. Try again.' });
                }
              }}
            >
              Delete
            </button>
            <button type="button" class="big primary" ref={keep} onClick={() => setPending(undefined, `delete-${keyOf(entry)}`)}>
              Keep
            </button>
          </div>
        </div>
      )}
      {mine === 'edit' && <EditForm api={api} entry={entry} onDone={onReply} onCancel={() => setPending(undefined, `edit-${keyOf(entry)}`)} />}
    </li>
  );
}

export function UserCommandsView({ api, onClose }: { readonly api: PanelApi; readonly onClose: () => void }) {
  const [view, setView] = useState<View | undefined>();
  const [failed, setFailed] = useState(false);
  const [message, setMessage] = useState<{ readonly ok: boolean; readonly text: string } | undefined>();
  const [pending, setPendingState] = useState<Pending | undefined>();
  const heading = useRef<HTMLHeadingElement>(null);
  const section = useRef<HTMLElement>(null);
  useEffect(() => heading.current?.focus(), []);

  useEffect(() => {
    let live = true;
    const load = (): void => {
      api.userCommandsView().then(
        (v) => {
          if (!live) return;
          setView(v);
          setFailed(false);
        },
        () => live && setFailed(true),
      );
    };
    load();
    const off = api.onEvent((event) => {
      if (event.type === 'user_commands_changed') load();
    });
    return () => {
      live = false;
      off();
    };
  }, [api]);

  /** Closes a question or a form; the focus goes back to the button that opened it (WAI-ARIA). */
  const setPending = (next: Pending | undefined, refocus?: string): void => {
    setPendingState(next);
    if (refocus)
      requestAnimationFrame(() =>
        [...(section.current?.querySelectorAll<HTMLElement>('[data-focus]') ?? [])].find((e) => e.dataset['focus'] === refocus)?.focus(),
      );
  };
  const onReply = (reply: Outcome): void => {
    setMessage({ ok: reply.ok, text: reply.message });
    if ('view' in reply) setView(reply.view);
    if (reply.ok) {
      setPendingState(undefined);
      // The item may be gone: the sentence that says what happened takes the focus.
      requestAnimationFrame(() => heading.current?.focus());
    }
  };

  const file = view?.fileName ?? 'commands.json';
  return (
    <section class="settings user-commands" aria-labelledby="user-commands-heading" ref={section}>
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
          {view.commands.map((c) => (
            <CommandItem key={keyOf(c)} api={api} entry={c} pending={pending} setPending={setPending} onReply={onReply} />
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
