// The words that ask for a picture of the screen in German (issue #32 item 6), beside the English
// ones; „was ist auf dem Bildschirm“ stays the grammar's list of elements, with no picture.
import { describe, expect, it } from 'vitest';
import { visionRequest } from '../../../src/intent/vision-words.js';
import { itReads, itReadsNone, same } from '../../support/tables.js';
import { intentOf } from './de-fixture.js';

describe('German words for a picture of the screen', () => {
  itReads('%s', visionRequest, [
    ...same({ kind: 'describe' }, 'beschreibe den Bildschirm', 'Beschreib meinen Bildschirm.', 'Was ist das?', 'was siehst du', 'Sag mir, was du siehst.'),
    ...same({ kind: 'look' }, 'schau auf den Bildschirm', 'Sieh dir den Bildschirm an.', 'bitte schau dir meinen Bildschirm an'),
    ['schau auf den Bildschirm und klicke auf das rote Symbol', { kind: 'look', command: 'klicke auf das rote Symbol' }],
    ['Sieh dir den Bildschirm an, dann klicke auf „Zahnrad“', { kind: 'look', command: 'klicke auf „Zahnrad“' }],
    // English still counts.
    ['describe the screen', { kind: 'describe' }],
  ]);

  itReadsNone('%s is an ordinary command', visionRequest, [
    'was ist auf dem Bildschirm',
    'klicke auf Bildschirm beschreiben',
    'schau auf den Bildschirmschoner',
    'tippe was ist das',
    'was ist das für ein Fenster',
  ]);

  it('„was ist auf dem Bildschirm“ is still the grammar’s list of the screen’s elements', () => {
    expect(intentOf('was ist auf dem Bildschirm')).toEqual({ intent: 'get_screen_elements' });
  });
});
