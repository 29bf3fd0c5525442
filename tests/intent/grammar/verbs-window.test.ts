import { describe, expect, it } from 'vitest';
import { parseCommand } from '../../../src/intent/grammar/grammar-planner.js';
import { same } from '../../support/tables.js';

const POSITIVE: ReadonlyArray<readonly [text: string, action: string, title?: string]> = [
  ...same('maximize', 'maximize', 'maximise the window'),
  ['maximize window Budget', 'maximize', 'Budget'],
  ['minimise gedit', 'minimize', 'gedit'],
  ['minimize the Budget window', 'minimize', 'Budget'],
  ...same('restore', 'restore', 'restore this window', 'unmaximize the window', 'exit full screen'),
  ...same('full_screen', 'full screen', 'go full screen', 'toggle fullscreen'),
  ['snap left', 'snap_left'],
  ['snap the window to the right half', 'snap_right'],
  ['snap gedit left', 'snap_left', 'gedit'],
  ['tile right', 'snap_right'],
  ['move the window to the left half', 'snap_left'],
  ...same('other_monitor', 'move the window to the other monitor', 'move it to the next screen'),
  ...same('next_window', 'next window', 'switch windows', 'switch to the next window'),
  ['switch to the window Budget', 'switch_to', 'Budget'],
  ['switch to window "notes.txt - gedit"', 'switch_to', 'notes.txt - gedit'],
  ['focus the Budget window', 'switch_to', 'Budget'],
  ...same('show_desktop', 'show the desktop', 'show me the desktop', 'go to desktop'),
  ...same('close', 'close the window', 'close this window'),
  ['close the window Budget', 'close', 'Budget'],
  ['zoom in', 'zoom_in'],
  ['zoom out please', 'zoom_out'],
];

describe('window commands in the offline grammar', () => {
  it.each(POSITIVE.map(([text, action, title]) => ({ text, action, title })))('$text → $action', ({ text, action, title }) => {
    const r = parseCommand(text);
    expect(r).toEqual({ kind: 'intent', intent: { intent: 'window_command', action, ...(title === undefined ? {} : { title }) } });
  });

  // Words that could mean something else stay with what they meant, or go to a planner that can look.
  it.each([
    ['switch to Firefox', 'open_application'],
    ['close tab', 'press_key'],
    ['go to cell B3', 'go_to_cell'],
  ])('%s stays %s', (text, intent) => {
    const r = parseCommand(text);
    expect(r.kind === 'intent' && r.intent.intent).toBe(intent);
  });

  it.each([
    'close gedit',
    'close',
    'restore the file',
    'maximize the budget',
    'minimise all windows',
    'move the mouse to the left',
    'move the window left',
    'go to window',
    'zoom in on the map',
    'show desktop icons',
    'next window please now',
    'snap',
  ])('%s is no window command', (text) => {
    const r = parseCommand(text);
    expect(r.kind === 'intent' && r.intent.intent === 'window_command').toBe(false);
  });
});
