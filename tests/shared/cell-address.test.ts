// Spreadsheet cell addresses (issue #14): what go_to_cell accepts, and the sentence a planner (or the
// user) reads when an address is not one.
import { describe, expect, it } from 'vitest';
import { columnLetters, columnNumber, parseCellReference, readShownCellReference } from '../../src/shared/cell-address.js';
import { Intent } from '../../src/intent/schema.js';
import { same } from '../support/tables.js';

describe('cell addresses', () => {
  it.each([
    ['B3', 'B3', true],
    ['b3', 'B3', true],
    ['A1:C5', 'A1:C5', false],
    ['c5:a1', 'A1:C5', false],
    ['C1:A5', 'A1:C5', false],
    ['B3:B3', 'B3', true],
    ['XFD1048576', 'XFD1048576', true],
    ['AA10:AB12', 'AA10:AB12', false],
  ])('reads %s as %s', (text, canonical, single) => {
    const r = parseCellReference(text);
    expect(r).toMatchObject({ ok: true, canonical, single });
  });

  it.each([
    ['', 'cell must be a cell address such as "B3"'],
    ...same('cell must be a cell address', 'B', '3', 'B 3', '$B$3', 'Sheet1.B3', 'A1:B2:C3', 'A1:', 'ABCD1'),
    ['XFE1', 'cell column is past XFD, the last column of a sheet'],
    ...same('cell row must be a number from 1 to 1048576, without leading zeros', 'A0', 'A01'),
    ['A1048577', 'cell row must be a number from 1 to 1048576'],
    ['Ä1', 'cell must be a cell address'],
  ])('rejects %j with a sentence that says what an address is', (text, problem) => {
    const r = parseCellReference(text);
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.problem).toContain(problem);
  });

  it('counts columns as a spreadsheet does', () => {
    expect([1, 26, 27, 52, 53, 702, 703, 16_384].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA', 'XFD']);
    for (const n of [1, 26, 27, 702, 703, 16_384]) expect(columnNumber(columnLetters(n))).toBe(n);
  });

  it('reads what an address box shows, absolute marks included, and nothing that is not an address', () => {
    expect(readShownCellReference('B3')).toBe('B3');
    expect(readShownCellReference('$A$1:$C$5')).toBe('A1:C5');
    expect(readShownCellReference(' A1 ')).toBe('A1');
    expect(readShownCellReference('Totals')).toBeUndefined();
    expect(readShownCellReference('DejaVu Sans')).toBeUndefined();
    expect(readShownCellReference('10 pt')).toBeUndefined();
    expect(readShownCellReference(null)).toBeUndefined();
  });

  it('go_to_cell carries the reason in its rejection', () => {
    const r = Intent.safeParse({ intent: 'go_to_cell', cell: 'XFE1' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual(['cell column is past XFD, the last column of a sheet']);
    const long = Intent.safeParse({ intent: 'go_to_cell', cell: 'A1:B2'.repeat(10) });
    expect(long.error?.issues[0]?.message).toBe('cell is longer than 21 characters: name one cell ("B3") or one range ("A1:C5")');
  });
});
