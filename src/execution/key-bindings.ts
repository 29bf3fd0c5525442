/**
 * Which element a key chord is bound to in a window: the keys an element's actions declare (a
 * button's mnemonic, a menu item's accelerator), read by the bridge, against the chord a plan
 * presses. The gate then judges the chord as a press of that element (issue #27: Alt+D on
 * "_Discard all" is "Discard all", whatever the key is called).
 *
 * AT-SPI writes a binding as GTK's accelerator names: "<Alt>d" for a button; "d;<Alt>f:d;<Control>d"
 * for a menu item (its mnemonic inside the open menu; the path from the menu bar; its accelerator).
 */
import { formatChord, type CanonicalModifier } from '../shared/keys.js';
import type { AxElement } from './accessibility/types.js';

/** GTK and X keysym names that differ from the planner's key names. */
const KEYSYM_NAMES: Readonly<Record<string, string>> = {
  return: 'enter',
  kp_enter: 'enter',
  iso_enter: 'enter',
  kp_delete: 'delete',
  backspace: 'backspace',
  escape: 'escape',
  page_up: 'page_up',
  prior: 'page_up',
  page_down: 'page_down',
  next: 'page_down',
  kp_space: 'space',
  minus: 'minus',
  equal: 'equal',
  comma: 'comma',
  period: 'period',
  slash: 'slash',
  backslash: 'backslash',
  semicolon: 'semicolon',
  apostrophe: 'quote',
  grave: 'backquote',
  bracketleft: 'left_bracket',
  bracketright: 'right_bracket',
};

const MODIFIER_NAMES: Readonly<Record<string, CanonicalModifier>> = {
  control: 'ctrl',
  ctrl: 'ctrl',
  primary: 'ctrl',
  alt: 'alt',
  mod1: 'alt',
  meta: 'alt',
  shift: 'shift',
  super: 'cmd',
  command: 'cmd',
  cmd: 'cmd',
};

/** One binding ("<Control><Shift>n", "<Alt>d", "d") as a chord in the planner's spelling, or undefined. */
export function chordOfBinding(binding: string): { readonly key: string; readonly modifiers: readonly CanonicalModifier[] } | undefined {
  const modifiers: CanonicalModifier[] = [];
  let rest = binding.trim();
  for (;;) {
    const m = /^<([A-Za-z0-9]+)>/.exec(rest);
    if (!m) break;
    const mod = MODIFIER_NAMES[(m[1] ?? '').toLowerCase()];
    if (!mod) return undefined; // <Hyper>, <Release>: nothing a plan presses
    if (!modifiers.includes(mod)) modifiers.push(mod);
    rest = rest.slice(m[0].length);
  }
  if (rest === '' || rest.length > 20 || /[\s<>:;]/.test(rest)) return undefined;
  const lower = rest.toLowerCase();
  const key = KEYSYM_NAMES[lower] ?? (lower === ' ' ? 'space' : lower);
  return { key, modifiers };
}

/**
 * The chords an element answers to directly, from the window it is in: a button's "<Alt>d", a menu
 * item's accelerator, and, while it is on screen (its menu is open), a menu item's bare mnemonic.
 * A path through the menu bar ("<Alt>f:d") takes several keys: its first only opens a menu.
 */
export function chordsOf(element: Pick<AxElement, 'keys' | 'states'>): string[] {
  const out: string[] = [];
  for (const binding of element.keys ?? []) {
    for (const part of binding.split(';')) {
      if (part.includes(':')) continue;
      const chord = chordOfBinding(part);
      if (!chord) continue;
      const bare = chord.modifiers.length === 0;
      if (bare && !element.states.includes('showing')) continue;
      out.push(formatChord(chord.key, chord.modifiers));
    }
  }
  return out;
}

/**
 * The elements of a window that `key` with `modifiers` presses, by the bindings they declare.
 * `cmdIsCtrl`: off a Mac the engine presses cmd as Ctrl, so cmd+d reaches a "<Control>d" binding.
 */
export function elementsBoundTo(elements: readonly AxElement[], key: string, modifiers: readonly CanonicalModifier[], cmdIsCtrl: boolean): AxElement[] {
  const pressed = formatChord(
    key,
    modifiers.map((m) => (cmdIsCtrl && m === 'cmd' ? 'ctrl' : m)),
  );
  // A disabled element would ignore the key, but not every toolkit says so: all are judged.
  return elements.filter((e) => e.keys && e.keys.length > 0 && chordsOf(e).includes(pressed));
}
