// The English answer table (src/shared/lang/en/answers.ts): its invariants, the words it must hold and
// must not, and the sentences it says back, as a table.
import { describe, expect, it } from 'vitest';
import { EN_ANSWERS, EN_ANSWER_SENTENCES, EN_NUMBER_WORDS, EN_ORDINAL_WORDS } from '../../../../src/shared/lang/en/answers.js';
import { itGives, same } from '../../../support/tables.js';
import { expectAnswerTableInvariants, itHoldsTheWords, itNamesTheLabelWordInTheHint } from '../answer-table-checks.js';

describe('English answer words', () => {
  it('keeps the invariants of an answer table', () => {
    expectAnswerTableInvariants(EN_ANSWERS);
  });

  itHoldsTheWords(
    EN_ANSWERS,
    [...same('confirm', 'yes', 'okay'), ...same('deliberate', 'confirm', 'i confirm'), ...same('cancel', 'no', "don't", 'dont', 'forget it')],
    ['yes', 'ok', 'okay', 'sure', 'yeah', 'go ahead', 'do it'],
  );

  it('reads the numbers and ranks one to ten, and 1st to 3rd in figures', () => {
    expect(EN_NUMBER_WORDS).toMatchObject({ one: 1, five: 5, ten: 10 });
    expect(EN_ORDINAL_WORDS).toMatchObject({ first: 1, third: 3, tenth: 10 });
    expect(EN_ANSWERS.ordinals).toMatchObject({ '1st': 1, '2nd': 2, '3rd': 3, second: 2 });
  });

  itGives('says a wait of %i ms as "%s"', (ms: number) => EN_ANSWER_SENTENCES.howLong(ms), [
    [1_000, '1 second'],
    [400, '1 second'],
    [45_000, '45 seconds'],
    [60_000, '1 minute'],
    [120_000, '2 minutes'],
    [90_000, '90 seconds'],
  ]);

  itNamesTheLabelWordInTheHint(EN_ANSWER_SENTENCES, { heard: '“yes”', word: 'delete', label: 'Delete all.', named: '“yes, delete”', unnamed: '“yes, ' });

  it('drops the space an empty hint would leave', () => {
    expect(EN_ANSWER_SENTENCES.begunBefore('“yes”', 'typed', '')).toBe(
      '“yes” was begun before the question appeared, so it does not answer it and nothing was done.',
    );
    expect(EN_ANSWER_SENTENCES.begunBefore('“yes”', 'spoken', 'Hint.')).toContain('was said before the question was asked');
  });
});
