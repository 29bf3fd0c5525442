// "Take it back": the pure undo plan, as a table (last action and what it changed → the reverse
// intent on the same pinned element, or the sentence why not), and the words that ask for it.
import { describe, expect, it } from 'vitest';
import { isTakeBackRequest, planTakeBack, type TakeBackPlan } from '../../src/agent/take-back.js';
import type { RememberedIntent } from '../../src/agent/session-memory.js';
import type { ElementChoice } from '../../src/execution/element-target.js';
import type { UndoRecord } from '../../src/execution/undo-record.js';
import { chordRecord, scrolledRecord, toggledRecord, windowRecord } from '../../src/execution/undo-record.js';
import type { AxElement, WindowState } from '../../src/execution/accessibility/types.js';
import type { Intent } from '../../src/intent/schema.js';
import { parseCommand } from '../../src/intent/grammar/grammar-planner.js';

const pin = (name: string, role: ElementChoice['role'], app = 'Fixture'): ElementChoice => ({
  query: { label: name, role, app },
  pid: 42,
  id: 7,
  role,
  name,
  description: '',
  parent: 3,
  depth: 4,
});

const remembered = (intent: Intent, undo?: UndoRecord): RememberedIntent => ({ intent, source: 'grammar', command: 'x', ...(undo ? { undo } : {}) });

const element = (role: AxElement['role'], name: string, states: AxElement['states'] = []): AxElement => ({
  id: 7,
  role,
  platformRole: role,
  name,
  description: '',
  value: null,
  bounds: null,
  states,
  actions: ['press'],
  parent: 3,
  depth: 4,
});

describe('the words', () => {
  it.each(['take it back', 'Take it back.', 'take that back', 'undo your last action', 'Undo the last action!', 'undo what you did'])(
    '“%s” asks to take back',
    (w) => {
      expect(isTakeBackRequest(w)).toBe(true);
    },
  );

  it.each(['undo', 'undo that', 'take it back to the start', 'take back', 'type take it back'])('“%s” is something else', (w) => {
    expect(isTakeBackRequest(w)).toBe(false);
  });

  it('“undo” stays Ctrl+Z to the app in the grammar', () => {
    expect(parseCommand('undo', { platform: 'linux' })).toMatchObject({ intent: { intent: 'press_key', key: 'z', modifiers: ['ctrl'] } });
  });
});

describe('the records the engine makes', () => {
  it('a check box, a switch and a toggle button are recorded with their state before; a button is not', () => {
    expect(toggledRecord(element('check_box', 'Notify me', ['checked']), { pid: 42, app: 'Fixture' })).toEqual({
      kind: 'toggled',
      element: pin('Notify me', 'check_box'),
      checkedBefore: true,
    });
    expect(toggledRecord(element('switch', 'Wi-Fi'), { pid: 42, app: 'Fixture' })).toMatchObject({ checkedBefore: false });
    expect(toggledRecord(element('toggle_button', 'Bold', ['pressed']), { pid: 42, app: 'Fixture' })).toMatchObject({ checkedBefore: true });
    expect(toggledRecord(element('button', 'Send'), { pid: 42, app: 'Fixture' })).toBeUndefined();
    expect(toggledRecord(element('radio_button', 'Large'), { pid: 42, app: 'Fixture' })).toBeUndefined();
  });

  it('only the chords that close a tab are recorded', () => {
    expect(chordRecord('ctrl+w', { pid: 9, app: 'Firefox' })).toEqual({ kind: 'chord', chord: 'ctrl+w', app: 'Firefox', pid: 9 });
    expect(chordRecord('ctrl+f4', { pid: 9, app: 'Chromium' })).toMatchObject({ chord: 'ctrl+f4' });
    expect(chordRecord('ctrl+s', { pid: 9, app: 'Firefox' })).toBeUndefined();
    expect(chordRecord('ctrl+w', undefined)).toBeUndefined();
  });

  it('a scroll over an element pins it; over a window, the app', () => {
    expect(scrolledRecord('down', 5, element('list', 'Rows'), { pid: 42, app: 'Fixture' })).toEqual({
      kind: 'scrolled',
      direction: 'down',
      steps: 5,
      app: 'Fixture',
      pid: 42,
      over: pin('Rows', 'list'),
    });
    expect(scrolledRecord('left', 3, undefined, { pid: 42, app: '' })).toEqual({ kind: 'scrolled', direction: 'left', steps: 3, app: '', pid: 42 });
  });

  it('a window command that changes the window keeps its shape before and after; switching, closing and the desktop keep none', () => {
    const shape = { frame: { x: 10, y: 20, width: 500, height: 400 }, maximized: false, fullscreen: false, minimized: false };
    const before: WindowState = { id: 0x1200007, pid: 42, title: 'Notes', active: true, ...shape };
    const after: WindowState = { ...before, frame: { x: 0, y: 0, width: 1280, height: 780 }, maximized: true };
    expect(windowRecord('maximize', before, after)).toEqual({
      kind: 'window',
      action: 'maximize',
      window: 0x1200007,
      pid: 42,
      title: 'Notes',
      before: shape,
      after: { frame: after.frame, maximized: true, fullscreen: false, minimized: false },
    });
    for (const action of ['minimize', 'restore', 'snap_left', 'snap_right', 'other_monitor', 'full_screen'] as const) {
      expect(windowRecord(action, before, after)).toMatchObject({ kind: 'window', action });
    }
    for (const action of ['close', 'switch_to', 'next_window', 'show_desktop'] as const) expect(windowRecord(action, before, after)).toBeUndefined();
    // Gone before it was read back: nothing to put back.
    expect(windowRecord('maximize', before, undefined)).toBeUndefined();
  });
});

const typed: UndoRecord = { kind: 'typed', field: pin('Message', 'text_field'), text: ' world', before: 'hello', after: 'hello world' };
const toggled: UndoRecord = { kind: 'toggled', element: pin('Notify me', 'check_box'), checkedBefore: false };
const scrolledOver: UndoRecord = { kind: 'scrolled', direction: 'down', steps: 5, over: pin('Rows', 'list'), app: 'Fixture', pid: 42 };
const scrolledWindow: UndoRecord = { kind: 'scrolled', direction: 'right', steps: 3, app: 'Fixture', pid: 42 };
const closedTab: UndoRecord = { kind: 'chord', chord: 'ctrl+w', app: 'Firefox', pid: 9 };
const closedTabMac: UndoRecord = { kind: 'chord', chord: 'cmd+w', app: 'Google Chrome', pid: 9 };
const closedInEditor: UndoRecord = { kind: 'chord', chord: 'ctrl+w', app: 'gedit', pid: 9 };
const normal = { frame: { x: 10, y: 20, width: 500, height: 400 }, maximized: false, fullscreen: false, minimized: false };
const maximised: UndoRecord = {
  kind: 'window',
  action: 'maximize',
  window: 77,
  pid: 42,
  title: 'Notes',
  before: normal,
  after: { ...normal, frame: { x: 0, y: 0, width: 1280, height: 780 }, maximized: true },
};

const CASES: ReadonlyArray<readonly [string, RememberedIntent, TakeBackPlan | RegExp]> = [
  [
    'typed text: set the field back',
    remembered({ intent: 'type_text', text: ' world' }, typed),
    { kind: 'restore', record: typed as Extract<UndoRecord, { kind: 'typed' }> },
  ],
  [
    'a window maximised: put back to its shape before',
    remembered({ intent: 'window_command', action: 'maximize', title: 'Notes' }, maximised),
    { kind: 'restore', record: maximised as Extract<UndoRecord, { kind: 'window' }> },
  ],
  [
    'a window closed: never',
    remembered({ intent: 'window_command', action: 'close', title: 'Notes' }),
    /^I cannot take back closing the window “Notes”: a closed window cannot be opened again as it was\. Open it again from its app/,
  ],
  [
    'a window switched to',
    remembered({ intent: 'window_command', action: 'switch_to', title: 'Notes' }),
    /^I cannot take back switching windows: say “switch to”/,
  ],
  ['zoomed in', remembered({ intent: 'window_command', action: 'zoom_in' }), /^I cannot take back the zoom: say “zoom out” instead\.$/],
  ['the desktop shown', remembered({ intent: 'window_command', action: 'show_desktop' }), /^I cannot take back showing the desktop: say “restore”/],
  [
    'a toggled check box: pressed again, pinned',
    remembered({ intent: 'click_element', element: { label: 'Notify me' } }, toggled),
    {
      kind: 'intent',
      intent: { intent: 'click_element', element: { label: 'Notify me', role: 'check_box', app: 'Fixture' } },
      record: toggled,
      pinned: { option: 'the same one as before' },
    },
  ],
  [
    'a scroll over an element: the other way, as far, over it',
    remembered({ intent: 'scroll', direction: 'down', amount: 5, element: { label: 'Rows' } }, scrolledOver),
    {
      kind: 'intent',
      intent: { intent: 'scroll', direction: 'up', amount: 5, element: { label: 'Rows', role: 'list', app: 'Fixture' } },
      record: scrolledOver,
      pinned: { option: 'the same one as before' },
    },
  ],
  [
    'a scroll over a window: the other way, in that app',
    remembered({ intent: 'scroll', direction: 'right' }, scrolledWindow),
    { kind: 'intent', intent: { intent: 'scroll', direction: 'left', amount: 3, app: 'Fixture' }, record: scrolledWindow },
  ],
  [
    'Ctrl+W in a browser: Ctrl+Shift+T',
    remembered({ intent: 'press_key', key: 'w', modifiers: ['ctrl'] }, closedTab),
    { kind: 'intent', intent: { intent: 'press_key', key: 't', modifiers: ['ctrl', 'shift'], app: 'Firefox' }, record: closedTab },
  ],
  [
    'Cmd+W in a browser: Cmd+Shift+T',
    remembered({ intent: 'press_key', key: 'w', modifiers: ['cmd'] }, closedTabMac),
    { kind: 'intent', intent: { intent: 'press_key', key: 't', modifiers: ['cmd', 'shift'], app: 'Google Chrome' }, record: closedTabMac },
  ],
  [
    'Ctrl+W outside a browser: refused',
    remembered({ intent: 'press_key', key: 'w', modifiers: ['ctrl'] }, closedInEditor),
    /^I cannot take back “Press Ctrl\+W”: I cannot tell what that key changed\. If the app can undo it, say “undo”\.$/,
  ],
  [
    'a key with no record',
    remembered({ intent: 'press_key', key: 'enter' }),
    /^I cannot take back “Press Enter”: I cannot tell what that key changed\. If the app can undo it, say “undo”\.$/,
  ],
  [
    'a button click',
    remembered({ intent: 'click_element', element: { label: 'Send' } }),
    /^I cannot take back “Click “Send”.*”: I cannot tell what it changed, or it cannot be reversed\./,
  ],
  ['an app opened', remembered({ intent: 'open_application', app: 'Firefox' }), /^I cannot take back .*close what it opened yourself/],
  ['a web page opened', remembered({ intent: 'open_url', url: 'https://example.com/' }), /close what it opened yourself/],
  [
    'several steps',
    remembered({
      intent: 'sequence',
      steps: [
        { intent: 'click_element', element: { label: 'A' } },
        { intent: 'type_text', text: 'b' },
      ],
    }),
    /it was several steps\. Undo them in the app/,
  ],
];

describe('the undo plan', () => {
  it.each(CASES)('%s', (_name, last, expected) => {
    const plan = planTakeBack(last);
    if (expected instanceof RegExp) {
      expect(plan.kind).toBe('refuse');
      expect(plan.kind === 'refuse' ? plan.message : '').toMatch(expected);
    } else {
      expect(plan).toEqual(expected);
    }
  });

  it('nothing done yet, and nothing left after a take-back, are said', () => {
    expect(planTakeBack(undefined)).toEqual({ kind: 'refuse', message: 'There is nothing to take back yet: I have not done anything in this session.' });
    expect(planTakeBack(undefined, true)).toMatchObject({ kind: 'refuse', message: expect.stringMatching(/^I already took back the last action/) });
  });
});
