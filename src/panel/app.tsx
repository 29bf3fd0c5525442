/**
 * The panel: command input, the conversation, confirmations and questions, a status bar, Stop and
 * recent commands; the first-run onboarding and the settings view. Talks to main only through the
 * PanelApi the preload exposes.
 *
 * Focus follows the conversation (docs/decisions.md, issue #7): a confirmation request takes it to
 * Confirm, or to Cancel when the action is destructive; a missing permission to its "Open
 * settings"; the end of a run to the first answer of the question it asked, else to the command box. Each move is
 * announced in one assertive live region.
 */
import { useEffect, useReducer, useRef, useState } from 'preact/hooks';
import type { AssistantEvent } from '../shared/events.js';
import type { OverlayView, PanelApi, RunReply, SettingsView as View } from '../shared/ipc-contract.js';
import type { PermissionStatus } from '../shared/permissions.js';
import { sessionCommand } from '../shared/session-commands.js';
import { routeAnswer } from '../shared/answer-words.js';
import { MAX_COMMAND_LENGTH } from '../shared/limits.js';
import { guideTitle, type CommandGuide } from '../shared/command-guide.js';
import {
  INITIAL_STATE,
  STATUS_TEXT,
  addPermissionNeeded,
  addSendError,
  addSessionReply,
  pendingConfirmation,
  addUserMessage,
  answerConfirmation,
  applyEvent,
  openGuide,
  openQuestion,
  waitingFor,
  type Entry,
  type PanelState,
} from './conversation.js';
import { Onboarding } from './onboarding.js';
import { OpenSettingsButton } from './setup-fields.js';
import { SettingsView } from './settings-view.js';
import { ScanBar } from './scan-bar.js';
import { currentNode, markIds, scanTree, type ScanAction } from './switch-scan.js';
import { useSwitch } from './use-switch.js';
import { VoicePanel, useVoice } from './voice/voice-control.js';

type Action =
  | { readonly type: 'event'; readonly event: AssistantEvent }
  | { readonly type: 'user'; readonly text: string; readonly keepQuestion: boolean }
  | { readonly type: 'answered'; readonly id: number; readonly answer: 'confirmed' | 'cancelled' }
  | { readonly type: 'permission'; readonly status: PermissionStatus }
  | { readonly type: 'send_error'; readonly text: string }
  | { readonly type: 'session_reply'; readonly text: string; readonly ok: boolean };

function reduce(state: PanelState, action: Action): PanelState {
  switch (action.type) {
    case 'event':
      return applyEvent(state, action.event);
    case 'user':
      return addUserMessage(state, action.text, action.keepQuestion);
    case 'answered':
      return answerConfirmation(state, action.id, action.answer);
    case 'permission':
      return addPermissionNeeded(state, action.status);
    case 'send_error':
      return addSendError(state, action.text);
    case 'session_reply':
      return addSessionReply(state, action.text, action.ok);
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
  permission: 'Permission needed',
  guide: 'What you can say',
};

const RISK_TEXT = { harmless: 'Harmless', moderate: 'Moderate risk', destructive: 'Destructive', blocked: 'Blocked' } as const;

/** Finds a button of one conversation entry (rendered with data-entry). */
function entryButton(id: number, selector: string): HTMLButtonElement | null {
  return document.querySelector<HTMLButtonElement>(`[data-entry="${id}"] ${selector}`);
}

export function App({ api }: { readonly api: PanelApi }) {
  const [state, dispatch] = useReducer(reduce, INITIAL_STATE);
  const [text, setText] = useState('');
  const [recent, setRecent] = useState<readonly string[]>([]);
  const [settings, setSettings] = useState<View | undefined>();
  const [screen, setScreen] = useState<'commands' | 'settings'>('commands');
  const [announcement, setAnnouncement] = useState('');
  const [runsEnded, setRunsEnded] = useState(0);
  const [overlay, setOverlay] = useState<OverlayView | undefined>();
  const input = useRef<HTMLTextAreaElement>(null);
  const settingsButton = useRef<HTMLButtonElement>(null);
  const lastSeen = useRef(0);
  const busy = state.status !== 'idle';

  useEffect(
    () =>
      api.onEvent((event) => {
        dispatch({ type: 'event', event });
        if (event.type === 'done') setRunsEnded((n) => n + 1);
      }),
    [api],
  );
  useEffect(() => {
    void api.recentCommands().then(setRecent);
    // Without settings (main could not answer) the panel still works: no onboarding then.
    api.settingsView().then(
      (view) => {
        setSettings(view);
        // Preflight at launch (the onboarding has its own permissions step): say now what is missing,
        // rather than at the first command.
        if (view.onboardingDone) void announceMissingPermissions();
      },
      () => undefined,
    );
  }, [api]);

  // New entries that ask something of the user take the focus.
  useEffect(() => {
    const fresh = state.entries.filter((e) => e.id > lastSeen.current);
    lastSeen.current = state.nextId - 1;
    for (const entry of fresh) {
      if (entry.kind === 'confirmation' && entry.answer === 'pending') {
        const destructive = entry.risk.level === 'destructive';
        entryButton(entry.id, destructive ? 'button.cancel' : 'button.confirm')?.focus();
        setAnnouncement(`Needs your confirmation: ${entry.text} ${destructive ? 'Destructive. Focus is on Cancel.' : 'Focus is on Confirm.'}`);
      } else if (entry.kind === 'permission') {
        const open = entryButton(entry.id, 'button');
        if (open) open.focus();
        else input.current?.focus();
        setAnnouncement(`Permission needed. ${entry.text}${open ? ' Focus is on Open settings.' : ''}`);
      }
    }
  }, [state.entries, state.nextId]);

  // The end of a run gives the focus to the first answer of a question it asked (its buttons are
  // enabled only now), otherwise back to the command box.
  useEffect(() => {
    if (runsEnded === 0) return;
    const question = openQuestion(state);
    if (question) {
      entryButton(question.id, 'button.option')?.focus();
      setAnnouncement(`Question: ${question.text} Focus is on the first answer, ${question.options[0] ?? ''}.`);
      return;
    }
    input.current?.focus();
    setAnnouncement('Finished. Focus is back in the command box.');
    // Only the end of a run moves the focus, not every later change of the state.
  }, [runsEnded]);

  async function announceMissingPermissions(): Promise<void> {
    const statuses = await api.checkPermissions().catch(() => []);
    for (const status of statuses) if (status.kind === 'accessibility' && status.state !== 'granted') dispatch({ type: 'permission', status });
  }

  const waiting = waitingFor(state);
  const send = async (command: string): Promise<void> => {
    const trimmed = command.trim();
    const own = sessionCommand(trimmed);
    // While a command runs and asks nothing, only "stop" (it stops that one) and "what can I say" go.
    // While it waits for a confirmation, any text goes: the session answers it or says what to say.
    if (!trimmed || (waiting.kind === 'running' && own !== 'stop' && own !== 'help')) return;
    // A text that answers nothing, or a request for help, leaves the waiting question open.
    const keepQuestion = own === 'help' || routeAnswer(trimmed, waiting).kind === 'not_an_answer';
    if (own !== 'stop') dispatch({ type: 'user', text: trimmed, keepQuestion });
    setText('');
    let reply: RunReply | undefined;
    try {
      reply = await api.runCommand(trimmed);
    } catch {
      dispatch({ type: 'send_error', text: 'The command could not be sent to the assistant. Try again; if this stays, restart Assistive Control.' });
      input.current?.focus();
    }
    if (reply?.permission) dispatch({ type: 'permission', status: reply.permission });
    if (reply?.overlay === 'hidden') setOverlay(undefined);
    else if (reply?.overlay) setOverlay(reply.overlay);
    // The session's own answers raise no assistant event: say them here.
    if (reply && own && own !== 'stop') {
      // The guide itself is the answer to "what can I say" (an event): only its title is announced.
      if (own !== 'help') dispatch({ type: 'session_reply', text: reply.message, ok: reply.outcome === 'done' });
      setAnnouncement(reply.message);
    }
    if (reply && own === 'stop' && !busy) setAnnouncement(reply.message);
    setRecent(await api.recentCommands());
  };

  const voice = useVoice({
    api,
    settings: settings?.voice,
    waiting,
    send,
    edit: (heard) => {
      setText(heard);
      input.current?.focus();
    },
    announce: setAnnouncement,
  });

  const confirm = (id: number, answer: 'confirm' | 'cancel'): void => {
    dispatch({ type: 'answered', id, answer: answer === 'confirm' ? 'confirmed' : 'cancelled' });
    void api.answerConfirmation(answer);
  };

  // Esc closes the numbers while the panel has the keyboard (the shell closes them otherwise).
  useEffect(() => {
    if (!overlay) return;
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Escape') void send('hide numbers');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [overlay, busy]);
  useEffect(
    () =>
      api.onShellSignal((signal) => {
        if (signal.kind !== 'overlay_closed') return;
        setOverlay(undefined);
        // The session forgets them too (a bare number is then no longer "click N"); no entry for it.
        void api.runCommand('hide numbers').catch(() => undefined);
      }),
    [api],
  );

  const confirmation = pendingConfirmation(state);
  const question = openQuestion(state);
  const guide = openGuide(state);
  const tree = scanTree({
    busy,
    ...(confirmation ? { confirmation: { destructive: confirmation.risk.level === 'destructive' } } : {}),
    options: !busy && question ? question.options : [],
    ...(guide ? { guide: guide.guide } : {}),
    recent,
    quick: settings?.quickCommands ?? [],
    ...(overlay ? { overlay } : {}),
    ...(voice.enabled ? { voice: voice.phase.kind } : {}),
    ...(voice.enabled && voice.continuous ? { continuous: voice.continuous } : {}),
  });
  const perform = (action: ScanAction): void => {
    switch (action.kind) {
      case 'confirm':
      case 'cancel':
        if (confirmation) confirm(confirmation.id, action.kind);
        return;
      case 'stop':
        void api.stop();
        return;
      case 'run':
        void send(action.command);
        return;
      case 'mark':
        void send(`click ${action.id}`);
        return;
      case 'voice': {
        const steps = { listen: voice.listen, finish: voice.finish, run: voice.run, cancel: voice.cancel, stop_listening: voice.stopListening } as const;
        steps[action.step]();
        return;
      }
    }
  };
  const switchState = useSwitch({
    settings: screen === 'commands' ? settings?.switchAccess : undefined,
    tree,
    perform,
    stop: () => {
      void api.stop();
      setAnnouncement(busy ? 'Stopped: you held the switch.' : 'You held the switch to stop, but nothing was running.');
    },
    onShellSignal: api.onShellSignal,
  });

  // The numbers the switch highlights are highlighted in the overlay too (a row, or one number).
  const lit = overlay ? markIds(currentNode(tree, switchState.cursor), switchState.scanning) : [];
  const litKey = lit.join(',');
  useEffect(() => {
    if (overlay) void api.highlightNumbers(lit).catch(() => undefined);
  }, [litKey, overlay]);

  const closeSettings = (): void => {
    setScreen('commands');
    // Back where the user came from (WAI-ARIA: focus returns to the control that opened the view).
    requestAnimationFrame(() => settingsButton.current?.focus());
  };

  const onboarding = settings !== undefined && !settings.onboardingDone;

  return (
    <main class="panel">
      <h1 class="visually-hidden">Assistive Control</h1>
      <div class="status" role="status" aria-live="polite" data-status={state.status === 'idle' && voice.status ? 'voice' : state.status}>
        <span class="status-dot" aria-hidden="true" />
        <span>Status: {voice.status ?? STATUS_TEXT[state.status]}</span>
      </div>
      <div class="visually-hidden" aria-live="assertive" aria-atomic="true" data-testid="announcer">
        {announcement}
      </div>

      {onboarding && (
        <Onboarding
          api={api}
          view={settings}
          onDone={(reply) => {
            setSettings(reply.view);
            setAnnouncement(reply.message);
            requestAnimationFrame(() => input.current?.focus());
          }}
        />
      )}

      {!onboarding && screen === 'settings' && settings && <SettingsView api={api} view={settings} onClose={closeSettings} onSaved={setSettings} />}

      {!onboarding && screen === 'commands' && (
        <>
          {settings?.switchAccess.enabled && <ScanBar tree={tree} state={switchState} mode={settings.switchAccess.mode} />}
          <div class="toolbar">
            {/* Not while a command runs: its confirmation or question must stay in view. */}
            <button type="button" ref={settingsButton} onClick={() => setScreen('settings')} disabled={!settings || busy}>
              Settings
            </button>
          </div>
          <section class="conversation" aria-label="Conversation">
            <ol aria-live="polite" aria-relevant="additions" class="entries">
              {state.entries.map((entry) => (
                <li key={entry.id} class={`entry entry-${entry.kind}`} data-kind={entry.kind} data-entry={entry.id}>
                  <span class="entry-kind">{KIND_LABEL[entry.kind]}:</span>{' '}
                  <EntryBody api={api} entry={entry} busy={busy} live={entry.id === guide?.id} onOption={(o) => void send(o)} onConfirm={confirm} />
                </li>
              ))}
            </ol>
          </section>

          <VoicePanel voice={voice} />

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
              <button type="submit" class="big" disabled={(busy && !confirmation) || !text.trim()}>
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
        </>
      )}
    </main>
  );
}

function EntryBody({
  api,
  entry,
  busy,
  live,
  onOption,
  onConfirm,
}: {
  readonly api: PanelApi;
  readonly entry: Entry;
  readonly busy: boolean;
  /** A guide still open: its examples are buttons that run them. */
  readonly live: boolean;
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
                <button key={o} type="button" class="big option" disabled={busy} onClick={() => onOption(o)}>
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
              <button type="button" class="big cancel" onClick={() => onConfirm(entry.id, 'cancel')}>
                Cancel
              </button>
            </div>
          ) : (
            <p class="answer">{entry.answer === 'confirmed' ? 'You confirmed.' : entry.answer === 'cancelled' ? 'You cancelled.' : 'No longer waiting for an answer.'}</p>
          )}
        </div>
      );
    case 'permission':
      return (
        <div>
          <p>{entry.text}</p>
          {entry.canOpenSettings && <OpenSettingsButton api={api} kind={entry.permission} />}
        </div>
      );
    case 'guide':
      return <GuideView guide={entry.guide} live={live} busy={busy} onSay={onOption} />;
    default:
      return <span>{entry.text}</span>;
  }
}

/**
 * "What can I say": each group with its examples. While the guide is the latest thing shown, each
 * example is a button that says it (typed, as if the user had said it); the answers of a waiting
 * confirmation stay usable while it waits, other examples once nothing runs.
 */
function GuideView({ guide, live, busy, onSay }: { readonly guide: CommandGuide; readonly live: boolean; readonly busy: boolean; readonly onSay: (text: string) => void }) {
  const usable = live && (!busy || guide.scope === 'confirmation' || guide.scope === 'running');
  return (
    <div class="guide">
      <p>{guideTitle(guide)}</p>
      {guide.groups.map((group) => (
        <div key={group.title} class="guide-group" role="group" aria-label={group.title}>
          <p class="guide-title">{group.title}</p>
          <ul class="guide-examples">
            {group.examples.map((example) => (
              <li key={example}>
                {usable ? (
                  <button type="button" class="example" onClick={() => onSay(example)}>
                    {example}
                  </button>
                ) : (
                  <span class="example">“{example}”</span>
                )}
              </li>
            ))}
          </ul>
          {group.alsoSaid.length > 0 && <p class="help">Also: {group.alsoSaid.join(', ')}.</p>}
        </div>
      ))}
    </div>
  );
}
