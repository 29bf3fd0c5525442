import { describe } from 'vitest';
import { visionRequest } from '../../src/intent/vision-words.js';
import { itReads, itReadsNone, same } from '../support/tables.js';

describe('the words that ask for a picture of the screen', () => {
  itReads('%s', visionRequest, [
    ...same({ kind: 'describe' }, 'describe the screen', "What's this?", 'what’s this', 'Describe my screen.'),
    ['look at the screen', { kind: 'look' }],
    ['Look at the screen and click the "Red" icon', { kind: 'look', command: 'click the "Red" icon' }],
    ['look at the screen, click mark 4', { kind: 'look', command: 'click mark 4' }],
    ['please look at my screen then press the gear', { kind: 'look', command: 'press the gear' }],
  ]);

  itReadsNone('%s is an ordinary command', visionRequest, [
    'click Describe the screen',
    'look at the screenshot',
    'what is on screen',
    'type look at the screen',
  ]);
});
