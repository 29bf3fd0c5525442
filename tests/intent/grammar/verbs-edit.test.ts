import { describe } from 'vitest';
import { readTextEdit, type TextEdit } from '../../../src/intent/grammar/verbs-edit.js';
import { itReads, itReadsNull, same } from '../../support/tables.js';

const nth = (unit: string, rank: number, fromEnd = false): unknown => ({ kind: 'unit', unit, pick: { rank, fromEnd } });
const current = (unit: string): unknown => ({ kind: 'unit', unit, pick: 'current' });

describe('readTextEdit: every phrasing of issue #32 item 3', () => {
  const positive: readonly (readonly [string, TextEdit | Record<string, unknown>])[] = [
    ...same({ kind: 'select', place: nth('paragraph', 2) }, 'select the second paragraph', 'Select the 2nd paragraph.', 'select paragraph 2'),
    ['select the last sentence', { kind: 'select', place: nth('sentence', 1, true) }],
    ['select the second to last line', { kind: 'select', place: nth('line', 2, true) }],
    ['select the second last word', { kind: 'select', place: nth('word', 2, true) }],
    ['select this sentence', { kind: 'select', place: current('sentence') }],
    ['select the line', { kind: 'select', place: current('line') }],
    ['select the current word', { kind: 'select', place: current('word') }],
    ['highlight the first word', { kind: 'select', place: nth('word', 1) }],
    ['select from hello to world', { kind: 'select', place: { kind: 'span', from: 'hello', to: 'world' } }],
    ['select from Dear Anna through letter', { kind: 'select', place: { kind: 'span', from: 'Dear Anna', to: 'letter' } }],
    ...same({ kind: 'select', place: { kind: 'words', words: 'thank you' } }, 'select the words thank you', 'select “thank you”'),
    ['correct Berlin to Bern', { kind: 'correct', splits: [{ from: 'Berlin', to: 'Bern' }] }],
    [
      'please correct went to to went',
      {
        kind: 'correct',
        splits: [
          { from: 'went', to: 'to went' },
          { from: 'went to', to: 'went' },
        ],
      },
    ],
    ['delete the last sentence', { kind: 'delete', place: nth('sentence', 1, true) }],
    ['delete that', { kind: 'delete', place: { kind: 'selection' } }],
    ['delete the last character', { kind: 'delete', place: nth('character', 1, true) }],
    ['remove the third word', { kind: 'delete', place: nth('word', 3) }],
    ['erase from hello to world', { kind: 'delete', place: { kind: 'span', from: 'hello', to: 'world' } }],
    ['delete the word very', { kind: 'delete', place: { kind: 'words', words: 'very' } }],
    ['go to the end of the line', { kind: 'caret', edge: 'end', place: current('line') }],
    ['move to the start of the second paragraph', { kind: 'caret', edge: 'start', place: nth('paragraph', 2) }],
    ['move the cursor to the beginning of the sentence', { kind: 'caret', edge: 'start', place: current('sentence') }],
    ['go to the end of the text', { kind: 'caret', edge: 'end', place: { kind: 'whole' } }],
    ['go to the end of the word thanks', { kind: 'caret', edge: 'end', place: { kind: 'words', words: 'thanks' } }],
    ['capitalise that', { kind: 'case', change: 'capitalize', place: { kind: 'selection' } }],
    ['capitalize the first word', { kind: 'case', change: 'capitalize', place: nth('word', 1) }],
    ['all caps the last word', { kind: 'case', change: 'upper', place: nth('word', 1, true) }],
    ['lowercase the second sentence', { kind: 'case', change: 'lower', place: nth('sentence', 2) }],
    ['uppercase the words new york', { kind: 'case', change: 'upper', place: { kind: 'words', words: 'new york' } }],
    // The caret where the user asks, and words typed there (Dragon's and Voice Control's "insert before / after").
    ['insert before hello', { kind: 'caret', edge: 'start', place: { kind: 'words', words: 'hello' } }],
    ['insert after big world', { kind: 'caret', edge: 'end', place: { kind: 'words', words: 'big world' } }],
    ['insert after the second sentence', { kind: 'caret', edge: 'end', place: nth('sentence', 2) }],
    ['type "Dear Anna," at the start of Notes', { kind: 'insert', text: 'Dear Anna,', edge: 'start', place: { kind: 'whole' }, field: 'Notes' }],
    ['type “Hi” at the beginning of the Notes field', { kind: 'insert', text: 'Hi', edge: 'start', place: { kind: 'whole' }, field: 'Notes' }],
    ['type hello at the end of the Comments text area', { kind: 'insert', text: 'hello', edge: 'end', place: { kind: 'whole' }, field: 'Comments' }],
    ['type regards at the end of the Message box', { kind: 'insert', text: 'regards', edge: 'end', place: { kind: 'whole' }, field: 'Message' }],
    ['type "P.S." at the end', { kind: 'insert', text: 'P.S.', edge: 'end', place: { kind: 'whole' } }],
    ['insert Dear Anna at the start', { kind: 'insert', text: 'Dear Anna', edge: 'start', place: { kind: 'whole' } }],
    ['type see you at the end of the line', { kind: 'insert', text: 'see you', edge: 'end', place: current('line') }],
    ['write Hello at the start of the second paragraph', { kind: 'insert', text: 'Hello', edge: 'start', place: nth('paragraph', 2) }],
    ['type "again" at the end of the text', { kind: 'insert', text: 'again', edge: 'end', place: { kind: 'whole' } }],
    ['insert big before world', { kind: 'insert', text: 'big', edge: 'start', place: { kind: 'words', words: 'world' } }],
    ['insert very after the word so', { kind: 'insert', text: 'very', edge: 'end', place: { kind: 'words', words: 'so' } }],
    ...same({ kind: 'insert', text: 'big', edge: 'start', place: { kind: 'words', words: 'world' } }, 'type "big" before world', 'type big before "world"'),
    ['type "dear" after hello in "Notes"', { kind: 'insert', text: 'dear', edge: 'end', place: { kind: 'words', words: 'hello' }, field: 'Notes' }],
    [
      'type dear after the word hello in the Notes field',
      { kind: 'insert', text: 'dear', edge: 'end', place: { kind: 'words', words: 'hello' }, field: 'Notes' },
    ],
    ['type "dear" after hello into Notes', { kind: 'insert', text: 'dear', edge: 'end', place: { kind: 'words', words: 'hello' }, field: 'Notes' }],
    ['type "x" after hello in the morning', { kind: 'insert', text: 'x', edge: 'end', place: { kind: 'words', words: 'hello in the morning' } }],
    ['insert "Best, " before the last line', { kind: 'insert', text: 'Best, ', edge: 'start', place: nth('line', 1, true) }],
  ];
  itReads('%s', readTextEdit, positive);

  // Phrases that belong to other readers, or that say too little: never an edit.
  const mustNotMatch = [
    'select all',
    'select that',
    'select Paris',
    'select A1 to C5',
    'select cell B3',
    'delete',
    'delete the file',
    'delete Report.txt',
    'go to the end',
    'go to the bottom',
    'go to line 10',
    'go to the end of the page',
    'go to the start of from a to b',
    'correct',
    'correct Berlin',
    'select the fourteenth paragraph',
    'select the zero word',
    'select the big paragraph',
    'capitalise',
    'capitalise Paris',
    'move the window to the left',
    'type select the second paragraph',
    'click the second paragraph button',
    'select the 1000th word',
    // Words of the text, not a place: typed as said by the type verb.
    'type meet at the end of May',
    'type see you at the end of the week',
    'type see you at the end',
    'type come back after lunch',
    'type come back after lunch in Berlin',
    'write before you go',
    'type hello before',
    'insert',
    'insert before',
    'insert a row',
    'press insert',
    'type "hello" at the end of 12',
    'type "hello" at the middle of Notes',
    'type "x" before from a to b',
    'insert "x" at the start of that',
  ];
  itReadsNull('%s is not an edit', readTextEdit, mustNotMatch);
});
