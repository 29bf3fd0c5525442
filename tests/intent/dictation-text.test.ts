// Dictation's pure reading of an utterance: every spoken mark, spacing, capitals, the literal escape,
// and each command's parse (src/intent/dictation-text.ts).
import { describe, expect, it } from 'vitest';
import {
  changeCase,
  dictationCommand,
  isDictationStart,
  isDictationStop,
  readDictation,
  renderDictation,
  SPOKEN_MARKS,
} from '../../src/intent/dictation-text.js';
import { same } from '../support/tables.js';

/** What an utterance writes after `before`. */
function write(said: string, before = ''): string {
  const u = readDictation(said);
  if (u.kind !== 'text') throw new Error(`${said} read as a command`);
  return renderDictation(u.pieces, before);
}

describe('dictation: starting and stopping', () => {
  it.each(['start dictation', 'Start dictation.', 'dictate', 'Dictate please', 'dictation on', 'begin dictation'])('"%s" starts dictation', (t) => {
    expect(isDictationStart(t)).toBe(true);
  });
  it.each(['dictate a letter', 'start', 'stop dictation', 'type hello'])('"%s" does not start dictation', (t) => {
    expect(isDictationStart(t)).toBe(false);
  });
  it.each(['stop dictation', 'Stop dictating.', 'dictation off', 'end dictation', 'exit dictation'])('"%s" stops it', (t) => {
    expect(isDictationStop(t)).toBe(true);
    expect(dictationCommand(t)).toEqual({ kind: 'stop' });
  });
});

describe('dictation: spoken punctuation and layout', () => {
  // Every mark in the table, between two words.
  const cases: [string, string][] = [
    ['comma', 'Hello, world'],
    ...same('Hello. World', 'full stop', 'period'),
    ['question mark', 'Hello? World'],
    ...same('Hello! World', 'exclamation mark', 'exclamation point'),
    ['colon', 'Hello: world'],
    ...same('Hello; world', 'semicolon', 'semi colon'),
    ['ellipsis', 'Hello… world'],
    ['hyphen', 'Hello-world'],
    ['slash', 'Hello/world'],
    ...same('Hello\nWorld', 'new line', 'newline', 'next line'),
    ...same('Hello\n\nWorld', 'new paragraph', 'next paragraph'),
    ...same('Hello "world', 'open quote', 'open quotes', 'begin quote'),
    ...same('Hello" world', 'close quote', 'close quotes', 'end quote', 'unquote'),
    ...same('Hello (world', 'open paren', 'open parenthesis'),
    ...same('Hello) world', 'close paren', 'close parenthesis'),
  ];
  it('covers every mark in the table', () => {
    expect(new Set(cases.map(([w]) => w))).toEqual(new Set(Object.keys(SPOKEN_MARKS)));
  });
  it.each(cases)('"hello %s world"', (mark, written) => {
    expect(write(`hello ${mark} world`)).toBe(written);
  });

  it('writes a dictated paragraph as written English', () => {
    expect(write('dear anna comma new line thank you for the letter full stop it was lovely exclamation mark did you get mine question mark')).toBe(
      'Dear anna,\nThank you for the letter. It was lovely! Did you get mine?',
    );
  });
  it('quotes and brackets attach to the words inside them', () => {
    expect(write('she said open quote yes close quote and left open paren quickly close paren full stop')).toBe('She said "yes" and left (quickly).');
  });
  it('a sentence ended inside a quote has ended', () => {
    expect(write('open quote stop full stop close quote then')).toBe('"Stop." Then');
  });
  it("marks are read whatever their case, and a recogniser's comma on the word is ignored", () => {
    expect(write('one Comma two Full stop,')).toBe('One, two.');
  });
});

describe('dictation: spacing and capitals against the text before the caret', () => {
  // [what was said, the text before the caret, what is typed]
  const cases: [string, string, string][] = [
    ['hello there', '', 'Hello there'], // an empty field starts a sentence
    ['and more', 'Some text', ' and more'], // one space after a word
    ['and more', 'Some text ', 'and more'], // none after a space
    ['next one', 'Done.', ' Next one'], // a capital after a sentence end
    ['next one', 'Done?', ' Next one'],
    ['next one', 'Done!"', ' Next one'], // … also when a quote closed it
    ['next one', 'Line\n', 'Next one'], // after a line break, no space
    ['next one', '"', 'Next one'], // an opening quote at the start
    ['next one', 'Well,', ' next one'], // no capital after a comma
    ['next one', 'Well', ' next one'], // nor mid-sentence
    ['comma and then', 'First', ', and then'], // a mark first attaches to the text before
    ['full stop', 'The end', '.'],
    ['word', 'He said "', 'word'], // no space after an opening quote or bracket
    ['word', 'see (', 'word'],
    ['i met Paris and NASA', 'x,', ' i met Paris and NASA'], // words keep their case as said
  ];
  it.each(cases)('"%s" after %j writes %j', (said, before, written) => {
    expect(write(said, before)).toBe(written);
  });
});

describe('dictation: the literal escape', () => {
  it('"literal comma" writes the word', () => {
    expect(write('one literal comma two')).toBe('One comma two');
  });
  it('"literal" before a mark of several words writes all its words', () => {
    expect(write('press literal new line now')).toBe('Press new line now');
    expect(write('literal full stop')).toBe('Full stop');
  });
  it('"literal literal" writes the word literal', () => {
    expect(write('a literal literal b')).toBe('A literal b');
  });
  it('an utterance that starts with "literal" is text, never a command', () => {
    expect(readDictation('literal scratch that')).toEqual({ kind: 'text', pieces: ['scratch', 'that'].map((text) => ({ kind: 'word', text })) });
    expect(write('literal correct a to b')).toBe('Correct a to b');
    expect(write('literal stop dictation')).toBe('Stop dictation');
  });
  it('"literal" alone at the end is the word', () => {
    expect(write('very literal')).toBe('Very literal');
  });
});

describe('dictation: correction commands', () => {
  it.each(['scratch that', 'Scratch that.', 'strike that', 'delete that'])('"%s" scratches', (t) => {
    expect(dictationCommand(t)).toEqual({ kind: 'scratch' });
  });
  it.each(['undo that', 'Undo that!', 'undo'])('"%s" undoes', (t) => {
    expect(dictationCommand(t)).toEqual({ kind: 'undo' });
  });
  it.each([
    ...same('capitalize', 'capitalize that', 'capitalise that', 'cap that'),
    ...same('upper', 'all caps that', 'uppercase that'),
    ...same('lower', 'no caps that', 'lowercase that'),
  ] as const)('"%s" changes the case (%s)', (t, change) => {
    expect(dictationCommand(t)).toEqual({ kind: 'case', change });
  });
  it('"correct A to B" keeps the words as said', () => {
    expect(dictationCommand('correct paris to Paris')).toEqual({ kind: 'correct', splits: [{ from: 'paris', to: 'Paris' }] });
    expect(dictationCommand('Correct their to there.')).toEqual({ kind: 'correct', splits: [{ from: 'their', to: 'there' }] });
  });
  it('"correct A to B" with "to" twice offers every split, first first', () => {
    expect(dictationCommand('correct go to town to went to town')).toEqual({
      kind: 'correct',
      splits: [
        { from: 'go', to: 'town to went to town' },
        { from: 'go to town', to: 'went to town' },
        { from: 'go to town to went', to: 'town' },
      ],
    });
  });
  it('"correct" without "to" between words is text', () => {
    expect(dictationCommand('correct me')).toBeUndefined();
    expect(dictationCommand('correct to')).toBeUndefined();
    expect(readDictation('correct me').kind).toBe('text');
  });
  it('"select ‹words›" and "select that"', () => {
    expect(dictationCommand('select the quick fox')).toEqual({ kind: 'select', phrase: 'the quick fox' });
    expect(dictationCommand('Select that.')).toEqual({ kind: 'select', phrase: 'that' });
  });
  it('a command must be the whole utterance', () => {
    expect(dictationCommand('please scratch that now')).toBeUndefined();
    expect(dictationCommand('I said scratch that')).toBeUndefined();
  });
});

describe('dictation: case changes', () => {
  it('capitalizes each word, upper- and lower-cases', () => {
    expect(changeCase('the quick fox', 'capitalize')).toBe('The Quick Fox');
    expect(changeCase('the quick fox', 'upper')).toBe('THE QUICK FOX');
    expect(changeCase('The Quick FOX', 'lower')).toBe('the quick fox');
    expect(changeCase('"quoted" words', 'capitalize')).toBe('"Quoted" Words');
  });
});
