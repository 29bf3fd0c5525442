/**
 * The mouse grid's geometry (issue #29): a rectangle cut into size × size numbered cells (1 at the
 * top left, row by row), a cell chosen by number becoming the next rectangle, and the point a click
 * lands on (the centre). Pure: the session keeps the state, the overlay draws the cells as marks.
 */
import type { OverlayMark, OverlayView } from './contracts/ipc-contract.js';
import { MOUSE_GRID_CELLS } from './setting-ranges.js';

/** A rectangle on the screen, in screen pixels. */
export interface GridArea {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Cells per side unless the settings say otherwise. */
export const DEFAULT_GRID_SIZE = 3;
/** The least and most cells per side (the setting's range). */
export const GRID_SIZE_RANGE = MOUSE_GRID_CELLS;
/** A cell narrower or lower than this (pixels) is not cut again: its centre is as close as the grid gets. */
export const MIN_CELL_SIDE = 6;

const sizeOf = (size: number): number => Math.min(GRID_SIZE_RANGE.max, Math.max(GRID_SIZE_RANGE.min, Math.round(size)));

/** The cells of `area`, numbered 1 to size² row by row (index 0 is cell 1). Edges are whole pixels, and the cells tile the area exactly. */
export function gridCells(area: GridArea, size = DEFAULT_GRID_SIZE): GridArea[] {
  const n = sizeOf(size);
  const xs = Array.from({ length: n + 1 }, (_, i) => area.x + Math.round((i * area.width) / n));
  const ys = Array.from({ length: n + 1 }, (_, i) => area.y + Math.round((i * area.height) / n));
  const cells: GridArea[] = [];
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) {
      const x = xs[c] ?? area.x;
      const y = ys[r] ?? area.y;
      cells.push({ x, y, width: (xs[c + 1] ?? x) - x, height: (ys[r + 1] ?? y) - y });
    }
  return cells;
}

/** Why a cell could not be chosen. */
export type RefineProblem =
  { readonly kind: 'no_such_cell'; readonly cell: number; readonly last: number } | { readonly kind: 'too_small'; readonly area: GridArea };

/**
 * The rectangle after choosing each cell of `path` in turn ("5 3": cell 5, then cell 3 of it). Every
 * cell is checked before any is taken: a wrong number anywhere leaves the grid where it was.
 */
export function refineArea(
  area: GridArea,
  path: readonly number[],
  size = DEFAULT_GRID_SIZE,
): { readonly ok: true; readonly area: GridArea } | { readonly ok: false; readonly problem: RefineProblem } {
  const n = sizeOf(size);
  const last = n * n;
  const wrong = path.find((cell) => !Number.isInteger(cell) || cell < 1 || cell > last);
  if (wrong !== undefined) return { ok: false, problem: { kind: 'no_such_cell', cell: wrong, last } };
  let current = area;
  for (const cell of path) {
    if (!canRefine(current, n)) return { ok: false, problem: { kind: 'too_small', area: current } };
    current = gridCells(current, n)[cell - 1] ?? current;
  }
  return { ok: true, area: current };
}

/** Whether the cells of `area` would still be at least MIN_CELL_SIDE pixels on each side. */
export function canRefine(area: GridArea, size = DEFAULT_GRID_SIZE): boolean {
  const n = sizeOf(size);
  return Math.floor(area.width / n) >= MIN_CELL_SIDE && Math.floor(area.height / n) >= MIN_CELL_SIDE;
}

/** The whole pixel a click on `area` lands on: its centre (rounded down, so it is always inside). */
export function centrePoint(area: GridArea): { readonly x: number; readonly y: number } {
  return { x: area.x + Math.floor(area.width / 2), y: area.y + Math.floor(area.height / 2) };
}

/** The part of `area` on `screen` (a window partly off screen gets a grid over what shows); undefined when none shows. */
export function clipArea(area: GridArea, screen: GridArea): GridArea | undefined {
  const x = Math.max(area.x, screen.x);
  const y = Math.max(area.y, screen.y);
  const right = Math.min(area.x + area.width, screen.x + screen.width);
  const bottom = Math.min(area.y + area.height, screen.y + screen.height);
  return right - x > 0 && bottom - y > 0 ? { x, y, width: right - x, height: bottom - y } : undefined;
}

/** An element of an accessibility snapshot, as far as finding a window goes. */
export interface WindowCandidate {
  readonly role: string;
  readonly bounds: GridArea | null;
}

/** The rectangle of an app's window: its first window or dialog with a size (the snapshot lists the top-level ones first). */
export function windowArea(elements: readonly WindowCandidate[]): GridArea | undefined {
  const found = elements.find((e) => (e.role === 'window' || e.role === 'dialog') && e.bounds && e.bounds.width > 0 && e.bounds.height > 0);
  return found?.bounds ?? undefined;
}

/** The grid's cells as the overlay's marks: each a numbered box; `grid` tells the page to draw the number in the middle. */
export function gridView(area: GridArea, where: string, size = DEFAULT_GRID_SIZE): OverlayView {
  const marks: OverlayMark[] = gridCells(area, size).map((cell, i) => ({ id: i + 1, role: 'grid cell', label: `cell ${i + 1}`, ...cell }));
  return { app: where, marks, grid: true };
}
