/**
 * Key names and modifiers a planner may use, in one canonical spelling each.
 *
 * The execution layer maps these to platform key codes; the grammar maps spoken and typed aliases
 * ("return", "esc", "page down") to them.
 */
const LETTERS = 'abcdefghijklmnopqrstuvwxyz'.split('');
const DIGITS = '0123456789'.split('');
const FUNCTION_KEYS = Array.from({ length: 20 }, (_, i) => `f${i + 1}`);

export const NAMED_KEYS = [
  'enter',
  'tab',
  'space',
  'escape',
  'backspace',
  'delete',
  'insert',
  'up',
  'down',
  'left',
  'right',
  'home',
  'end',
  'page_up',
  'page_down',
  'minus',
  'equal',
  'comma',
  'period',
  'slash',
  'backslash',
  'semicolon',
  'quote',
  'backquote',
  'left_bracket',
  'right_bracket',
  'caps_lock',
  'print_screen',
  'volume_up',
  'volume_down',
  'mute',
] as const;

export const KEY_NAMES: readonly string[] = [...LETTERS, ...DIGITS, ...FUNCTION_KEYS, ...NAMED_KEYS];

const KEY_SET: ReadonlySet<string> = new Set(KEY_NAMES);

export function isKeyName(value: string): boolean {
  return KEY_SET.has(value);
}

/** Modifiers: `alt` and `opt` are the same key (Option on a Mac, Alt elsewhere). */
export const MODIFIERS = ['cmd', 'ctrl', 'alt', 'opt', 'shift', 'fn'] as const;
export type Modifier = (typeof MODIFIERS)[number];
export type CanonicalModifier = Exclude<Modifier, 'opt'>;

export function canonicalModifier(modifier: Modifier): CanonicalModifier {
  return modifier === 'opt' ? 'alt' : modifier;
}

/** The order used when a chord is written out, e.g. "cmd+shift+t". */
const MODIFIER_ORDER: readonly CanonicalModifier[] = ['ctrl', 'alt', 'shift', 'cmd', 'fn'];

/** A chord in one spelling ("cmd+shift+t") whatever order or alias the modifiers came in. */
export function formatChord(key: string, modifiers: readonly Modifier[] = []): string {
  const set = new Set(modifiers.map(canonicalModifier));
  const parts: string[] = MODIFIER_ORDER.filter((m) => set.has(m));
  parts.push(key);
  return parts.join('+');
}
