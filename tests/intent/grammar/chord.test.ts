// Key chords as people write and say them, read into one canonical chord; and the phrases that are
// clearly meant as keys (so no element label is guessed from them) told from those that are not.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { looksLikeChord, parseChord } from '../../../src/intent/grammar/chord.js';
import type { CanonicalModifier } from '../../../src/shared/keys.js';
import { itReads, same } from '../../support/tables.js';

const chord = (key: string, ...modifiers: CanonicalModifier[]) => ({ ok: true, key, modifiers });

describe('parseChord: chords it reads', () => {
  itReads('%j', parseChord, [
    ...same(chord('t', 'shift', 'cmd'), 'cmd+shift+t', 'shift cmd t', 'command shift t'),
    ['control-c', chord('c', 'ctrl')],
    ['ctl+alt+delete', chord('delete', 'ctrl', 'alt')],
    ['option-cmd-escape', chord('escape', 'alt', 'cmd')],
    ['⌘⇧t', chord('t', 'shift', 'cmd')],
    ['⌃⌥del', chord('delete', 'ctrl', 'alt')],
    ['command plus t', chord('t', 'cmd')],
    ['ctrl+page down', chord('page_down', 'ctrl')],
    ...same(chord('page_down'), 'page down', 'page_down'),
    ['return', chord('enter')],
    ['f5', chord('f5')],
    ['function f1', chord('f1', 'fn')],
    ['shift', { ok: false, reason: 'shift is a modifier; say which key to press with it', keyLike: true }],
    ...same(chord('minus', 'ctrl'), 'ctrl -', 'ctrl--'),
    ['cmd+.', chord('period', 'cmd')],
    ['cmd+,', chord('comma', 'cmd')],
  ] as const);
});

describe('parseChord: what it refuses, and whether the phrase was meant as keys', () => {
  it.each([
    ['cmd+shift+', 'not a key combination', true],
    ['+t', 'not a key combination', true],
    ['', 'not a key combination', false],
    ['ctrl---c', 'not a key combination', false],
    ['cmd+plus', 'which key types "+" depends on the keyboard layout', true],
    ['shift shift t', 'shift is repeated', true],
    ['cmd command s', 'cmd is repeated', true],
    ['ctrl+shift', 'shift is a modifier; say which key to press with it', true],
    ['t shift', 'unknown key "t shift"', true],
    ['enter enter', 'unknown key "enter enter"', true],
    ['ctrl+banana', 'unknown key "banana"', true],
    ['the save button', 'unknown key "the save button"', false],
    ['save', 'unknown key "save"', false],
  ] as const)('%j: %s (meant as keys: %s)', (phrase, reason, keyLike) => {
    expect(parseChord(phrase)).toEqual({ ok: false, reason, keyLike });
  });

  it('cuts an unknown key to 40 characters in the reason', () => {
    const r = parseChord(`ctrl+${'x'.repeat(100)}`);
    expect(r).toEqual({ ok: false, reason: `unknown key "${'x'.repeat(40)}"`, keyLike: true });
  });

  it('gives the same chord whatever the order, aliases and joiners of the modifiers (property)', () => {
    const ALIASES: Record<CanonicalModifier, string[]> = {
      cmd: ['cmd', 'command', '⌘'],
      ctrl: ['ctrl', 'control', 'ctl', '⌃'],
      alt: ['alt', 'option', 'opt', '⌥'],
      shift: ['shift', '⇧'],
      fn: ['fn', 'function'],
    };
    const keys = [...'abcdefghijklmnopqrstuvwxyz0123456789', 'f1', 'f12', 'enter', 'tab', 'escape', 'home'];
    fc.assert(
      fc.property(
        fc.shuffledSubarray(['ctrl', 'alt', 'shift', 'cmd', 'fn'] as CanonicalModifier[]),
        fc.constantFrom(...keys),
        fc.constantFrom(' ', '+', '-'),
        fc.nat(),
        (mods, key, joiner, pick) => {
          // Symbols glue on with "+", "-", a space or nothing ("⌘-c", as Mac manuals write it).
          const words = mods.map((m) => ALIASES[m][pick % ALIASES[m].length]!);
          const r = parseChord([...words, key].join(joiner));
          const order = ['ctrl', 'alt', 'shift', 'cmd', 'fn'];
          expect(r).toEqual(chord(key, ...[...mods].sort((a, b) => order.indexOf(a) - order.indexOf(b))));
        },
      ),
    );
  });
});

describe('a modifier symbol joined by a hyphen', () => {
  it('reads "⌥-a" and "⌘-shift-c" as chords, and "⌘-" and "⌘--" as the minus key', () => {
    expect(parseChord('⌥-a')).toEqual(chord('a', 'alt'));
    expect(parseChord('⌘-shift-c')).toEqual(chord('c', 'shift', 'cmd'));
    expect(parseChord('⌘-')).toEqual(chord('minus', 'cmd'));
    expect(parseChord('⌘--')).toEqual(chord('minus', 'cmd'));
  });
});

describe('looksLikeChord', () => {
  it('is true for a modifier joined to a key by "+", "-" or a symbol', () => {
    for (const phrase of ['cmd+s', 'ctrl-c', 'shift+cmd+t', '⌘s', 'control-alt-delete']) expect(looksLikeChord(phrase), phrase).toBe(true);
  });

  it('is false for words a label could be', () => {
    for (const phrase of ['cmd s', 'save', 'x-ray', 't+shift', 'shift', 'sign-in', 'cmd+', 'a+b']) expect(looksLikeChord(phrase), phrase).toBe(false);
  });
});
