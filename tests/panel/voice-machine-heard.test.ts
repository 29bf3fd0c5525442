// What was heard, as pure data (voice-machine.ts): a transcript sent at once, held for review, or
// refused; "stop" and answers skipping the review; an uncertain transcript never answering; a failed,
// cancelled or empty transcription; continuous listening's sleep and wake. Listening itself, the
// review's buttons, Cancel and the shortcut are voice-machine.test.ts.
import { describe, expect, it } from 'vitest';
import type { Waiting } from '../../src/shared/answer-words.js';
import { notHeardClearly, UNSENT_REPLY, VOICE_START, voiceStep } from '../../src/panel/voice/voice-machine.js';
import { after, continuous, pushToTalk, REVIEW, TRANSCRIBING } from './voice-machine-states.js';

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

  it('in German (issue #32 item 6), its answers skip the review as English ones do; with English set they are commands; "ja" while a command runs is told in German', () => {
    const waiting: Waiting = { kind: 'confirmation', summary: 'Click “Alle löschen”.', level: 'destructive' };
    const heard = (text: string, language: 'en' | 'de', over: Partial<Parameters<typeof pushToTalk>[0]> = {}) =>
      voiceStep(TRANSCRIBING, {
        type: 'transcribed',
        reply: { ok: true, text, engine: 'whisper', ms: 80 },
        context: pushToTalk({ review: true, waiting, language, ...over }),
      });
    for (const text of ['bestätigen', 'Nein.', 'ja']) expect(heard(text, 'de').effects[0], text).toEqual({ type: 'send', text });
    // With nothing waiting a bare "ja" is no command in German (it is told so at once); in English it is words to review.
    expect(heard('ja', 'de', { waiting: { kind: 'nothing' } }).effects[0]).toEqual({ type: 'send', text: 'ja' });
    expect(heard('ja', 'en', { waiting: { kind: 'nothing' } }).state.phase).toEqual({ kind: 'review', text: 'ja' });
    const running = heard('ja', 'de', { waiting: { kind: 'running' } });
    expect(running.state.problem).toBe('Ich habe “ja” gehört, aber ein Befehl läuft noch: sag „stopp“, um ihn anzuhalten, oder warte, bis er fertig ist.');
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
