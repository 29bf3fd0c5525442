// One press of a switch as data (src/panel/switch/switch-press.ts), and the guard for the moment the screen
// changes: a press that lands before the scan has started over on the new entries chooses nothing.
import { describe, expect, it } from 'vitest';
import { inQuestionSettle, pressSwitch } from '../../src/panel/switch/switch-press.js';
import { TOP, scanTree, treeKey } from '../../src/panel/switch/switch-scan.js';
import type { SwitchState } from '../../src/panel/switch/switch-press.js';

const idle = { busy: false, options: [], recent: ['click Increment'], quick: ['scroll down'] };
const scanning = (index: number): SwitchState => ({ scanning: true, cursor: { path: [], index }, presses: 0, lastChoice: undefined });

describe('pressSwitch', () => {
  it('select on an entry with an action chooses it and starts over at the top', () => {
    const tree = scanTree({ ...idle, confirmation: { destructive: true } });
    const step = pressSwitch(scanning(0), tree, 'select', true);
    expect(step?.chosen).toEqual({ action: { kind: 'cancel' }, label: 'Cancel' });
    expect(step?.state).toMatchObject({ cursor: TOP, presses: 0, lastChoice: { label: 'Cancel', presses: 1 } });
  });

  it('select on a group enters it; move moves; a press while resting wakes the scan and chooses nothing', () => {
    const tree = scanTree(idle);
    expect(pressSwitch(scanning(0), tree, 'select', true)).toMatchObject({ state: { cursor: { path: [0], index: 0 }, presses: 1 } });
    expect(pressSwitch(scanning(0), tree, 'move', true)).toMatchObject({ state: { cursor: { path: [], index: 1 } }, restartLoops: false });
    const resting = { ...scanning(2), scanning: false };
    expect(pressSwitch(resting, tree, 'select', true)).toEqual({ state: { ...resting, scanning: true, cursor: TOP, presses: 1 }, restartLoops: true });
  });

  it('on a cell of the mouse grid a long select press clicks there, a short one zooms in; elsewhere a long press is a press (issue #29)', () => {
    const marks = Array.from({ length: 9 }, (_, i) => ({
      id: i + 1,
      role: 'grid cell',
      label: `cell ${i + 1}`,
      x: (i % 3) * 100,
      y: Math.floor(i / 3) * 100,
      width: 100,
      height: 100,
    }));
    const tree = scanTree({ ...idle, overlay: { app: 'the screen', marks, grid: true } });
    const row = tree.findIndex((n) => n.label.startsWith('Row 2'));
    expect(row).toBeGreaterThan(0);
    // Into the row (a group: a long press enters it as a short one does), then its first cell, cell 4.
    const inRow = pressSwitch(scanning(row), tree, 'select', true, undefined, true)?.state;
    expect(inRow?.cursor).toEqual({ path: [row], index: 0 });
    if (!inRow) throw new Error('no state');
    expect(pressSwitch(inRow, tree, 'select', true)?.chosen).toEqual({ action: { kind: 'mark', id: 4 }, label: 'Cell 4' });
    const long = pressSwitch(inRow, tree, 'select', true, undefined, true);
    expect(long?.chosen).toEqual({ action: { kind: 'run', command: '4 click' }, label: 'Click cell 4' });
    expect(long?.state).toMatchObject({ cursor: TOP, presses: 0, lastChoice: { label: 'Click cell 4', presses: 2 } });
    // "Click here" has no long action; the move switch only moves.
    expect(pressSwitch(scanning(0), tree, 'select', true, undefined, true)?.chosen).toEqual({ action: { kind: 'run', command: 'click' }, label: 'Click here' });
    expect(pressSwitch(inRow, tree, 'move', true, undefined, true)?.chosen).toBeUndefined();
  });

  it('right after the screen changes, a press chooses nothing: the old place would be Confirm in a destructive question', () => {
    const before = scanTree(idle);
    // The highlight was on the second entry (Quick commands) when the destructive question arrived.
    const cursor = scanning(1);
    const question = scanTree({ ...idle, confirmation: { destructive: true } });
    expect(treeKey(question)).not.toBe(treeKey(before));
    // Unguarded, the same place in the new entries is Confirm: this is what the guard prevents.
    expect(pressSwitch(cursor, question, 'select', true)?.chosen).toEqual({ action: { kind: 'confirm' }, label: 'Confirm' });
    expect(pressSwitch(cursor, question, 'select', false)).toBeUndefined();
    expect(pressSwitch(cursor, question, 'move', false)).toBeUndefined();
  });

  it('a press acts on the entry it went down on: begun on Cancel, released once the highlight is on Confirm, it cancels (issue #27)', () => {
    const question = scanTree({ ...idle, confirmation: { destructive: true } });
    const start = { cursor: { path: [], index: 0 }, key: treeKey(question), scanned: true };
    expect(pressSwitch(scanning(1), question, 'select', true, start)?.chosen).toEqual({ action: { kind: 'cancel' }, label: 'Cancel' });
    // Without the start it would be Confirm: what the binding prevents.
    expect(pressSwitch(scanning(1), question, 'select', true)?.chosen).toEqual({ action: { kind: 'confirm' }, label: 'Confirm' });
  });

  it('a press that spans a change of the screen chooses nothing: meant for Stop, it never confirms the question that arrived mid-press', () => {
    const running = scanTree({ ...idle, busy: true });
    const start = { cursor: { path: [], index: 0 }, key: treeKey(running), scanned: true };
    const question = scanTree({ ...idle, busy: true, confirmation: { destructive: false } });
    expect(pressSwitch(scanning(0), question, 'select', true)?.chosen?.label).toBe('Confirm');
    expect(pressSwitch(scanning(0), question, 'select', true, start)).toBeUndefined();
    // Begun before the scan had started over on its screen: nothing either.
    expect(pressSwitch(scanning(0), question, 'select', true, { ...start, key: treeKey(question), scanned: false })).toBeUndefined();
  });

  it('no entries: nothing to press', () => {
    expect(pressSwitch(scanning(0), [], 'select', true)).toBeUndefined();
  });
});

describe('inQuestionSettle (issue #27)', () => {
  const shown = { key: 'confirmation 7', at: 10_000 };
  it('a press that went down within the settling time after a question appeared, or before it, does nothing; after it, it counts', () => {
    expect(inQuestionSettle(10_000, shown, 1000)).toBe(true);
    expect(inQuestionSettle(10_999, shown, 1000)).toBe(true);
    expect(inQuestionSettle(9_000, shown, 1000)).toBe(true);
    expect(inQuestionSettle(11_000, shown, 1000)).toBe(false);
  });
  it('with no question shown nothing is held back; a settling time of 0 holds back only a press from before the question', () => {
    expect(inQuestionSettle(10_000, { key: undefined, at: 10_000 }, 1000)).toBe(false);
    expect(inQuestionSettle(10_000, shown, 0)).toBe(false);
    expect(inQuestionSettle(9_999, shown, 0)).toBe(true);
  });
});
