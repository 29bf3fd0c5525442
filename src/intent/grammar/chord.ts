/**
 * Key chords as people write and say them: "cmd+shift+t", "command shift t", "control-c", "⌘⇧T",
 * "the page down key".
 */
import type { CanonicalModifier } from '../../shared/keys.js';
import { KEY_ALIASES, KEY_ALIAS_MAX_WORDS, MODIFIER_ALIASES, MODIFIER_OUTPUT_ORDER, MODIFIER_SYMBOLS } from './lexicon.js';

export type ChordResult =
  | { ok: true; key: string; modifiers: CanonicalModifier[] }
  /** `keyLike` says the phrase was clearly meant as keys (a modifier, a "+"), so it is no element. */
  | { ok: false; reason: string; keyLike: boolean };

/** Split "cmd+shift+t", "control-c", "⌘⇧T" and "command plus t" into parts. */
function chordParts(text: string): string[] | null {
  const parts: string[] = [];
  let current = '';
  const flush = (): boolean => {
    if (current === '') return true;
    let word = current;
    current = '';
    // After a modifier symbol a hyphen only joins ("⌘-c", as Mac manuals write it), unless it is the
    // minus key itself ("⌘-", "⌘--").
    if (word.length > 1 && word.startsWith('-') && MODIFIER_SYMBOLS.has(parts[parts.length - 1] ?? '')) word = word.slice(1);
    // A hyphen joins parts ("control-c") unless the part is the minus key itself ("ctrl -"),
    // or ends in the minus key ("ctrl--").
    if (word === '-' || !word.includes('-')) {
      parts.push(word);
      return true;
    }
    const endsWithMinus = word.endsWith('--');
    const pieces = (endsWithMinus ? word.slice(0, -2) : word).split('-');
    if (pieces.some((p) => p === '')) return false;
    parts.push(...pieces);
    if (endsWithMinus) parts.push('-');
    return true;
  };
  for (const ch of text) {
    if (ch === ' ' || ch === '+') {
      if (!flush()) return null;
      if (ch === '+' && (parts.length === 0 || text.endsWith('+'))) return null;
      continue;
    }
    if (MODIFIER_SYMBOLS.has(ch)) {
      // A hyphen right before a modifier symbol joins ("ctrl-⌘-a", "⌃-⌘-a"): no key comes before a modifier.
      if (current.endsWith('-') && (current.length > 1 || parts.length > 0)) current = current.slice(0, -1);
      if (!flush()) return null;
      parts.push(ch);
      continue;
    }
    current += ch;
  }
  if (!flush()) return null;
  // "command plus t": "plus" between parts is a separator. A final "plus" stays and is unknown.
  return parts.filter((p, i) => !(p === 'plus' && i > 0 && i < parts.length - 1));
}

function hasModifierWord(parts: readonly string[]): boolean {
  return parts.some((p) => MODIFIER_ALIASES.has(p));
}

/** "cmd+s", "ctrl-c": a chord written out, which a click must not take for a label. */
export function looksLikeChord(phrase: string): boolean {
  const parts = chordParts(phrase);
  return parts !== null && parts.length > 1 && MODIFIER_ALIASES.has(parts[0] as string) && /[+\-⌘⌃⌥⇧]/.test(phrase);
}

/**
 * Read a lowercase phrase as modifiers followed by exactly one key.
 *
 * Modifiers come first and the key last; "t shift" is not a chord. Modifiers come out in one fixed
 * order (ctrl, alt, shift, cmd, fn), so "shift cmd t" and "cmd+shift+t" are the same intent.
 */
export function parseChord(phrase: string): ChordResult {
  const parts = chordParts(phrase);
  const explicitJoin = phrase.includes('+');
  if (parts === null || parts.length === 0) {
    return { ok: false, reason: 'not a key combination', keyLike: explicitJoin };
  }
  const mods = new Set<CanonicalModifier>();
  let i = 0;
  let key: string | undefined;
  while (i < parts.length) {
    const mod = MODIFIER_ALIASES.get(parts[i] as string);
    // A modifier word is a modifier unless it is the last part ("press shift" names no key).
    if (mod !== undefined && i < parts.length - 1) {
      if (mods.has(mod)) return { ok: false, reason: `${mod} is repeated`, keyLike: true };
      mods.add(mod);
      i++;
      continue;
    }
    // The key: the longest alias that ends the phrase exactly.
    const rest = parts.length - i;
    if (rest > KEY_ALIAS_MAX_WORDS) break;
    const name = parts.slice(i).join(' ');
    if (name === 'plus' || name === '+') {
      return { ok: false, reason: 'which key types "+" depends on the keyboard layout', keyLike: true };
    }
    key = KEY_ALIASES.get(name);
    if (key === undefined && mod !== undefined) {
      return { ok: false, reason: `${parts[i] as string} is a modifier; say which key to press with it`, keyLike: true };
    }
    break;
  }
  // "press enter enter", "press a b": every word is a key, so it is no element label either.
  const allKeys = parts.every((p) => KEY_ALIASES.has(p) || MODIFIER_ALIASES.has(p));
  const keyLike = explicitJoin || mods.size > 0 || hasModifierWord(parts) || allKeys;
  if (key === undefined) {
    const unknown = parts.slice(i).join(' ');
    return { ok: false, reason: `unknown key "${unknown.slice(0, 40)}"`, keyLike };
  }
  const modifiers = MODIFIER_OUTPUT_ORDER.filter((m) => mods.has(m));
  return { ok: true, key, modifiers };
}
