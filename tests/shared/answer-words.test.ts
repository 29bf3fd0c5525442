// The answer rule (issue #15): which texts confirm, cancel, choose, or answer nothing, for whatever waits.
import { describe, expect, it } from 'vitest';
import {
  CANCEL_PHRASES,
  CONFIRM_PHRASES,
  confirmationStrength,
  readChoice,
  readConfirmationAnswer,
  routeAnswer,
  type Waiting,
} from '../../src/shared/answer-words.js';

const confirmation: Waiting = { kind: 'confirmation', summary: 'Click “Delete everything”.' };
const question: Waiting = { kind: 'question', question: 'Which “OK”?', options: ['1: “OK” in Left', '2: “OK” in Right'] };

describe('yes and no', () => {
  it('the issue’s words, as speech-to-text writes them, confirm or cancel', () => {
    for (const said of ['yes', 'Yes.', 'YES!', 'confirm', 'Do it.', 'OK', 'Okay.', 'Yeah.', '“yes”'])
      expect(readConfirmationAnswer(said), said).toBe('confirm');
    for (const said of ['no', 'No.', 'cancel', 'Cancel!', "don't", 'Don’t.', 'do not', 'Never mind.', 'Forget it.', 'forget that', 'Forget about it!'])
      expect(readConfirmationAnswer(said), said).toBe('cancel');
  });

  it('strict: a sentence that merely contains a yes or a no confirms and cancels nothing', () => {
    for (const said of [
      'yes but save it first',
      'I did not say yes',
      'no yes',
      'yes no',
      'yes yes',
      'ok click Save',
      'do it again',
      'confirm the order and pay',
      'yesterday',
      'noon',
      'say yes',
      'not now',
    ]) {
      expect(readConfirmationAnswer(said), said).toBeUndefined();
    }
  });

  it('no phrase both confirms and cancels, and "stop" is neither (it always stops)', () => {
    expect(CONFIRM_PHRASES.filter((p) => CANCEL_PHRASES.includes(p))).toEqual([]);
    expect(readConfirmationAnswer('stop')).toBeUndefined();
  });
});

describe('routing what was said or typed', () => {
  it('while a confirmation waits: yes confirms, no cancels, stop stops, anything else is no answer and says what to say', () => {
    expect(routeAnswer('Yes.', confirmation)).toEqual({ kind: 'confirm' });
    expect(routeAnswer('cancel', confirmation)).toEqual({ kind: 'cancel' });
    expect(routeAnswer('Stop.', confirmation)).toEqual({ kind: 'stop' });
    const other = routeAnswer('yes but save it first', confirmation);
    expect(other).toEqual({
      kind: 'not_an_answer',
      message:
        '“yes but save it first” is not a yes or a no, so nothing was done. Still waiting for your answer to: Click “Delete everything”. Say “yes” to do it, “no” to cancel, or “stop”.',
    });
    // A command is no answer either: it is never planned while the confirmation waits.
    expect(routeAnswer('click Increment', confirmation).kind).toBe('not_an_answer');
  });

  it('while a question waits: an option, its number or "the second one" choose; cancel closes it; yes picks nothing; a command is a command', () => {
    expect(routeAnswer('the second one', question)).toEqual({ kind: 'choose', index: 1 });
    expect(routeAnswer('2', question)).toEqual({ kind: 'choose', index: 1 });
    expect(routeAnswer('Two.', question)).toEqual({ kind: 'choose', index: 1 });
    expect(routeAnswer('“OK” in Left', question)).toEqual({ kind: 'choose', index: 0 });
    expect(routeAnswer('cancel', question)).toEqual({ kind: 'cancel' });
    expect(routeAnswer('yes', question)).toMatchObject({
      kind: 'not_an_answer',
      message: expect.stringMatching(
        /^“yes” does not pick an answer\. Still waiting for your answer to: Which “OK”\? Say an answer or its number \(1: “OK” in Left; 2: “OK” in Right\), or “cancel”\.$/,
      ),
    });
    expect(routeAnswer('the third one', question)).toEqual({ kind: 'command' });
    expect(routeAnswer('click Increment', question)).toEqual({ kind: 'command' });
  });

  it('an option called "Yes" is chosen by "yes", not taken for a confirmation', () => {
    expect(routeAnswer('yes', { kind: 'question', question: 'Save first?', options: ['Yes', 'No'] })).toEqual({ kind: 'choose', index: 0 });
    expect(routeAnswer('No.', { kind: 'question', question: 'Save first?', options: ['Yes', 'No'] })).toEqual({ kind: 'choose', index: 1 });
  });

  it('with nothing waiting, a late or repeated yes does nothing (it never reaches a planner); a command is a command', () => {
    expect(routeAnswer('yes', { kind: 'nothing' })).toEqual({
      kind: 'not_an_answer',
      message: 'Nothing is waiting for a yes or a no, so “yes” did nothing. Give a command, for example “click Send”, or say “what can I say”.',
    });
    expect(routeAnswer('no', { kind: 'nothing' }).kind).toBe('not_an_answer');
    expect(routeAnswer('click Send', { kind: 'nothing' })).toEqual({ kind: 'command' });
  });

  it('while a command runs, only stop goes', () => {
    expect(routeAnswer('stop', { kind: 'running' })).toEqual({ kind: 'stop' });
    expect(routeAnswer('yes', { kind: 'running' })).toEqual({
      kind: 'not_an_answer',
      message: 'Heard “yes”, but a command is still running: say “stop” to stop it, or wait until it ends.',
    });
  });

  it('readChoice: numbers beyond the options, or words of no option, choose nothing', () => {
    expect(readChoice('3', ['a', 'b'])).toBeUndefined();
    expect(readChoice('the first one', ['a', 'b'])).toBe(0);
    expect(readChoice('', ['a'])).toBeUndefined();
  });
});

describe('by voice, a destructive confirmation needs a deliberate answer (issue #27)', () => {
  const destructive: Waiting = {
    kind: 'confirmation',
    summary: 'Click “Delete all parcels”.',
    level: 'destructive',
    question: 'Click “Delete all parcels”. Clicking “Delete all parcels” may delete something for good.',
  };
  const moderate: Waiting = { ...destructive, summary: 'Click “Archive”.', level: 'moderate', question: 'Click “Archive”.' };

  it('an ambient "okay", "yes", "sure" or "yeah" heard by the microphone does not confirm it, and says what to say', () => {
    for (const said of ['Okay.', 'yes', 'Sure!', 'yeah', 'Go ahead.', 'do it']) {
      const r = routeAnswer(said, destructive, 'spoken');
      expect(r.kind, said).toBe('not_an_answer');
      if (r.kind === 'not_an_answer') expect(r.message).toContain('say “confirm”, or “yes, delete”');
    }
  });

  it('"confirm", or a yes that names the action, confirms it', () => {
    for (const said of ['Confirm.', 'I confirm', 'yes, delete', 'Yes, delete all parcels.', 'confirm delete', 'OK, delete it']) {
      expect(routeAnswer(said, destructive, 'spoken').kind, said).toBe('confirm');
    }
  });

  it('words that are not in the question name nothing: "yes but save it first" stays no answer', () => {
    for (const said of ['yes but save it first', 'yes send', 'yes please delete the other one']) {
      expect(routeAnswer(said, destructive, 'spoken').kind, said).toBe('not_an_answer');
    }
    expect(confirmationStrength('yes the', destructive.question ?? '')).toBeUndefined();
  });

  it('a plain yes still confirms a moderate one by voice, and anything typed (a deliberate key press)', () => {
    expect(routeAnswer('okay', moderate, 'spoken').kind).toBe('confirm');
    expect(routeAnswer('yes', destructive, 'typed').kind).toBe('confirm');
    expect(routeAnswer('yes', destructive).kind).toBe('confirm');
  });

  it('a confirmation whose level is not known is treated as destructive by voice', () => {
    expect(routeAnswer('yes', { kind: 'confirmation', summary: 'Click “Delete”.' }, 'spoken').kind).toBe('not_an_answer');
    expect(routeAnswer('no', destructive, 'spoken').kind).toBe('cancel');
  });
});
