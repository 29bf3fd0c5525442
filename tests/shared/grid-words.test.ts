// What is said to the mouse grid while it is up (issue #29): a table of words and what they mean.
import { describe, expect, it } from 'vitest';
import { gridWord, type GridWord } from '../../src/shared/grid-words.js';
import { itReadsNone, same } from '../support/tables.js';

describe('gridWord', () => {
  it.each<[string, GridWord]>([
    ...same({ kind: 'zoom', cells: [5] }, '5', 'click 5', 'Click 5.', 'five'),
    ['cell 9', { kind: 'zoom', cells: [9] }],
    ['zoom into 2', { kind: 'zoom', cells: [2] }],
    ...same({ kind: 'zoom', cells: [5, 3] }, '5 3', '5, 3', 'five three'),
    ['click 5 3 1', { kind: 'zoom', cells: [5, 3, 1] }],
    ['12', { kind: 'zoom', cells: [12] }],
    ...same({ kind: 'click', button: 'left', count: 1 }, 'click', 'Click.', 'click here, please', 'left click'),
    ...same({ kind: 'click', button: 'left', count: 2 }, 'double click', 'Double-click'),
    ['triple click', { kind: 'click', button: 'left', count: 3 }],
    ...same({ kind: 'click', button: 'right', count: 1 }, 'right click', 'right-click'),
    ['move the mouse to 7', { kind: 'move', cells: [7] }],
    ['move the pointer to 7 3', { kind: 'move', cells: [7, 3] }],
    ['move to seven', { kind: 'move', cells: [7] }],
    ['5 click', { kind: 'click', button: 'left', count: 1, cells: [5] }],
    ['5 3 click', { kind: 'click', button: 'left', count: 1, cells: [5, 3] }],
    ['seven right click', { kind: 'click', button: 'right', count: 1, cells: [7] }],
    ['2 double-click', { kind: 'click', button: 'left', count: 2, cells: [2] }],
    ['4 click here', { kind: 'click', button: 'left', count: 1, cells: [4] }],
    ...same({ kind: 'drag', from: [2], to: [8] }, 'drag from 2 to 8', 'Drag 2 to 8.'),
    ['drag from 5 3 to eight one', { kind: 'drag', from: [5, 3], to: [8, 1] }],
  ])('"%s"', (text, word) => {
    expect(gridWord(text)).toEqual(word);
  });

  itReadsNone('"%s" is none of the grid’s words', gridWord, [
    '',
    'click Send',
    'press enter',
    'move the mouse to Send',
    'move the mouse',
    'hide grid',
    'stop',
    '5 apples',
    'yes',
    '1 2 3 4 5 6 7 8 9',
    'drag from 2',
    'drag to 8',
    'drag 2 to 8 to 9',
    'drag Report to Trash',
    'apples click',
    'click 5 click',
  ]);
});
