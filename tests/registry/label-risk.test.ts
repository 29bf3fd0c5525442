// What a label says (src/registry/label-risk.ts): word rules matched after normalisation and as the
// look-alike skeleton, letters spaced apart read as a word, whole-label matches, and the higher of two.
import { describe, expect, it } from 'vitest';
import { assessLabels, HARMLESS, higher, labelIsOneOf, matchWordRules } from '../../src/registry/label-risk.js';
import type { WordRule } from '../../src/registry/risk-table.js';
import { itAnswers } from '../support/yes-no.js';

const RULES: WordRule[] = [
  { phrase: 'delete', level: 'destructive', consequence: 'delete something' },
  { phrase: 'send', level: 'moderate', consequence: 'send something' },
  { phrase: 'empty trash', level: 'destructive', consequence: 'empty the trash' },
];

describe('matchWordRules', () => {
  // [label, the phrase of the rule it triggers (undefined: none)]
  const cases: [string, string | undefined][] = [
    ['Delete', 'delete'],
    ['Dele\u00ADte', 'delete'], // a soft hyphen hidden inside
    ['Ｄｅｌｅｔｅ', 'delete'], // full-width letters
    ['D\u0435l\u0435t\u0435', 'delete'], // Cyrillic e's
    ['D e l e t e', 'delete'], // letters spaced apart
    ['Send and delete', 'delete'], // the higher of two rules
    ['Send', 'send'],
    ['Empty the trash', undefined], // a phrase matches only as consecutive words
    ['Empty Trash', 'empty trash'],
    ['Deleted items', undefined], // a word, not a prefix
    ['Save', undefined],
  ];
  it.each(cases)('%j → %s', (label, phrase) => {
    expect(matchWordRules(label, RULES)?.phrase).toBe(phrase);
  });
});

describe('labelIsOneOf', () => {
  itAnswers(
    '%j is one of cancel / not now: %s',
    (label: string) => labelIsOneOf(label, ['cancel', 'not now']),
    ['Cancel', '  CANCEL ', 'Not now'],
    ['Cancel all', 'now'],
  );
});

describe('assessLabels and higher', () => {
  it('judges the planner’s label and the live names, and says which label and why', () => {
    const r = assessLabels('Clicking', { label: 'OK' }, { role: 'button', name: 'OK', description: 'Delete the file' }, RULES);
    expect(r.level).toBe('destructive');
    expect(r.reason).toBe('Clicking “Delete the file” may delete something.');
  });

  it('marks a disguised label', () => {
    expect(assessLabels('Clicking', { label: 'Dele\u00ADte' }, undefined, RULES).reason).toContain('hidden or look-alike characters');
  });

  it('leaves a menu title harmless: clicking it only opens the menu', () => {
    expect(assessLabels('Clicking', undefined, { role: 'menu', name: 'Delete' }, RULES)).toBe(HARMLESS);
  });

  it('ignores a point and an observation id (no label to read)', () => {
    expect(assessLabels('Clicking', { x: 1, y: 2 }, undefined, RULES)).toBe(HARMLESS);
    expect(assessLabels('Clicking', { id: 4 }, undefined, RULES)).toBe(HARMLESS);
  });

  it('higher keeps the first of two equal levels', () => {
    const a = { level: 'moderate' as const, reason: 'a' };
    const b = { level: 'moderate' as const, reason: 'b' };
    expect(higher(a, b)).toBe(a);
    expect(higher(HARMLESS, b)).toBe(b);
    expect(higher(b, HARMLESS)).toBe(b);
  });
});
