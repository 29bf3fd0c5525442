/**
 * Key chords on macOS (issue #20 R9): one key event down and up whose flags carry the modifiers,
 * rather than separate presses of ⌘, ⌥, ⌃ and ⇧ around the key. An app matches a shortcut by the
 * flags on the key event itself; modifier keys posted as their own events reach it only if the
 * event system has merged them by then, which is why ⌘C through separate presses was unreliable.
 *
 * A key that types a character (letters, digits, punctuation) is named by that character: the
 * bridge finds its key on the current keyboard layout (UCKeyTranslate), so ⌘A on an AZERTY Mac is
 * ⌘ with the key that types "a" — not the US "a" key, which types "q" there and would make ⌘Q. Keys
 * that type nothing (arrows, Return, F-keys) have the same virtual key code on every layout
 * (Carbon's kVK_ constants, HIToolbox/Events.h), with the flags real keyboards give them.
 *
 * This module plans the event; the bridge posts it (src/mac/unicode_typing.mm, postKeyChord).
 */
import type { CanonicalModifier } from '../../shared/keys.js';
import { ExecutionError } from '../results.js';

/** CGEventFlags bits (CGEventTypes.h). */
export const MAC_FLAGS = {
  shift: 0x0002_0000,
  ctrl: 0x0004_0000,
  alt: 0x0008_0000,
  cmd: 0x0010_0000,
  numericPad: 0x0020_0000,
  fn: 0x0080_0000,
} as const;

/** One key event to post: a virtual key code, or (virtualKey -1) the key typing `character`. */
export interface MacChord {
  readonly virtualKey: number;
  readonly character: string;
  readonly flags: number;
}

const FN = MAC_FLAGS.fn;
const ARROW = MAC_FLAGS.fn | MAC_FLAGS.numericPad;

/** Keys that type no character: kVK_ code and the flags a real key event of that key carries. */
const VIRTUAL_KEYS: Readonly<Record<string, readonly [number, number]>> = {
  enter: [0x24, 0],
  tab: [0x30, 0],
  space: [0x31, 0],
  backspace: [0x33, 0],
  escape: [0x35, 0],
  caps_lock: [0x39, 0],
  delete: [0x75, FN], // kVK_ForwardDelete
  insert: [0x72, FN], // kVK_Help: the key where Insert is on a PC keyboard
  home: [0x73, FN],
  end: [0x77, FN],
  page_up: [0x74, FN],
  page_down: [0x79, FN],
  left: [0x7b, ARROW],
  right: [0x7c, ARROW],
  down: [0x7d, ARROW],
  up: [0x7e, ARROW],
  volume_up: [0x48, 0],
  volume_down: [0x49, 0],
  mute: [0x4a, 0],
  f1: [0x7a, FN],
  f2: [0x78, FN],
  f3: [0x63, FN],
  f4: [0x76, FN],
  f5: [0x60, FN],
  f6: [0x61, FN],
  f7: [0x62, FN],
  f8: [0x64, FN],
  f9: [0x65, FN],
  f10: [0x6d, FN],
  f11: [0x67, FN],
  f12: [0x6f, FN],
  f13: [0x69, FN],
  f14: [0x6b, FN],
  f15: [0x71, FN],
  f16: [0x6a, FN],
  f17: [0x40, FN],
  f18: [0x4f, FN],
  f19: [0x50, FN],
  f20: [0x5a, FN],
};

/** Keys named by the character they type; found on the live layout by the bridge. */
const CHARACTER_KEYS: Readonly<Record<string, string>> = {
  ...Object.fromEntries('abcdefghijklmnopqrstuvwxyz0123456789'.split('').map((c) => [c, c])),
  minus: '-',
  equal: '=',
  comma: ',',
  period: '.',
  slash: '/',
  backslash: '\\',
  semicolon: ';',
  quote: "'",
  backquote: '`',
  left_bracket: '[',
  right_bracket: ']',
};

/** The key event for `key` (a name of src/shared/keys.ts) with `modifiers` held, as macOS takes it. */
export function planMacChord(key: string, modifiers: readonly CanonicalModifier[]): MacChord {
  let flags = 0;
  for (const m of modifiers) flags |= MAC_FLAGS[m];
  const virtual = VIRTUAL_KEYS[key];
  if (virtual) return { virtualKey: virtual[0], character: '', flags: flags | virtual[1] };
  const character = CHARACTER_KEYS[key];
  if (character !== undefined) return { virtualKey: -1, character, flags };
  if (key === 'print_screen') {
    throw new ExecutionError('unsupported', 'A Mac has no Print Screen key: for a screenshot, press cmd+shift+3 (the whole screen) or cmd+shift+4 (a part).');
  }
  throw new ExecutionError('unsupported', `"${key}" is not a key the assistant knows.`);
}
