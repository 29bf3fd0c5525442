/**
 * Key names and characters → the keys to press, per platform and keyboard layout.
 *
 * nut-js names keys by their position on a US keyboard (`Key.Num1`) and, on Linux, types a
 * character by the key that carries it without pressing Shift (`!` comes out as `1`) and drops
 * characters no key carries (`é`). So the engine never hands nut-js a string: it presses the key
 * and Shift itself, from the table below, and only for characters this table knows to be exact on
 * the current layout. Everything else is inserted through the accessibility API, or refused.
 */
import type { CanonicalModifier } from '../../shared/keys.js';

/** The key names of nut-js's `Key` enum that the engine uses (its values are looked up at load time). */
export type NutKeyName = string;

/** `src/shared/keys.ts` names → nut-js `Key` member names. */
export const KEY_TO_NUT: Readonly<Record<string, NutKeyName>> = {
  ...Object.fromEntries('abcdefghijklmnopqrstuvwxyz'.split('').map((c) => [c, c.toUpperCase()])),
  ...Object.fromEntries('0123456789'.split('').map((d) => [d, `Num${d}`])),
  ...Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`f${i + 1}`, `F${i + 1}`])),
  enter: 'Enter',
  tab: 'Tab',
  space: 'Space',
  escape: 'Escape',
  backspace: 'Backspace',
  delete: 'Delete',
  insert: 'Insert',
  up: 'Up',
  down: 'Down',
  left: 'Left',
  right: 'Right',
  home: 'Home',
  end: 'End',
  page_up: 'PageUp',
  page_down: 'PageDown',
  minus: 'Minus',
  equal: 'Equal',
  comma: 'Comma',
  period: 'Period',
  slash: 'Slash',
  backslash: 'Backslash',
  semicolon: 'Semicolon',
  quote: 'Quote',
  backquote: 'Grave',
  left_bracket: 'LeftBracket',
  right_bracket: 'RightBracket',
  caps_lock: 'CapsLock',
  print_screen: 'Print',
  volume_up: 'AudioVolUp',
  volume_down: 'AudioVolDown',
  mute: 'AudioMute',
};

export type InputPlatform = 'linux' | 'darwin' | 'win32';

/** The keyboard conventions a Node platform follows: the Mac's, Windows', or (every other one) Linux's. */
export function inputPlatformOf(platform: NodeJS.Platform): InputPlatform {
  return platform === 'darwin' ? 'darwin' : platform === 'win32' ? 'win32' : 'linux';
}

/**
 * The platform's own modifier for each planner modifier. On Linux and Windows, `cmd` is Ctrl: people
 * and planners say "cmd+c" from Mac habits, and the Super key there opens the desktop's overview
 * instead of doing what ⌘ does. `fn` is a hardware key no software can press.
 */
export function modifierKey(modifier: CanonicalModifier, platform: InputPlatform): NutKeyName | undefined {
  switch (modifier) {
    case 'ctrl':
      return 'LeftControl';
    case 'alt':
      return 'LeftAlt';
    case 'shift':
      return 'LeftShift';
    case 'cmd':
      return platform === 'darwin' ? 'LeftCmd' : 'LeftControl';
    case 'fn':
      return undefined;
  }
}

/** A key with modifiers held, as a press_key intent names it. */
export interface Chord {
  readonly key: string;
  readonly modifiers: readonly CanonicalModifier[];
}

/**
 * The keys that move the caret in a text field and select with it, per platform (dictation's
 * corrections press them). The start and the end of the text are Ctrl+Home and Ctrl+End on Linux
 * and Windows, ⌘↑ and ⌘↓ on a Mac (where Ctrl+Home and Ctrl+End, like Home and End, scroll
 * without moving the caret). One character left or right, with Shift to select, and BackSpace are
 * the same keys everywhere.
 */
export interface CaretKeys {
  readonly textStart: Chord;
  readonly textEnd: Chord;
  readonly left: Chord;
  readonly right: Chord;
  readonly selectLeft: Chord;
  readonly deleteBack: Chord;
  /** The app's own undo, as the user reads it in a sentence. */
  readonly undoName: string;
}

export function caretKeys(platform: InputPlatform): CaretKeys {
  const mac = platform === 'darwin';
  return {
    textStart: mac ? { key: 'up', modifiers: ['cmd'] } : { key: 'home', modifiers: ['ctrl'] },
    textEnd: mac ? { key: 'down', modifiers: ['cmd'] } : { key: 'end', modifiers: ['ctrl'] },
    left: { key: 'left', modifiers: [] },
    right: { key: 'right', modifiers: [] },
    selectLeft: { key: 'left', modifiers: ['shift'] },
    deleteBack: { key: 'backspace', modifiers: [] },
    undoName: mac ? '⌘Z' : 'Ctrl+Z',
  };
}

/** A character as keys: the key, and whether Shift is held. */
export interface KeyStroke {
  readonly key: NutKeyName;
  readonly shift: boolean;
}

const UNSHIFTED_US: Readonly<Record<string, NutKeyName>> = {
  ' ': 'Space',
  '\t': 'Tab',
  '\n': 'Enter',
  '-': 'Minus',
  '=': 'Equal',
  '[': 'LeftBracket',
  ']': 'RightBracket',
  '\\': 'Backslash',
  ';': 'Semicolon',
  "'": 'Quote',
  ',': 'Comma',
  '.': 'Period',
  '/': 'Slash',
  '`': 'Grave',
};

const SHIFTED_US: Readonly<Record<string, NutKeyName>> = {
  '!': 'Num1',
  '@': 'Num2',
  '#': 'Num3',
  $: 'Num4',
  '%': 'Num5',
  '^': 'Num6',
  '&': 'Num7',
  '*': 'Num8',
  '(': 'Num9',
  ')': 'Num0',
  _: 'Minus',
  '+': 'Equal',
  '{': 'LeftBracket',
  '}': 'RightBracket',
  '|': 'Backslash',
  ':': 'Semicolon',
  '"': 'Quote',
  '<': 'Comma',
  '>': 'Period',
  '?': 'Slash',
  '~': 'Grave',
};

/**
 * How to type one character by keys on a keyboard layout, or undefined when that is not known to
 * be exact. Letters are found by their symbol (X11 looks the key up on the live layout), so they are
 * right on every layout; digits and punctuation sit on different keys and levels per layout, so
 * they are typed by keys only on a US layout.
 */
export function keyStrokeFor(ch: string, usLayout: boolean): KeyStroke | undefined {
  if (/^[a-z]$/.test(ch)) return { key: ch.toUpperCase(), shift: false };
  if (/^[A-Z]$/.test(ch)) return { key: ch, shift: true };
  if (ch === ' ') return { key: 'Space', shift: false };
  if (!usLayout) return undefined;
  if (/^[0-9]$/.test(ch)) return { key: `Num${ch}`, shift: false };
  const plain = UNSHIFTED_US[ch];
  if (plain) return { key: plain, shift: false };
  const shifted = SHIFTED_US[ch];
  if (shifted) return { key: shifted, shift: true };
  return undefined;
}
