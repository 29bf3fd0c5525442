/** The German grammar's tables as tests: each command and what it must become, or that it must not match. */
import { expect, it } from 'vitest';
import { parseCommand, type GrammarResult } from '../../../src/intent/grammar/grammar-planner.js';

export const de = (text: string, platform: 'linux' | 'macos' = 'linux'): GrammarResult => parseCommand(text, { language: 'de', platform });

/** The intent a German command becomes, or null for no match. */
export const intentOf = (text: string): unknown => {
  const r = de(text);
  return r.kind === 'intent' ? r.intent : null;
};

/** One test per row: the command becomes exactly this intent. */
export function readsAs(rows: ReadonlyArray<readonly [string, unknown]>): void {
  it.each(rows)('%s → %j', (text, expected) => {
    expect(intentOf(text)).toEqual(expected);
  });
}

/** One test per command: the grammar does not read it (the LLM planner may, or the user is asked). */
export function matchesNot(texts: readonly string[]): void {
  it.each(texts)('no match: %s', (text) => {
    expect(de(text).kind).toBe('no_match');
  });
}
