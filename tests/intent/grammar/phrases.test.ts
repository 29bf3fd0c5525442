// The grammar's shared readers (src/intent/grammar/phrases.ts): numbers in digits or words, element
// ids, points, application names (conservative: a file, a place or a time is no app), and "… in App".
import { describe, expect, it } from 'vitest';
import { digitsValue, readAppName, readElementId, readNumber, readPoint, splitAppSuffix } from '../../../src/intent/grammar/phrases.js';
import { reading, tokens } from './read-fixture.js';

describe('numbers', () => {
  it.each<[string, number | null]>([
    ['12', 12],
    ['-40', -40],
    ['12345678', null],
    ['1.5', null],
  ])('digitsValue(%j) → %s', (s, n) => {
    expect(digitsValue(s)).toBe(n);
  });

  it.each<[string, number | null, number]>([
    ['twelve', 12, 1],
    ['twenty three', 23, 2],
    ['twenty-three', 23, 1],
    ['twenty', 20, 1],
    ['twenty-zero', null, 0],
    ['hundred', null, 0],
  ])('readNumber(%j) → %s (reading %i words)', (words, value, used) => {
    const n = readNumber(tokens(words), 0);
    expect(n?.value ?? null).toBe(value);
    if (n) expect(n.next).toBe(used);
  });
});

describe('readElementId', () => {
  it.each<[string, boolean, number | 'fail' | null]>([
    ['12', true, 12],
    ['12', false, null], // a bare number may be half of a point
    ['number 12', false, 12],
    ['#7', false, 7],
    ['element twelve', false, 12],
    ['0', true, 'fail'],
    ['Save', true, null],
  ])('%j (bare %s) → %j', (words, bare, expected) => {
    expect(reading(readElementId(tokens(words), bare))).toEqual(expected);
  });
});

describe('readPoint', () => {
  it.each<[string, unknown]>([
    ['100, 200', { x: 100, y: 200 }],
    ['100 200', { x: 100, y: 200 }],
    ['(100, 200)', { x: 100, y: 200 }],
    ['x=100 y=200', { x: 100, y: 200 }],
    ['Save', null],
  ])('%j → %j', (words, expected) => {
    expect(reading(readPoint(tokens(words)))).toEqual(expected);
  });
});

describe('readAppName', () => {
  it.each<[string, string]>([
    ['Firefox', 'Firefox'],
    ['the Firefox app', 'Firefox'],
    ['Visual Studio Code', 'Visual Studio Code'],
    ['Word 2016', 'Word 2016'],
    ['"My App"', 'My App'],
    ['report.txt', 'fail'],
    ['"example.com"', 'fail'],
    ['5 seconds', 'fail'],
    ['the menu', 'fail'],
    ['one two three four five six', 'fail'],
  ])('%j → %j', (words, expected) => {
    expect(reading(readAppName(tokens(words)))).toEqual(expected);
  });
});

describe('splitAppSuffix', () => {
  const split = (words: string) => {
    const s = splitAppSuffix(tokens(words));
    return s.kind === 'split' ? `${s.head.map((t) => t.raw).join(' ')} | ${s.app}` : s.kind;
  };
  it.each<[string, string]>([
    ['Save in gedit', 'Save | gedit'],
    ['Zoom in', 'none'],
    ['the Log in button', 'none'],
    ['Sign in Chrome', 'ambiguous'], // the Sign button, or Sign in?
    ['settings in the menu', 'ambiguous'],
    ['Save', 'none'],
  ])('%j → %s', (words, expected) => {
    expect(split(words)).toBe(expected);
  });
});
