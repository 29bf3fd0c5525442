// The gate's live rules (issue #13): what an action will really hit decides, not the label a planner
// names — the focused element for Enter and Space, disguised labels, terminals, the assistant's own
// windows, secure fields by name, ids judged by what the observation listed, and provenance.
import { describe, expect, it } from 'vitest';
import { Intent } from '../../src/intent/schema.js';
import { liveGate } from '../../src/registry/dispatch.js';
import { classifyRisk, classifyStep, gateDecision, type ElementFacts } from '../../src/registry/risk.js';
import type { Modifier } from '../../src/shared/keys.js';

const press = (key: string, ...modifiers: Modifier[]) => Intent.parse({ intent: 'press_key', key, modifiers });
const click = (label: string) => Intent.parse({ intent: 'click_element', element: { label } });
const type = (text: string, element?: object) => Intent.parse({ intent: 'type_text', text, ...(element ? { element } : {}) });
const button = (name: string): ElementFacts => ({ role: 'button', name });

describe('live gate: Enter and Space judged by the focused element', () => {
  it('Enter or Space on a focused delete button is destructive, like a click on it', () => {
    for (const key of ['enter', 'space']) {
      const r = classifyRisk(press(key), { focused: button('Delete all parcels') });
      expect(r.level, key).toBe('destructive');
      expect(r.reason).toContain('“Delete all parcels”');
    }
    expect(classifyRisk(press('enter', 'shift'), { focused: button('Delete all parcels') }).level).toBe('destructive');
  });

  it('a focused link or menu item counts too; a menu title only opens', () => {
    expect(classifyRisk(press('enter'), { focused: { role: 'link', name: 'Unsubscribe' } }).level).toBe('moderate');
    expect(classifyRisk(press('enter'), { focused: { role: 'menu_item', name: 'Empty Trash' } }).level).toBe('destructive');
    expect(classifyRisk(press('enter'), { focused: { role: 'menu', name: 'Format' } }).level).toBe('harmless');
  });

  it('Enter in a search field is harmless; Space in a text field types a space', () => {
    expect(classifyRisk(press('enter'), { focused: { role: 'search_field', name: 'Search' } }).level).toBe('harmless');
    expect(classifyRisk(press('space'), { focused: { role: 'text_field', name: 'Send to' } }).level).toBe('harmless');
  });

  it('Tab and arrows stay harmless whatever has the focus; the Enter after them is judged', () => {
    for (const key of ['tab', 'down', 'right']) expect(classifyRisk(press(key), { focused: button('Delete all') }).level).toBe('harmless');
  });

  it('without live facts (planning) Enter is harmless: the live gate decides right before the key', () => {
    expect(classifyRisk(press('enter')).level).toBe('harmless');
    const gate = liveGate(press('enter'), 'harmless');
    expect(gate({ focused: button('Send payment') })).toMatchObject({ kind: 'needs_confirmation', level: 'destructive' });
    expect(gate({ focused: button('OK') })).toBeUndefined();
  });
});

describe('live gate: disguised labels', () => {
  const DISGUISES: ReadonlyArray<readonly [string, string]> = [
    ['soft hyphen and zero-width space', 'Dele\u00ADte all par\u200Bcels'],
    ['full-width letters', 'Ｄｅｌｅｔｅ all parcels'],
    ['Cyrillic look-alikes', 'D\u0435l\u0435t\u0435 all parcels'],
    ['mathematical bold', '𝐃𝐞𝐥𝐞𝐭𝐞 all parcels'],
    ['mixed case', 'dElEtE ALL parcels'],
    ['word joiner inside', 'De\u2060lete all parcels'],
  ];

  it.each(DISGUISES)('%s: still destructive, by label, by live name and by focus', (_, label) => {
    expect(classifyRisk(click(label)).level).toBe('destructive');
    expect(classifyRisk(click('OK'), { element: button(label) }).level).toBe('destructive');
    expect(classifyRisk(press('enter'), { focused: button(label) }).level).toBe('destructive');
  });

  it('the confirmation says the label hides characters, and shows it without them', () => {
    const r = classifyRisk(click('Dele\u00ADte all par\u200Bcels'));
    expect(r.reason).toContain('hidden or look-alike characters');
    expect(r.reason).toContain('“Delete all parcels”');
    // A live name may carry bidi controls (a planner may not): the reason shows it without them.
    const bidi = classifyRisk(click('OK'), { element: button('\u202ADelete\u202C all \u2067parcels\u2069') });
    expect(bidi.level).toBe('destructive');
    expect(bidi.reason).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200E\u200F]/);
    expect(classifyRisk(press('enter'), { focused: button('\u202EDelete all') }).level).toBe('destructive');
  });

  it('plain labels are not said to hide anything', () => {
    expect(classifyRisk(click('Delete all parcels')).reason).not.toContain('hidden');
  });
});

describe('live gate: terminals', () => {
  const terminal: ElementFacts = { role: 'terminal', name: 'Terminal', terminal: true };

  it('typing into a terminal is harmless; with a line break it runs: destructive', () => {
    expect(classifyRisk(type('ls -l'), { focused: terminal }).level).toBe('harmless');
    expect(classifyRisk(type('touch pwned.txt\n'), { focused: terminal }).level).toBe('destructive');
    // The same text elsewhere may only submit a form.
    expect(classifyRisk(type('hello\n'), { focused: { role: 'text_area', name: 'Notes' } }).level).toBe('moderate');
  });

  it('Enter in a terminal whose line holds text the assistant typed is destructive; on an empty line harmless', () => {
    expect(classifyRisk(press('enter'), { focused: { ...terminal, typedLine: true } }).level).toBe('destructive');
    expect(classifyRisk(press('enter'), { focused: terminal }).level).toBe('harmless');
    expect(classifyRisk(press('space'), { focused: { ...terminal, typedLine: true } }).level).toBe('harmless');
  });

  it('Ctrl+C in a terminal ("copy" on Linux) stops the running command: it asks; elsewhere it copies', () => {
    const ctrlC = Intent.parse({ intent: 'press_key', key: 'c', modifiers: ['ctrl'] });
    const r = classifyRisk(ctrlC, { focused: terminal });
    expect(r).toEqual({ level: 'moderate', reason: expect.stringContaining('stops the command running there') });
    expect(r.reason).toContain('press ctrl+shift+c');
    expect(classifyRisk(ctrlC, { focused: { role: 'text_area', name: 'Notes' } }).level).toBe('harmless');
    expect(classifyRisk(Intent.parse({ intent: 'press_key', key: 'c', modifiers: ['ctrl', 'shift'] }), { focused: terminal }).level).toBe('harmless');
    // Another route: off a Mac the engine presses cmd as Ctrl, so cmd+c is the same interrupt.
    const cmdC = Intent.parse({ intent: 'press_key', key: 'c', modifiers: ['cmd'] });
    expect(classifyRisk(cmdC, { focused: terminal }).level).toBe(process.platform === 'darwin' ? 'harmless' : 'moderate');
  });

  it('Ctrl+D, Ctrl+Z and Ctrl+\\ in a terminal end, suspend or quit what runs there: they ask; elsewhere, or with another modifier, they do not', () => {
    const chord = (key: string, modifiers: string[]) => Intent.parse({ intent: 'press_key', key, modifiers });
    const said = { d: 'closes the shell', z: 'suspends the command', backslash: 'quits the command' } as const;
    for (const [key, words] of Object.entries(said)) {
      const r = classifyRisk(chord(key, ['ctrl']), { focused: terminal });
      expect(r.level, key).toBe('moderate');
      expect(r.reason, key).toContain(words);
      // Off a Mac, cmd is pressed as Ctrl: the same chord by another route.
      expect(classifyRisk(chord(key, ['cmd']), { focused: terminal }).level, `cmd+${key}`).toBe(process.platform === 'darwin' ? 'harmless' : 'moderate');
      expect(classifyRisk(chord(key, ['ctrl']), { focused: { role: 'text_area', name: 'Notes' } }).level, key).toBe('harmless');
      expect(classifyRisk(chord(key, ['ctrl', 'shift']), { focused: terminal }).level, `ctrl+shift+${key}`).toBe('harmless');
      expect(classifyRisk(chord(key, []), { focused: terminal }).level, key).toBe('harmless');
    }
  });

  it('a drop onto a terminal may paste into it', () => {
    const drag = Intent.parse({ intent: 'drag', from: { x: 1, y: 1 }, to: { x: 5, y: 5 } });
    expect(classifyRisk(drag, { dropTarget: terminal }).level).toBe('moderate');
  });
});

describe('live gate: the assistant never acts on itself', () => {
  const own: ElementFacts = { role: 'check_box', name: 'Ask before moderate actions', own: true };

  it('every route onto its own windows is blocked, confirmed or not', () => {
    const routes = [
      classifyRisk(click('Ask before moderate actions'), { element: own }),
      classifyRisk(Intent.parse({ intent: 'left_click_coordinates', x: 900, y: 40 }), { element: own }),
      classifyRisk(Intent.parse({ intent: 'right_click_element', element: { x: 900, y: 40 } }), { element: own }),
      classifyRisk(Intent.parse({ intent: 'double_click_element', element: { id: 3 } }), { element: own }),
      classifyRisk(press('space'), { focused: own }),
      classifyRisk(press('tab'), { focused: own }),
      classifyRisk(type('off'), { focused: own }),
      classifyRisk(Intent.parse({ intent: 'scroll', direction: 'down' }), { element: own }),
      classifyRisk(Intent.parse({ intent: 'drag', from: { x: 1, y: 1 }, to: { x: 900, y: 40 } }), { dropTarget: own }),
    ];
    for (const r of routes) {
      expect(r.level).toBe('blocked');
      expect(gateDecision(r.level, { confirmModerate: false })).toBe('refuse');
    }
    expect(liveGate(click('x'), 'destructive')({ element: own })).toMatchObject({ kind: 'failure', code: 'refused' });
  });
});

describe('live gate: secure fields by name', () => {
  it.each(['PIN', 'One-time code', 'Card number', 'CVV', 'Security code', 'Verification code', 'P\u200Bassword', 'P\u0430ssword'])(
    'typing into a field named %j is blocked',
    (name) => {
      expect(classifyRisk(type('1234', { label: name })).level).toBe('blocked');
      expect(classifyRisk(type('1234'), { focused: { role: 'text_field', name } }).level).toBe('blocked');
    },
  );

  it('ordinary fields are not', () => {
    for (const name of ['Name', 'Search', 'Pinned notes', 'Message'])
      expect(classifyRisk(type('x'), { focused: { role: 'text_field', name } }).level).toBe('harmless');
  });
});

describe('live gate: ids are judged by what the observation listed', () => {
  const observed = (id: number): ElementFacts | undefined => (id === 31 ? button('Delete all parcels') : id === 2 ? button('Notes') : undefined);

  it('a plan naming element 31 is judged by its name before anything runs', () => {
    const byId = Intent.parse({ intent: 'click_element', element: { id: 31 } });
    expect(classifyRisk(byId).level).toBe('harmless');
    expect(classifyRisk(byId, {}, observed).level).toBe('destructive');
    const seq = Intent.parse({
      intent: 'sequence',
      steps: [
        { intent: 'click_element', element: { id: 2 } },
        { intent: 'click_element', element: { id: 31 } },
      ],
    });
    expect(classifyRisk(seq, {}, observed)).toMatchObject({ level: 'destructive' });
    expect(classifyRisk(seq, {}, observed).reason).toMatch(/^Step 2: Clicking “Delete all parcels”/);
    expect(classifyStep({ intent: 'click_element', element: { id: 2 } }, observed).level).toBe('harmless');
  });
});

describe('live gate: an element by its rank is judged by the element found', () => {
  // A planner names "the 2nd button": nothing in the plan says what it is, so the live gate judges what the engine finds.
  const ranked = Intent.parse({ intent: 'click_element', element: { ordinal: 2, role: 'button', within: 'toolbar' } });

  it('harmless as planned; asks when the live element is destructive, even after a harmless approval', () => {
    expect(classifyRisk(ranked).level).toBe('harmless');
    expect(liveGate(ranked, 'harmless')({ element: button('Save') })).toBeUndefined();
    expect(liveGate(ranked, 'harmless')({ element: button('Delete everything') })).toMatchObject({ kind: 'needs_confirmation', level: 'destructive' });
    expect(liveGate(ranked, 'harmless')({ element: { role: 'button', name: '', description: 'Delete this message' } })).toMatchObject({
      kind: 'needs_confirmation',
    });
  });

  it('an unnamed control is judged by its icon’s name, which the engine gives as its description', () => {
    expect(liveGate(ranked, 'harmless')({ element: { role: 'button', name: '', description: 'edit-delete' } })).toMatchObject({
      kind: 'needs_confirmation',
      level: 'destructive',
    });
    expect(liveGate(ranked, 'harmless')({ element: { role: 'button', name: '', description: 'document-save' } })).toBeUndefined();
  });

  it('refused on the assistant’s own window; a password field by rank is a secure field', () => {
    expect(liveGate(ranked, 'destructive')({ element: { ...button('Ask before moderate actions'), own: true } })).toMatchObject({ code: 'refused' });
    expect(classifyRisk(Intent.parse({ intent: 'type_text', text: '1234', element: { ordinal: 1, role: 'password_field' } })).level).toBe('blocked');
  });

  it('what a planner may say is bounded: a rank of 1 to 99, a role, a short container name', () => {
    for (const bad of [
      { ordinal: 0, role: 'button' },
      { ordinal: 100, role: 'button' },
      { ordinal: 1.5, role: 'button' },
      { ordinal: 2 },
      { ordinal: 2, role: 'spaceship' },
      { ordinal: 2, role: 'button', within: 'x'.repeat(201) },
      { ordinal: 2, role: 'button', within: 'tool\u202ebar' },
      { ordinal: 2, role: 'button', label: 'Send' },
    ])
      expect(Intent.safeParse({ intent: 'click_element', element: bad }).success, JSON.stringify(bad)).toBe(false);
  });
});

describe('gate policy: provenance', () => {
  it('a screen-influenced plan asks before moderate actions even when the user turned that off', () => {
    expect(gateDecision('moderate', { confirmModerate: false })).toBe('run');
    expect(gateDecision('moderate', { confirmModerate: false, screenInfluenced: true })).toBe('confirm');
    expect(gateDecision('harmless', { confirmModerate: false, screenInfluenced: true })).toBe('run');
  });
});
