import { describe, expect, it } from 'vitest';
import { normalizeLabel, resolveByLabel, roleMatches } from '../../src/execution/element-resolution.js';
import { DISABLED, HIDDEN, el, snapshot } from './element-fixtures.js';

const resolve = (elements: Parameters<typeof snapshot>[0], label: string, role?: Parameters<typeof roleMatches>[0]) =>
  resolveByLabel(snapshot(elements).elements, role ? { label, role } : { label });

function foundId(r: ReturnType<typeof resolveByLabel>): number | undefined {
  return r.kind === 'found' ? r.element.id : undefined;
}

describe('element resolution by label', () => {
  it('ranks exact over case-insensitive over prefix over contains', () => {
    const els = [el(1, 'button', 'Send later'), el(2, 'button', 'Resend'), el(3, 'button', 'SEND'), el(4, 'button', 'Send')];
    expect(foundId(resolve(els, 'Send'))).toBe(4);
    expect(foundId(resolve(els.slice(0, 3), 'Send'))).toBe(3);
    expect(foundId(resolve(els.slice(0, 2), 'Send'))).toBe(1);
    expect(foundId(resolve(els.slice(1, 2), 'Send'))).toBe(2);
  });

  it('puts visible and enabled elements before a better match that cannot be used', () => {
    const els = [el(1, 'button', 'Save', { states: HIDDEN }), el(2, 'button', 'Save As…')];
    expect(foundId(resolve(els, 'Save'))).toBe(2);
    const disabled = [el(1, 'button', 'Save', { states: DISABLED }), el(2, 'button', 'Save all')];
    expect(foundId(resolve(disabled, 'Save'))).toBe(2);
  });

  it('still finds a disabled element when it is the only one (execution then says it is disabled)', () => {
    expect(foundId(resolve([el(1, 'button', 'Save', { states: DISABLED })], 'Save'))).toBe(1);
  });

  it('ignores trailing ellipses and colons, case and spacing', () => {
    expect(normalizeLabel('  Save  As… ')).toBe('save as');
    expect(normalizeLabel('Name:')).toBe('name');
    expect(foundId(resolve([el(1, 'menu_item', 'Save As...')], 'save as'))).toBe(1);
  });

  it('filters by role, with role families (a search field is a field)', () => {
    const els = [el(1, 'text', 'Search'), el(2, 'search_field', 'Search')];
    expect(foundId(resolve(els, 'Search', 'text_field'))).toBe(2);
    const toggles = [el(1, 'toggle_button', 'Bold'), el(2, 'menu_item', 'Bold')];
    expect(foundId(resolve(toggles, 'Bold', 'button'))).toBe(1);
  });

  it('takes an exact name of another role when nothing of the named role matches', () => {
    expect(foundId(resolve([el(1, 'link', 'Send')], 'Send', 'button'))).toBe(1);
    expect(resolve([el(1, 'link', 'Send it now')], 'Send', 'button').kind).toBe('not_found');
  });

  it('treats a button and the label inside it as one element', () => {
    const els = [el(1, 'button', 'OK'), el(2, 'text', 'OK', { parent: 1, depth: 2 })];
    expect(foundId(resolve(els, 'OK'))).toBe(1);
  });

  it('prefers an actionable element over static text of the same name', () => {
    const els = [el(1, 'text', 'Increment'), el(2, 'button', 'Increment')];
    expect(foundId(resolve(els, 'Increment'))).toBe(2);
  });

  it('matches the description when the name does not', () => {
    const els = [el(1, 'button', '', { description: 'Close window' })];
    expect(foundId(resolve(els, 'Close window'))).toBe(1);
  });

  it('asks which one when several elements share the best rank, never guessing', () => {
    const els = [
      el(1, 'dialog', 'Preferences', { actions: [] }),
      el(2, 'button', 'OK', { parent: 1, depth: 2 }),
      el(3, 'dialog', 'Print', { actions: [] }),
      el(4, 'button', 'OK', { parent: 3, depth: 2 }),
      el(5, 'button', 'OK'),
    ];
    const r = resolve(els, 'OK');
    expect(r.kind).toBe('ambiguous');
    if (r.kind !== 'ambiguous') return;
    expect(r.question).toBe('There are 3 buttons named “OK” — which one?');
    expect(r.options).toEqual(['“OK” in “Preferences”', '“OK” in “Print”', '“OK” in “Fixture window”']);
    expect(r.candidates.map((c) => c.id)).toEqual([2, 4, 5]);
  });

  it('keeps options distinct, short and at most six', () => {
    const els = Array.from({ length: 9 }, (_, i) => el(i + 1, 'check_box', 'Enable', { parent: null, bounds: { x: 5, y: 5, width: 10, height: 10 } }));
    const r = resolve(els, 'Enable');
    expect(r.kind).toBe('ambiguous');
    if (r.kind !== 'ambiguous') return;
    expect(r.question).toContain('There are 9 check boxes');
    expect(r.options).toHaveLength(6);
    expect(new Set(r.options).size).toBe(6);
    for (const o of r.options) expect(o.length).toBeLessThanOrEqual(60);
  });

  it('says plainly when nothing matches', () => {
    expect(resolve([el(1, 'button', 'Cancel')], 'Send', 'button')).toEqual({
      kind: 'not_found',
      message: 'There is no button named “Send” on screen.',
    });
  });

  it('survives a parent cycle in a broken tree', () => {
    const els = [el(1, 'button', 'A', { parent: 2 }), el(2, 'button', 'A', { parent: 1 })];
    expect(() => resolve(els, 'A')).not.toThrow();
  });
});
