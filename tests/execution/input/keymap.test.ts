// The keymap against nut-js itself: every key name the engine may hand over is a real member of
// nut-js's Key enum (a typo would surface only when a user pressed that key), and the characters
// typed by keys on a US layout sit where a US keyboard has them.
import { Key } from '@nut-tree-fork/nut-js';
import { describe, expect, it } from 'vitest';
import { caretKeys, inputPlatformOf, KEY_TO_NUT, keyStrokeFor, modifierKey, type Chord, type InputPlatform } from '../../../src/execution/input/keymap.js';
import { KEY_NAMES } from '../../../src/shared/keys.js';
import { itGives } from '../../support/tables.js';

const isNutKey = (name: string): boolean => Object.hasOwn(Key, name) && typeof (Key as unknown as Record<string, unknown>)[name] === 'number';

describe('KEY_TO_NUT', () => {
  it('names a nut-js key for every planner key name, and only for those', () => {
    for (const k of KEY_NAMES) expect(isNutKey(KEY_TO_NUT[k] ?? ''), `${k} → ${KEY_TO_NUT[k]}`).toBe(true);
    expect(Object.keys(KEY_TO_NUT).sort()).toEqual([...KEY_NAMES].sort());
  });

  it('maps different key names to different keys', () => {
    const values = Object.values(KEY_TO_NUT);
    expect(new Set(values).size).toBe(values.length);
  });
});

describe('modifierKey', () => {
  const platforms: InputPlatform[] = ['linux', 'darwin', 'win32'];

  it('presses Ctrl for cmd off a Mac, ⌘ on a Mac, and the same Ctrl, Alt and Shift everywhere', () => {
    for (const p of platforms) {
      expect(modifierKey('ctrl', p)).toBe('LeftControl');
      expect(modifierKey('alt', p)).toBe('LeftAlt');
      expect(modifierKey('shift', p)).toBe('LeftShift');
      expect(modifierKey('fn', p)).toBeUndefined();
    }
    expect(modifierKey('cmd', 'darwin')).toBe('LeftCmd');
    expect(modifierKey('cmd', 'win32')).toBe('LeftControl');
  });

  it('names real nut-js keys', () => {
    for (const p of platforms) for (const m of ['ctrl', 'alt', 'shift', 'cmd'] as const) expect(isNutKey(modifierKey(m, p)!), `${m} on ${p}`).toBe(true);
  });
});

describe('caretKeys', () => {
  /** The keys nut-js is pressed with for a chord on a platform, as a person would name them. */
  const pressed = (chord: Chord, p: InputPlatform): string[] => [...chord.modifiers.map((m) => modifierKey(m, p)), KEY_TO_NUT[chord.key]].map(String);

  it('reaches the start and the end of the text with Ctrl+Home and Ctrl+End on Linux and Windows', () => {
    for (const p of ['linux', 'win32'] as const) {
      expect(pressed(caretKeys(p).textStart, p)).toEqual(['LeftControl', 'Home']);
      expect(pressed(caretKeys(p).textEnd, p)).toEqual(['LeftControl', 'End']);
      expect(caretKeys(p).undoName).toBe('Ctrl+Z');
    }
  });

  it('reaches them with ⌘↑ and ⌘↓ on a Mac (Ctrl+Home and Ctrl+End only scroll there)', () => {
    expect(pressed(caretKeys('darwin').textStart, 'darwin')).toEqual(['LeftCmd', 'Up']);
    expect(pressed(caretKeys('darwin').textEnd, 'darwin')).toEqual(['LeftCmd', 'Down']);
    expect(caretKeys('darwin').undoName).toBe('⌘Z');
  });

  it('moves and selects by one character with the same keys everywhere', () => {
    for (const p of ['linux', 'darwin', 'win32'] as const) {
      const keys = caretKeys(p);
      expect(pressed(keys.left, p)).toEqual(['Left']);
      expect(pressed(keys.right, p)).toEqual(['Right']);
      expect(pressed(keys.selectLeft, p)).toEqual(['LeftShift', 'Left']);
      expect(pressed(keys.deleteBack, p)).toEqual(['Backspace']);
      for (const chord of [keys.textStart, keys.textEnd, keys.left, keys.right, keys.selectLeft, keys.deleteBack])
        for (const name of pressed(chord, p)) expect(isNutKey(name), `${name} on ${p}`).toBe(true);
    }
  });

  itGives('follows the Mac on darwin, Windows on win32 and Linux everywhere else: %s → %s', inputPlatformOf, [
    ['darwin', 'darwin'],
    ['win32', 'win32'],
    ['linux', 'linux'],
    ['freebsd', 'linux'],
  ] as const);
});

describe('keyStrokeFor', () => {
  it('types every printable ASCII character, tab and newline with a real nut-js key on a US layout', () => {
    for (let c = 0x20; c < 0x7f; c++) {
      const ch = String.fromCharCode(c);
      expect(isNutKey(keyStrokeFor(ch, true)?.key ?? ''), ch).toBe(true);
    }
    expect(keyStrokeFor('\t', true)).toEqual({ key: 'Tab', shift: false });
    expect(keyStrokeFor('\n', true)).toEqual({ key: 'Enter', shift: false });
  });

  it('puts each shifted symbol on the key of its US partner', () => {
    const pairs = ['1!', '2@', '3#', '4$', '5%', '6^', '7&', '8*', '9(', '0)', '-_', '=+', '[{', ']}', '\\|', ';:', '\'"', ',<', '.>', '/?', '`~'];
    for (const [plain, shifted] of pairs.map((p) => [...p] as [string, string])) {
      const a = keyStrokeFor(plain, true);
      const b = keyStrokeFor(shifted, true);
      expect(a?.shift, plain).toBe(false);
      expect(b, shifted).toEqual({ key: a?.key, shift: true });
    }
  });

  it('types a letter by its own key on any layout, Shift for a capital', () => {
    for (const usLayout of [true, false]) {
      expect(keyStrokeFor('z', usLayout)).toEqual({ key: 'Z', shift: false });
      expect(keyStrokeFor('Z', usLayout)).toEqual({ key: 'Z', shift: true });
    }
  });

  it('types nothing by keys that is not one character it knows', () => {
    for (const s of ['', 'ab', 'É', 'ß', '\r', '\u00a0', '😀']) expect(keyStrokeFor(s, true), JSON.stringify(s)).toBeUndefined();
    for (const s of ['\t', '\n', '.', '5']) expect(keyStrokeFor(s, false), JSON.stringify(s)).toBeUndefined();
  });
});
