// The effect rules as data (src/registry/effect-rules.ts): one rule per id, each with its sentence,
// every chord spelled as formatChord spells it (so a pressed chord can be found in the lists), and
// the lists that must overlap do.
import { describe, expect, it } from 'vitest';
import {
  ACTIVATING_CHORDS,
  DECLINING_ANSWERS,
  DELETE_CHORDS,
  EFFECT_RULES,
  TERMINAL_PASTE_CHORDS,
  TERMINAL_SUBMIT_CHORDS,
} from '../../src/registry/effect-rules.js';
import { formatChord, MODIFIERS, type Modifier } from '../../src/shared/keys.js';

/** The chord as formatChord writes it, from its own parts. */
function respelled(chord: string): string {
  const parts = chord.split('+');
  const key = parts.pop()!;
  expect(
    parts.every((p) => (MODIFIERS as readonly string[]).includes(p)),
    chord,
  ).toBe(true);
  return formatChord(key, parts as Modifier[]);
}

describe('effect rules', () => {
  it('have one rule per id, each with a sentence ending in a full stop', () => {
    const ids = EFFECT_RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const rule of EFFECT_RULES) expect(rule.judges, rule.id).toMatch(/^[A-Z].*\.$/);
  });

  it.each([
    ['activating', ACTIVATING_CHORDS],
    ['delete', DELETE_CHORDS],
    ['terminal submit', TERMINAL_SUBMIT_CHORDS],
    ['terminal paste', TERMINAL_PASTE_CHORDS],
    ['every rule', EFFECT_RULES.flatMap((r) => r.chords)],
  ])('spell their %s chords as formatChord does', (_, chords) => {
    for (const chord of chords) expect(respelled(chord)).toBe(chord);
  });

  it('list each chord of a rule once', () => {
    for (const rule of EFFECT_RULES) expect(new Set(rule.chords).size, rule.id).toBe(rule.chords.length);
  });

  it('submit a terminal line with Enter, and judge an unread focus by the activating keys', () => {
    expect(TERMINAL_SUBMIT_CHORDS).toContain('enter');
    expect(EFFECT_RULES.find((r) => r.id === 'focus-unread')?.chords).toEqual(ACTIVATING_CHORDS);
  });

  it('never count "OK" or "Yes" as a declining answer', () => {
    for (const answer of ['ok', 'yes', 'continue', 'proceed', 'delete']) expect(DECLINING_ANSWERS as readonly string[]).not.toContain(answer);
  });
});
