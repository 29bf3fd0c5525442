// The English risk words (src/registry/risk-words/en.ts): a well-formed table, the levels of its
// words, and the words it leaves out on purpose (places and a dialog's Close).
import { describe, expect, it } from 'vitest';
import { EN_DECLINING_ANSWERS, EN_DROP_TARGET_WORDS, EN_LABEL_RULES, EN_PASTE_ITEM_WORDS } from '../../../src/registry/risk-words/en.js';
import { itGives, itReadsNone, same } from '../../support/tables.js';
import { expectWellFormedTable } from './word-table.js';

const levelOf = (phrase: string): string | undefined => EN_LABEL_RULES.find((r) => r.phrase === phrase)?.level;

describe('English risk words', () => {
  it('is a well-formed table', () => {
    expectWellFormedTable(EN_LABEL_RULES, EN_DECLINING_ANSWERS, EN_DROP_TARGET_WORDS);
  });

  itGives('%s is %s', levelOf, [
    ...same('destructive', 'delete', "don't save", 'send', 'place order', 'move to trash', 'shut down'),
    ...same('moderate', 'archive', 'install', 'lock'),
  ]);

  // Participles and places name where things are, not an action; a dialog's Close asks first itself.
  itReadsNone('%s is no risk word', levelOf, ['sent', 'deleted', 'deleted items', 'trash', 'close', 'paste']);

  it('makes the trash a destructive drop target and paste a paste item', () => {
    expect(EN_DROP_TARGET_WORDS).toEqual(expect.arrayContaining(['trash', 'bin', 'recycle bin']));
    expect(EN_PASTE_ITEM_WORDS).toEqual(['paste']);
    expect(EN_DECLINING_ANSWERS).toEqual(expect.arrayContaining(['cancel', 'no', 'close', 'not now']));
  });
});
