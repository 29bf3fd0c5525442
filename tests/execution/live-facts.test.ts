// The live facts the gate reads from the tree an element was found in: the dialog it answers, the
// window's default buttons, the list it is an item of.
import { describe, expect, it } from 'vitest';
import { liveFacts } from '../../src/execution/live-facts.js';
import { TerminalLines } from '../../src/execution/engine-parts.js';
import { el, snapshot } from './element-fixtures.js';

const none = () => false;

describe('live facts from the tree', () => {
  const alert = el(1, 'alert', 'Question', { parent: 0 });
  const group = el(2, 'group', '', { parent: 1 });
  const question = el(3, 'text', 'Delete all parcels?', { parent: 2 });
  const ok = el(4, 'button', 'OK', { parent: 2, states: ['enabled', 'showing', 'default'] });
  const cancel = el(5, 'button', 'Cancel', { parent: 2 });
  const outside = el(6, 'text', 'Erase everything', { parent: 0 });
  const tree = snapshot([alert, group, question, ok, cancel, outside]);

  it('a button in a dialog carries the dialog’s texts, not its buttons’ names nor texts outside it', () => {
    const f = liveFacts(ok, tree, new TerminalLines(), none);
    expect(f?.dialogText).toBe('Question Delete all parcels?');
  });

  it('a field carries the window’s default buttons with their dialog', () => {
    const entry = el(7, 'text_field', 'Code', { parent: 2 });
    const f = liveFacts(entry, snapshot([alert, group, question, ok, entry]), new TerminalLines(), none);
    expect(f?.singleLine).toBe(true);
    expect(f?.defaultButtons).toEqual([expect.objectContaining({ name: 'OK', dialogText: 'Question Delete all parcels?' })]);
  });

  it('a control with no name and no description is described by its icon’s name (issue #29 item 3); a named one, or one without a tree, is not', () => {
    const bare = el(20, 'button', '', { parent: 0 });
    const icon = el(21, 'image', 'edit-delete', { parent: 20 });
    expect(liveFacts(bare, snapshot([bare, icon]), new TerminalLines(), none)?.description).toBe('edit-delete');
    expect(liveFacts(bare, { pid: 1, app: 'Fixture' }, new TerminalLines(), none)?.description).toBe('');
    const named = { ...bare, name: 'Remove' };
    expect(liveFacts(named, snapshot([named, icon]), new TerminalLines(), none)?.description).toBe('');
    const tooltip = { ...bare, description: 'Throw away' };
    expect(liveFacts(tooltip, snapshot([tooltip, icon]), new TerminalLines(), none)?.description).toBe('Throw away');
  });

  it('an item of a list carries the list’s name; without a tree nothing is guessed', () => {
    const list = el(8, 'list', 'Parcels', { parent: 0 });
    const item = el(9, 'list_item', 'Parcel 2', { parent: 8 });
    expect(liveFacts(item, snapshot([list, item]), new TerminalLines(), none)?.itemOf).toBe('Parcels');
    expect(liveFacts(item, { pid: 1, app: 'Fixture' }, new TerminalLines(), none)?.itemOf).toBeUndefined();
  });

  it('a control of an app that shows a terminal says so (its “Paste” pastes there); a terminal app says so by its name', () => {
    const paste = el(10, 'menu_item', 'Paste', { parent: 0 });
    const term = el(11, 'terminal', 'Terminal', { parent: 0 });
    expect(liveFacts(paste, snapshot([paste, term]), new TerminalLines(), none)?.besideTerminal).toBe(true);
    expect(liveFacts(paste, snapshot([paste]), new TerminalLines(), none)?.besideTerminal).toBeUndefined();
    expect(liveFacts(paste, { pid: 1, app: 'gnome-terminal-server' }, new TerminalLines(), none)?.besideTerminal).toBe(true);
    expect(liveFacts(term, snapshot([paste, term]), new TerminalLines(), none)?.besideTerminal).toBeUndefined();
  });
});
