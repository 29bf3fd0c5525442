import { describe, expect, it } from 'vitest';
import { visionRequest } from '../../src/intent/vision-words.js';
import { same } from '../support/tables.js';

describe('the words that ask for a picture of the screen', () => {
  it.each([
    ...same({ kind: 'describe' }, 'describe the screen', "What's this?", 'what’s this', 'Describe my screen.'),
    ['look at the screen', { kind: 'look' }],
    ['Look at the screen and click the "Red" icon', { kind: 'look', command: 'click the "Red" icon' }],
    ['look at the screen, click mark 4', { kind: 'look', command: 'click mark 4' }],
    ['please look at my screen then press the gear', { kind: 'look', command: 'press the gear' }],
  ])('%s', (text, expected) => {
    expect(visionRequest(text)).toEqual(expected);
  });

  it.each(['click Describe the screen', 'look at the screenshot', 'what is on screen', 'type look at the screen'])('%s is an ordinary command', (text) => {
    expect(visionRequest(text)).toBeUndefined();
  });
});
