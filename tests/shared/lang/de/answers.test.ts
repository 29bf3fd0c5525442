// The German answer table (src/shared/lang/de/answers.ts): the invariants of an answer table, every
// phrase also present as it is written without umlauts, the inflected ranks, and the sentences it
// says back, as a table.
import { describe, expect, it } from 'vitest';
import { DE_ANSWERS, DE_ANSWER_SENTENCES, DE_NUMBER_WORDS, DE_ORDINAL_WORDS } from '../../../../src/shared/lang/de/answers.js';
import { withoutUmlauts } from '../../../../src/shared/text/umlauts.js';
import { itGives, same } from '../../../support/tables.js';
import { expectAnswerTableInvariants, itHoldsTheWords, itNamesTheLabelWordInTheHint } from '../answer-table-checks.js';

describe('German answer words', () => {
  it('keeps the invariants of an answer table', () => {
    expectAnswerTableInvariants(DE_ANSWERS);
  });

  it.each(['confirm', 'cancel', 'deliberate', 'namingStarts', 'pickEndings'] as const)('holds each %s phrase also without umlauts', (list) => {
    const phrases = DE_ANSWERS[list];
    expect(phrases.filter((p) => !phrases.includes(withoutUmlauts(p)))).toEqual([]);
  });

  it('holds each written-out number and rank also without umlauts', () => {
    for (const table of [DE_NUMBER_WORDS, DE_ORDINAL_WORDS]) {
      for (const [word, n] of Object.entries(table)) expect(table[withoutUmlauts(word)], word).toBe(n);
    }
  });

  itHoldsTheWords(
    DE_ANSWERS,
    [
      ...same('confirm', 'ja', 'in ordnung'),
      ...same('deliberate', 'bestätigen', 'bestaetigen', 'ich bestätige'),
      ...same('cancel', 'nein', 'nö', 'noe', 'auf keinen fall'),
    ],
    ['ja', 'ok', 'jawohl', 'mach es', 'in ordnung'],
  );

  it.each([...same(2, 'zweite', 'zweiten', 'zweites'), ...same(5, 'fünfter', 'fuenftem'), ...same(7, 'siebente', 'siebten'), ['zehnte', 10]])(
    'reads the rank %s as %i',
    (word, n) => {
      expect(DE_ORDINAL_WORDS[word]).toBe(n);
    },
  );

  itGives('says a wait of %i ms as "%s"', (ms: number) => DE_ANSWER_SENTENCES.howLong(ms), [
    [1_000, 'einer Sekunde'],
    [30_000, '30 Sekunden'],
    [60_000, 'einer Minute'],
    [180_000, '3 Minuten'],
    [61_000, '61 Sekunden'],
  ]);

  itNamesTheLabelWordInTheHint(DE_ANSWER_SENTENCES, { heard: '„ja“', word: 'löschen', label: 'Alle löschen.', named: '„ja, löschen“', unnamed: '„ja, ' });
});
