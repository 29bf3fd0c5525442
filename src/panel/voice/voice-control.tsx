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
 *
 * Every decision is the pure reducer's (voice-machine.ts); this hook turns the page's events into
 * its events and carries out its effects: the microphone, main's transcription, the sentences.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { PanelApi, SettingsView } from '../../shared/contracts/ipc-contract.js';
import type { Waiting } from '../../shared/answer-words.js';
import type { HeardDecision } from '../../shared/listening.js';
import type { VoiceUtterance } from '../../shared/contracts/voice-contract.js';
import { SPEECH_SAMPLE_RATE } from '../../shared/pcm.js';
import type { Language } from '../../shared/language.js';
import type { VoiceReply } from '../../shared/voice-settings.js';
import { startCapture, type Capture } from './capture.js';
import { useHoldToTalk } from './use-hold-to-talk.js';
import { useListening, type ListeningState } from './use-listening.js';
import type { VoiceState } from './voice-state.js';
import { UNSENT_REPLY, VOICE_START, voiceStatus, voiceStep, type HeardContext, type VoiceEffect, type VoiceEvent, type VoiceMachine } from './voice-machine.js';

export type { VoicePhase } from './voice-machine.js';
export type { VoiceState } from './voice-state.js';

export interface VoiceOptions {
  readonly api: PanelApi;
  /** The saved voice settings (undefined until main sent them). */
  readonly settings: SettingsView['voice'] | undefined;
  /** What the assistant waits for: a command that runs takes only "stop"; answers skip the review. */
  readonly waiting: Waiting;
  /** Sends what was heard (the panel's own send, marked spoken). */
  readonly send: (text: string, via: 'spoken', startedAt?: number) => Promise<void>;
  /** Puts the transcript in the command box for editing. */
  readonly edit: (text: string) => void;
  readonly announce: (text: string) => void;
  /** The user's language (the saved setting; English until main sent it): the words that answer. */
  readonly language?: Language | undefined;
}

/** How often the panel asks main how a model download is going, while it waits. */
const PROGRESS_POLL_MS = 500;

/** The effects' work: settled once every send it started has gone. */
interface Applied {
  readonly effects: readonly VoiceEffect[];
  readonly settled: Promise<void>;
}

export function useVoice(options: VoiceOptions): VoiceState {
  const { api, settings } = options;
  const enabled = settings?.enabled === true;
  const [view, setView] = useState<VoiceMachine>(VOICE_START);
  // The state as of now (state updates land at the next render; a second shortcut press may come sooner).
  const now = useRef<VoiceMachine>(VOICE_START);
  const capture = useRef<Capture | undefined>(undefined);
  // The latest values for callbacks that outlive a render (the shell signal, the capture's cap).
  const latest = useRef({ options });
  latest.current = { options };

  /** Moves the state by `event` and carries out its effects; `opened`: the capture the event is about. */
  const apply = (event: VoiceEvent, opened?: Capture): Applied => {
    const step = voiceStep(now.current, event);
    if (step.state !== now.current) {
      now.current = step.state;
      setView(step.state);
    }
    const sends = step.effects.map((effect) => perform(effect, opened));
    return { effects: step.effects, settled: Promise.all(sends).then(() => undefined) };
  };

  const perform = (effect: VoiceEffect, opened: Capture | undefined): Promise<void> | undefined => {
    const { options: o } = latest.current;
    switch (effect.type) {
      case 'announce':
        o.announce(effect.text);
        return undefined;
      case 'check_microphone':
        void api
          .checkPermissions()
          .catch(() => [])
          .then((statuses) => {
            const microphone = statuses.find((s) => s.kind === 'microphone');
            apply({ type: 'permission', attempt: effect.attempt, ...(microphone && microphone.state === 'denied' ? { denied: microphone.explanation } : {}) });
          });
        return undefined;
      case 'open_capture':
        startCapture({
          onLevel: (l) => apply({ type: 'level', level: Math.round(l * 100) }),
          // At the length cap listening stops by itself and what was heard is sent.
          onCap: () => apply({ type: 'finish', quiet: false }),
        }).then(
          (capture) => apply({ type: 'capture_opened', attempt: effect.attempt }, capture),
          (e: unknown) =>
            apply({
              type: 'capture_failed',
              attempt: effect.attempt,
              message: e instanceof Error ? e.message : 'Listening could not start. Type the command instead.',
            }),
        );
        return undefined;
      case 'keep_capture':
        capture.current = opened;
        return undefined;
      case 'discard_capture':
        opened?.cancel();
        return undefined;
      case 'stop_capture': {
        const current = capture.current;
        capture.current = undefined;
        void current?.stop().then((utterance) => apply({ type: 'recorded', attempt: effect.attempt, utterance, quiet: effect.quiet }));
        return undefined;
      }
      case 'cancel_capture':
        capture.current?.cancel();
        capture.current = undefined;
        return undefined;
      case 'cancel_transcription':
        void api.cancelTranscription();
        return undefined;
      case 'transcribe':
        void handleUtterance(effect.utterance);
        return undefined;
      case 'send':
        return o.send(effect.text, 'spoken', effect.startedAt);
      case 'edit':
        o.edit(effect.text);
        return undefined;
      case 'ask_heard':
      case 'handled':
        return undefined; // read by handleUtterance
    }
  };

  const context = (continuous: boolean, startedAt?: number): HeardContext => ({
    continuous,
    waiting: latest.current.options.waiting,
    review: latest.current.options.settings?.review === true,
    ...(latest.current.options.language ? { language: latest.current.options.language } : {}),
    ...(startedAt !== undefined ? { startedAt } : {}),
  });

  /**
   * One utterance, however it was heard (push-to-talk, or cut from continuous listening): transcribed,
   * then sent like typed text, or shown for review. `heard` (continuous listening) is given the core's
   * sleep/wake decision first, which may keep it from running (asleep), and a recording without words
   * passes quietly. Resolves with how it ended, so continuous listening can stop on a problem.
   */
  const handleUtterance = async (utterance: VoiceUtterance, heard?: (decision: HeardDecision) => boolean): Promise<'done' | 'failed'> => {
    apply({ type: 'transcribing' });
    const poll = setInterval(() => {
      void api.voiceProgress().then(
        (progress) => apply({ type: 'progress', progress }),
        () => undefined,
      );
    }, PROGRESS_POLL_MS);
    let reply: VoiceReply;
    try {
      reply = await api.transcribeUtterance(utterance);
    } catch {
      reply = UNSENT_REPLY;
    } finally {
      clearInterval(poll);
    }
    // When the speech began: its end less its length (both clocks are this computer's).
    const begun = utterance.endedAt === undefined ? undefined : Math.max(0, Math.round(utterance.endedAt - (utterance.pcm.length * 1000) / SPEECH_SAMPLE_RATE));
    let step = apply({ type: 'transcribed', reply, context: context(heard !== undefined, begun) });
    const ask = step.effects.find((e) => e.type === 'ask_heard');
    // The core decided sleep or wake (issue #27); without its decision the transcript is a command, as when awake.
    const decision = reply.heard;
    if (ask && heard) {
      const uncertain = reply.ok && reply.uncertain === true;
      step = apply({ type: 'heard', text: ask.text, act: decision ? heard(decision) : true, uncertain, context: context(true, begun) });
    } else if (heard && decision) heard(decision);
    // Push-to-talk waits for what it sent. Continuous listening goes on at once (issue #27): while a
    // command runs, "stop", "no" and the answer to its question must be heard, not queued behind it.
    if (heard) void step.settled.catch(() => undefined);
    else await step.settled;
    const handled = step.effects.find((e) => e.type === 'handled');
    return handled?.outcome ?? 'done';
  };

  const continuousOn = enabled && settings?.continuous === true;
  const listening = useListening({
    api,
    on: continuousOn,
    announce: (text) => latest.current.options.announce(text),
    fail: (message) => void apply({ type: 'failed', message }),
    handle: handleUtterance,
  });
  const listeningNow = useRef<ListeningState | undefined>(undefined);
  listeningNow.current = continuousOn ? listening : undefined;
  // `apply` as of the latest render (a new function each render), for the listeners and effects
  // below, which run on their own triggers only.
  const applyNow = useRef(apply);
  applyNow.current = apply;

  // The push-to-talk shortcut toggles: start listening, or finish and send what was heard.
  useEffect(
    () =>
      api.onShellSignal((signal) => {
        if (signal.kind !== 'voice_toggle' || !latest.current.options.settings?.enabled) return;
        // With continuous listening on, the shortcut turns it on and off.
        const continuous = listeningNow.current;
        if (continuous) return continuous.mode === 'off' ? continuous.start() : continuous.stop();
        applyNow.current({ type: 'toggle' });
      }),
    [api],
  );

  // Hold-to-talk: the page hears the shortcut while the panel has the focus (the shell released it).
  const holdShortcut = enabled && settings?.pushToTalk === 'hold' ? settings.shortcut : undefined;
  useHoldToTalk(holdShortcut, { apply, holding: () => now.current.holding });

  // Esc cancels listening, a transcription or the review, wherever the focus is in the panel.
  const { phase } = view;
  useEffect(() => {
    if (phase.kind === 'idle') return;
    const onKey = (e: KeyboardEvent): void => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      applyNow.current({ type: 'cancel' });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [phase.kind]);

  // Turned off in Settings while listening: stop and drop.
  useEffect(() => {
    if (!enabled) applyNow.current({ type: 'disabled' });
  }, [enabled]);

  return {
    enabled,
    phase,
    level: phase.kind === 'idle' && continuousOn ? listening.level : view.level,
    problem: view.problem,
    status: voiceStatus(phase.kind, continuousOn ? listening.mode : undefined, options.waiting),
    shortcut: settings?.shortcut,
    hold: holdShortcut !== undefined,
    continuous: continuousOn ? listening.mode : undefined,
    listen: () => (continuousOn ? listening.start() : void apply({ type: 'listen' })),
    stopListening: listening.stop,
    finish: () => void apply({ type: 'finish', quiet: false }),
    cancel: () => void apply({ type: 'cancel' }),
    run: () => void apply({ type: 'run' }),
    editTranscript: () => void apply({ type: 'edit' }),
  };
}
