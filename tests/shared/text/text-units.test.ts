import { describe, expect, it } from 'vitest';
import {
  characterRanges,
  deletionRange,
  lineRanges,
  paragraphRanges,
  pickUnit,
  sentenceRanges,
  spanBetween,
  unitRanges,
  wordRanges,
  type TextRange,
} from '../../../src/shared/text/text-units.js';

const texts = (text: string, ranges: readonly TextRange[]): string[] => ranges.map((r) => text.slice(r.start, r.end));

const letter = 'Dear Anna,\n\nThank you for the letter. It came on Tuesday! Did you see “Bern”?\nSee you soon.\n';

describe('text units', () => {
  it('words keep apostrophes and skip marks', () => {
    expect(texts("Don’t stop—it’s 9 o'clock, Anna.", wordRanges("Don’t stop—it’s 9 o'clock, Anna."))).toEqual([
      'Don’t',
      'stop',
      'it’s',
      '9',
      "o'clock",
      'Anna',
    ]);
  });

  it('characters are what a reader sees as one, spaces and marks too, never a line break', () => {
    const text = 'Gru\u0308ße!\r\na 👍🏽';
    expect(texts(text, characterRanges(text))).toEqual(['G', 'r', 'u\u0308', 'ß', 'e', '!', 'a', ' ', '👍🏽']);
    expect(texts(text, [pickUnit(text, 'character', { rank: 1, fromEnd: true }, 0) as TextRange])).toEqual(['👍🏽']);
    // A character is deleted alone: the spaces beside it stay.
    expect(deletionRange('a b c', { start: 2, end: 3 }, 'character')).toEqual({ start: 2, end: 3 });
  });

  it('lines are the text between line breaks, empty ones too', () => {
    expect(texts(letter, lineRanges(letter))).toEqual([
      'Dear Anna,',
      '',
      'Thank you for the letter. It came on Tuesday! Did you see “Bern”?',
      'See you soon.',
      '',
    ]);
    expect(texts('a\r\nb', lineRanges('a\r\nb'))).toEqual(['a', 'b']);
  });

  it('paragraphs are lines with text, blank lines between them skipped', () => {
    expect(texts(letter, paragraphRanges(letter))).toEqual([
      'Dear Anna,',
      'Thank you for the letter. It came on Tuesday! Did you see “Bern”?',
      'See you soon.',
    ]);
  });

  it('sentences end at a mark before a space or the end, never across a line break', () => {
    expect(texts(letter, sentenceRanges(letter))).toEqual([
      'Dear Anna,',
      'Thank you for the letter.',
      'It came on Tuesday!',
      'Did you see “Bern”?',
      'See you soon.',
    ]);
    // A mark inside a word ("3.5", "e.g.x") does not end one.
    expect(texts('It costs 3.5 euros. Fine', sentenceRanges('It costs 3.5 euros. Fine'))).toEqual(['It costs 3.5 euros.', 'Fine']);
  });

  it('a pick by rank, from the end, or at the caret', () => {
    const second = pickUnit(letter, 'paragraph', { rank: 2, fromEnd: false }, 0);
    expect(second && letter.slice(second.start, second.end)).toBe('Thank you for the letter. It came on Tuesday! Did you see “Bern”?');
    const last = pickUnit(letter, 'sentence', { rank: 1, fromEnd: true }, 0);
    expect(last && letter.slice(last.start, last.end)).toBe('See you soon.');
    expect(pickUnit(letter, 'paragraph', { rank: 4, fromEnd: false }, 0)).toBeUndefined();
    const at = letter.indexOf('came');
    const here = pickUnit(letter, 'sentence', 'current', at);
    expect(here && letter.slice(here.start, here.end)).toBe('It came on Tuesday!');
    const word = pickUnit(letter, 'word', 'current', letter.indexOf(','));
    expect(word && letter.slice(word.start, word.end)).toBe('Anna');
    const line = pickUnit(letter, 'line', 'current', letter.length);
    expect(line).toEqual({ start: letter.length, end: letter.length });
  });

  it('deleting takes the spaces or the line break with the unit, leaving no gap', () => {
    const del = (text: string, unit: 'word' | 'sentence' | 'line' | 'paragraph', rank: number, fromEnd = false): string => {
      const r = pickUnit(text, unit, { rank, fromEnd }, 0);
      if (!r) throw new Error('none');
      const d = deletionRange(text, r, unit);
      return text.slice(0, d.start) + text.slice(d.end);
    };
    expect(del('One. Two. Three.', 'sentence', 1, true)).toBe('One. Two.');
    expect(del('One. Two. Three.', 'sentence', 2)).toBe('One. Three.');
    expect(del('One. Two. Three.', 'sentence', 1)).toBe('Two. Three.');
    expect(del('a very big cat', 'word', 2)).toBe('a big cat');
    expect(del('a\nb\nc', 'line', 2)).toBe('a\nc');
    expect(del('a\nb\nc', 'line', 3)).toBe('a\nb');
    expect(del(letter, 'paragraph', 1)).toBe('\nThank you for the letter. It came on Tuesday! Did you see “Bern”?\nSee you soon.\n');
  });

  it('a span from the first words to the next place of the last words, whole words only', () => {
    const text = 'say hello to the whole world, hello world';
    const r = spanBetween(text, 'hello', 'world');
    expect(r && text.slice(r.start, r.end)).toBe('hello to the whole world');
    expect(spanBetween(text, 'hell', 'world')).toBeUndefined();
    expect(spanBetween(text, 'world', 'say')).toBeUndefined();
    expect(unitRanges('', 'sentence')).toEqual([]);
  });
});
