// The cell rule on its own: which commands it takes (an intent), which it turns away with a reason
// the user reads (a clear cell command said badly), and which it leaves to the other rules (null).
// The phrase tables through the whole grammar are in tests/intent/grammar-cells.test.ts.
import { describe, expect, it } from 'vitest';
import { matchCellCommand } from '../../../src/intent/grammar/cells.js';
import { tokenize } from '../../../src/intent/grammar/tokens.js';
import { itReadsNull } from '../../support/tables.js';

function match(command: string) {
  const r = tokenize(command);
  if (!r.ok) throw new Error(r.reason);
  return matchCellCommand(command, r.tokens);
}
const fill = (cell: string, text: string, app?: string) => ({
  ok: true,
  value: {
    intent: 'sequence',
    steps: [
      { intent: 'go_to_cell', cell, ...(app === undefined ? {} : { app }) },
      { intent: 'type_text', text },
      { intent: 'press_key', key: 'enter' },
    ],
  },
});

describe('matchCellCommand: taken', () => {
  it.each([
    ['go to cell b3', { intent: 'go_to_cell', cell: 'B3' }],
    ['move to the range a1 – c5', { intent: 'go_to_cell', cell: 'A1:C5' }],
    ['select c5 until a1', { intent: 'go_to_cell', cell: 'A1:C5' }],
    ['select cell B3 on LibreOffice Calc', { intent: 'go_to_cell', cell: 'B3', app: 'LibreOffice Calc' }],
  ])('%j', (command, intent) => {
    expect(match(command)).toEqual({ ok: true, value: intent });
  });

  it('fills a cell from the last "in" after which a cell phrase takes the rest', () => {
    expect(match('write 42 into B3')).toEqual(fill('B3', '42'));
    expect(match('type "in B3" in C4')).toEqual(fill('C4', 'in B3'));
    expect(match('type total in cell B3 in Calc')).toEqual(fill('B3', 'total', 'Calc'));
    // Several words reach the cell only with "cell": the text keeps its spacing as one line.
    expect(match('type  net   total in cell D9')).toEqual(fill('D9', 'net total'));
  });
});

describe('matchCellCommand: a cell command said badly, with the reason', () => {
  it.each([
    ['go to B3', '"go to" an address may mean an app or a cell; say "go to cell …"'],
    ['select B3', 'select which cell? say "select cell …"'],
    ['go to cell', 'which cell? say an address such as "B3" or a range such as "A1:C5"'],
    ['go to cell "B3"', 'which cell? say an address such as "B3" or a range such as "A1:C5"'],
    ['select cells A1 to', 'a range goes from one cell to another: "A1 to C5"'],
    ['select A1:B2 to C5', 'a range goes from one cell to another: "A1 to C5"'],
    ['go to cell B3 please now', 'unexpected words after the cell address'],
    ['type print it in A4', 'is the address part of the text? quote the text, or say "in cell …"'],
    ['type "a" b in B3', 'unexpected words beside the quoted text'],
    ['type "  " in B3', 'type what? the text is empty'],
  ])('%j → %s', (command, reason) => {
    expect(match(command)).toEqual({ ok: false, reason });
  });

  it('passes on the address’s own problem when it looks like an address', () => {
    const r = match('go to cell A0');
    expect(r?.ok).toBe(false);
    expect(r && !r.ok && r.reason).not.toBe('which cell? say an address such as "B3" or a range such as "A1:C5"');
  });
});

describe('matchCellCommand: not a cell command, left to the other rules', () => {
  itReadsNull('%j', match, [
    'go to Safari',
    'go to the Downloads folder',
    'select all',
    'select the first item',
    'type hello',
    'type 42 in the box',
    'put it in Trash',
    'open B3',
    'click cell B3',
    '"go" to cell B3',
    'go to B3 in the list box',
  ]);

  it('is null for no tokens', () => {
    expect(matchCellCommand('', [])).toBeNull();
  });
});
