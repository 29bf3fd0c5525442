/**
 * Continuous listening in the panel (issue #15): the microphone streams in 32 ms blocks to the core,
 * whose voice detector cuts it into utterances; each utterance goes the push-to-talk way (`handle`:
 * transcribed, then run or reviewed), after the sleep/wake model (src/shared/listening.ts) had its
 * say: asleep, only "wake up" is acted on. The core holds the sleep state and decides (issue #27):
 * it sends its decision with each transcript, and while it sleeps it checks each utterance for the
 * wake phrase itself (an `asleep` reply), so the panel never has audio heard asleep to send anywhere.
 *
 * Every way out — Stop listening, the setting turned off, the microphone unplugged, the detector or
 * the transcription failing — closes the microphone, tells the core, and leaves a sentence.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { PanelApi } from '../../shared/contracts/ipc-contract.js';
import type { HeardDecision, ListenReply, Wakefulness } from '../../shared/listening.js';
import { SPEECH_SAMPLE_RATE } from '../../shared/pcm.js';
import type { VoiceUtterance } from '../../shared/contracts/voice-contract.js';
import { startStream } from './capture.js';

export type ListeningMode = 'off' | 'starting' | 'listening' | 'sleeping';

export interface ListeningOptions {
  readonly api: PanelApi;
  /** Voice and continuous listening are on in the settings. */
  readonly on: boolean;
  readonly announce: (text: string) => void;
  /** Shows a problem (the voice panel's sentence) and announces it. */
  readonly fail: (message: string) => void;
  /** The push-to-talk path for one utterance; `heard` is given the core's sleep/wake decision, and may keep the transcript from running. */
  readonly handle: (utterance: VoiceUtterance, heard: (decision: HeardDecision) => boolean) => Promise<'done' | 'failed'>;
}

export interface ListeningState {
  readonly mode: ListeningMode;
  /** 0–100: the microphone's level while listening. */
  readonly level: number;
  start(): void;
  stop(): void;
}

const STOPPED = 'Stopped listening. Press Start listening (or the push-to-talk shortcut) to listen again.';
const MICROPHONE_LOST = 'The microphone went away, so listening stopped: connect it (or choose it in the system sound settings), then press Start listening.';

export function useListening(options: ListeningOptions): ListeningState {
  const [mode, setModeState] = useState<ListeningMode>('off');
  const [level, setLevel] = useState(0);
  const modeNow = useRef<ListeningMode>('off');
  const setMode = (next: ListeningMode): void => {
    modeNow.current = next;
    setModeState(next);
  };
  const latest = useRef(options);
  latest.current = options;
  const stream = useRef<{ stop(): void } | undefined>(undefined);
  const wake = useRef<Wakefulness>('awake');
  // One utterance is handled at a time; one more (the latest) may wait.
  const handling = useRef(false);
  const waiting = useRef<VoiceUtterance | undefined>(undefined);
  // Counts starts, so replies and a microphone that opens after a newer start or a stop are dropped.
  const generation = useRef(0);

  const close = (say: string | undefined, problem = false): void => {
    generation.current++;
    stream.current?.stop();
    stream.current = undefined;
    waiting.current = undefined;
    void latest.current.api.stopListening().catch(() => undefined);
    if (modeNow.current === 'off') return;
    setMode('off');
    setLevel(0);
    if (say) (problem ? latest.current.fail : latest.current.announce)(say);
  };

  /** The core's sleep/wake decision about one utterance: the panel's mode follows it. */
  const heard = (decision: HeardDecision): boolean => {
    wake.current = decision.next;
    if (modeNow.current !== 'off') setMode(decision.next === 'asleep' ? 'sleeping' : 'listening');
    if (decision.say) latest.current.announce(decision.say);
    return decision.act;
  };

  const next = async (utterance: VoiceUtterance, of: number): Promise<void> => {
    handling.current = true;
    try {
      const outcome = await latest.current.handle(utterance, heard);
      // The transcription's sentence is shown already; listening stops with it so it does not repeat.
      if (outcome === 'failed' && generation.current === of) close(undefined);
    } finally {
      handling.current = false;
    }
    const more = waiting.current;
    waiting.current = undefined;
    if (more && generation.current === of) await next(more, of);
  };

  const onReply = (reply: ListenReply, of: number): void => {
    if (generation.current !== of) return;
    switch (reply.kind) {
      case 'listening':
      case 'paused':
        return;
      case 'failed':
        return close(reply.message, true);
      case 'asleep':
        // The core checked it for the wake phrase itself; a failed check is said, and listening goes on asleep.
        heard(reply.heard);
        if (reply.problem) latest.current.announce(reply.problem);
        return;
      case 'utterance':
        if (handling.current) waiting.current = reply.utterance;
        else void next(reply.utterance, of);
        return;
    }
  };

  const start = async (): Promise<void> => {
    if (modeNow.current !== 'off') return;
    const of = ++generation.current;
    setMode('starting');
    const { api } = latest.current;
    const statuses = await api.checkPermissions().catch(() => []);
    const microphone = statuses.find((s) => s.kind === 'microphone');
    if (generation.current !== of) return;
    if (microphone && microphone.state === 'denied') {
      setMode('off');
      return latest.current.fail(microphone.explanation);
    }
    try {
      const opened = await startStream({
        onBlock: (pcm) => {
          if (generation.current !== of) return;
          api.listenAudio({ sampleRate: SPEECH_SAMPLE_RATE, pcm }).then(
            (reply) => onReply(reply, of),
            () =>
              onReply(
                {
                  kind: 'failed',
                  message:
                    'Listening stopped: the assistant did not take the microphone audio. Press Start listening to try again; if this stays, restart Assistive Control.',
                },
                of,
              ),
          );
        },
        onLevel: (l) => setLevel(Math.round(l * 100)),
        onEnded: () => {
          if (generation.current === of) close(MICROPHONE_LOST, true);
        },
      });
      if (generation.current !== of) return opened.stop();
      stream.current = opened;
    } catch (e) {
      if (generation.current !== of) return;
      setMode('off');
      return latest.current.fail(e instanceof Error ? e.message : 'Listening could not start. Type the command instead.');
    }
    wake.current = 'awake';
    setMode('listening');
    latest.current.announce('Listening. Say a command; say “go to sleep” to pause.');
  };

  // `start` and `close` as of the latest render (new functions each render), for the effects below,
  // which run on their own triggers only.
  const actions = useRef({ start, close });
  actions.current = { start, close };
  // Turned on in Settings (or on at start-up): listen; turned off: stop.
  const { on } = options;
  useEffect(() => {
    if (on) void actions.current.start();
    else actions.current.close(undefined);
  }, [on]);
  // The panel goes away: the microphone closes.
  useEffect(() => () => actions.current.close(undefined), []);

  return {
    mode,
    level,
    start: () => void start(),
    // Stop always says so: listening may have ended a moment before (an utterance that failed closes
    // it without a second sentence), and a press that seems to do nothing leaves the user guessing.
    stop: () => {
      if (modeNow.current === 'off') latest.current.announce(STOPPED);
      else close(STOPPED);
    },
  };
}
