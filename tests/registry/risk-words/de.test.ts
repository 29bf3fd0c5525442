// The German risk words (src/registry/risk-words/de.ts): a well-formed table, every German phrase at
// the level of an English counterpart with the same consequence, every phrase also present as it is
// written without umlauts, and the places it leaves out on purpose.
import { describe, expect, it } from 'vitest';
import { DE_DECLINING_ANSWERS, DE_DROP_TARGET_WORDS, DE_LABEL_RULES, DE_PASTE_ITEM_WORDS } from '../../../src/registry/risk-words/de.js';
import { EN_LABEL_RULES } from '../../../src/registry/risk-words/en.js';
import { withoutUmlauts } from '../../../src/shared/text/umlauts.js';
import { itGives, itReadsNone, same } from '../../support/tables.js';
import { expectWellFormedTable } from './word-table.js';

const levelOf = (phrase: string): string | undefined => DE_LABEL_RULES.find((r) => r.phrase === phrase)?.level;

describe('German risk words', () => {
  it('is a well-formed table', () => {
    expectWellFormedTable(DE_LABEL_RULES, DE_DECLINING_ANSWERS, DE_DROP_TARGET_WORDS);
  });

  it('puts every phrase at the level of an English phrase with the same consequence', () => {
    const english = new Set(EN_LABEL_RULES.map((r) => `${r.level}: ${r.consequence}`));
    expect(DE_LABEL_RULES.filter((r) => !english.has(`${r.level}: ${r.consequence}`)).map((r) => r.phrase)).toEqual([]);
  });

  it('covers every English consequence', () => {
    const german = new Set(DE_LABEL_RULES.map((r) => `${r.level}: ${r.consequence}`));
    expect([...new Set(EN_LABEL_RULES.map((r) => `${r.level}: ${r.consequence}`))].filter((c) => !german.has(c))).toEqual([]);
  });

  it('holds every phrase also as it is written without umlauts, at the same level', () => {
    expect(DE_LABEL_RULES.filter((r) => levelOf(withoutUmlauts(r.phrase)) !== r.level).map((r) => r.phrase)).toEqual([]);
    for (const list of [DE_DROP_TARGET_WORDS, DE_DECLINING_ANSWERS, DE_PASTE_ITEM_WORDS]) {
      expect(list.filter((w) => !list.includes(withoutUmlauts(w)))).toEqual([]);
    }
  });

  itGives('%s is %s', levelOf, [
    ...same('destructive', 'löschen', 'loeschen', 'nicht speichern', 'zahlungspflichtig bestellen', 'in den papierkorb verschieben', 'herunterfahren'),
    ...same('moderate', 'archivieren', 'zustimmen', 'bildschirm sperren'),
  ]);

  // Participles and places name where things are, not an action.
  itReadsNone('%s is no risk word', levelOf, ['gelöschte elemente', 'gesendet', 'papierkorb', 'schließen', 'einfügen']);
});
