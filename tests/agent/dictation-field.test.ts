// The arithmetic of dictation's corrections (src/agent/dictation-field.ts): edits and their inverse,
// finding words, where an insertion went, and the keys that reach a place.
import { describe, expect, it } from 'vitest';
import {
  applyEdit,
  caretAfter,
  caretMoveTo,
  findPhrase,
  graphemes,
  inverse,
  locateInsertion,
  recordEdit,
  thatRange,
  type FieldRecord,
} from '../../src/agent/dictation-field.js';

function field(value: string): FieldRecord {
  return { key: 'k', label: 'the field', value, caret: value.length, edits: [], selection: undefined };
}

describe('dictation edits', () => {
  it('an edit and its inverse give the text back', () => {
    const value = 'Hello wrld, bye';
    const edit = { start: 6, removed: 'wrld', inserted: 'world', kind: 'correction' as const };
    const after = applyEdit(value, edit);
    expect(after).toBe('Hello world, bye');
    expect(applyEdit(after, inverse(edit))).toBe(value);
  });
  it('recording an edit moves the caret after its text and clears the selection', () => {
    const f = field('Hello');
    f.selection = { start: 0, end: 5 };
    recordEdit(f, { start: 5, removed: '', inserted: ' there', kind: 'phrase' }, 'Hello there');
    expect(f).toMatchObject({ value: 'Hello there', caret: 11, selection: undefined });
    expect(f.edits).toHaveLength(1);
  });
  it('"that" is the selection, else the last change\'s words without the space before them', () => {
    const f = field('Hello');
    recordEdit(f, { start: 5, removed: '', inserted: ' big world', kind: 'phrase' }, 'Hello big world');
    expect(thatRange(f)).toEqual({ start: 6, end: 15 });
    f.selection = { start: 0, end: 5 };
    expect(thatRange(f)).toEqual({ start: 0, end: 5 });
  });
  it('a caret after an edit moves by what the edit added', () => {
    const edit = { start: 2, removed: 'ab', inserted: 'xyz', kind: 'correction' as const };
    expect(caretAfter(10, edit)).toBe(11);
    expect(caretAfter(1, edit)).toBe(1);
    expect(caretAfter(3, edit)).toBe(5);
  });
});

describe('finding dictated words', () => {
  it('finds the last occurrence as whole words, whatever the case', () => {
    expect(findPhrase('the cat and the Cat', 'cat')).toEqual({ start: 16, end: 19 });
    expect(findPhrase('concatenate cat', 'cat')).toEqual({ start: 12, end: 15 });
    expect(findPhrase('concatenate', 'cat')).toBeUndefined();
  });
  it('spaces and line breaks between words match one space', () => {
    expect(findPhrase('quick\nbrown  fox', 'quick brown fox')).toEqual({ start: 0, end: 16 });
  });
  it('reads the words as text, not as a pattern', () => {
    expect(findPhrase('a (b) c', '(b)')).toEqual({ start: 2, end: 5 });
    expect(findPhrase('a.b', '.')).toBeUndefined();
  });
});

describe('where an insertion went', () => {
  it('at the end, in the middle, over a selection', () => {
    expect(locateInsertion('Hello', 'Hello there', ' there')).toEqual({ start: 5, end: 5 });
    expect(locateInsertion('Hello world', 'Hello big world', 'big ')).toEqual({ start: 6, end: 6 });
    expect(locateInsertion('Hello world', 'Hello there', 'there')).toEqual({ start: 6, end: 11 });
  });
  it('nothing when the text changed otherwise', () => {
    expect(locateInsertion('Hello', 'Goodbye', 'x')).toBeUndefined();
  });
});

describe('reaching a place with keys', () => {
  it('from the nearer end, counting what a person sees as characters', () => {
    expect(caretMoveTo('Hello world', 9)).toEqual({ anchor: 'end', key: 'left', presses: 2 });
    expect(caretMoveTo('Hello world', 2)).toEqual({ anchor: 'start', key: 'right', presses: 2 });
    expect(caretMoveTo('Hello', 5)).toEqual({ anchor: 'end', key: 'left', presses: 0 });
    expect(graphemes('e\u0301👍🏽\n')).toBe(3);
  });
});
