// The grammar's words as data (src/intent/grammar/lexicon.ts): every key alias names a key the input
// layer knows and fits the alias window, every role word a role, every everyday phrase a command
// with keys, each verb phrase once; back and forward mirror each other.
import { describe, expect, it } from 'vitest';
import {
  BACK_KEYS,
  EVERYDAY_KEYS,
  EVERYDAY_PHRASES,
  FORWARD_KEYS,
  KEY_ALIAS_MAX_WORDS,
  KEY_ALIASES,
  MODIFIER_ALIASES,
  NUMBER_ONES,
  NUMBER_TENS,
  ROLE_WORDS,
  SCROLL_DIRECTIONS,
  VERB_PHRASES,
} from '../../../src/intent/grammar/lexicon.js';
import { isKeyName, MODIFIERS } from '../../../src/shared/keys.js';
import { isRole } from '../../../src/shared/roles.js';

describe('lexicon', () => {
  it('maps every key alias to a key name, within the words a lookup tries', () => {
    for (const [alias, key] of KEY_ALIASES) {
      expect(isKeyName(key), `${alias} → ${key}`).toBe(true);
      expect(alias.split(' ').length, alias).toBeLessThanOrEqual(KEY_ALIAS_MAX_WORDS);
    }
    expect(KEY_ALIASES.get('page down')).toBe('page_down');
  });

  it('has no alias for "+" or "plus" (which key gives it depends on the layout)', () => {
    expect(KEY_ALIASES.has('plus')).toBe(false);
    expect(KEY_ALIASES.has('+')).toBe(false);
  });

  it('maps modifier words to modifiers and role words to roles', () => {
    for (const [word, m] of MODIFIER_ALIASES) expect((MODIFIERS as readonly string[]).includes(m), word).toBe(true);
    for (const [word, role] of ROLE_WORDS) expect(isRole(role), word).toBe(true);
  });

  it('lists each verb phrase once, each an everyday phrase with keys', () => {
    const phrases = VERB_PHRASES.map((v) => v.words.join(' '));
    expect(new Set(phrases).size).toBe(phrases.length);
    for (const [phrase, command] of EVERYDAY_PHRASES) expect(EVERYDAY_KEYS[command], phrase).toBeDefined();
  });

  it('mirrors back and forward on every platform', () => {
    for (const platform of Object.keys(BACK_KEYS) as (keyof typeof BACK_KEYS)[]) {
      expect(FORWARD_KEYS[platform].modifiers).toEqual(BACK_KEYS[platform].modifiers);
      expect(FORWARD_KEYS[platform].key).toBe(BACK_KEYS[platform].key.replace('left', 'right'));
    }
  });

  it('counts from zero to nine and by tens from twenty to ninety', () => {
    expect([NUMBER_ONES.get('zero'), NUMBER_ONES.get('nine'), NUMBER_TENS.get('twenty'), NUMBER_TENS.get('ninety')]).toEqual([0, 9, 20, 90]);
  });

  it('scrolls only in the four directions', () => {
    expect(new Set(SCROLL_DIRECTIONS.values())).toEqual(new Set(['up', 'down', 'left', 'right']));
  });
});
