/**
 * Push-to-talk voice as pure data (issue #8, #17): the voice state, and how each event moves it,
 * with what must then be done (open the microphone, send a transcript, say a sentence) returned as
 * effects for the hook (voice-control.tsx) to carry out. The hook adds the microphone, main's
 * transcription, the keys and the clock; every decision is here, where it is unit-tested.
 *
 * The path: Listen → `starting` (the microphone permission, then the capture opens) → `listening` →
 * Done, the length cap or the shortcut again → `transcribing` → the transcript runs as a command, or
 * waits in `review` for Run / Edit / Cancel. Cancel, Esc or voice turned off end any step; a problem
 * ends at `idle` with its sentence shown and said. Continuous listening (use-listening.ts) hands its
 * utterances to the same `transcribing` step and may keep a transcript from running (asleep).
 */
import { routeAnswer, type Waiting } from '../../shared/answer-words.js';
import type { Language } from '../../shared/language.js';
import type { VoiceUtterance } from '../../shared/contracts/voice-contract.js';
import type { VoiceProgress, VoiceReply } from '../../shared/voice-settings.js';

export type VoicePhase =
  | { readonly kind: 'idle' }
  | { readonly kind: 'starting' }
  | { readonly kind: 'listening' }
  | { readonly kind: 'transcribing'; readonly progress: VoiceProgress | null }
  | { readonly kind: 'review'; readonly text: string };

export interface VoiceMachine {
  readonly phase: VoicePhase;
  /** 0–100: the microphone's level while listening. */
  readonly level: number;
  /** The last problem, as a sentence (cleared when listening starts again). */
  readonly problem: string | undefined;
  /** Counts listening attempts, so a microphone that opens after a newer attempt began is dropped. */
  readonly attempt: number;
  /** A capture is open (push-to-talk): Done stops it and sends what it heard. */
  readonly recording: boolean;
  /** The hold-to-talk keys are down in the panel: their release sends. */
  readonly holding: boolean;
}

export const VOICE_START: VoiceMachine = { phase: { kind: 'idle' }, level: 0, problem: undefined, attempt: 0, recording: false, holding: false };

/** What the panel knows when a transcript comes back. */
export interface HeardContext {
  /** The utterance came from continuous listening (its sleep/wake model sees the transcript first). */
  readonly continuous: boolean;
  /** What the assistant waits for: a command that runs takes only "stop"; answers skip the review. */
  readonly waiting: Waiting;
  /** The review step is on in the settings. */
  readonly review: boolean;
  /** The user's language (the saved setting): its words answer, as the core reads them. Absent: English. */
  readonly language?: Language;
  /** When the speech began (ms since the epoch): sent with it, so speech begun before a question never answers it. */
  readonly startedAt?: number;
}

export type VoiceEvent =
  /** Listen (the button, the shortcut, the switch): one push-to-talk command. */
  | { readonly type: 'listen' }
  /** The microphone permission's answer; `denied`: its explanation. */
  | { readonly type: 'permission'; readonly attempt: number; readonly denied?: string }
  | { readonly type: 'capture_opened'; readonly attempt: number }
  | { readonly type: 'capture_failed'; readonly attempt: number; readonly message: string }
  /** The level meter, 0–100. */
  | { readonly type: 'level'; readonly level: number }
  /** Done (or the length cap, or the shortcut again); `quiet`: nothing heard yet is no error, just idle. */
  | { readonly type: 'finish'; readonly quiet: boolean }
  /** The capture stopped and gave its audio. */
  | { readonly type: 'recorded'; readonly attempt: number; readonly utterance: VoiceUtterance; readonly quiet: boolean }
  /** An utterance goes to main to be transcribed (push-to-talk, or from continuous listening). */
  | { readonly type: 'transcribing' }
  /** How a model download goes, while the transcription waits for it. */
  | { readonly type: 'progress'; readonly progress: VoiceProgress | null }
  | { readonly type: 'transcribed'; readonly reply: VoiceReply; readonly context: HeardContext }
  /** The sleep/wake model's answer about a transcript of continuous listening: act on it or not; `uncertain` as the reply said. */
  | { readonly type: 'heard'; readonly text: string; readonly act: boolean; readonly uncertain?: boolean; readonly context: HeardContext }
  /** Cancel or Esc. */
  | { readonly type: 'cancel' }
  /** The review's Run and Edit. */
  | { readonly type: 'run' }
  | { readonly type: 'edit' }
  /** The push-to-talk shortcut from another app (a toggle). */
  | { readonly type: 'toggle' }
  /** Hold-to-talk: the shortcut pressed in the panel (not an auto-repeat), released, or no longer held (turned off). */
  | { readonly type: 'hold_press' }
  | { readonly type: 'hold_release' }
  | { readonly type: 'hold_off' }
  /** Voice turned off in the settings. */
  | { readonly type: 'disabled' }
  /** A problem of continuous listening, as a sentence. */
  | { readonly type: 'failed'; readonly message: string };

export type VoiceEffect =
  | { readonly type: 'announce'; readonly text: string }
  | { readonly type: 'check_microphone'; readonly attempt: number }
  | { readonly type: 'open_capture'; readonly attempt: number }
  /** The capture that just opened is the one to listen with, or is dropped (cancelled, or a newer attempt began). */
  | { readonly type: 'keep_capture' }
  | { readonly type: 'discard_capture' }
  /** `attempt`: the listening it ends; its audio comes back as `recorded` with the same number. */
  | { readonly type: 'stop_capture'; readonly quiet: boolean; readonly attempt: number }
  | { readonly type: 'cancel_capture' }
  | { readonly type: 'cancel_transcription' }
  | { readonly type: 'transcribe'; readonly utterance: VoiceUtterance }
  /** Continuous listening: the sleep/wake model must see the transcript before it can run. */
  | { readonly type: 'ask_heard'; readonly text: string }
  | { readonly type: 'send'; readonly text: string; readonly startedAt?: number }
  | { readonly type: 'edit'; readonly text: string }
  /** The utterance was handled: how it ended (continuous listening stops on `failed`). */
  | { readonly type: 'handled'; readonly outcome: 'done' | 'failed' };

export interface VoiceStep {
  readonly state: VoiceMachine;
  readonly effects: readonly VoiceEffect[];
}

const CANCELLED = 'Cancelled: nothing was done.';
const COULD_NOT_SEND = 'The recording could not be sent to the assistant. Try again; if this stays, restart Assistive Control.';

/** The reply when the recording never reached main. */
export const UNSENT_REPLY: VoiceReply = { ok: false, code: 'failed', message: COULD_NOT_SEND };

const same = (state: VoiceMachine): VoiceStep => ({ state, effects: [] });
const idle = (state: VoiceMachine): VoiceMachine => ({ ...state, phase: { kind: 'idle' } });

/** A problem: back to idle, the sentence shown and said. */
function fail(state: VoiceMachine, message: string, ...effects: VoiceEffect[]): VoiceStep {
  return { state: { ...state, phase: { kind: 'idle' }, problem: message }, effects: [{ type: 'announce', text: message }, ...effects] };
}

function listen(state: VoiceMachine): VoiceStep {
  if (state.phase.kind !== 'idle') return same(state);
  const attempt = state.attempt + 1;
  // The microphone permission first (macOS asks once; a denial is explained with the way to grant it).
  return { state: { ...state, attempt, problem: undefined, phase: { kind: 'starting' } }, effects: [{ type: 'check_microphone', attempt }] };
}

function finish(state: VoiceMachine, quiet: boolean): VoiceStep {
  if (!state.recording || state.phase.kind !== 'listening') return same(state);
  return { state: { ...state, recording: false }, effects: [{ type: 'stop_capture', quiet, attempt: state.attempt }] };
}

function cancel(state: VoiceMachine): VoiceStep {
  const kind = state.phase.kind;
  if (kind === 'idle') return same(state);
  const effects: VoiceEffect[] = [];
  if (state.recording) effects.push({ type: 'cancel_capture' });
  if (kind === 'transcribing') effects.push({ type: 'cancel_transcription' });
  effects.push({ type: 'announce', text: CANCELLED });
  return { state: { ...idle(state), recording: false }, effects };
}

function release(state: VoiceMachine): VoiceStep {
  if (!state.holding) return same(state);
  const released = { ...state, holding: false };
  // Released while the microphone was still opening: back to idle without a word.
  if (released.phase.kind === 'starting') return same(idle(released));
  if (released.phase.kind === 'listening') return finish(released, true);
  return same(released);
}

/** What is said when an uncertain transcript would have answered what waits (issue #27). */
export function notHeardClearly(waiting: Waiting): string {
  const how = waiting.kind === 'confirmation' ? 'or press Confirm or Cancel' : 'or choose one of the answers on the screen';
  return `I did not hear that clearly; it answered nothing. Say your answer again, close to the microphone, ${how}.`;
}

/**
 * What was heard goes by the one routing rule (src/shared/answer-words.ts): "stop" and answers go at
 * once (what they answer is its own review); while a command runs nothing else goes; a command
 * waits for review when review is on. A transcript the engine was unsure of (`uncertain`: likely no
 * speech, or a guess) is never sent as an answer to a confirmation or a question (issue #27).
 */
function route(state: VoiceMachine, text: string, context: HeardContext, uncertain = false): VoiceStep {
  const done: VoiceEffect = { type: 'handled', outcome: 'done' };
  const answer = routeAnswer(text, context.waiting, 'spoken', context.language);
  if (uncertain && (answer.kind === 'confirm' || answer.kind === 'cancel' || answer.kind === 'choose'))
    return fail(state, notHeardClearly(context.waiting), done);
  if (context.waiting.kind === 'running' && answer.kind === 'not_an_answer') return fail(state, answer.message, done);
  const send: VoiceEffect = { type: 'send', text, ...(context.startedAt !== undefined ? { startedAt: context.startedAt } : {}) };
  if (answer.kind !== 'command' || !context.review) return { state: idle(state), effects: [send, done] };
  return {
    state: { ...state, phase: { kind: 'review', text } },
    effects: [{ type: 'announce', text: `Heard: ${text}. Run it, edit it, or cancel. Focus is on Run.` }, done],
  };
}

function transcribed(state: VoiceMachine, reply: VoiceReply, context: HeardContext): VoiceStep {
  const done: VoiceEffect = { type: 'handled', outcome: 'done' };
  if (state.phase.kind !== 'transcribing') return { state, effects: [done] }; // cancelled meanwhile
  if (!reply.ok) {
    if (reply.code === 'cancelled') return { state: idle(state), effects: [{ type: 'announce', text: CANCELLED }, done] };
    // Continuous listening hears coughs and noises too: no words there is no problem to show; nor is
    // an utterance the core kept for the wake check because listening had gone to sleep.
    if (context.continuous && (reply.code === 'no_speech' || reply.code === 'asleep')) return { state: idle(state), effects: [done] };
    return fail(state, reply.message, { type: 'handled', outcome: 'failed' });
  }
  if (context.continuous) return { state, effects: [{ type: 'ask_heard', text: reply.text }] };
  return route(state, reply.text, context, reply.uncertain === true);
}

/** The next voice state after `event`, and what to do about it. */
export function voiceStep(state: VoiceMachine, event: VoiceEvent): VoiceStep {
  switch (event.type) {
    case 'listen':
      return listen(state);
    case 'permission':
      // An answer for a listening that was cancelled meanwhile (or a newer one began) opens nothing and says nothing.
      if (state.phase.kind !== 'starting' || event.attempt !== state.attempt) return same(state);
      if (event.denied !== undefined) return fail(state, event.denied);
      return { state, effects: [{ type: 'open_capture', attempt: event.attempt }] };
    case 'capture_failed':
      return event.attempt === state.attempt ? fail(state, event.message) : same(state);
    case 'capture_opened': {
      // Cancelled (or the hold-to-talk keys released) while the microphone was opening.
      if (state.phase.kind !== 'starting' || event.attempt !== state.attempt) return { state, effects: [{ type: 'discard_capture' }] };
      const text = state.holding ? 'Listening. Say the command, then release the keys.' : 'Listening. Say the command, then press Done, or press Cancel.';
      return { state: { ...state, recording: true, level: 0, phase: { kind: 'listening' } }, effects: [{ type: 'keep_capture' }, { type: 'announce', text }] };
    }
    case 'level':
      return same(event.level === state.level ? state : { ...state, level: event.level });
    case 'finish':
      return finish(state, event.quiet);
    case 'recorded':
      // Cancelled while the recording was stopping (or a newer listening began): its audio is dropped, never transcribed.
      if (state.phase.kind !== 'listening' || state.recording || event.attempt !== state.attempt) return same(state);
      if (event.quiet && event.utterance.pcm.length === 0) return same(idle(state));
      return { state, effects: [{ type: 'transcribe', utterance: event.utterance }] };
    case 'transcribing':
      return same({ ...state, phase: { kind: 'transcribing', progress: null } });
    case 'progress':
      return state.phase.kind === 'transcribing' ? same({ ...state, phase: { kind: 'transcribing', progress: event.progress } }) : same(state);
    case 'transcribed':
      return transcribed(state, event.reply, event.context);
    case 'heard':
      if (state.phase.kind !== 'transcribing') return { state, effects: [{ type: 'handled', outcome: 'done' }] };
      return event.act
        ? route(state, event.text, event.context, event.uncertain === true)
        : { state: idle(state), effects: [{ type: 'handled', outcome: 'done' }] };
    case 'cancel':
      return cancel(state);
    case 'run':
    case 'edit':
      if (state.phase.kind !== 'review') return same(state);
      return { state: idle(state), effects: [{ type: event.type === 'run' ? 'send' : 'edit', text: state.phase.text }] };
    case 'toggle':
      if (state.phase.kind === 'idle') return listen(state);
      return finish(state, false);
    case 'hold_press':
      // A press while a transcription runs, or while the keys are held already: nothing new starts.
      if (state.holding) return same(state);
      if (state.phase.kind === 'idle') return listen({ ...state, holding: true });
      // Listening began from another app (a toggle): this press ends it, as the toggle would.
      return finish(state, false);
    case 'hold_release':
      return release(state);
    case 'hold_off':
      return state.holding ? same({ ...state, holding: false }) : same(state);
    case 'disabled':
      return cancel(state);
    case 'failed':
      return fail(state, event.message);
  }
}

const STATUS: Readonly<Record<VoicePhase['kind'], string | undefined>> = {
  idle: undefined,
  starting: 'Starting the microphone',
  listening: 'Listening',
  transcribing: 'Working out what you said',
  review: 'Check what was heard',
};

const CONTINUOUS_STATUS: Readonly<Record<'off' | 'starting' | 'listening' | 'sleeping', string | undefined>> = {
  off: undefined,
  starting: 'Starting the microphone',
  listening: 'Listening',
  sleeping: 'Sleeping',
};

/**
 * What the status bar says instead of the assistant's status, if anything: voice at work; else,
 * with continuous listening on (`continuous` its mode) and nothing running or waiting, what it does.
 */
export function voiceStatus(phase: VoicePhase['kind'], continuous: keyof typeof CONTINUOUS_STATUS | undefined, waiting: Waiting): string | undefined {
  return STATUS[phase] ?? (continuous !== undefined && waiting.kind === 'nothing' ? CONTINUOUS_STATUS[continuous] : undefined);
}
