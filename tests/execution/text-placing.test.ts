// The caret and selection put through the platform's text interface (src/execution/text-placing.ts):
// code points as UTF-16 indices, as a table; and on the scripted desktop, with a bridge that takes a
// selection, the field checked first (the same field, its text as read, never a secure one), the
// offsets given in code points, and keys used instead where the bridge takes none.
import { describe, expect, it } from 'vitest';
import type { ElementRef, TextSelection } from '../../src/execution/accessibility/types.js';
import { placeInFocusedText, selectionInUtf16, type PlacedIn } from '../../src/execution/text-placing.js';
import { fakeDesktop, field } from './fake-desktop.js';

const PID = 77;
const TEXT = 'a😀b 😀c';

describe('selectionInUtf16', () => {
  it.each([
    ['plain text', 'hello', { caret: 2, start: 1, end: 3 }, { caret: 2, start: 1, end: 3 }],
    ['after an emoji', TEXT, { caret: 2, start: 2, end: 2 }, { caret: 3, start: 3, end: 3 }],
    ['over both emoji', TEXT, { caret: 6, start: 1, end: 5 }, { caret: 8, start: 1, end: 7 }],
    ['past the end', 'abc', { caret: 9, start: -1, end: 9 }, { caret: 3, start: 0, end: 3 }],
  ])('%s', (_what, value, read, utf16) => {
    expect(selectionInUtf16(value, read)).toEqual(utf16);
  });
});

function desktop(value = TEXT, extra = {}) {
  const d = fakeDesktop({ front: PID, apps: [{ pid: PID, name: 'Notes', elements: [field(1, 'Body', value, extra)], focus: 1 }] });
  const asked: [number, number][] = [];
  const bridge = {
    ...d.parts.bridge,
    setTextSelection: async (_ref: ElementRef, start: number, end: number): Promise<TextSelection> => {
      asked.push([start, end]);
      return { caret: end, start, end };
    },
  };
  return { parts: { ...d.parts, bridge }, asked, d };
}

const BODY: PlacedIn = { role: 'text_field', name: 'Body', value: TEXT };

describe('placeInFocusedText', () => {
  it('selects in code points and reads the selection back in UTF-16 indices', async () => {
    const { parts, asked } = desktop();
    expect(await placeInFocusedText(parts, BODY, 3, 7)).toEqual({ ok: true, value: { caret: 7, start: 3, end: 7 } });
    expect(asked).toEqual([[2, 5]]);
  });

  it('leaves the caret to keys when the bridge takes no selection', async () => {
    const d = fakeDesktop({ front: PID, apps: [{ pid: PID, name: 'Notes', elements: [field(1, 'Body', TEXT)], focus: 1 }] });
    expect(await placeInFocusedText(d.parts, BODY, 0, 0)).toEqual({ ok: true, value: undefined });
  });

  it.each<[string, PlacedIn, string]>([
    ['another field', { ...BODY, name: 'Subject' }, 'interrupted'],
    ['text changed since it was read', { ...BODY, value: 'other' }, 'mismatch'],
  ])('stops at %s, selecting nothing', async (_what, placed, code) => {
    const { parts, asked } = desktop();
    const r = await placeInFocusedText(parts, placed, 0, 1);
    expect(r.ok ? undefined : r.result).toMatchObject({ kind: 'failure', code });
    expect(asked).toEqual([]);
  });

  it('refuses a password field, selecting nothing', async () => {
    const { parts, asked } = desktop(TEXT, { role: 'password_field' });
    const r = await placeInFocusedText(parts, { ...BODY, role: 'password_field' }, 0, 1);
    expect(r.ok ? undefined : r.result).toMatchObject({ kind: 'failure', code: 'refused' });
    expect(asked).toEqual([]);
  });
});
