/**
 * Judging an input by what it will do where it lands (issue #27): a key on the focused control, Enter
 * in a field with a default button, a chord bound to an element, Delete on a list, an answer to a
 * dialog, a terminal's line. Each judgment names its rule (effect-rules.ts) and says in its reason
 * what the input reaches. Live facts only: without them (planning) these rules add nothing.
 */
import { quote } from '../shared/text/quote.js';
import { TEXT_ENTRY_ROLES, type Role } from '../shared/roles.js';
import type { LiveElementFacts } from '../execution/engine-types.js';
import {
  ACTIVATING_CHORDS,
  DECLINING_ANSWERS,
  DELETE_CHORDS,
  PASTE_ITEM_WORDS,
  TERMINAL_PASTE_CHORDS,
  TERMINAL_SUBMIT_CHORDS,
  type EffectRuleId,
} from './effect-rules.js';
import { assessLabels, HARMLESS, higher, labelIsOneOf, matchWordRules, type RiskAssessment } from './label-risk.js';
import { LABEL_RULES, type WordRule } from './risk-table.js';

/** Controls that a key or a typed character activates. */
const ACTIVATABLE_ROLES: ReadonlySet<Role> = new Set<Role>([
  'button',
  'toggle_button',
  'check_box',
  'radio_button',
  'switch',
  'link',
  'menu_item',
  'list_item',
  'tree_item',
  'row',
  'tab',
]);
/** What answers a dialog when activated. */
const ANSWER_ROLES: ReadonlySet<Role> = new Set<Role>(['button', 'toggle_button', 'link', 'menu_item', 'unknown']);

/** Names the rule that judged `a`, unless a more particular one already did (a dialog's answer). */
const as = (rule: EffectRuleId, a: RiskAssessment): RiskAssessment => (a.level === 'harmless' || a.rule ? a : { ...a, rule });

const named = (f: LiveElementFacts): string => (f.name ? quote(f.name, 40) : `the ${(f.role ?? 'element').replace(/_/g, ' ')}`);

/** A place where keys edit text: a text field, an editable element, a terminal. */
export function isTextPlace(f: LiveElementFacts): boolean {
  return f.terminal === true || (f.role !== undefined && TEXT_ENTRY_ROLES.has(f.role)) || f.editable === true;
}

export function isActivatable(f: LiveElementFacts): boolean {
  return f.role !== undefined && ACTIVATABLE_ROLES.has(f.role) && !isTextPlace(f);
}

/** A button in a dialog, judged by what the dialog says: "OK" under "Delete all parcels?" deletes. */
export function assessDialogAnswer(verb: string, f: LiveElementFacts): RiskAssessment {
  if (!f.dialogText || !f.role || !ANSWER_ROLES.has(f.role)) return HARMLESS;
  if (f.name && labelIsOneOf(f.name, DECLINING_ANSWERS)) return HARMLESS;
  const rule = matchWordRules(f.dialogText, LABEL_RULES);
  if (!rule) return HARMLESS;
  return {
    level: rule.level,
    reason: `${verb} ${named(f)} answers the dialog ${quote(f.dialogText, 80)}, which may ${rule.consequence}.`,
    rule: 'dialog-answer',
  };
}

const PASTE_RULES: readonly WordRule[] = PASTE_ITEM_WORDS.map((phrase) => ({ phrase, level: 'destructive', consequence: 'paste into the terminal' }));

/** A "Paste" item or button of an app that shows a terminal: what it pastes may end in a line break and run. */
export function assessPasteItem(verb: string, f: LiveElementFacts): RiskAssessment {
  if (!f.besideTerminal || !f.name || !matchWordRules(f.name, PASTE_RULES)) return HARMLESS;
  return {
    level: 'destructive',
    reason: `${verb} ${named(f)} pastes into the terminal: if what is pasted ends in a line break, the terminal runs it as a command.`,
    rule: 'terminal-paste',
  };
}

/** Activating an element: its own labels, the dialog it answers, a paste into a terminal. */
export function assessActivating(verb: string, f: LiveElementFacts): RiskAssessment {
  return higher(higher(assessLabels(verb, undefined, f), assessDialogAnswer(verb, f)), assessPasteItem(verb, f));
}

/** Enter in a one-line field presses the window's default button: judged as that button. */
function assessDefaultButton(how: string, field: LiveElementFacts): RiskAssessment {
  let worst = HARMLESS;
  for (const d of field.defaultButtons ?? []) {
    const a = assessActivating(`${how} in ${named(field)} presses the window's default button, and pressing`, d);
    // The route is the default button, whatever judged the button itself (its label, its dialog).
    worst = higher(worst, a.level === 'harmless' ? a : { ...a, rule: 'default-button' });
  }
  return worst;
}

/**
 * A key that activates (Enter, Space) judged by what has the focus: the focused control's labels and
 * dialog; in a one-line field, the default button (Enter); a terminal's line is judged elsewhere.
 */
export function assessActivatingKey(chord: string, focused: LiveElementFacts): RiskAssessment {
  const name = chord.includes('space') ? 'Space' : 'Enter';
  if (focused.unread) {
    return {
      level: 'destructive',
      reason: focused.elsewhere
        ? `The keyboard is in a window I cannot read (not the app I read), so pressing ${name} may press anything there, a Delete or Send button included.`
        : `I cannot tell what has the keyboard focus, so pressing ${name} may press anything, a Delete or Send button included.`,
      rule: 'focus-unread',
    };
  }
  if (focused.terminal) return HARMLESS;
  if (name === 'Space' && isTextPlace(focused)) return HARMLESS;
  let result = as('activates-focused', assessActivating(`Pressing ${name} on`, focused));
  if (name === 'Enter' && focused.singleLine) result = higher(result, assessDefaultButton('Pressing Enter', focused));
  return result;
}

/** Text typed at the focus: on a control it activates it; a line break in a one-line field presses the default button. */
export function assessTypedAt(text: string, target: LiveElementFacts): RiskAssessment {
  if (target.terminal) return HARMLESS;
  // Typed where nothing could be read, a line break may run a command or press a button there.
  if (target.unread && /[\r\n]/.test(text)) {
    return {
      level: 'destructive',
      reason: `${target.elsewhere ? 'The keyboard is in a window I cannot read' : 'I cannot tell what has the keyboard focus'}, and the text holds a line break: there it may run a command or press a button.`,
      rule: 'focus-unread',
    };
  }
  if (isActivatable(target)) {
    return as('activates-focused', assessActivating(`Typing ${quote(text, 20)} while the focus is on`, target));
  }
  if (/[\r\n]/.test(text) && target.singleLine) return assessDefaultButton('A line break', target);
  return HARMLESS;
}

const KEY_WORDS: Readonly<Record<string, string>> = {
  delete: 'Delete',
  'shift+delete': 'Shift+Delete',
  backspace: 'BackSpace',
  'shift+backspace': 'Shift+BackSpace',
  'ctrl+d': 'Ctrl+D',
};

/** Delete and its kin outside a text field: moderate; on an item of a list, destructive. */
export function assessDeleteKey(chord: string, focused: LiveElementFacts | undefined): RiskAssessment {
  if (!(DELETE_CHORDS as readonly string[]).includes(chord)) return HARMLESS;
  const key = KEY_WORDS[chord] ?? chord;
  if (!focused || focused.unread) {
    return { level: 'moderate', reason: `I cannot tell what has the focus, so pressing ${key} may delete what is selected.`, rule: 'delete-key' };
  }
  if (isTextPlace(focused)) return HARMLESS;
  if (focused.itemOf !== undefined) {
    const list = focused.itemOf ? ` in ${quote(focused.itemOf, 40)}` : '';
    return { level: 'destructive', reason: `Pressing ${key} on ${named(focused)}${list} may delete it.`, rule: 'delete-key' };
  }
  return {
    level: 'moderate',
    reason: `Pressing ${key} while the focus is on ${named(focused)}, not in a text field, may delete what is selected.`,
    rule: 'delete-key',
  };
}

/** A terminal: a chord that submits the line runs what is on it; a paste may bring its own line break. */
export function assessTerminalKey(chord: string, focused: LiveElementFacts): RiskAssessment {
  if (!focused.terminal) return HARMLESS;
  if ((TERMINAL_PASTE_CHORDS as readonly string[]).includes(chord)) {
    return {
      level: 'destructive',
      reason: `Pressing ${chord} pastes into the terminal: if what is pasted ends in a line break, the terminal runs it as a command.`,
      rule: 'terminal-paste',
    };
  }
  if (!(TERMINAL_SUBMIT_CHORDS as readonly string[]).includes(chord)) return HARMLESS;
  const how = chord === 'enter' ? 'Pressing Enter' : `Pressing ${chord}, which the terminal takes as Enter,`;
  if (focused.typedLine) {
    return { level: 'destructive', reason: `${how} in the terminal runs the command typed there, which may change or delete files.`, rule: 'terminal-submit' };
  }
  if (focused.line === null) {
    return { level: 'destructive', reason: `${how} in the terminal runs whatever is on its line, which I cannot read.`, rule: 'terminal-submit' };
  }
  if (focused.line !== undefined && focused.line.trim() !== '') {
    return {
      level: 'destructive',
      reason: `${how} in the terminal runs ${quote(focused.line, 60)}, which may change or delete files.`,
      rule: 'terminal-submit',
    };
  }
  return HARMLESS;
}

/** A chord bound to elements of the focused window (a mnemonic, an accelerator): judged as pressing them. */
export function assessBoundChord(chord: string, bound: readonly LiveElementFacts[] | undefined): RiskAssessment {
  let worst = HARMLESS;
  for (const b of bound ?? []) worst = higher(worst, as('bound-chord', assessActivating(`Pressing ${chord} presses`, b)));
  return worst;
}

/** Whether a chord is one of the keys that activate the focused control. */
export function isActivatingChord(chord: string): boolean {
  return (ACTIVATING_CHORDS as readonly string[]).includes(chord);
}
