/**
 * Electron accelerator text ("CommandOrControl+Shift+L") read as the keys a page sees, so the panel
 * can hear a shortcut's press and release itself while it has the focus (hold-to-talk, issue #8).
 * Covers what the settings schema accepts (src/config/settings.ts); anything else is undefined.
 */

/** The parts of a KeyboardEvent this needs (a plain object in tests). */
export interface KeyLike {
  readonly key: string;
  readonly code: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  readonly shiftKey: boolean;
}

export interface AcceleratorKeys {
  /** A keydown of exactly this combination (the same modifiers, no others). */
  pressed(e: KeyLike): boolean;
  /**
   * A keyup that ends holding it: its key, or one of its modifiers (on macOS Chromium reports no
   * keyup for a key released while Command is down, only Command's own).
   */
  released(e: KeyLike): boolean;
}

type Modifier = 'ctrl' | 'meta' | 'alt' | 'shift';

const MODIFIER_KEYS: Readonly<Record<Modifier, readonly string[]>> = {
  ctrl: ['Control'],
  meta: ['Meta', 'OS'],
  alt: ['Alt', 'AltGraph'],
  shift: ['Shift'],
};

const NAMED_CODES: Readonly<Record<string, readonly string[]>> = {
  space: ['Space'],
  tab: ['Tab'],
  enter: ['Enter', 'NumpadEnter'],
  return: ['Enter', 'NumpadEnter'],
  backspace: ['Backspace'],
  delete: ['Delete'],
  insert: ['Insert'],
  escape: ['Escape'],
  esc: ['Escape'],
  up: ['ArrowUp'],
  down: ['ArrowDown'],
  left: ['ArrowLeft'],
  right: ['ArrowRight'],
  home: ['Home'],
  end: ['End'],
  pageup: ['PageUp'],
  pagedown: ['PageDown'],
  '-': ['Minus'],
  '=': ['Equal'],
  ',': ['Comma'],
  '.': ['Period'],
  '/': ['Slash'],
  ';': ['Semicolon'],
  "'": ['Quote'],
  '[': ['BracketLeft'],
  ']': ['BracketRight'],
  '\\': ['Backslash'],
  '`': ['Backquote'],
};

function modifierOf(token: string, mac: boolean): Modifier | undefined {
  switch (token) {
    case 'commandorcontrol':
    case 'cmdorctrl':
      return mac ? 'meta' : 'ctrl';
    case 'command':
    case 'cmd':
    case 'super':
    case 'meta':
      return 'meta';
    case 'control':
    case 'ctrl':
      return 'ctrl';
    case 'alt':
    case 'option':
    case 'altgr':
      return 'alt';
    case 'shift':
      return 'shift';
    default:
      return undefined;
  }
}

/** Whether a key event is the accelerator's (non-modifier) key, by physical key so Shift or Option do not change it. */
function keyMatcher(token: string): ((e: KeyLike) => boolean) | undefined {
  if (/^[a-z]$/.test(token)) return (e) => e.code === `Key${token.toUpperCase()}`;
  if (/^[0-9]$/.test(token)) return (e) => e.code === `Digit${token}`;
  if (/^f(?:[1-9]|1[0-9]|2[0-4])$/.test(token)) return (e) => e.code === token.toUpperCase();
  if (token === 'plus') return (e) => e.key === '+' || e.code === 'NumpadAdd';
  const codes = NAMED_CODES[token];
  return codes ? (e) => codes.includes(e.code) : undefined;
}

/** Reads an accelerator; `mac` decides what CommandOrControl means. */
export function acceleratorKeys(accelerator: string, mac: boolean): AcceleratorKeys | undefined {
  // "Plus" names the + key, so "+" itself only ever separates.
  const tokens = accelerator.toLowerCase().split('+');
  const last = tokens.pop();
  const matches = last ? keyMatcher(last) : undefined;
  if (!matches) return undefined;
  const wanted = new Set<Modifier>();
  for (const token of tokens) {
    const modifier = modifierOf(token, mac);
    if (!modifier) return undefined;
    wanted.add(modifier);
  }
  const down = (e: KeyLike): Record<Modifier, boolean> => ({ ctrl: e.ctrlKey, meta: e.metaKey, alt: e.altKey, shift: e.shiftKey });
  return {
    pressed: (e) => {
      if (!matches(e)) return false;
      const held = down(e);
      return (Object.keys(held) as Modifier[]).every((m) => held[m] === wanted.has(m));
    },
    released: (e) => matches(e) || [...wanted].some((m) => MODIFIER_KEYS[m].includes(e.key)),
  };
}
