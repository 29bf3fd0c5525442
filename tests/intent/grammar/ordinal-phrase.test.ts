// An element by its rank (src/intent/grammar/ordinal-phrase.ts), as a table: what each phrase reads
// as, the phrases it leaves to the label reader (null), and the ones it refuses with a reason.
import { describe, expect, it } from 'vitest';
import { readOrdinalElement, type OrdinalRef } from '../../../src/intent/grammar/ordinal-phrase.js';
import { tokenize, type Token } from '../../../src/intent/grammar/tokens.js';

function tokens(text: string): Token[] {
  const t = tokenize(text);
  if (!t.ok) throw new Error(t.reason);
  return t.tokens;
}

describe('readOrdinalElement', () => {
  it.each<[string, OrdinalRef]>([
    ['the third button', { ordinal: 3, role: 'button' }],
    ['third button', { ordinal: 3, role: 'button' }],
    ['the 21st link', { ordinal: 21, role: 'link' }],
    ['the last tab', { ordinal: 1, role: 'tab', fromEnd: true }],
    ['the second to last button', { ordinal: 2, role: 'button', fromEnd: true }],
    ['the second last button', { ordinal: 2, role: 'button', fromEnd: true }],
    ['the second unnamed button', { ordinal: 2, role: 'button', unnamed: true }],
    ['the 2nd check box in the dialog "Print"', { ordinal: 2, role: 'check_box', within: 'dialog Print' }],
    ['the third button in the toolbar', { ordinal: 3, role: 'button', within: 'toolbar' }],
    ['the first link on Main Menu', { ordinal: 1, role: 'link', within: 'Main Menu' }],
  ])('reads "%s"', (text, ref) => {
    expect(readOrdinalElement(tokens(text))).toEqual({ ok: true, value: ref });
  });

  // A label that begins with a rank word, or no rank at all: read as a label, not here.
  it.each(['first name', 'the last step', 'Send', 'the button', '"third" button', 'the 3 button'])('leaves "%s" to the label reader', (text) => {
    expect(readOrdinalElement(tokens(text))).toBeNull();
  });

  it.each([
    ['the 100th button', 'a rank must be 1st to 99th'],
    ['the third button over there', 'cannot tell what follows "over"'],
    ['the third button in', 'in what?'],
    ['the third button in the', 'in what?'],
    [`the third button in ${'x'.repeat(201)}`, 'longer than 200 characters'],
  ])('refuses "%s"', (text, reason) => {
    const read = readOrdinalElement(tokens(text));
    expect(read?.ok).toBe(false);
    expect(read && !read.ok ? read.reason : '').toContain(reason);
  });
});
