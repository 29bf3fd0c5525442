// Paging and scrolling to an end (issue #32 item 4), the phrasings of Voice Control, Voice Access,
// Dragon and Talon through the whole grammar planner: a page is the Page Down / Page Up key, the top
// and the bottom the platform's key; other amounts and places stay refused.
import { describe, expect, it } from 'vitest';
import { parseCommand, type GrammarOptions } from '../../src/intent/grammar/grammar-planner.js';
import type { Intent, Step } from '../../src/intent/schema.js';

const NO = null;
type Row = readonly [command: string, platform: GrammarOptions['platform'], expected: Intent | null];
const key = (k: string, ...modifiers: ('ctrl' | 'cmd')[]): Step =>
  modifiers.length > 0 ? { intent: 'press_key', key: k, modifiers } : { intent: 'press_key', key: k };

const ROWS: Row[] = [
  ['page down', undefined, key('page_down')],
  ['Page up.', undefined, key('page_up')],
  ['please page down', undefined, key('page_down')],
  ['scroll down a page', undefined, key('page_down')],
  ['scroll down one page', undefined, key('page_down')],
  ['scroll up by a page', undefined, key('page_up')],
  ['scroll a page up', undefined, key('page_up')],
  ['scroll page down', undefined, key('page_down')],
  ['go down a page', undefined, key('page_down')],
  ['go up one page', undefined, key('page_up')],
  ['page down then page down', undefined, { intent: 'sequence', steps: [key('page_down'), key('page_down')] }],
  ['scroll to the top', 'linux', key('home', 'ctrl')],
  ['scroll to bottom', 'linux', key('end', 'ctrl')],
  ['go to the top', 'windows', key('home', 'ctrl')],
  ['scroll all the way down', 'linux', key('end', 'ctrl')],
  ['scroll to the end', 'linux', key('end', 'ctrl')],
  ['scroll to the top', 'macos', key('home')],
  ['go to the bottom', 'macos', key('end')],
  // the platform decides the key: without it, no guess
  ['scroll to the top', undefined, NO],
  ['go to the bottom', undefined, NO],
  // other amounts and places are not pages
  ['scroll down 2 pages', 'linux', NO],
  ['scroll down a screen', 'linux', NO],
  ['scroll to the middle', 'linux', NO],
  ['page', 'linux', NO],
  ['page down 3', 'linux', NO],
  ['go to the top of the list', 'linux', NO],
  ['next page', 'linux', NO],
  ['"page down"', 'linux', NO],
  // everything else about scrolling keeps its reading
  ['scroll down', 'linux', { intent: 'scroll', direction: 'down' }],
  ['scroll up 3', 'linux', { intent: 'scroll', direction: 'up', amount: 3 }],
];

describe('paging and the ends of a page, through the grammar planner', () => {
  it.each(ROWS)('%s (%s)', (command, platform, expected) => {
    const result = parseCommand(command, platform === undefined ? {} : { platform });
    if (expected === null) {
      expect(result.kind, JSON.stringify(result)).toBe('no_match');
    } else {
      expect(result).toEqual({ kind: 'intent', intent: expected });
    }
  });
});
