// The invariants every language's risk word table (src/registry/risk-words/<language>.ts) keeps,
// checked by each language's own test.
import { expect } from 'vitest';
import type { WordRule } from '../../../src/registry/risk-words/word-rule.js';

/** Lower case words, one space between them, as the matcher compares a label's words. */
const MATCHED_FORM = /^[\p{Ll}\p{Nd}']+(?: [\p{Ll}\p{Nd}']+)*$/u;

export function expectWellFormedTable(rules: readonly WordRule[], declining: readonly string[], dropWords: readonly string[]): void {
  expect(
    rules.map((r) => r.phrase).filter((p) => !MATCHED_FORM.test(p)),
    'phrases not in matched form',
  ).toEqual([]);
  const levels = new Map<string, Set<string>>();
  for (const r of rules) levels.set(r.phrase, (levels.get(r.phrase) ?? new Set()).add(r.level));
  expect(
    [...levels].filter(([, at]) => at.size > 1).map(([p]) => p),
    'phrases at two levels',
  ).toEqual([]);
  // A consequence completes "This may …": lower case first, no full stop.
  expect(rules.map((r) => r.consequence).filter((c) => !/^[a-z][a-z ]*[a-z]$/.test(c))).toEqual([]);
  const risky = new Set(rules.map((r) => r.phrase));
  expect(
    declining.filter((w) => risky.has(w)),
    'declining answers that are risk phrases',
  ).toEqual([]);
  for (const list of [declining, dropWords]) expect(list.filter((w) => !MATCHED_FORM.test(w))).toEqual([]);
}
