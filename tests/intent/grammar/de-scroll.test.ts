// German scrolling and paging (issue #32 item 6): "ein bisschen", "weiter", "noch ein bisschen",
// a page and an end by every verb of scrolling; and the words English spells the same ("scroll"):
// a command German does not read is read in English, whose reading counts only when whole.
import { describe, expect, it } from 'vitest';
import { parseCommand, VERB_PHRASES } from '../../../src/intent/grammar/grammar-planner.js';
import { DE_SAME_IN_ENGLISH } from '../../../src/intent/grammar/de/words.js';
import { de, matchesNot, readsAs } from './de-fixture.js';
import { same } from '../../support/tables.js';

const scroll = (direction: string, amount?: number) => ({ intent: 'scroll', direction, ...(amount ? { amount } : {}) });
const key = (k: string, modifiers?: string[]) => ({ intent: 'press_key', key: k, ...(modifiers ? { modifiers } : {}) });

describe('German: scrolling a bit, further, by a page, to an end', () => {
  readsAs([
    ...same(scroll('down'), 'scrolle ein bisschen nach unten', 'scrolle ein kleines bisschen nach unten', 'scrolle noch ein bisschen runter'),
    ...same(scroll('down'), 'scrolle weiter nach unten', 'scrolle etwas weiter runter'),
    ['scrolle etwas mehr nach oben', scroll('up')],
    ['ein bisschen weiter nach unten scrollen', scroll('down')],
    ['blättere noch ein Stück nach rechts', scroll('right')],
    ...same(key('page_down'), 'scrolle eine Seite runter', 'blättere eine Seite nach unten', 'blättere eine Seite weiter'),
    ['blättere eine Seite zurück', key('page_up')],
    ...same(key('end', ['ctrl']), 'scrolle ganz runter', 'scrolle bis ganz nach unten'),
    ['scrolle bis zum Anfang', key('home', ['ctrl'])],
    ['blättere zum Ende', key('end', ['ctrl'])],
  ]);
  matchesNot(['scrolle weiter', 'scrolle viel nach unten', 'weiter runter', 'nächste Seite', 'scrolle eine Seite']);
});

describe('German set: English read where German did not, for words spelled the same', () => {
  readsAs([
    ...same(scroll('down'), 'scroll down a bit', 'scroll down a little'),
    ['scroll to the bottom', key('end', ['ctrl'])],
    ['scroll down a page', key('page_down')],
    ['scroll down a bit then click Send', { intent: 'sequence', steps: [scroll('down'), { intent: 'click_element', element: { label: 'Send' } }] }],
    // German still reads what it can: "scroll" as a German word.
    ['scroll 3 mal nach unten', scroll('down', 3)],
    ['scroll nach oben', scroll('up')],
  ]);

  it('a command neither reads keeps German’s reason, never a guess', () => {
    expect(de('scroll wohin auch immer')).toEqual({ kind: 'no_match', reason: 'scroll which way? say nach oben, nach unten, nach links or nach rechts' });
  });

  // Another German verb that fails is not re-read in English, and "scroll" later in a chain does not count.
  matchesNot(['klicke auf Senden und scroll down a bit', 'klicke auf', 'scroll sideways']);

  it('each word of the table is a verb the English grammar takes, and reads the same with English set', () => {
    const english = new Set(VERB_PHRASES.map((v) => v.words[0]));
    for (const word of DE_SAME_IN_ENGLISH) expect(english.has(word), word).toBe(true);
    expect(parseCommand('scroll down a bit', { language: 'en', platform: 'linux' })).toEqual(de('scroll down a bit'));
  });
});
