/**
 * Voice in the panel (issue #8): Listen → the microphone with a level meter → Done (or the
 * push-to-talk shortcut again) → main transcribes → the transcript runs as a command, like typed
 * text, or waits for Run / Edit / Cancel when the review step is on. Cancel or Esc stops at any
 * point and drops the recording; every path ends back at idle.
 *
 * Hold-to-talk (`pushToTalk: 'hold'`): while the panel has the focus the shell leaves the shortcut
 * to the page, which listens from the shortcut's keydown to its keyup; auto-repeat is ignored, and a
 * release before any audio came cancels quietly. From other apps the shortcut still toggles.
 *
 * A spoken "stop" skips the review and goes at once (it stops whatever runs). While a command runs,
 * listening is still offered for exactly that.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { acceleratorKeys } from '../../shared/accelerator-keys.js';
import type { PanelApi, SettingsView } from '../../shared/ipc-contract.js';
import { routeAnswer, type Waiting } from '../../shared/answer-words.js';
import type { VoiceUtterance } from '../../shared/voice-contract.js';
import type { VoiceProgress } from '../../shared/voice-settings.js';
import { startCapture, type Capture } from './capture.js';
import { useListening, type ListeningMode, type ListeningState } from './use-listening.js';

// The view lives in voice-panel.tsx; the panel imports both from here.
export { VoicePanel } from './voice-panel.js';

export type VoicePhase =
  | { readonly kind: 'idle' }
  | { readonly kind: 'starting' }
  | { readonly kind: 'listening' }
  | { readonly kind: 'transcribing'; readonly progress: VoiceProgress | null }
  | { readonly kind: 'review'; readonly text: string };

export interface VoiceOptions {
  readonly api: PanelApi;
  /** The saved voice settings (undefined until main sent them). */
  readonly settings: SettingsView['voice'] | undefined;
  /** What the assistant waits for: a command that runs takes only "stop"; answers skip the review. */
  readonly waiting: Waiting;
  /** Sends a command as if typed (the panel's own send). */
  readonly send: (text: string) => Promise<void>;
  /** Puts the transcript in the command box for editing. */
  readonly edit: (text: string) => void;
  readonly announce: (text: string) => void;
}

export interface VoiceState {
  readonly enabled: boolean;
  readonly phase: VoicePhase;
  /** 0–100, while listening. */
  readonly level: number;
  /** The last problem, as a sentence (cleared when listening starts again). */
  readonly problem: string | undefined;
  /** What the status bar says instead of the assistant's status, while voice is at work. */
  readonly status: string | undefined;
  readonly shortcut: string | undefined;
  /** Hold-to-talk is on: the shortcut held in the panel listens until released. */
  readonly hold: boolean;
  /** Continuous listening (issue #15), when the setting is on: off, starting, listening or sleeping. */
  readonly continuous: ListeningMode | undefined;
  /** Listen: one push-to-talk command, or with continuous listening on, start listening continuously. */
  listen(): void;
  /** Stops continuous listening (the microphone closes). */
  stopListening(): void;
  finish(): void;
  cancel(): void;
  run(): void;
  editTranscript(): void;
}

const STATUS: Readonly<Record<VoicePhase['kind'], string | undefined>> = {
  idle: undefined,
  starting: 'Starting the microphone',
  listening: 'Listening',
  transcribing: 'Working out what you said',
  review: 'Check what was heard',
};

const CONTINUOUS_STATUS: Readonly<Record<ListeningMode, string | undefined>> = {
  off: undefined,
  starting: 'Starting the microphone',
  listening: 'Listening',
  sleeping: 'Sleeping',
};

/** How often the panel asks main how a model download is going, while it waits. */
const PROGRESS_POLL_MS = 500;

export function useVoice(options: VoiceOptions): VoiceState {
  const { api, settings } = options;
  const enabled = settings?.enabled === true;
  const [phase, setPhaseState] = useState<VoicePhase>({ kind: 'idle' });
  // The phase as of now (state updates land at the next render; a second shortcut press may come sooner).
  const phaseNow = useRef<VoicePhase>(phase);
  const setPhase = (next: VoicePhase): void => {
    phaseNow.current = next;
    setPhaseState(next);
  };
  const kindNow = (): VoicePhase['kind'] => phaseNow.current.kind;
  const [level, setLevel] = useState(0);
  const [problem, setProblem] = useState<string | undefined>();
  const capture = useRef<Capture | undefined>(undefined);
  // The push-to-talk keys are down in the panel (hold mode): their release sends.
  const holding = useRef(false);
  // The latest values for callbacks that outlive a render (the shell signal, the capture's cap).
  const latest = useRef({ options });
  latest.current = { options };

  const fail = (message: string): void => {
    setPhase({ kind: 'idle' });
    setProblem(message);
    latest.current.options.announce(message);
  };

  // Counts listening attempts, so a microphone that opens after a newer attempt began is dropped.
  const attempts = useRef(0);

  const listen = async (): Promise<void> => {
    if (kindNow() !== 'idle') return;
    const attempt = ++attempts.current;
    setProblem(undefined);
    setPhase({ kind: 'starting' });
    // The microphone permission first (macOS asks once; a denial is explained with the way to grant it).
    const statuses = await api.checkPermissions().catch(() => []);
    const microphone = statuses.find((s) => s.kind === 'microphone');
    if (microphone && microphone.state === 'denied') return fail(microphone.explanation);
    let opened: Capture;
    try {
      opened = await startCapture({
        onLevel: (l) => setLevel(Math.round(l * 100)),
        // At the length cap listening stops by itself and what was heard is sent.
        onCap: () => void finish(),
      });
    } catch (e) {
      if (attempt !== attempts.current) return;
      return fail(e instanceof Error ? e.message : 'Listening could not start. Type the command instead.');
    }
    if (kindNow() !== 'starting' || attempt !== attempts.current) {
      // Cancelled (or the hold-to-talk keys released) while the microphone was opening.
      opened.cancel();
      return;
    }
    capture.current = opened;
    setLevel(0);
    setPhase({ kind: 'listening' });
    latest.current.options.announce(holding.current ? 'Listening. Say the command, then release the keys.' : 'Listening. Say the command, then press Done, or press Cancel.');
  };

  /** Stops listening and sends what was heard; `quiet`: nothing heard yet is no error, just idle. */
  const finish = async (quiet = false): Promise<void> => {
    const current = capture.current;
    if (!current || kindNow() !== 'listening') return;
    capture.current = undefined;
    const utterance = await current.stop();
    if (quiet && utterance.pcm.length === 0) return setPhase({ kind: 'idle' });
    await handleUtterance(utterance);
  };

  /**
   * One utterance, however it was heard (push-to-talk, or cut from continuous listening): transcribed,
   * then sent like typed text, or shown for review. `heard` (continuous listening) sees the transcript
   * first and may keep it from running (asleep), and a recording without words passes quietly.
   * Resolves with how it ended, so continuous listening can stop on a problem.
   */
  const idle = (): 'done' => {
    setPhase({ kind: 'idle' });
    return 'done';
  };

  const handleUtterance = async (utterance: VoiceUtterance, heard?: (text: string) => boolean): Promise<'done' | 'failed'> => {
    setPhase({ kind: 'transcribing', progress: null });
    const poll = setInterval(() => {
      void api.voiceProgress().then(
        (progress) => {
          if (kindNow() === 'transcribing') setPhase({ kind: 'transcribing', progress });
        },
        () => undefined,
      );
    }, PROGRESS_POLL_MS);
    let reply;
    try {
      reply = await api.transcribeUtterance(utterance);
    } catch {
      reply = { ok: false as const, code: 'failed', message: 'The recording could not be sent to the assistant. Try again; if this stays, restart Assistive Control.' };
    } finally {
      clearInterval(poll);
    }
    if (kindNow() !== 'transcribing') return 'done'; // cancelled meanwhile
    if (!reply.ok) {
      if (reply.code === 'cancelled') {
        setPhase({ kind: 'idle' });
        latest.current.options.announce('Cancelled: nothing was done.');
        return 'done';
      }
      // Continuous listening hears coughs and noises too: no words there is no problem to show.
      if (heard && reply.code === 'no_speech') return idle();
      fail(reply.message);
      return 'failed';
    }
    const text = reply.text;
    if (heard && !heard(text)) return idle();
    const { waiting, send, announce } = latest.current.options;
    // The one routing rule for what was heard (src/shared/answer-words.ts): "stop" and answers go at
    // once (what they answer is its own review); while a command runs nothing else goes.
    const route = routeAnswer(text, waiting);
    if (waiting.kind === 'running' && route.kind === 'not_an_answer') {
      fail(route.message);
      return 'done';
    }
    if (route.kind !== 'command' || !latest.current.options.settings?.review) {
      setPhase({ kind: 'idle' });
      await send(text);
      return 'done';
    }
    setPhase({ kind: 'review', text });
    announce(`Heard: ${text}. Run it, edit it, or cancel. Focus is on Run.`);
    return 'done';
  };

  const continuousOn = enabled && settings?.continuous === true;
  const listening = useListening({ api, on: continuousOn, announce: (text) => latest.current.options.announce(text), fail, handle: handleUtterance });
  const listeningNow = useRef<ListeningState | undefined>(undefined);
  listeningNow.current = continuousOn ? listening : undefined;

  const cancel = (): void => {
    const kind = kindNow();
    if (kind === 'idle') return;
    capture.current?.cancel();
    capture.current = undefined;
    if (kind === 'transcribing') void api.cancelTranscription();
    setPhase({ kind: 'idle' });
    latest.current.options.announce('Cancelled: nothing was done.');
  };

  const run = (): void => {
    const p = phaseNow.current;
    if (p.kind !== 'review') return;
    setPhase({ kind: 'idle' });
    void latest.current.options.send(p.text);
  };

  const editTranscript = (): void => {
    const p = phaseNow.current;
    if (p.kind !== 'review') return;
    setPhase({ kind: 'idle' });
    latest.current.options.edit(p.text);
  };

  // The push-to-talk shortcut toggles: start listening, or finish and send what was heard.
  useEffect(
    () =>
      api.onShellSignal((signal) => {
        if (signal.kind !== 'voice_toggle' || !latest.current.options.settings?.enabled) return;
        // With continuous listening on, the shortcut turns it on and off.
        const continuous = listeningNow.current;
        if (continuous) return continuous.mode === 'off' ? continuous.start() : continuous.stop();
        const kind = kindNow();
        if (kind === 'idle') void listen();
        else if (kind === 'listening') void finish();
      }),
    [api],
  );

  // Hold-to-talk: the page hears the shortcut while the panel has the focus (the shell released it).
  const holdShortcut = enabled && settings?.pushToTalk === 'hold' ? settings.shortcut : undefined;
  useEffect(() => {
    const keys = holdShortcut ? acceleratorKeys(holdShortcut, /Mac/.test(navigator.platform)) : undefined;
    if (!keys) return;
    const release = (): void => {
      holding.current = false;
      const kind = kindNow();
      // Released while the microphone was still opening: back to idle without a word.
      if (kind === 'starting') setPhase({ kind: 'idle' });
      else if (kind === 'listening') void finish(true);
    };
    const onDown = (e: KeyboardEvent): void => {
      if (!keys.pressed(e)) return;
      e.preventDefault();
      // Auto-repeat while held, or a press while a transcription runs: nothing new starts.
      if (e.repeat || holding.current) return;
      const kind = kindNow();
      if (kind === 'idle') {
        holding.current = true;
        void listen();
      } else if (kind === 'listening') {
        // Listening began from another app (a toggle): this press ends it, as the toggle would.
        void finish();
      }
    };
    const onUp = (e: KeyboardEvent): void => {
      if (!holding.current || !keys.released(e)) return;
      e.preventDefault();
      release();
    };
    // The focus left the panel with the keys down: its keyup will never come here.
    const onBlur = (): void => {
      if (holding.current) release();
    };
    window.addEventListener('keydown', onDown, true);
    window.addEventListener('keyup', onUp, true);
    window.addEventListener('blur', onBlur);
    return () => {
      holding.current = false;
      window.removeEventListener('keydown', onDown, true);
      window.removeEventListener('keyup', onUp, true);
      window.removeEventListener('blur', onBlur);
    };
  }, [holdShortcut]);

  // Esc cancels listening, a transcription or the review, wherever the focus is in the panel.
  useEffect(() => {
    if (phase.kind === 'idle') return;
    const onKey = (e: KeyboardEvent): void => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      cancel();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [phase.kind]);

  // Turned off in Settings while listening: stop and drop.
  useEffect(() => {
    if (!enabled && kindNow() !== 'idle') cancel();
  }, [enabled]);

  return {
    enabled,
    phase,
    level: phase.kind === 'idle' && continuousOn ? listening.level : level,
    problem,
    // While a command runs, the status bar says so; otherwise what continuous listening does.
    status: STATUS[phase.kind] ?? (continuousOn && options.waiting.kind === 'nothing' ? CONTINUOUS_STATUS[listening.mode] : undefined),
    shortcut: settings?.shortcut,
    hold: holdShortcut !== undefined,
    continuous: continuousOn ? listening.mode : undefined,
    listen: () => (continuousOn ? listening.start() : void listen()),
    stopListening: listening.stop,
    finish: () => void finish(),
    cancel,
    run,
    editTranscript,
  };
}
