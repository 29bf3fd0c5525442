// Push-to-talk voice as pure data: every event in every phase it can come in, the state it leads
// to and the effects it asks for (the hook, voice-control.tsx, only carries them out).
import { describe, expect, it } from 'vitest';
import type { Waiting } from '../../src/shared/answer-words.js';
import type { VoiceUtterance } from '../../src/shared/contracts/voice-contract.js';
import {
  notHeardClearly,
  UNSENT_REPLY,
  VOICE_START,
  voiceStatus,
  voiceStep,
  type HeardContext,
  type VoiceEvent,
  type VoiceMachine,
} from '../../src/panel/voice/voice-machine.js';

const NOTHING: Waiting = { kind: 'nothing' };
const pushToTalk = (over: Partial<HeardContext> = {}): HeardContext => ({ continuous: false, waiting: NOTHING, review: false, ...over });
const continuous = (over: Partial<HeardContext> = {}): HeardContext => ({ ...pushToTalk(over), continuous: true });
const utterance = (samples: number): VoiceUtterance => ({ sampleRate: 16_000, pcm: new Int16Array(samples) }) as unknown as VoiceUtterance;

/** The state after each event in turn (effects dropped). */
function after(events: readonly VoiceEvent[], from: VoiceMachine = VOICE_START): VoiceMachine {
  return events.reduce((s, e) => voiceStep(s, e).state, from);
}

const STARTING = after([{ type: 'listen' }]);
const LISTENING = after(
  [
    { type: 'permission', attempt: 1 },
    { type: 'capture_opened', attempt: 1 },
  ],
  STARTING,
);
const TRANSCRIBING = after([{ type: 'transcribing' }]);
const REVIEW = after(
  [{ type: 'transcribed', reply: { ok: true, text: 'open Firefox', engine: 'whisper', ms: 80 }, context: pushToTalk({ review: true }) }],
  TRANSCRIBING,
);

describe('listening starts', () => {
  it('Listen: starting, the problem cleared, a new attempt, and the microphone permission asked first', () => {
    const step = voiceStep({ ...VOICE_START, problem: 'Earlier problem.' }, { type: 'listen' });
    expect(step.state).toMatchObject({ phase: { kind: 'starting' }, attempt: 1, problem: undefined });
    expect(step.effects).toEqual([{ type: 'check_microphone', attempt: 1 }]);
  });

  it('Listen while not idle does nothing', () => {
    for (const s of [STARTING, LISTENING, TRANSCRIBING, REVIEW]) expect(voiceStep(s, { type: 'listen' })).toEqual({ state: s, effects: [] });
  });

  it('a permission answer for a listening cancelled meanwhile opens nothing and says nothing', () => {
    const cancelled = voiceStep(STARTING, { type: 'cancel' }).state;
    expect(voiceStep(cancelled, { type: 'permission', attempt: 1, denied: 'Allow the microphone in System Settings.' })).toEqual({
      state: cancelled,
      effects: [],
    });
    expect(voiceStep(cancelled, { type: 'permission', attempt: 1 })).toEqual({ state: cancelled, effects: [] });
    // A late answer of an earlier attempt does not speak for the newer one.
    const newer = after([{ type: 'listen' }], cancelled);
    expect(voiceStep(newer, { type: 'permission', attempt: 1, denied: 'Allow the microphone.' })).toEqual({ state: newer, effects: [] });
    expect(voiceStep(newer, { type: 'permission', attempt: 2 }).effects).toEqual([{ type: 'open_capture', attempt: 2 }]);
  });

  it('the permission granted opens the capture; denied ends at idle with its explanation shown and said', () => {
    expect(voiceStep(STARTING, { type: 'permission', attempt: 1 }).effects).toEqual([{ type: 'open_capture', attempt: 1 }]);
    const denied = voiceStep(STARTING, { type: 'permission', attempt: 1, denied: 'Allow the microphone in System Settings.' });
    expect(denied.state).toMatchObject({ phase: { kind: 'idle' }, problem: 'Allow the microphone in System Settings.' });
    expect(denied.effects).toEqual([{ type: 'announce', text: 'Allow the microphone in System Settings.' }]);
  });

  it('the capture open: listening, the level from zero, the capture kept, and what to do said', () => {
    const step = voiceStep({ ...STARTING, level: 40 }, { type: 'capture_opened', attempt: 1 });
    expect(step.state).toMatchObject({ phase: { kind: 'listening' }, recording: true, level: 0 });
    expect(step.effects).toEqual([{ type: 'keep_capture' }, { type: 'announce', text: 'Listening. Say the command, then press Done, or press Cancel.' }]);
  });

  it('a capture that opens after Cancel, or for an older attempt, is dropped', () => {
    const cancelled = after([{ type: 'cancel' }], STARTING);
    expect(voiceStep(cancelled, { type: 'capture_opened', attempt: 1 })).toEqual({ state: cancelled, effects: [{ type: 'discard_capture' }] });
    const newer = after([{ type: 'cancel' }, { type: 'listen' }], STARTING);
    expect(voiceStep(newer, { type: 'capture_opened', attempt: 1 }).effects).toEqual([{ type: 'discard_capture' }]);
    expect(voiceStep(newer, { type: 'capture_opened', attempt: 2 }).state.phase.kind).toBe('listening');
  });

  it('the capture failing ends at idle with its sentence; for an older attempt it is ignored', () => {
    const failed = voiceStep(STARTING, { type: 'capture_failed', attempt: 1, message: 'No microphone is connected.' });
    expect(failed.state).toMatchObject({ phase: { kind: 'idle' }, problem: 'No microphone is connected.' });
    expect(failed.effects).toEqual([{ type: 'announce', text: 'No microphone is connected.' }]);
    const newer = after([{ type: 'cancel' }, { type: 'listen' }], STARTING);
    expect(voiceStep(newer, { type: 'capture_failed', attempt: 1, message: 'x' })).toEqual({ state: newer, effects: [] });
  });

  it('the level meter follows the microphone', () => {
    expect(voiceStep(LISTENING, { type: 'level', level: 63 }).state.level).toBe(63);
    // The same level is the same state: nothing to draw again.
    expect(voiceStep(LISTENING, { type: 'level', level: 0 }).state).toBe(LISTENING);
  });
});

describe('listening ends', () => {
  it('Done stops the capture; its audio goes to be transcribed', () => {
    const done = voiceStep(LISTENING, { type: 'finish', quiet: false });
    expect(done.state).toMatchObject({ phase: { kind: 'listening' }, recording: false });
    expect(done.effects).toEqual([{ type: 'stop_capture', quiet: false, attempt: 1 }]);
    const audio = utterance(1600);
    expect(voiceStep(done.state, { type: 'recorded', attempt: 1, utterance: audio, quiet: false }).effects).toEqual([{ type: 'transcribe', utterance: audio }]);
  });

  it('Done twice, or Done when not listening, does nothing', () => {
    const done = voiceStep(LISTENING, { type: 'finish', quiet: false }).state;
    expect(voiceStep(done, { type: 'finish', quiet: false }).effects).toEqual([]);
    for (const s of [VOICE_START, STARTING, TRANSCRIBING, REVIEW]) expect(voiceStep(s, { type: 'finish', quiet: false })).toEqual({ state: s, effects: [] });
  });

  it('a quiet finish with nothing heard is a quiet return to idle; with audio it is transcribed', () => {
    const stopping = after([{ type: 'finish', quiet: true }], LISTENING);
    expect(voiceStep(stopping, { type: 'recorded', attempt: 1, utterance: utterance(0), quiet: true })).toEqual({
      state: { ...stopping, phase: { kind: 'idle' } },
      effects: [],
    });
    expect(voiceStep(stopping, { type: 'recorded', attempt: 1, utterance: utterance(0), quiet: false }).effects[0]?.type).toBe('transcribe');
    expect(voiceStep(stopping, { type: 'recorded', attempt: 1, utterance: utterance(10), quiet: true }).effects[0]?.type).toBe('transcribe');
  });

  it('Cancel while the recording stops: its audio, when it comes, is dropped, never transcribed', () => {
    const stopping = after([{ type: 'finish', quiet: false }], LISTENING);
    const cancelled = voiceStep(stopping, { type: 'cancel' });
    expect(cancelled.state.phase).toEqual({ kind: 'idle' });
    expect(cancelled.effects).toEqual([{ type: 'announce', text: 'Cancelled: nothing was done.' }]);
    const audio = utterance(1600);
    expect(voiceStep(cancelled.state, { type: 'recorded', attempt: 1, utterance: audio, quiet: false })).toEqual({ state: cancelled.state, effects: [] });
    // Nor when a new listening has begun meanwhile: the old recording is not the new one's.
    const again = after(
      [{ type: 'listen' }, { type: 'permission', attempt: 2 }, { type: 'capture_opened', attempt: 2 }, { type: 'finish', quiet: false }],
      cancelled.state,
    );
    expect(voiceStep(again, { type: 'recorded', attempt: 1, utterance: audio, quiet: false }).effects).toEqual([]);
    expect(voiceStep(again, { type: 'recorded', attempt: 2, utterance: audio, quiet: false }).effects).toEqual([{ type: 'transcribe', utterance: audio }]);
    // A recording that still runs has not been stopped: no audio can be its.
    expect(voiceStep(LISTENING, { type: 'recorded', attempt: 1, utterance: audio, quiet: false }).effects).toEqual([]);
  });
});

describe('transcribing', () => {
  it('starts without progress; the progress of a download shows only while it waits', () => {
    expect(TRANSCRIBING.phase).toEqual({ kind: 'transcribing', progress: null });
    const progress = { message: 'Downloading the speech model…', percent: 40 };
    expect(voiceStep(TRANSCRIBING, { type: 'progress', progress }).state.phase).toEqual({ kind: 'transcribing', progress });
    expect(voiceStep(REVIEW, { type: 'progress', progress })).toEqual({ state: REVIEW, effects: [] });
  });

  it('a command heard goes at once, like typed text, when review is off', () => {
    const step = voiceStep(TRANSCRIBING, { type: 'transcribed', reply: { ok: true, text: 'open Firefox', engine: 'whisper', ms: 80 }, context: pushToTalk() });
    expect(step.state.phase).toEqual({ kind: 'idle' });
    expect(step.effects).toEqual([
      { type: 'send', text: 'open Firefox' },
      { type: 'handled', outcome: 'done' },
    ]);
  });

  it('what was heard goes with the time the speech began (issue #27: speech begun before a question answers nothing)', () => {
    const waiting: Waiting = { kind: 'confirmation', summary: 'Click “Archive”.', level: 'moderate' };
    const reply = { ok: true, text: 'yes', engine: 'whisper', ms: 80 } as const;
    const step = voiceStep(TRANSCRIBING, { type: 'transcribed', reply, context: pushToTalk({ waiting, startedAt: 1_234 }) });
    expect(step.effects[0]).toEqual({ type: 'send', text: 'yes', startedAt: 1_234 });
  });

  it('with review on it waits for Run, Edit or Cancel, and says so', () => {
    const step = voiceStep(TRANSCRIBING, {
      type: 'transcribed',
      reply: { ok: true, text: 'open Firefox', engine: 'whisper', ms: 80 },
      context: pushToTalk({ review: true }),
    });
    expect(step.state.phase).toEqual({ kind: 'review', text: 'open Firefox' });
    expect(step.effects).toEqual([
      { type: 'announce', text: 'Heard: open Firefox. Run it, edit it, or cancel. Focus is on Run.' },
      { type: 'handled', outcome: 'done' },
    ]);
  });

  it('"stop" and answers skip the review', () => {
    const stop = voiceStep(TRANSCRIBING, {
      type: 'transcribed',
      reply: { ok: true, text: 'stop', engine: 'whisper', ms: 80 },
      context: pushToTalk({ review: true }),
    });
    expect(stop.effects[0]).toEqual({ type: 'send', text: 'stop' });
    const waiting: Waiting = { kind: 'confirmation', summary: 'Delete report.odt.' };
    const yes = voiceStep(TRANSCRIBING, {
      type: 'transcribed',
      reply: { ok: true, text: 'yes', engine: 'whisper', ms: 80 },
      context: pushToTalk({ review: true, waiting }),
    });
    expect(yes.effects[0]).toEqual({ type: 'send', text: 'yes' });
  });

  it('while a command runs, anything but "stop" is a problem that says what can be said; nothing is sent', () => {
    const step = voiceStep(TRANSCRIBING, {
      type: 'transcribed',
      reply: { ok: true, text: 'open Firefox', engine: 'whisper', ms: 80 },
      context: pushToTalk({ waiting: { kind: 'running' } }),
    });
    expect(step.state.phase).toEqual({ kind: 'idle' });
    expect(step.state.problem).toMatch(/\.$/);
    expect(step.effects).toEqual([
      { type: 'announce', text: step.state.problem },
      { type: 'handled', outcome: 'done' },
    ]);
  });

  it('a failed transcription ends at idle with its sentence, and tells continuous listening it failed', () => {
    const step = voiceStep(TRANSCRIBING, { type: 'transcribed', reply: UNSENT_REPLY, context: pushToTalk() });
    expect(step.state).toMatchObject({ phase: { kind: 'idle' }, problem: UNSENT_REPLY.ok ? '' : UNSENT_REPLY.message });
    expect(step.effects).toEqual([
      { type: 'announce', text: 'The recording could not be sent to the assistant. Try again; if this stays, restart Assistive Control.' },
      { type: 'handled', outcome: 'failed' },
    ]);
  });

  it('a transcription cancelled in main says nothing was done; one cancelled here is ignored when it ends', () => {
    const cancelled = voiceStep(TRANSCRIBING, { type: 'transcribed', reply: { ok: false, code: 'cancelled', message: 'Cancelled.' }, context: pushToTalk() });
    expect(cancelled.state.phase).toEqual({ kind: 'idle' });
    expect(cancelled.effects).toEqual([
      { type: 'announce', text: 'Cancelled: nothing was done.' },
      { type: 'handled', outcome: 'done' },
    ]);
    const idle = after([{ type: 'cancel' }], TRANSCRIBING);
    expect(voiceStep(idle, { type: 'transcribed', reply: { ok: true, text: 'open Firefox', engine: 'whisper', ms: 1 }, context: pushToTalk() })).toEqual({
      state: idle,
      effects: [{ type: 'handled', outcome: 'done' }],
    });
  });

  it('no words: a problem for push-to-talk, a quiet return for continuous listening', () => {
    const reply = { ok: false as const, code: 'no_speech', message: 'No words were heard. Speak closer to the microphone.' };
    expect(voiceStep(TRANSCRIBING, { type: 'transcribed', reply, context: pushToTalk() }).state.problem).toBe(reply.message);
    expect(voiceStep(TRANSCRIBING, { type: 'transcribed', reply, context: continuous() })).toEqual({
      state: { ...TRANSCRIBING, phase: { kind: 'idle' } },
      effects: [{ type: 'handled', outcome: 'done' }],
    });
  });

  it('an uncertain transcript never answers a confirmation or a question: nothing is sent, and the user is told (issue #27)', () => {
    const confirmation: Waiting = { kind: 'confirmation', summary: 'Delete report.odt.', level: 'moderate' };
    const question: Waiting = { kind: 'question', question: 'Which Send?', options: ['Send', 'Send later'] };
    for (const [text, waiting] of [
      ['yes', confirmation],
      ['no', confirmation],
      ['the second one', question],
    ] as const) {
      const reply = { ok: true as const, text, engine: 'openai', ms: 80, uncertain: true };
      const step = voiceStep(TRANSCRIBING, { type: 'transcribed', reply, context: pushToTalk({ waiting }) });
      expect(
        step.effects.some((e) => e.type === 'send'),
        text,
      ).toBe(false);
      expect(step.state.problem).toBe(notHeardClearly(waiting));
      expect(step.state.problem).toMatch(/^I did not hear that clearly; it answered nothing\. Say your answer again, .*\.$/);
      // By continuous listening alike, once the core said to act on it.
      const heard = voiceStep(TRANSCRIBING, { type: 'heard', text, act: true, uncertain: true, context: continuous({ waiting }) });
      expect(heard.effects).toEqual([
        { type: 'announce', text: notHeardClearly(waiting) },
        { type: 'handled', outcome: 'done' },
      ]);
    }
    // "stop" still stops; the same words heard clearly answer; with nothing waiting an uncertain command goes on as any command.
    const stop = voiceStep(TRANSCRIBING, {
      type: 'transcribed',
      reply: { ok: true, text: 'stop', engine: 'openai', ms: 1, uncertain: true },
      context: pushToTalk({ waiting: confirmation }),
    });
    expect(stop.effects[0]).toEqual({ type: 'send', text: 'stop' });
    const clear = voiceStep(TRANSCRIBING, {
      type: 'transcribed',
      reply: { ok: true, text: 'yes', engine: 'openai', ms: 1 },
      context: pushToTalk({ waiting: confirmation }),
    });
    expect(clear.effects[0]).toEqual({ type: 'send', text: 'yes' });
    const command = voiceStep(TRANSCRIBING, {
      type: 'transcribed',
      reply: { ok: true, text: 'click Send', engine: 'openai', ms: 1, uncertain: true },
      context: pushToTalk(),
    });
    expect(command.effects[0]).toEqual({ type: 'send', text: 'click Send' });
  });

  it('continuous listening: an utterance the core kept because listening went to sleep is a quiet return to idle', () => {
    const reply = {
      ok: false as const,
      code: 'asleep',
      message: 'Asleep: that was not “wake up”, so it was not acted on.',
      heard: { next: 'asleep' as const, act: false },
    };
    expect(voiceStep(TRANSCRIBING, { type: 'transcribed', reply, context: continuous() })).toEqual({
      state: { ...TRANSCRIBING, phase: { kind: 'idle' } },
      effects: [{ type: 'handled', outcome: 'done' }],
    });
  });

  it('continuous listening: the sleep/wake model sees the transcript first; asleep, it goes back to idle unsent', () => {
    const asked = voiceStep(TRANSCRIBING, {
      type: 'transcribed',
      reply: { ok: true, text: 'click Increment', engine: 'whisper', ms: 80 },
      context: continuous(),
    });
    expect(asked).toEqual({ state: TRANSCRIBING, effects: [{ type: 'ask_heard', text: 'click Increment' }] });
    const acted = voiceStep(asked.state, { type: 'heard', text: 'click Increment', act: true, context: continuous() });
    expect(acted.effects).toEqual([
      { type: 'send', text: 'click Increment' },
      { type: 'handled', outcome: 'done' },
    ]);
    expect(voiceStep(asked.state, { type: 'heard', text: 'click Increment', act: false, context: continuous() })).toEqual({
      state: { ...TRANSCRIBING, phase: { kind: 'idle' } },
      effects: [{ type: 'handled', outcome: 'done' }],
    });
    expect(voiceStep(VOICE_START, { type: 'heard', text: 'x', act: true, context: continuous() }).effects).toEqual([{ type: 'handled', outcome: 'done' }]);
  });
});

describe('the review', () => {
  it('Run sends the transcript; Edit puts it in the command box; both end at idle', () => {
    expect(voiceStep(REVIEW, { type: 'run' })).toEqual({ state: { ...REVIEW, phase: { kind: 'idle' } }, effects: [{ type: 'send', text: 'open Firefox' }] });
    expect(voiceStep(REVIEW, { type: 'edit' })).toEqual({ state: { ...REVIEW, phase: { kind: 'idle' } }, effects: [{ type: 'edit', text: 'open Firefox' }] });
  });

  it('Run and Edit outside the review do nothing', () => {
    for (const s of [VOICE_START, STARTING, LISTENING, TRANSCRIBING]) {
      expect(voiceStep(s, { type: 'run' })).toEqual({ state: s, effects: [] });
      expect(voiceStep(s, { type: 'edit' })).toEqual({ state: s, effects: [] });
    }
  });
});

describe('Cancel, Esc, and voice turned off', () => {
  it('listening: the capture is dropped and the user told nothing was done', () => {
    const step = voiceStep(LISTENING, { type: 'cancel' });
    expect(step.state).toMatchObject({ phase: { kind: 'idle' }, recording: false });
    expect(step.effects).toEqual([{ type: 'cancel_capture' }, { type: 'announce', text: 'Cancelled: nothing was done.' }]);
  });

  it('transcribing: main is told to stop; starting and review: just back to idle', () => {
    expect(voiceStep(TRANSCRIBING, { type: 'cancel' }).effects).toEqual([
      { type: 'cancel_transcription' },
      { type: 'announce', text: 'Cancelled: nothing was done.' },
    ]);
    expect(voiceStep(STARTING, { type: 'cancel' }).effects).toEqual([{ type: 'announce', text: 'Cancelled: nothing was done.' }]);
    expect(voiceStep(REVIEW, { type: 'cancel' }).state.phase).toEqual({ kind: 'idle' });
  });

  it('idle: nothing to cancel; voice turned off is a cancel', () => {
    expect(voiceStep(VOICE_START, { type: 'cancel' })).toEqual({ state: VOICE_START, effects: [] });
    expect(voiceStep(VOICE_START, { type: 'disabled' })).toEqual({ state: VOICE_START, effects: [] });
    expect(voiceStep(LISTENING, { type: 'disabled' })).toEqual(voiceStep(LISTENING, { type: 'cancel' }));
  });

  it('a problem of continuous listening is shown and said', () => {
    expect(voiceStep(VOICE_START, { type: 'failed', message: 'The microphone went away.' })).toEqual({
      state: { ...VOICE_START, problem: 'The microphone went away.' },
      effects: [{ type: 'announce', text: 'The microphone went away.' }],
    });
  });
});

describe('the push-to-talk shortcut', () => {
  it('toggles: idle listens, listening finishes, anything else is left alone', () => {
    expect(voiceStep(VOICE_START, { type: 'toggle' })).toEqual(voiceStep(VOICE_START, { type: 'listen' }));
    expect(voiceStep(LISTENING, { type: 'toggle' }).effects).toEqual([{ type: 'stop_capture', quiet: false, attempt: 1 }]);
    for (const s of [STARTING, TRANSCRIBING, REVIEW]) expect(voiceStep(s, { type: 'toggle' })).toEqual({ state: s, effects: [] });
  });

  it('held in the panel: the press listens (and says to release the keys), the release finishes quietly', () => {
    const pressed = voiceStep(VOICE_START, { type: 'hold_press' });
    expect(pressed.state).toMatchObject({ holding: true, phase: { kind: 'starting' } });
    expect(pressed.effects).toEqual([{ type: 'check_microphone', attempt: 1 }]);
    const open = voiceStep(after([{ type: 'permission', attempt: 1 }], pressed.state), { type: 'capture_opened', attempt: 1 });
    expect(open.effects).toContainEqual({ type: 'announce', text: 'Listening. Say the command, then release the keys.' });
    const released = voiceStep(open.state, { type: 'hold_release' });
    expect(released.state).toMatchObject({ holding: false, recording: false });
    expect(released.effects).toEqual([{ type: 'stop_capture', quiet: true, attempt: 1 }]);
  });

  it('released while the microphone opens: back to idle without a word; the late capture is dropped', () => {
    const pressed = after([{ type: 'hold_press' }]);
    const released = voiceStep(pressed, { type: 'hold_release' });
    expect(released).toEqual({ state: { ...pressed, holding: false, phase: { kind: 'idle' } }, effects: [] });
    expect(voiceStep(released.state, { type: 'capture_opened', attempt: 1 }).effects).toEqual([{ type: 'discard_capture' }]);
  });

  it('a second press while held does nothing; a press while listening from a toggle finishes it; a press while transcribing does nothing', () => {
    const held = after([{ type: 'hold_press' }]);
    expect(voiceStep(held, { type: 'hold_press' })).toEqual({ state: held, effects: [] });
    expect(voiceStep(LISTENING, { type: 'hold_press' }).effects).toEqual([{ type: 'stop_capture', quiet: false, attempt: 1 }]);
    expect(voiceStep(TRANSCRIBING, { type: 'hold_press' })).toEqual({ state: TRANSCRIBING, effects: [] });
  });

  it('a release (or the focus leaving) without a press does nothing; hold-to-talk turned off forgets the keys', () => {
    expect(voiceStep(LISTENING, { type: 'hold_release' })).toEqual({ state: LISTENING, effects: [] });
    const held = after([{ type: 'hold_press' }]);
    expect(voiceStep(held, { type: 'hold_off' }).state.holding).toBe(false);
    expect(voiceStep(VOICE_START, { type: 'hold_off' })).toEqual({ state: VOICE_START, effects: [] });
  });

  it('released after the transcript came: only the keys are let go', () => {
    const held = { ...TRANSCRIBING, holding: true };
    expect(voiceStep(held, { type: 'hold_release' })).toEqual({ state: TRANSCRIBING, effects: [] });
  });
});

describe('the status bar', () => {
  it('says what voice does, else what continuous listening does while nothing runs or waits', () => {
    expect(voiceStatus('listening', undefined, NOTHING)).toBe('Listening');
    expect(voiceStatus('transcribing', 'sleeping', NOTHING)).toBe('Working out what you said');
    expect(voiceStatus('review', undefined, NOTHING)).toBe('Check what was heard');
    expect(voiceStatus('starting', undefined, NOTHING)).toBe('Starting the microphone');
    expect(voiceStatus('idle', 'sleeping', NOTHING)).toBe('Sleeping');
    expect(voiceStatus('idle', 'off', NOTHING)).toBeUndefined();
    expect(voiceStatus('idle', 'listening', { kind: 'running' })).toBeUndefined();
    expect(voiceStatus('idle', undefined, NOTHING)).toBeUndefined();
  });
});
