/** The mouse grid's desktop tests: which cells to choose to bring the grid's centre onto a target. */
import { centrePoint, gridCells, type GridArea } from '../../src/shared/mouse-grid.js';

/** The private desktop's screen (scripts/desktop-session.ts). */
export const SCREEN: GridArea = { x: 0, y: 0, width: 1280, height: 800 };

const inside = (p: { x: number; y: number }, r: GridArea): boolean => p.x >= r.x && p.x < r.x + r.width && p.y >= r.y && p.y < r.y + r.height;

/** The cells to say, from `area`, until the current cell's centre is on `target` (each step: the cell holding the target's centre). */
export function pathTo(area: GridArea, target: GridArea): number[] {
  const aim = centrePoint(target);
  const path: number[] = [];
  let current = area;
  while (!inside(centrePoint(current), target)) {
    const index = gridCells(current).findIndex((c) => inside(aim, c));
    if (index < 0 || path.length > 6) throw new Error(`no cell path to ${JSON.stringify(target)}`);
    path.push(index + 1);
    current = gridCells(current)[index] as GridArea;
  }
  return path;
}
