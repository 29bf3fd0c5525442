// Push-to-talk voice as pure data: every event in every phase it can come in, the state it leads
// to and the effects it asks for (the hook, voice-control.tsx, only carries them out). What becomes
// of what was heard is voice-machine-heard.test.ts; the states both start from voice-machine-states.ts.
import { describe, expect, it } from 'vitest';
import { VOICE_START, voiceStatus, voiceStep } from '../../src/panel/voice/voice-machine.js';
import { after, STARTING, LISTENING, TRANSCRIBING, REVIEW, utterance, NOTHING } from './voice-machine-states.js';

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
