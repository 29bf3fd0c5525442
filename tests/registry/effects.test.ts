// The effect rules (issue #27), each tried from the side that gets around it and the side that must
// stay quiet: what a key, a typed character or a click will do where it lands, judged from live facts.
import { describe, expect, it } from 'vitest';
import { Intent } from '../../src/intent/schema.js';
import { liveGate } from '../../src/registry/dispatch.js';
import { EFFECT_RULES, TERMINAL_PASTE_CHORDS, TERMINAL_SUBMIT_CHORDS } from '../../src/registry/effect-rules.js';
import { classifyRisk, type ElementFacts } from '../../src/registry/risk.js';
import type { Modifier } from '../../src/shared/keys.js';

const press = (key: string, ...modifiers: Modifier[]) => Intent.parse({ intent: 'press_key', key, modifiers });
const click = (label: string) => Intent.parse({ intent: 'click_element', element: { label } });
const type = (text: string) => Intent.parse({ intent: 'type_text', text });
const chord = (c: string) => {
  const parts = c.split('+');
  return press(parts.at(-1) ?? '', ...(parts.slice(0, -1) as Modifier[]));
};

const inDialog = (name: string, dialogText: string): ElementFacts => ({ role: 'button', name, dialogText });
const field = (extra: Partial<ElementFacts> = {}): ElementFacts => ({ role: 'text_field', name: 'Name of the list', singleLine: true, ...extra });
const row: ElementFacts = { role: 'list_item', name: 'Parcel 3', itemOf: 'Parcels' };
const terminal = (line: string | null, typedLine = false): ElementFacts => ({ role: 'terminal', name: 'Terminal', terminal: true, typedLine, line });

describe('dialog-answer: a button is judged with the question it answers', () => {
  it('“OK”, “Yes”, “Continue” and an unnamed button under a destructive question ask, naming the dialog', () => {
    for (const name of ['OK', 'Yes', 'Continue', 'Proceed', '']) {
      const r = classifyRisk(click(name || 'button'), { element: inDialog(name, 'Delete all parcels? This cannot be undone.') });
      expect(r.level, name).toBe('destructive');
      expect(r.rule).toBe('dialog-answer');
      expect(r.reason).toContain('Delete all parcels?');
    }
  });

  it('the dialog’s words are read through disguises', () => {
    const r = classifyRisk(click('OK'), { element: inDialog('OK', 'Ｅｒａｓｅ the d\u00ADisk?') });
    expect(r.level).toBe('destructive');
  });

  it('the declining answers and a harmless question stay quiet', () => {
    for (const name of ['Cancel', 'No', 'Keep', 'Close', 'Not now', 'Ｃａｎｃｅｌ'])
      expect(classifyRisk(click(name), { element: inDialog(name, 'Delete all parcels?') }).level, name).toBe('harmless');
    expect(classifyRisk(click('OK'), { element: inDialog('OK', 'Preferences saved.') }).level).toBe('harmless');
  });

  it('a declining word inside a longer label is not a declining answer', () => {
    expect(classifyRisk(click('Cancel and delete'), { element: inDialog('Cancel and delete', 'Delete all parcels?') }).level).toBe('destructive');
  });

  it('the same applies to Enter or Space on the focused answer', () => {
    for (const key of ['enter', 'space']) {
      const r = classifyRisk(press(key), { focused: inDialog('OK', 'Send the payment to Parcel Co?') });
      expect(r.level).toBe('destructive');
      expect(r.rule).toBe('dialog-answer');
    }
  });
});

describe('activates-focused: typed text on a focused control activates it', () => {
  it('a space or a line break typed while a delete button has the focus asks', () => {
    for (const text of [' ', '\n', '  ', 'x']) {
      const r = classifyRisk(type(text), { focused: { role: 'button', name: 'Delete all parcels' } });
      expect(r.level, JSON.stringify(text)).toBe('destructive');
      expect(r.rule).toBe('activates-focused');
    }
  });

  it('check boxes, links, menu items and list rows count; typing into a field does not', () => {
    expect(classifyRisk(type(' '), { focused: { role: 'check_box', name: 'Erase disk on restart' } }).level).toBe('destructive');
    expect(classifyRisk(type(' '), { focused: { role: 'link', name: 'Unsubscribe' } }).level).toBe('moderate');
    expect(classifyRisk(type(' '), { focused: { role: 'menu_item', name: 'Empty Trash' } }).level).toBe('destructive');
    expect(classifyRisk(type('hello'), { focused: { role: 'text_field', name: 'Delete reason' } }).level).toBe('harmless');
    expect(classifyRisk(type('hello'), { focused: { role: 'cell', name: 'B3', editable: true } }).level).toBe('harmless');
  });
});

describe('default-button: Enter in a one-line field presses the window’s default button', () => {
  const withDefault = (name: string, dialogText?: string): ElementFacts =>
    field({ defaultButtons: [{ role: 'button', name, ...(dialogText ? { dialogText } : {}) }] });

  it('by Enter or by a typed line break, judged as that button (and its dialog)', () => {
    for (const intent of [press('enter'), type('parcels\n')]) {
      const r = classifyRisk(intent, { focused: withDefault('Delete all parcels') });
      expect(r.level).toBe('destructive');
      expect(r.rule).toBe('default-button');
      expect(r.reason).toContain('default button');
    }
    expect(classifyRisk(press('enter'), { focused: withDefault('OK', 'Enter the code to erase the disk.') }).level).toBe('destructive');
  });

  it('a harmless default button, a field without one and a multi-line area stay as they were', () => {
    expect(classifyRisk(press('enter'), { focused: withDefault('Search') }).level).toBe('harmless');
    expect(classifyRisk(press('enter'), { focused: field() }).level).toBe('harmless');
    expect(classifyRisk(press('enter'), { focused: { role: 'text_area', name: 'Notes', defaultButtons: [{ role: 'button', name: 'Delete' }] } }).level).toBe(
      'harmless',
    );
  });
});

describe('bound-chord: a chord is judged as the element it is bound to', () => {
  it('a mnemonic or accelerator of a destructive element asks, naming it', () => {
    const r = classifyRisk(press('d', 'alt'), { focused: field(), bound: [{ role: 'button', name: 'Discard all parcels' }] });
    expect(r.level).toBe('destructive');
    expect(r.rule).toBe('bound-chord');
    expect(r.reason).toContain('Discard all parcels');
  });

  it('bound to a harmless element, or to nothing, an everyday chord stays quiet', () => {
    expect(classifyRisk(press('p', 'ctrl'), { focused: field(), bound: [{ role: 'menu_item', name: 'Print the list' }] }).level).toBe('harmless');
    expect(classifyRisk(press('r', 'ctrl'), { focused: field() }).level).toBe('harmless');
    expect(classifyRisk(press('f', 'alt'), { focused: field(), bound: [{ role: 'menu', name: 'File' }] }).level).toBe('harmless');
  });
});

describe('delete-key: Delete and its kin outside a text field', () => {
  it('on an item of a list it is destructive, naming the item and the list', () => {
    for (const c of ['delete', 'backspace', 'ctrl+d', 'shift+backspace']) {
      const r = classifyRisk(chord(c), { focused: row });
      expect(r.level, c).toBe('destructive');
      expect(r.rule).toBe('delete-key');
      expect(r.reason).toContain('“Parcel 3” in “Parcels”');
    }
  });

  it('elsewhere outside a field it is moderate; unread focus too', () => {
    expect(classifyRisk(press('delete'), { focused: { role: 'button', name: 'Zoom' } }).level).toBe('moderate');
    expect(classifyRisk(press('backspace'), { focused: { unread: true } }).level).toBe('moderate');
  });

  it('in a text field, an editable cell and a terminal it edits text', () => {
    expect(classifyRisk(press('backspace'), { focused: field() }).level).toBe('harmless');
    expect(classifyRisk(press('delete'), { focused: { role: 'cell', name: 'B3', editable: true } }).level).toBe('harmless');
    expect(classifyRisk(press('backspace'), { focused: terminal('ls') }).level).toBe('harmless');
  });
});

describe('terminal-submit and terminal-paste: the terminal runs what is on its line', () => {
  it('every chord the terminal takes as Enter runs a line that holds a command, however it got there', () => {
    for (const c of TERMINAL_SUBMIT_CHORDS) {
      for (const facts of [terminal('rm -rf ~/parcels'), terminal('', true), terminal(null)]) {
        const r = classifyRisk(chord(c), { focused: facts });
        expect(r.level, `${c} ${JSON.stringify(facts.line)}`).toBe('destructive');
        expect(r.rule).toBe('terminal-submit');
      }
    }
  });

  it('on an empty prompt Enter is harmless; Ctrl+M outside a terminal is nothing special', () => {
    expect(classifyRisk(press('enter'), { focused: terminal('') }).level).toBe('harmless');
    expect(classifyRisk(press('m', 'ctrl'), { focused: field() }).level).toBe('harmless');
  });

  it('a paste chord in a terminal asks; outside one it is a paste', () => {
    for (const c of TERMINAL_PASTE_CHORDS.filter((x) => !x.includes('cmd'))) {
      const r = classifyRisk(chord(c), { focused: terminal('') });
      expect(r.level, c).toBe('destructive');
      expect(r.rule).toBe('terminal-paste');
      expect(classifyRisk(chord(c), { focused: field() }).level).toBe('harmless');
    }
  });

  it('a “Paste” item of an app that shows a terminal asks, clicked or activated by a key or its shortcut; elsewhere it is a paste', () => {
    const item = (name: string, besideTerminal = true): ElementFacts => ({ role: 'menu_item', name, ...(besideTerminal ? { besideTerminal } : {}) });
    for (const name of ['Paste', 'Paste Selection', 'Paste Special…', 'P\u00ADaste', 'Ｐａｓｔｅ']) {
      for (const [how, intent, facts] of [
        ['click', click(name), { element: item(name) }],
        ['Enter', press('enter'), { focused: item(name) }],
        ['a typed space', type(' '), { focused: item(name) }],
        ['its accelerator', press('v', 'ctrl', 'shift'), { focused: field(), bound: [item(name)] }],
      ] as const) {
        const r = classifyRisk(intent, facts);
        expect(r.level, `${name} by ${how}`).toBe('destructive');
        expect(r.rule, `${name} by ${how}`).toBe('terminal-paste');
        expect(r.reason).toContain('pastes into the terminal');
      }
    }
    expect(classifyRisk(click('Paste'), { element: item('Paste', false) }).level).toBe('harmless');
    expect(classifyRisk(click('Copy'), { element: item('Copy') }).level).toBe('harmless');
    expect(classifyRisk(click('Toothpaste'), { element: item('Toothpaste') }).level).toBe('harmless');
  });
});

describe('focus-unread: keys that activate, when the focus cannot be read', () => {
  it('Enter and Space are destructive', () => {
    for (const key of ['enter', 'space']) {
      const r = classifyRisk(press(key), { focused: { unread: true } });
      expect(r.level).toBe('destructive');
      expect(r.rule).toBe('focus-unread');
    }
  });
});

describe('the live gate names the rule in its question', () => {
  it('needs_confirmation carries the rule and says what the input reaches', () => {
    const gate = liveGate(press('d', 'alt'), 'harmless');
    const r = gate({ focused: field(), bound: [{ role: 'button', name: 'Discard all parcels' }] });
    expect(r).toMatchObject({ kind: 'needs_confirmation', level: 'destructive', rule: 'bound-chord' });
  });

  it('every rule has one sentence saying what it judges', () => {
    expect(new Set(EFFECT_RULES.map((r) => r.id)).size).toBe(EFFECT_RULES.length);
    for (const r of EFFECT_RULES) expect(r.judges).toMatch(/^[A-Z].*\.$/);
  });
});

describe('one approval binds to the element it named (issue #27)', () => {
  const clickDelete = click('Delete');
  const account: ElementFacts = { role: 'button', name: 'Delete account' };

  it('approved as “Delete”, a live “Delete account” of the same level asks again, naming both', () => {
    const r = liveGate(clickDelete, 'destructive')({ element: account });
    expect(r).toMatchObject({ kind: 'needs_confirmation', level: 'destructive', element: 'Delete account' });
    expect(r && 'reason' in r ? r.reason : '').toMatch(/^The element found is “Delete account”, not “Delete” as you were asked about\./);
  });

  it('the element the user then approved by name is covered, and only it', () => {
    expect(liveGate(clickDelete, 'destructive', undefined, 'Delete account')({ element: account })).toBeUndefined();
    expect(liveGate(clickDelete, 'destructive', undefined, 'Delete account')({ element: { role: 'button', name: 'Delete everything' } })).toMatchObject({
      kind: 'needs_confirmation',
    });
  });

  it('the same element by another spelling (case, invisible characters) is the one approved; nothing approved asks as before', () => {
    expect(liveGate(click('delete'), 'destructive')({ element: { role: 'button', name: 'De\u00ADlete' } })).toBeUndefined();
    expect(liveGate(clickDelete, 'harmless')({ element: account })).toMatchObject({ kind: 'needs_confirmation', level: 'destructive' });
    expect(liveGate(click('Archive'), 'harmless')({ element: { role: 'button', name: 'Archive all' } })).toMatchObject({ level: 'moderate' });
  });
});
