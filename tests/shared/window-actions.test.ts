// The window actions (src/shared/window-actions.ts): each action has its words, and a title marks
// unsaved work with "*" or "●" at either end of the document's part, as a table.
import { describe, expect, it } from 'vitest';
import { titleMarksUnsaved, WINDOW_ACTION_WORDS, WINDOW_ACTIONS } from '../../src/shared/window-actions.js';
import { itGives, same } from '../support/tables.js';

describe('window actions', () => {
  it('has words for each action, and for no other', () => {
    expect(Object.keys(WINDOW_ACTION_WORDS).sort()).toEqual([...WINDOW_ACTIONS].sort());
    expect(new Set(WINDOW_ACTIONS).size).toBe(WINDOW_ACTIONS.length);
    expect(Object.values(WINDOW_ACTION_WORDS).filter((w) => w.trim() === '' || w !== w.toLowerCase())).toEqual([]);
  });

  itGives('%s marks unsaved work: %s', titleMarksUnsaved, [
    ...same(true, '*notes.txt - gedit', 'notes.txt* - Mousepad', '● main.ts — Code', 'main.ts ● – Code'),
    ...same(false, 'Untitled Document 1 - gedit', 'notes.txt - gedit', 'a*b.txt - gedit', 'Inbox (3) — Mail', ''),
  ]);
});
