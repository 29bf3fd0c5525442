/**
 * Spreadsheet cell addresses ("B3") and ranges ("A1:C5"), as a spreadsheet's cell address box (the
 * Name Box of LibreOffice Calc and Excel) takes them and shows them back.
 *
 * Shared by the intent schema (what a planner may name), the grammar and the engine (which finds the
 * address box by the address it shows, and reads the result back in the same canonical form).
 */

/** The last column of a sheet in Excel and LibreOffice (XFD) and the last row. */
export const MAX_COLUMN = 16_384;
export const MAX_ROW = 1_048_576;
/** The longest address written out: "XFD1048576:XFD1048576". */
export const CELL_REFERENCE_MAX = 21;

export interface CellAddress {
  /** 1-based: A is 1, XFD is 16,384. */
  readonly column: number;
  /** 1-based. */
  readonly row: number;
}

export type CellReference =
  | {
      readonly ok: true;
      /** Top-left and bottom-right corners (the same cell for a single cell). */
      readonly from: CellAddress;
      readonly to: CellAddress;
      /** Capitals, corners ordered, a one-cell range written as its cell: "A1:C5", "B3". */
      readonly canonical: string;
      readonly single: boolean;
    }
  | { readonly ok: false; readonly problem: string };

const FORMAT_PROBLEM = 'cell must be a cell address such as "B3" or a range such as "A1:C5": column letters A to XFD, then a row number from 1 to 1048576';

/** "A" → 1, "Z" → 26, "AA" → 27, "XFD" → 16,384. Letters only (callers check). */
export function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/** 1 → "A", 27 → "AA". */
export function columnLetters(column: number): string {
  let out = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) out = String.fromCharCode(65 + ((n - 1) % 26)) + out;
  return out;
}

function isLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** One corner: 1–3 letters, then a row without a leading zero. */
function readCell(text: string): CellAddress | string {
  let i = 0;
  while (i < text.length && isLetter(text.charCodeAt(i))) i++;
  const letters = text.slice(0, i);
  const digits = text.slice(i);
  if (letters.length < 1 || letters.length > 3 || digits.length < 1 || digits.length > 7) return FORMAT_PROBLEM;
  for (let k = 0; k < digits.length; k++) if (!isDigit(digits.charCodeAt(k))) return FORMAT_PROBLEM;
  if (digits[0] === '0') return `cell row must be a number from 1 to ${MAX_ROW}, without leading zeros`;
  const column = columnNumber(letters);
  if (column > MAX_COLUMN) return 'cell column is past XFD, the last column of a sheet';
  const row = Number(digits);
  if (row > MAX_ROW) return `cell row must be a number from 1 to ${MAX_ROW}`;
  return { column, row };
}

function write(a: CellAddress): string {
  return `${columnLetters(a.column)}${a.row}`;
}

/**
 * Reads "B3", "b3", "A1:C5" or "C5:A1" (the same range). Strict: no spaces, no "$", no sheet name,
 * at most one ":". Never throws.
 */
export function parseCellReference(text: unknown): CellReference {
  if (typeof text !== 'string') return { ok: false, problem: 'cell must be text such as "B3" or "A1:C5"' };
  if (text.length === 0 || text.length > CELL_REFERENCE_MAX) return { ok: false, problem: FORMAT_PROBLEM };
  const parts = text.split(':');
  if (parts.length > 2) return { ok: false, problem: FORMAT_PROBLEM };
  const corners: CellAddress[] = [];
  for (const part of parts) {
    const cell = readCell(part);
    if (typeof cell === 'string') return { ok: false, problem: cell };
    corners.push(cell);
  }
  const [a, b = a] = corners as [CellAddress, CellAddress?];
  const from = { column: Math.min(a.column, b.column), row: Math.min(a.row, b.row) };
  const to = { column: Math.max(a.column, b.column), row: Math.max(a.row, b.row) };
  const single = from.column === to.column && from.row === to.row;
  return { ok: true, from, to, single, canonical: single ? write(from) : `${write(from)}:${write(to)}` };
}

/**
 * What an app's address box shows, in the same canonical form, or undefined when it shows no
 * address (a named range, a sheet-qualified address, a formula). Absolute marks ("$A$1") are read
 * past, as some apps show them.
 */
export function readShownCellReference(shown: string | null | undefined): string | undefined {
  if (typeof shown !== 'string') return undefined;
  const r = parseCellReference(shown.trim().replace(/\$/g, ''));
  return r.ok ? r.canonical : undefined;
}
