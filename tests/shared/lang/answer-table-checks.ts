// The invariants every language's answer table (src/shared/lang/<language>/answers.ts) keeps, checked
// by each language's own test: no phrase both confirms and cancels, the deliberate and naming words
// are confirm words, every phrase is written as it is compared, and numbers and ranks run 1 to 10.
import { expect, it } from 'vitest';
import type { AnswerSentences, AnswerWords } from '../../../src/shared/lang/answer-table.js';

/** Lower case, letters, digits, spaces and straight apostrophes only; no double or edge spaces. */
const COMPARED_FORM = /^[\p{Ll}\p{Nd}']+(?: [\p{Ll}\p{Nd}']+)*$/u;

/** Each phrase of the table that is not written as answers are compared. */
export function phrasesNotInComparedForm(words: AnswerWords): string[] {
  const phrases = [
    ...words.confirm,
    ...words.cancel,
    ...words.deliberate,
    ...words.namingStarts,
    ...words.filler,
    ...words.articles,
    ...words.pickNouns,
    ...words.pickEndings,
    ...Object.keys(words.numbers),
    ...Object.keys(words.ordinals),
  ];
  return phrases.filter((p) => !COMPARED_FORM.test(p));
}

export function expectAnswerTableInvariants(words: AnswerWords): void {
  const cancel = new Set(words.cancel);
  expect(
    words.confirm.filter((p) => cancel.has(p)),
    'phrases that both confirm and cancel',
  ).toEqual([]);
  expect(
    words.deliberate.filter((p) => !words.confirm.includes(p)),
    'deliberate words that do not confirm',
  ).toEqual([]);
  expect(
    words.namingStarts.filter((p) => !words.confirm.includes(p)),
    'naming starts that do not confirm',
  ).toEqual([]);
  expect(words.deliberate.length).toBeGreaterThan(0);
  // "stop" is a session word: it ends a run, so it is never a plain cancel.
  expect(words.cancel).not.toContain('stop');
  expect(phrasesNotInComparedForm(words)).toEqual([]);
  for (const list of [words.confirm, words.cancel, words.deliberate, words.namingStarts]) expect(new Set(list).size).toBe(list.length);
  expect([...new Set(Object.values(words.numbers))].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  expect([...new Set(Object.values(words.ordinals))].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
}

/**
 * The destructive hint names a word of the label only when there is one: with `word`, the answer
 * `heard` becomes `named` ("“yes, delete”"); without, nothing starting `unnamed` ("“yes, ") is said.
 */
export function itNamesTheLabelWordInTheHint(
  sentences: AnswerSentences,
  hint: { heard: string; word: string; label: string; named: string; unnamed: string },
): void {
  it('names a word of the label in the destructive hint only when there is one', () => {
    expect(sentences.notEnough(hint.heard, hint.word, hint.label)).toContain(hint.named);
    expect(sentences.notEnough(hint.heard, '', hint.label)).not.toContain(hint.unnamed);
  });
}

/**
 * One test a row: the phrase is a word of that list of the table (`[phrase, list]`); then one test a
 * plain yes: it is not a deliberate word.
 */
export function itHoldsTheWords(
  words: AnswerWords,
  rows: ReadonlyArray<readonly [string, 'confirm' | 'cancel' | 'deliberate']>,
  plainYes: readonly string[],
): void {
  it.each(rows.map((r): [string, 'confirm' | 'cancel' | 'deliberate'] => [r[0], r[1]]))('%s is a %s word', (phrase, list) => {
    expect(words[list]).toContain(phrase);
  });
  it.each(plainYes.map((p): [string] => [p]))('a plain %s is not deliberate', (phrase) => {
    expect(words.deliberate).not.toContain(phrase);
  });
}
