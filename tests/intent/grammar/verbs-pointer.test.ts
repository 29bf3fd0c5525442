// The pointer verbs (src/intent/grammar/verbs-pointer.ts): click an element or a point, N times;
// move the pointer (with "cursor" only to a point); drag between two places split by one "to".
import { describe, expect, it } from 'vitest';
import { parseClick, parseDrag, parseMove, splitRepeat } from '../../../src/intent/grammar/verbs-pointer.js';
import { reading, tokens } from './read-fixture.js';

const after = (verb: string, rest: string) => {
  const command = `${verb} ${rest}`;
  return { command, rest: tokens(command).slice(verb.split(' ').length) };
};

describe('parseClick', () => {
  const cases: [string, 'click' | 'double' | 'right', string, unknown][] = [
    ['click', 'click', 'Send', { intent: 'click_element', element: { label: 'Send' } }],
    ['click', 'click', 'the OK button', { intent: 'click_element', element: { label: 'OK', role: 'button' } }],
    ['click', 'click', '12', { intent: 'click_element', element: { id: 12 } }],
    ['double click', 'double', 'report.txt', { intent: 'double_click_element', element: { label: 'report.txt' } }],
    ['right click', 'right', 'Desktop', { intent: 'right_click_element', element: { label: 'Desktop' } }],
    ['click', 'click', 'at 100, 200', { intent: 'left_click_coordinates', x: 100, y: 200 }],
  ];
  it.each(cases)('%s %s → %j', (verb, kind, rest, expected) => {
    const a = after(verb, rest);
    expect(reading(parseClick(a.command, kind, a.rest))).toEqual(expected);
  });
});

describe('splitRepeat', () => {
  it.each<[string, number | null]>([
    ['down twice', 2],
    ['down 3 times', 3],
    ['down', null],
  ])('%j repeats %s', (words, count) => {
    expect(splitRepeat(tokens(words))?.count ?? null).toBe(count);
  });
});

describe('parseMove', () => {
  it.each<[string, unknown]>([
    ['the mouse to 10, 20', { intent: 'move_mouse', to: { x: 10, y: 20 } }],
    ['the pointer over Save', { intent: 'move_mouse', to: { label: 'Save' } }],
    ['the cursor to 10, 20', { intent: 'move_mouse', to: { x: 10, y: 20 } }],
    ['the cursor to Save', 'fail'],
  ])('move %s → %j', (rest, expected) => {
    const a = after('move', rest);
    expect(reading(parseMove(a.command, a.rest))).toEqual(expected);
  });
});

describe('parseDrag', () => {
  it.each<[string, unknown]>([
    ['a.txt to Trash', { intent: 'drag', from: { label: 'a.txt' }, to: { label: 'Trash' } }],
    ['from 1, 2 to 30, 40', { intent: 'drag', from: { x: 1, y: 2 }, to: { x: 30, y: 40 } }],
    ['Back to Top to Trash', 'fail'],
    ['a.txt', 'fail'],
  ])('drag %s → %j', (rest, expected) => {
    const a = after('drag', rest);
    expect(reading(parseDrag(a.command, a.rest))).toEqual(expected);
  });
});
