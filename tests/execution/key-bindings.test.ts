// Key bindings as AT-SPI declares them (GTK accelerator names), read into the planner's chords.
import { describe, expect, it } from 'vitest';
import { chordOfBinding, chordsOf, elementsBoundTo } from '../../src/execution/key-bindings.js';
import { el } from './element-fixtures.js';

describe('key bindings', () => {
  it('reads GTK accelerator names', () => {
    expect(chordOfBinding('<Alt>d')).toEqual({ key: 'd', modifiers: ['alt'] });
    expect(chordOfBinding('<Primary><Shift>n')).toEqual({ key: 'n', modifiers: ['ctrl', 'shift'] });
    expect(chordOfBinding('<Control>Return')).toEqual({ key: 'enter', modifiers: ['ctrl'] });
    expect(chordOfBinding('Delete')).toEqual({ key: 'delete', modifiers: [] });
    expect(chordOfBinding('<Hyper>x')).toBeUndefined();
    expect(chordOfBinding('')).toBeUndefined();
  });

  it('a menu item answers to its accelerator; its bare mnemonic only while its menu is open; a path opens menus', () => {
    const closed = el(1, 'menu_item', 'Remove all parcels', { keys: ['r;<Alt>p:r;<Primary>r'], states: ['enabled', 'visible'] });
    expect(chordsOf(closed)).toEqual(['ctrl+r']);
    const open = { ...closed, states: ['enabled', 'visible', 'showing'] as const };
    expect(chordsOf(open)).toEqual(['r', 'ctrl+r']);
  });

  it('finds the elements a chord presses, cmd as Ctrl off a Mac', () => {
    const els = [
      el(1, 'button', 'Discard all parcels', { keys: ['<Alt>d'] }),
      el(2, 'menu_item', 'Remove all', { keys: [';;<Primary>r'] }),
      el(3, 'button', 'OK'),
    ];
    expect(elementsBoundTo(els, 'd', ['alt'], false).map((e) => e.id)).toEqual([1]);
    expect(elementsBoundTo(els, 'r', ['cmd'], true).map((e) => e.id)).toEqual([2]);
    expect(elementsBoundTo(els, 'r', ['cmd'], false)).toEqual([]);
    expect(elementsBoundTo(els, 'd', ['ctrl'], false)).toEqual([]);
  });
});
