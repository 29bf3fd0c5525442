// Key names and chords in one spelling: the gate's chord table and the keymap depend on it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalModifier, formatChord, isKeyName, KEY_NAMES, MODIFIERS, NAMED_KEYS, type Modifier } from '../../src/shared/keys.js';

describe('isKeyName', () => {
  it('knows every letter, digit, f1 to f20 and the named keys', () => {
    for (const k of [...'abcdefghijklmnopqrstuvwxyz', ...'0123456789']) expect(isKeyName(k), k).toBe(true);
    for (let i = 1; i <= 20; i++) expect(isKeyName(`f${i}`)).toBe(true);
    for (const k of NAMED_KEYS) expect(isKeyName(k), k).toBe(true);
  });

  it('refuses other spellings: capitals, aliases, f0 and f21, chords, modifiers alone', () => {
    for (const k of ['A', 'F1', 'Enter', 'return', 'esc', 'pagedown', 'page down', 'f0', 'f21', 'ctrl+c', 'cmd', 'shift', '', ' ']) {
      expect(isKeyName(k), k).toBe(false);
    }
  });

  it('lists each key once', () => {
    expect(new Set(KEY_NAMES).size).toBe(KEY_NAMES.length);
    expect(KEY_NAMES).toHaveLength(26 + 10 + 20 + NAMED_KEYS.length);
  });
});

describe('canonicalModifier', () => {
  it('makes opt and alt one key and leaves the others', () => {
    expect(canonicalModifier('opt')).toBe('alt');
    for (const m of ['cmd', 'ctrl', 'alt', 'shift', 'fn'] as const) expect(canonicalModifier(m)).toBe(m);
  });
});

describe('formatChord', () => {
  it('writes modifiers in the order ctrl, alt, shift, cmd, fn, then the key', () => {
    expect(formatChord('t', ['shift', 'cmd'])).toBe('shift+cmd+t');
    expect(formatChord('delete', ['alt', 'ctrl'])).toBe('ctrl+alt+delete');
    expect(formatChord('f1', ['fn', 'cmd', 'shift', 'alt', 'ctrl'])).toBe('ctrl+alt+shift+cmd+fn+f1');
  });

  it('is the key alone without modifiers', () => {
    expect(formatChord('enter')).toBe('enter');
    expect(formatChord('enter', [])).toBe('enter');
  });

  it('writes opt as alt and a repeated modifier once', () => {
    expect(formatChord('escape', ['opt', 'cmd'])).toBe('alt+cmd+escape');
    expect(formatChord('q', ['cmd', 'cmd'])).toBe('cmd+q');
    expect(formatChord('q', ['alt', 'opt'])).toBe('alt+q');
  });

  it('gives one spelling whatever the order, repeats or opt/alt alias of the modifiers', () => {
    const mod = fc.constantFrom<Modifier>(...MODIFIERS);
    fc.assert(
      fc.property(fc.constantFrom(...KEY_NAMES), fc.array(mod, { maxLength: 8 }), (key, mods) => {
        const shuffled = [...mods].reverse().map((m) => (m === 'alt' ? 'opt' : m === 'opt' ? 'alt' : m));
        const once = formatChord(key, mods);
        expect(formatChord(key, shuffled)).toBe(once);
        // Reading the chord back gives the same chord (a fixed point).
        const parts = once.split('+');
        const k = parts.pop()!;
        expect(k).toBe(key);
        expect(formatChord(k, parts as Modifier[])).toBe(once);
        expect(new Set(parts).size).toBe(parts.length);
      }),
    );
  });
});
