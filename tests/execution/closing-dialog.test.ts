// What an app asks before a window with unsaved work closes (src/execution/closing-dialog.ts), on the
// scripted desktop: the dialog read back with what it says and its named buttons, then the app's
// observation; the dialog still named when it cannot be read; and none of its buttons pressed.
import { describe, expect, it } from 'vitest';
import type { AxElement, WindowState } from '../../src/execution/accessibility/types.js';
import { closingQuestion } from '../../src/execution/closing-dialog.js';
import { el } from './element-fixtures.js';
import { fakeDesktop } from './fake-desktop.js';

const PID = 55;
const WINDOW: WindowState = {
  id: 9,
  pid: PID,
  title: '*notes.txt - gedit',
  frame: { x: 0, y: 0, width: 800, height: 600 },
  maximized: false,
  fullscreen: false,
  minimized: false,
  active: true,
};
const ASKING: WindowState = { ...WINDOW, id: 10, title: 'Question' };
const named = (w: WindowState): string => `The window “${w.title}”`;

const DIALOG: AxElement[] = [
  el(1, 'dialog', 'Question'),
  el(2, 'text', 'Save changes to document “notes.txt” before closing?', { parent: 1, depth: 2 }),
  el(3, 'button', 'Close without Saving', { parent: 1, depth: 2 }),
  el(4, 'button', 'Cancel', { parent: 1, depth: 2 }),
  el(5, 'button', 'Save', { parent: 1, depth: 2 }),
  el(6, 'button', '', { parent: 1, depth: 2 }),
  el(7, 'button', 'Outside', { parent: 0, depth: 1 }),
];

function desktop(elements: AxElement[]) {
  return fakeDesktop({ front: PID, apps: [{ pid: PID, name: 'gedit', elements }] });
}

describe('closingQuestion', () => {
  it('reads the dialog back: what it says, its named buttons, then the app’s observation', async () => {
    const d = desktop(DIALOG);
    const result = await closingQuestion(d.parts, WINDOW, ASKING, named);
    expect(result.kind).toBe('observation');
    const text = 'text' in result ? result.text : '';
    const [sentence] = text.split('\n');
    expect(sentence).toBe(
      'The window “*notes.txt - gedit” asks before closing: “Question Save changes to document “notes.txt” before closing?” Its buttons: “Close without Saving”, “Cancel”, “Save”. Say “click” and a button’s name; nothing in it was pressed.',
    );
    expect(text.split('\n').length).toBeGreaterThan(1);
    expect(d.clicks).toEqual([]);
  });

  it('names the dialog by its title when the app shows none in its tree', async () => {
    const d = desktop([el(7, 'button', 'Outside')]);
    expect(await closingQuestion(d.parts, WINDOW, ASKING, named)).toMatchObject({
      kind: 'success',
      message:
        'The window “*notes.txt - gedit” asks “Question” before closing: answer it by its buttons (“click” and a button’s name); nothing in it was pressed.',
    });
  });

  it('says "a question" when the asking window has no title either', async () => {
    const d = desktop([]);
    const result = await closingQuestion(d.parts, WINDOW, { ...ASKING, title: '' }, named);
    expect(result).toMatchObject({ kind: 'success' });
    expect('message' in result ? result.message : '').toContain('asks “a question” before closing');
  });
});
