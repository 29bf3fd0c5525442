// What an action changed, as the engine records it for "take it back" (src/execution/undo-record.ts),
// as tables: which window commands, chords, presses and wheel turns get a record, and what it holds.
import { describe, expect, it } from 'vitest';
import type { WindowState } from '../../src/execution/accessibility/types.js';
import { chordRecord, isChecked, pinElement, scrolledRecord, toggledRecord, windowRecord } from '../../src/execution/undo-record.js';
import type { WindowAction } from '../../src/shared/window-actions.js';
import { el } from './element-fixtures.js';

const APP = { pid: 42, app: 'Firefox' };
const BEFORE: WindowState = {
  id: 0x1200007,
  pid: 42,
  title: 'Notes',
  active: true,
  frame: { x: 100, y: 80, width: 640, height: 480 },
  maximized: false,
  fullscreen: false,
  minimized: false,
};
const AFTER: WindowState = { ...BEFORE, frame: { x: 0, y: 0, width: 1280, height: 780 }, maximized: true, active: false, title: 'Notes (2)' };

describe('windowRecord', () => {
  it.each<[WindowAction, boolean]>([
    ['maximize', true],
    ['minimize', true],
    ['restore', true],
    ['snap_left', true],
    ['snap_right', true],
    ['other_monitor', true],
    ['full_screen', true],
    ['close', false],
    ['next_window', false],
    ['switch_to', false],
    ['show_desktop', false],
    ['zoom_in', false],
  ])('%s gets a record: %s', (action, recorded) => {
    expect(windowRecord(action, BEFORE, AFTER) !== undefined).toBe(recorded);
  });

  it('holds the window, its title before and both shapes, without the focus', () => {
    expect(windowRecord('maximize', BEFORE, AFTER)).toEqual({
      kind: 'window',
      action: 'maximize',
      window: 0x1200007,
      pid: 42,
      title: 'Notes',
      before: { frame: BEFORE.frame, maximized: false, fullscreen: false, minimized: false },
      after: { frame: AFTER.frame, maximized: true, fullscreen: false, minimized: false },
    });
  });

  it('gives none when the window could not be read back', () => {
    expect(windowRecord('maximize', BEFORE, undefined)).toBeUndefined();
  });
});

describe('chordRecord', () => {
  it.each([
    ['ctrl+w', true],
    ['ctrl+f4', true],
    ['cmd+w', true],
    ['ctrl+shift+w', false],
    ['ctrl+q', false],
    ['alt+f4', false],
  ])('%s gets a record: %s', (chord, recorded) => {
    expect(chordRecord(chord, APP)).toEqual(recorded ? { kind: 'chord', chord, app: 'Firefox', pid: 42 } : undefined);
  });

  it('gives none when the app is not known', () => {
    expect(chordRecord('ctrl+w', undefined)).toBeUndefined();
  });
});

describe('toggledRecord and isChecked', () => {
  it.each([
    [el(3, 'check_box', 'Bold', { states: ['showing', 'checked'] }), true],
    [el(3, 'switch', 'Wi-Fi', { states: ['showing'] }), false],
    [el(3, 'toggle_button', 'Mute', { states: ['showing', 'pressed'] }), true],
  ])('records %o as checked before: %s', (element, checked) => {
    expect(isChecked(element)).toBe(checked);
    expect(toggledRecord(element, APP)).toEqual({ kind: 'toggled', element: pinElement(element, APP), checkedBefore: checked });
  });

  it.each(['button', 'radio_button', 'text_field', 'link'] as const)('gives no record for a %s', (role) => {
    expect(toggledRecord(el(3, role, 'X'), APP)).toBeUndefined();
  });
});

describe('pinElement', () => {
  it('pins the element by its place in the tree, and queries it by label, role and app', () => {
    const element = el(9, 'check_box', 'Bold', { description: 'Make it bold', parent: 4, depth: 3 });
    expect(pinElement(element, APP)).toEqual({
      query: { label: 'Bold', role: 'check_box', app: 'Firefox' },
      pid: 42,
      id: 9,
      role: 'check_box',
      name: 'Bold',
      description: 'Make it bold',
      parent: 4,
      depth: 3,
    });
    expect(pinElement(element, { pid: 42, app: '' }).query).toEqual({ label: 'Bold', role: 'check_box' });
  });
});

describe('scrolledRecord', () => {
  it('records the wheel over an element, pinned, or over the app’s window, and nothing without an app', () => {
    const list = el(5, 'list', 'Messages');
    expect(scrolledRecord('down', 3, list, APP)).toEqual({
      kind: 'scrolled',
      direction: 'down',
      steps: 3,
      app: 'Firefox',
      pid: 42,
      over: pinElement(list, APP),
    });
    expect(scrolledRecord('left', 1, undefined, APP)).toEqual({ kind: 'scrolled', direction: 'left', steps: 1, app: 'Firefox', pid: 42 });
    expect(scrolledRecord('up', 2, list, undefined)).toBeUndefined();
  });
});
