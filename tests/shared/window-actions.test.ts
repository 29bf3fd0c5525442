// The window actions (src/shared/window-actions.ts): each action has its words, and a title marks
// unsaved work with "*" or "●" at either end of the document's part, as a table.
import { describe, expect, it } from 'vitest';
import { titleMarksUnsaved, WINDOW_ACTION_WORDS, WINDOW_ACTIONS } from '../../src/shared/window-actions.js';
import { itGives } from '../support/tables.js';

describe('window actions', () => {
  it('has words for each action, and for no other', () => {
    expect(Object.keys(WINDOW_ACTION_WORDS).sort()).toEqual([...WINDOW_ACTIONS].sort());
    expect(new Set(WINDOW_ACTIONS).size).toBe(WINDOW_ACTIONS.length);
    expect(Object.values(WINDOW_ACTION_WORDS).filter((w) => w.trim() === '' || w !== w.toLowerCase())).toEqual([]);
  });

  itGives('%s marks unsaved work: %s', titleMarksUnsaved, [
    ['*notes.txt - gedit', true],
    ['notes.txt* - Mousepad', true],
    ['● main.ts — Code', true],
    ['main.ts ● – Code', true],
    ['Untitled Document 1 - gedit', false],
    ['notes.txt - gedit', false],
    ['a*b.txt - gedit', false],
    ['Inbox (3) — Mail', false],
    ['', false],
  ]);
});
