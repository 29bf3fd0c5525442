// The risk table as data: every phrase can match a label (it is already in the words the matcher
// compares), none is listed twice, each consequence completes "This may …", and the words the table
// leaves out on purpose (folder names, a dialog's Close) stay out.
import { describe, expect, it } from 'vitest';
import { CHORD_RULES, DROP_TARGET_RULES, LABEL_RULES, type WordRule } from '../../src/registry/risk-table.js';
import { matchWordRules } from '../../src/registry/risk.js';
import { labelWords } from '../../src/shared/text/label-text.js';

const TABLES: ReadonlyArray<readonly [string, readonly WordRule[]]> = [
  ['LABEL_RULES', LABEL_RULES],
  ['DROP_TARGET_RULES', DROP_TARGET_RULES],
];

describe.each(TABLES)('%s', (_name, rules) => {
  it('writes each phrase as the label matcher reads words (lowercase, normalised), so every phrase can match', () => {
    for (const rule of rules) {
      expect(labelWords(rule.phrase).words.join(' '), rule.phrase).toBe(rule.phrase);
      expect(matchWordRules(`Button: ${rule.phrase.toUpperCase()} now`, rules)?.level, rule.phrase).toBe(rule.level);
    }
  });

  it('lists each phrase once', () => {
    const phrases = rules.map((r) => r.phrase);
    expect(phrases.filter((p, i) => phrases.indexOf(p) !== i)).toEqual([]);
  });

  it('gives consequences that complete "This may …": lowercase start, no final stop', () => {
    for (const rule of rules) expect(rule.consequence, rule.phrase).toMatch(/^[a-z][a-z ,']*[a-z]$/);
  });
});

describe('LABEL_RULES', () => {
  it('leaves out past participles and places (folder names are no actions)', () => {
    for (const label of ['Sent', 'Deleted Items', 'Trash', 'Close', 'Drafts', 'Archived', 'Installed', 'Formatted text', 'Submitted']) {
      expect(matchWordRules(label, LABEL_RULES), label).toBeUndefined();
    }
  });

  it('keeps the actions on those places', () => {
    expect(matchWordRules('Move to Trash', LABEL_RULES)?.consequence).toBe('delete files');
    expect(matchWordRules('Empty the trash', LABEL_RULES)?.level).toBe('destructive');
    expect(matchWordRules("Don't Save", LABEL_RULES)?.consequence).toBe('throw away unsaved work');
  });

  it('knows the words for deleting for good, however the letters are spaced', () => {
    for (const label of ['Purge history', 'Obliterate the list', 'Expunge', 'Eradicate', 'Annihilate', 'Nuke it', 'Remove forever'])
      expect(matchWordRules(label, LABEL_RULES)?.consequence, label).toBe('delete something for good');
    for (const label of ['W i p e', 'P\u2009u\u2009r\u2009g\u2009e all', 'D.e.l.e.t.e', 'S-e-n-d payment', 'E r a s e  d i s k', 'p a y'])
      expect(matchWordRules(label, LABEL_RULES)?.level, label).toBe('destructive');
    // Two letters are no run; initials and ordinary words stay harmless.
    for (const label of ['A B', 'J. R. R. Tolkien', 'U S A', 'O K', 'X Y Z']) expect(matchWordRules(label, LABEL_RULES), label).toBeUndefined();
  });

  it('ranks money, sending and deleting destructive, and archiving or installing moderate', () => {
    for (const label of ['Buy now', 'Place order', 'Send', 'Delete', 'Sign out', 'Shut down'])
      expect(matchWordRules(label, LABEL_RULES)?.level, label).toBe('destructive');
    for (const label of ['Archive', 'Install', 'Allow', 'Lock']) expect(matchWordRules(label, LABEL_RULES)?.level, label).toBe('moderate');
  });
});

describe('DROP_TARGET_RULES', () => {
  it('are all destructive: a drop onto them deletes', () => {
    expect(DROP_TARGET_RULES.every((r) => r.level === 'destructive' && r.consequence === 'delete what is dropped there')).toBe(true);
    expect(matchWordRules('Recycle Bin', DROP_TARGET_RULES)).toBeDefined();
    expect(matchWordRules('Documents', DROP_TARGET_RULES)).toBeUndefined();
  });
});

describe('CHORD_RULES', () => {
  it('gives consequences that complete "This may …" and never lists a harmless rule', () => {
    for (const rule of CHORD_RULES) {
      expect(rule.consequence, rule.chords.join()).toMatch(/^[a-z][a-z ,']*[a-z]$/);
      expect(['moderate', 'destructive', 'blocked']).toContain(rule.level);
      expect(rule.chords.length).toBeGreaterThan(0);
    }
  });

  it('covers quitting the app on every platform', () => {
    const quit = CHORD_RULES.find((r) => r.chords.includes('cmd+q'));
    expect(quit?.chords).toEqual(expect.arrayContaining(['ctrl+q', 'alt+f4']));
    expect(quit?.level).toBe('destructive');
  });
});
