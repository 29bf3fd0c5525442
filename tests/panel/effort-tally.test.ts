// The panel's tally of a task's inputs (issue #31): what each send carries, and the task's words.
import { describe, expect, it } from 'vitest';
import { EffortTally, isKeystroke } from '../../src/panel/effort-tally.js';
import { itGives } from '../support/tables.js';

describe('EffortTally', () => {
  it('hands each send the inputs since the last one, and ends the task with their sum in words', () => {
    const tally = new EffortTally();
    for (let i = 0; i < 9; i++) tally.count('scanStep', 1_000 + i);
    tally.count('press', 2_000);
    tally.count('press', 1_500);
    expect(tally.take()).toEqual({ presses: 2, utterances: 0, keystrokes: 0, scanSteps: 9, firstInputAt: 1_500 });
    // The answer to the task's confirmation: one more press.
    tally.count('press', 3_000);
    expect(tally.take()).toEqual({ presses: 1, utterances: 0, keystrokes: 0, scanSteps: 0, firstInputAt: 3_000 });
    expect(tally.finish()).toBe('Done in 3 presses.');
    // A new task starts from nothing.
    expect(tally.finish()).toBeUndefined();
  });

  it('sends nothing for a button clicked with the mouse, and drops scan steps that chose nothing', () => {
    const tally = new EffortTally();
    tally.count('scanStep');
    tally.count('scanStep');
    expect(tally.take()).toBeUndefined();
    tally.count('keystroke', 10);
    expect(tally.take()).toEqual({ presses: 0, utterances: 0, keystrokes: 1, scanSteps: 0, firstInputAt: 10 });
    expect(tally.finish()).toBe('Done in 1 key.');
  });

  it('says what the task took in the user’s language (issue #32 item 6)', () => {
    const tally = new EffortTally();
    tally.count('press', 1);
    tally.count('press', 2);
    tally.take();
    expect(tally.finish('de')).toBe('Erledigt mit 2 Schalterdrücken.');
  });

  it('drops the scan steps seen while a task ran, and keeps keys typed meanwhile for the next command', () => {
    const tally = new EffortTally();
    tally.count('press', 1);
    tally.take();
    tally.count('scanStep');
    tally.count('keystroke', 2);
    expect(tally.finish()).toBe('Done in 1 press.');
    expect(tally.take()).toEqual({ presses: 0, utterances: 0, keystrokes: 1, scanSteps: 0, firstInputAt: 2 });
  });

  it('tells utterances and keys apart', () => {
    const tally = new EffortTally();
    tally.count('utterance', 5);
    for (let i = 0; i < 14; i++) tally.count('keystroke', 6 + i);
    tally.take();
    tally.count('utterance', 50);
    tally.take();
    expect(tally.finish()).toBe('Done in 2 utterances and 14 keys.');
  });
});

describe('isKeystroke', () => {
  itGives('%j → %s', isKeystroke, [
    [{ key: 'a', repeat: false }, true],
    [{ key: 'Backspace', repeat: false }, true],
    [{ key: 'Enter', repeat: false }, true],
    [{ key: 'a', repeat: true }, false],
    [{ key: 'Shift', repeat: false }, false],
    [{ key: 'Control', repeat: false }, false],
  ]);
});
