/**
 * The effect rules: what a key, a typed character or a click will really do, beyond what its own
 * label says (issue #27). Kept as data so that the rules can be read in one place, named in a
 * question ("…presses the window's default button “Delete all”"), and enumerated by the adversarial
 * suite (tests/security/consent-cases.ts builds a route for each rule).
 *
 * Chords are written as `formatChord` writes them; off a Mac cmd is pressed as Ctrl and is judged
 * as the Ctrl chord it becomes.
 */
import { DE_DECLINING_ANSWERS, DE_PASTE_ITEM_WORDS } from './risk-words/de.js';
import { EN_DECLINING_ANSWERS, EN_PASTE_ITEM_WORDS } from './risk-words/en.js';

export type EffectRuleId =
  'activates-focused' | 'default-button' | 'bound-chord' | 'delete-key' | 'dialog-answer' | 'terminal-submit' | 'terminal-paste' | 'focus-unread';

export interface EffectRule {
  readonly id: EffectRuleId;
  /** When it applies and what the input is then judged as, in one sentence. */
  readonly judges: string;
  /** The chords it covers, when it is about keys (empty: any input on the facts it names). */
  readonly chords: readonly string[];
}

/** Keys that activate the focused control: a button, link, check box, menu item, list row. */
export const ACTIVATING_CHORDS = ['enter', 'shift+enter', 'space', 'shift+space'] as const;
/** Keys that delete what is selected when the focus is not in a text field. */
export const DELETE_CHORDS = ['delete', 'shift+delete', 'backspace', 'shift+backspace', 'ctrl+d'] as const;
/** Chords a terminal takes as Enter: each submits the line (Ctrl+O in bash runs it and keeps the next). */
export const TERMINAL_SUBMIT_CHORDS = ['enter', 'shift+enter', 'ctrl+m', 'ctrl+j', 'ctrl+o', 'ctrl+shift+m', 'ctrl+shift+j'] as const;
/** Chords that paste into a terminal: what the clipboard holds may end in a line break and run. */
export const TERMINAL_PASTE_CHORDS = ['ctrl+shift+v', 'shift+insert', 'ctrl+shift+insert', 'shift+cmd+v'] as const;

/** Labels of items and buttons that paste, in every language (matched as words: "Paste", "Paste Special", "Einfügen"). */
export const PASTE_ITEM_WORDS: readonly string[] = [...EN_PASTE_ITEM_WORDS, ...DE_PASTE_ITEM_WORDS];

/**
 * A dialog's answers that take nothing further (the whole label), in every language: never judged
 * by the dialog's text. Anything else in a dialog ("OK", "Yes", "Ja", "Continue", "Fortfahren", an
 * unnamed button) answers it.
 */
export const DECLINING_ANSWERS: readonly string[] = [...EN_DECLINING_ANSWERS, ...DE_DECLINING_ANSWERS];

export const EFFECT_RULES: readonly EffectRule[] = [
  {
    id: 'activates-focused',
    judges: 'A key or a typed character on a focused button, link, check box, menu item or list row is judged as activating it.',
    chords: ACTIVATING_CHORDS,
  },
  {
    id: 'default-button',
    judges: "Enter, or a typed line break, in a one-line field is judged as the window's default button, which it presses.",
    chords: ['enter', 'shift+enter'],
  },
  {
    id: 'bound-chord',
    judges: 'A chord an element of the focused window declares as its shortcut (a mnemonic, a menu accelerator) is judged as that element.',
    chords: [],
  },
  {
    id: 'delete-key',
    judges: 'Delete, Shift+Delete, BackSpace and Ctrl+D outside a text field ask; on an item of a list they delete it, which is destructive.',
    chords: DELETE_CHORDS,
  },
  {
    id: 'dialog-answer',
    judges: 'A button in a dialog or alert is judged with the dialog’s own text: “OK” under “Delete all? This cannot be undone.” deletes.',
    chords: [],
  },
  {
    id: 'terminal-submit',
    judges: 'In a terminal, any chord that submits the line runs what is on it: destructive when the line holds a command or cannot be read.',
    chords: TERMINAL_SUBMIT_CHORDS,
  },
  {
    id: 'terminal-paste',
    judges: 'In a terminal, a paste chord, or a “Paste” item of an app that shows a terminal, may paste a line break and run what the clipboard holds.',
    chords: TERMINAL_PASTE_CHORDS,
  },
  {
    id: 'focus-unread',
    judges:
      'When what has the keyboard focus cannot be read, or the window system says the keyboard is in another window than the app that was read, a key that can activate and typing with a line break are judged destructive.',
    chords: ACTIVATING_CHORDS,
  },
];
