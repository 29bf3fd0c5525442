// Text into a named field (issue #32 item 4), through the whole grammar planner: every way people say
// it (type … into / in, fill … with, enter … in … field, put … in …), the text kept exactly, and the
// phrasings that could be text or a field refused (no_match), never guessed.
import { describe, expect, it } from 'vitest';
import { parseCommand } from '../../src/intent/grammar/grammar-planner.js';
import type { Intent, Step } from '../../src/intent/schema.js';
import { same } from '../support/tables.js';

const NO = null;
type Row = readonly [command: string, expected: Intent | null];

const into = (text: string, label: string, role?: 'text_field' | 'search_field' | 'text_area'): Step => ({
  intent: 'type_text',
  text,
  element: role === undefined ? { label } : { label, role },
});
const text = (t: string): Step => ({ intent: 'type_text', text: t });

const MATCH: Row[] = [
  // type, quoted text: "into" a name alone, "in" a name said to be a field (or quoted)
  ...same(into('hello', 'Email address'), 'type "hello" into Email address', 'type "hello" into the Email address'),
  ...same(into('hello', 'Email address', 'text_field'), 'type "hello" into the Email address field', 'type "hello" in the Email address field'),
  ['type "hello" in "Email address"', into('hello', 'Email address')],
  ['type "  two  spaces, kept. " into Notes', into('  two  spaces, kept. ', 'Notes')],
  ['type "hello" into Address line 2', into('hello', 'Address line 2')],
  // type, unquoted text: the field said to be a field, after "into" or "in", "the" or not
  ...same(into('hello', 'Recipient', 'text_field'), 'type hello into the Recipient field', 'type hello into Recipient field'),
  ['type 1 Main Street in the Street field', into('1 Main Street', 'Street', 'text_field')],
  ['type cats in the Search box', into('cats', 'Search', 'text_field')],
  ['type hello world in the Notes text area', into('hello world', 'Notes', 'text_area')],
  // fill [in|out] <field> with <text>
  ...same(into('Ada', 'Recipient'), 'fill Recipient with "Ada"', 'fill Recipient with Ada'),
  ['fill in Recipient with "Ada Lovelace"', into('Ada Lovelace', 'Recipient')],
  ['fill out the Email address field with ada@example.com', into('ada@example.com', 'Email address', 'text_field')],
  ['fill the Name field with Ada with love', into('Ada with love', 'Name', 'text_field')],
  ...same(into('Ada', 'Recipient'), 'Fill Recipient with "Ada".', 'please fill Recipient with "Ada"'),
  // enter / put <text> into|in <field>
  ...same(into('Ada', 'Name', 'text_field'), 'enter "Ada" in the Name field', 'enter Ada in the Name field'),
  ['enter "Ada" into Recipient', into('Ada', 'Recipient')],
  ['put "1 Main Street" into Street', into('1 Main Street', 'Street')],
  ['put 1 Main Street in the Street field', into('1 Main Street', 'Street', 'text_field')],
  ['put "Ada" in the Name box', into('Ada', 'Name', 'text_field')],
  // chained with the keys that follow, which go to the field once it has the focus
  ['type "1 Main Street" into Street and press enter', { intent: 'sequence', steps: [into('1 Main Street', 'Street'), { intent: 'press_key', key: 'enter' }] }],
  ['fill Search with "cats" then press enter', { intent: 'sequence', steps: [into('cats', 'Search'), { intent: 'press_key', key: 'enter' }] }],
  // text that only mentions a place stays text
  ['type hello in the morning', text('hello in the morning')],
  ['type I ran into the wall', text('I ran into the wall')],
  ['type meet me in London', text('meet me in London')],
  // cells keep their own reading
  ['put 42 into cell B3', { intent: 'sequence', steps: [{ intent: 'go_to_cell', cell: 'B3' }, text('42'), { intent: 'press_key', key: 'enter' }] }],
];

const REFUSED: Row[] = [
  // text or a field? unquoted text with "into <a name>" is either
  ...same(NO, 'type hello into Email address', 'type 1 Main Street into Street', 'type hello into the Email address', 'type I bumped into Bob'),
  // "in" + a name without a role word: "in the morning", "in French", "in bold"
  ...same(NO, 'type "hello" in the morning', 'type "bonjour" in French', 'type "hello" in Email address'),
  // a field that is not a text field, or no field at all
  ...same(NO, 'type "hello" into the Send button', 'fill the Send button with "x"', 'type "hello" into 12'),
  ...same(NO, 'type "42" into Search Box 2', 'type "hello" into it', 'type "hello" into'),
  // fill needs a field and a text; a whole form is not one field
  ...same(NO, 'fill', 'fill in the blanks', 'fill Recipient', 'fill Recipient with'),
  ...same(NO, 'fill it with "Ada"', 'fill the form with my details', 'fill Recipient with "Ada" now', 'fill Recipient with Ada please'),
  // enter and put must name a field
  ...same(NO, 'enter', 'enter "Ada"', 'enter Ada', 'put "Ada"', 'put the kettle on', 'enter Ada into Recipient', 'put it in the trash'),
  // "and enter" is not the Enter key: say "press enter"
  ['type hello and enter', NO],
];

describe('text into a named field, through the grammar planner', () => {
  it.each([...MATCH, ...REFUSED])('%s', (command, expected) => {
    const result = parseCommand(command);
    if (expected === null) {
      expect(result.kind, JSON.stringify(result)).toBe('no_match');
      if (result.kind === 'no_match') expect(result.reason.length).toBeGreaterThan(0);
    } else {
      expect(result).toEqual({ kind: 'intent', intent: expected });
    }
  });
});
