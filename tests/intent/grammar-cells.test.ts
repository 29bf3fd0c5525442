// The grammar's spreadsheet commands (issue #14): "go to cell B3", "select A1 to C5", "type 42 in
// B3". A bare address is a cell only where nothing else could be meant (decision "Spreadsheet cells
// (grammar)" in docs/decisions/0101-spreadsheet-cells-grammar.md); everything else stays what it was, or is no_match.
import { describe, expect, it } from 'vitest';
import { parseCommand } from '../../src/intent/grammar/grammar-planner.js';
import { Intent } from '../../src/intent/schema.js';
import { classifyRisk } from '../../src/registry/risk.js';
import { same } from '../support/tables.js';

const cell = (address: string, app?: string): Intent => ({ intent: 'go_to_cell', cell: address, ...(app === undefined ? {} : { app }) });
const fill = (address: string, text: string, app?: string): Intent => ({
  intent: 'sequence',
  steps: [
    { intent: 'go_to_cell', cell: address, ...(app === undefined ? {} : { app }) },
    { intent: 'type_text', text },
    { intent: 'press_key', key: 'enter' },
  ],
});

const MATCHES: ReadonlyArray<readonly [string, Intent]> = [
  // go to a cell
  ...same(cell('B3'), 'go to cell B3', 'Go to cell B3.', 'go to the cell b3'),
  ['please go to cell AA10', cell('AA10')],
  ...same(cell('C7'), 'jump to cell C7', 'move to cell C7'),
  ['go to cell B3 in LibreOffice Calc', cell('B3', 'LibreOffice Calc')],
  ...same(cell('A1:C5'), 'go to cell A1:C5', 'go to the range A1 to C5'),
  // select a range
  ...same(cell('A1:C5'), 'select A1 to C5', 'select A1:C5', 'select cells A1 through C5', 'select the cells A1 thru C5', 'select C5 to A1', 'select a1 - c5'),
  ['select the range B2:D4 in Calc', cell('B2:D4', 'Calc')],
  ['select cell B3', cell('B3')],
  ['Select A1 to XFD1048576.', cell('A1:XFD1048576')],
  // fill a cell: go there, type, Enter commits
  ...same(fill('B3', '42'), 'type 42 in B3', 'type 42 into cell B3', 'put 42 in B3', 'Put 42 in B3.', 'put 42 into cell B3 please', 'enter 42 in B3'),
  ['write 3.5 in c2', fill('C2', '3.5')],
  ...same(fill('A2', 'John Smith'), 'type "John Smith" in A2', 'type John Smith in cell A2'),
  ['type =SUM(A1:A3) in A4', fill('A4', '=SUM(A1:A3)')],
  ['type 42 in B3 in LibreOffice Calc', fill('B3', '42', 'LibreOffice Calc')],
  // chained with other commands
  ['go to cell B3 and type 42', { intent: 'sequence', steps: [cell('B3'), { intent: 'type_text', text: '42' }] } as Intent],
  ['select A1 to C5 then press ctrl+b', { intent: 'sequence', steps: [cell('A1:C5'), { intent: 'press_key', key: 'b', modifiers: ['ctrl'] }] } as Intent],
];

const NO_MATCH: readonly string[] = [
  'go to cell', // no address
  'go to the cell',
  'go to cell B', // no row
  'go to cell XFE1', // past the last column
  'go to cell A0',
  'go to cell A1048577',
  'go to cell $A$1',
  'go to cell B3 and then some', // "then" splits: "some" is no command
  'go to B3', // an app called B3, or the cell?
  'select B3', // a tab or list item named B3, or the cell?
  'select A1 to', // half a range
  'select A1 to C5 to D6',
  'select cells', // no address
  'select cell the total',
  'type print it in A4', // A4: the paper size, or the cell?
  'put 42', // where?
  'put 42 in the box',
  'type 42 in the box', // as before: a field is named "into the … box"
  'enter 42',
  'type "a" "b" in B3',
];

/** Commands that mention cells or addresses but are not cell commands: they read as they did before. */
const UNCHANGED: ReadonlyArray<readonly [string, Intent]> = [
  ['type 42 in cell', { intent: 'type_text', text: '42 in cell' }],
  ['type I live in the cell', { intent: 'type_text', text: 'I live in the cell' }],
  ['go to Finder', { intent: 'open_application', app: 'Finder' }],
  ['type "42 in B3"', { intent: 'type_text', text: '42 in B3' }],
];

describe('grammar planner: spreadsheet cells', () => {
  it.each(MATCHES)('%j', (command, expected) => {
    const r = parseCommand(command);
    expect(r).toEqual({ kind: 'intent', intent: expected });
    expect(Intent.safeParse(expected).success).toBe(true);
  });

  it.each(NO_MATCH.map((c) => [c]))('%j is no_match', (command) => {
    expect(parseCommand(command).kind).toBe('no_match');
  });

  it.each(UNCHANGED)('%j stays what it was', (command, expected) => {
    expect(parseCommand(command)).toEqual({ kind: 'intent', intent: expected });
  });

  it('plans filling a cell as harmless: moving the selection, typing without a line break, a plain Enter', () => {
    const r = parseCommand('put 42 in B3');
    expect(r.kind).toBe('intent');
    if (r.kind === 'intent') expect(classifyRisk(r.intent).level).toBe('harmless');
  });
});
