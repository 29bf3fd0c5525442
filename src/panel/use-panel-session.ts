/**
 * The panel's side of the session: the conversation (from the assistant's events and what the
 * panel did), the command box's text, the recent commands, the numbers shown over the screen, and
 * `send`, the one way a command goes to main, whether typed, picked, run again or heard.
 */
import type { RefObject } from 'preact';
import { useCallback, useEffect, useReducer, useRef, useState } from 'preact/hooks';
import type { OverlayView, PanelApi, RunReply } from '../shared/contracts/ipc-contract.js';
import { sessionCommand } from '../shared/session-commands.js';
import { routeAnswer, type AnswerChannel } from '../shared/answer-words.js';
import type { Language } from '../shared/language.js';
import { INITIAL_STATE, reducePanel, waitingFor } from './conversation.js';
import type { ConfirmAnswer } from './conversation-view.js';
import { EffortTally } from './effort-tally.js';

export function usePanelSession({
  api,
  input,
  announce,
  openUserCommands,
  stepScanRate,
  language,
}: {
  readonly api: PanelApi;
  readonly input: RefObject<HTMLTextAreaElement | null>;
  readonly announce: (text: string) => void;
  /** "my commands" (typed, spoken or a scan entry) opens the "Your commands" view. */
  readonly openUserCommands: () => void;
  /** "Slower" / "faster": the switch scan's interval one step (issue #31), changed and saved by the panel. */
  readonly stepScanRate?: (way: 'slower' | 'faster') => void;
  /** The user's language (the saved setting; English until main sent it): the words that answer. */
  readonly language?: Language | undefined;
}) {
  const [state, dispatch] = useReducer(reducePanel, INITIAL_STATE);
  /** The inputs of the task under way (issue #31): sent with each command and answer, told in words when it is done. */
  const effort = useRef(new EffortTally()).current;
  const [text, setBoxText] = useState('');
  /** When the user began the text in the box (ms since the epoch): a text begun before a question never answers it. */
  const begun = useRef<number | undefined>(undefined);
  const setText = (next: string): void => {
    // A new text (the box emptied, or its start replaced: select all, then type) begins now.
    if (next.trim() === '') begun.current = undefined;
    else if (begun.current === undefined || next[0] !== text[0]) begun.current = Date.now();
    setBoxText(next);
  };
  const [recent, setRecent] = useState<readonly string[]>([]);
  const [runsEnded, setRunsEnded] = useState(0);
  const [overlay, setOverlay] = useState<OverlayView | undefined>();
  const busy = state.status !== 'idle';
  // Read when a task ends, so a language changed meanwhile is the one its words are in (without subscribing again).
  const languageNow = useRef(language);
  languageNow.current = language;

  useEffect(
    () =>
      api.onEvent((event) => {
        dispatch({ type: 'event', event });
        if (event.type !== 'done') return;
        setRunsEnded((n) => n + 1);
        // The task is done: what it took, in words ("Done in 3 presses."), after what it did.
        const words = effort.finish(languageNow.current);
        if (words && event.outcome === 'done') dispatch({ type: 'effort', text: words });
      }),
    [api, effort],
  );

  // Kept the same function while `api` is: the App's start-up effect runs once per api, not per render.
  const announceMissingPermissions = useCallback(async (): Promise<void> => {
    const statuses = await api.checkPermissions().catch(() => []);
    for (const status of statuses) if (status.kind === 'accessibility' && status.state !== 'granted') dispatch({ type: 'permission', status });
  }, [api]);

  const waiting = waitingFor(state);
  /**
   * Sends a typed or spoken text; `via` says which, as the answer rule reads it (src/shared/answer-words.ts),
   * and `startedAt` when the user began it (absent: now, as for a button pressed).
   */
  const send = async (command: string, via: AnswerChannel = 'typed', startedAt?: number): Promise<void> => {
    const trimmed = command.trim();
    const own = sessionCommand(trimmed, language);
    // While a command runs and asks nothing, only "stop" (it stops that one), "pause", "go on" and "what can I say" go.
    // While it waits for a confirmation, any text goes: the session answers it or says what to say.
    if (!trimmed || (waiting.kind === 'running' && own !== 'stop' && own !== 'help' && own !== 'pause' && own !== 'go_on')) return;
    // Not while something waits for an answer: the view would hide the question.
    if (own === 'user_commands' && waiting.kind === 'nothing') {
      setText('');
      openUserCommands();
      return;
    }
    // The scan's speed is the panel's (issue #31); while dictating the words are text.
    if ((own === 'scan_slower' || own === 'scan_faster') && waiting.kind === 'nothing' && state.mode !== 'dictation' && stepScanRate) {
      setText('');
      stepScanRate(own === 'scan_slower' ? 'slower' : 'faster');
      return;
    }
    // A text that answers nothing, or a request for help, leaves the waiting question open.
    const keepQuestion = own === 'help' || routeAnswer(trimmed, waiting, via, language).kind === 'not_an_answer';
    if (own !== 'stop') dispatch({ type: 'user', text: trimmed, keepQuestion });
    setText('');
    if (via === 'spoken') effort.count('utterance', startedAt);
    // A command sent while nothing waits begins a task (its `done` event ends it).
    const task = waiting.kind === 'nothing';
    const counts = effort.take();
    let reply: RunReply | undefined;
    try {
      reply = await (counts
        ? api.runCommand(trimmed, via, startedAt ?? Date.now(), counts)
        : startedAt === undefined
          ? api.runCommand(trimmed, via)
          : api.runCommand(trimmed, via, startedAt));
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
      announce(reply.message);
    }
    if (reply && own === 'stop' && !busy) announce(reply.message);
    // A session word answered by the session itself ends no run: its inputs belong to no task.
    if (task && own && own !== 'show_numbers') effort.finish();
    setRecent(await api.recentCommands());
  };

  /** Sends what is in the command box, with the time the user began typing it. */
  const sendBox = (command: string): Promise<void> => send(command, 'typed', begun.current);

  /** A Confirm or Cancel on the card `id`: the answer names that card's question, and counts for it only. */
  const confirm = (id: number, answer: ConfirmAnswer): void => {
    const card = state.entries.find((e) => e.id === id && e.kind === 'confirmation');
    if (card?.kind !== 'confirmation' || card.answer !== 'pending') return;
    dispatch({ type: 'answered', id, answer: answer === 'confirm' ? 'confirmed' : 'cancelled' });
    const counts = effort.take();
    void (counts ? api.answerConfirmation(answer, card.questionId, counts) : api.answerConfirmation(answer, card.questionId));
  };

  // `send` as of the latest render (a new function each render), for the listener registered while the numbers show.
  const sendNow = useRef(send);
  sendNow.current = send;
  // Esc closes the numbers while the panel has the keyboard (the shell closes them otherwise).
  // The latest `send` goes, so it sees what waits at the moment of the key.
  useEffect(() => {
    if (!overlay) return;
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Escape') void sendNow.current('hide numbers');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [overlay]);
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

  return { state, busy, waiting, runsEnded, text, setText, recent, setRecent, overlay, send, sendBox, confirm, announceMissingPermissions, effort };
}
