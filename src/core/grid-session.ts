/**
 * The mouse grid in the panel's session (issue #29): whether it is up, the rectangle its cells divide
 * now, what it is over and its cells per side, and what each of its words does. A zoom draws the
 * chosen cell's grid and runs nothing; a click, a right click, a move or a drag goes through the loop
 * as the coordinate command it is ("click at 640, 400", "drag from 640, 133 to 640, 666"), so the gate
 * judges the element under each point like any action there. A click or a drag closes the grid; a
 * move keeps it on the cell moved to.
 */
import type { AssistantEvent } from '../shared/contracts/events.js';
import type { RunReply } from '../shared/contracts/ipc-contract.js';
import type { GridWord } from '../shared/grid-words.js';
import { DEFAULT_GRID_SIZE, canRefine, centrePoint, gridView, refineArea, type GridArea, type RefineProblem } from '../shared/mouse-grid.js';
import type { GridAreas } from './grid-areas.js';

export interface GridSessionDeps {
  /** Where the grid may go: the screen and the front window. Without it "show grid" says it is unavailable. */
  readonly areas?: GridAreas;
  /** Cells per side (read when the grid is shown). Default 3. */
  readonly size?: () => number;
  /** Runs a command through the loop (and so the gate), as the panel's session does. */
  readonly run: (command: string) => Promise<RunReply>;
  /** Where the session's events go. */
  readonly emit: (event: AssistantEvent) => void;
}

/** Why a cell could not be chosen, and what to say instead. */
function refineProblem(p: RefineProblem): string {
  return p.kind === 'no_such_cell'
    ? `There is no cell ${p.cell}: the cells are numbered 1 to ${p.last}. Say one of those, “click”, or “hide grid”.`
    : 'The cell is as small as the grid gets: say “click” to click its centre, or “hide grid”.';
}

const NOT_SHOWN: RunReply = { outcome: 'failed', message: 'The grid is not shown: say “show grid” first.' };

export class GridSession {
  private grid: { readonly area: GridArea; readonly where: string; readonly size: number } | undefined;

  constructor(private readonly deps: GridSessionDeps) {}

  /** Whether the grid is up. */
  get shown(): boolean {
    return this.grid !== undefined;
  }

  /** How many cells the grid shows now (0 when it is not up). */
  get cells(): number {
    return this.grid ? this.grid.size * this.grid.size : 0;
  }

  /** Closes it (the numbers took its place, or another command changed the screen); says whether it was up. */
  close(): boolean {
    const was = this.shown;
    this.grid = undefined;
    return was;
  }

  /** "show grid" (the screen) or "grid on the window" (the front window): the first grid, its cells numbered 1 to size². */
  async show(window: boolean): Promise<RunReply> {
    const areas = this.deps.areas;
    if (!areas) return { outcome: 'failed', message: 'The mouse grid is not available in this version: say “show numbers” to number what can be clicked.' };
    const size = Math.round(this.deps.size?.() ?? DEFAULT_GRID_SIZE);
    const found = window ? await areas.frontWindow() : await areas.screen();
    if (typeof found === 'string') return { outcome: 'failed', message: found };
    const { area, where } = 'app' in found ? { area: found.area, where: found.app } : { area: found, where: 'the screen' };
    this.grid = { area, where, size };
    const on = 'app' in found ? `the window of “${found.app}”` : 'the screen';
    return {
      outcome: 'done',
      message: `A grid of ${size * size} cells is shown on ${on}. Say a cell’s number to zoom into it, “click” to click its centre, or “hide grid”.`,
      overlay: gridView(area, where, size),
    };
  }

  /** What is said to the grid while it is up. */
  async hear(word: GridWord): Promise<RunReply> {
    const grid = this.grid;
    if (!grid) return NOT_SHOWN;
    if (word.kind === 'drag') return this.drag(word.from, word.to);
    if (word.kind === 'zoom' || word.kind === 'move') {
      const refined = refineArea(grid.area, word.cells, grid.size);
      if (!refined.ok) return this.answer({ outcome: 'failed', message: refineProblem(refined.problem) });
      this.grid = { ...grid, area: refined.area };
      if (word.kind === 'move') return this.act(`move the mouse to ${this.pointText()}`, false);
      const next = canRefine(refined.area, grid.size)
        ? 'Say a cell’s number to zoom in further, “click” to click there, or “hide grid”.'
        : 'This is as small as the grid gets: say “click” to click there, or “hide grid”.';
      const point = centrePoint(refined.area);
      return this.answer({
        outcome: 'done',
        message: `Cell ${word.cells.join(', then ')}: its centre is at ${point.x}, ${point.y}. ${next}`,
        overlay: gridView(refined.area, grid.where, grid.size),
      });
    }
    // "5 3 click" (a switch's long press on cell 5): the cells first, then the click at the last one's centre.
    if (word.cells && word.cells.length > 0) {
      const refined = refineArea(grid.area, word.cells, grid.size);
      if (!refined.ok) return this.answer({ outcome: 'failed', message: refineProblem(refined.problem) });
      this.grid = { ...grid, area: refined.area };
    }
    const verb = word.button === 'right' ? 'right-click' : word.count === 1 ? 'click' : word.count === 2 ? 'double-click' : 'triple-click';
    return this.act(`${verb} at ${this.pointText()}`, true);
  }

  /** "drag from 2 to 8": from the centre of one cell of the grid shown to another's, as a drag between two points. */
  private async drag(from: readonly number[], to: readonly number[]): Promise<RunReply> {
    const grid = this.grid;
    if (!grid) return NOT_SHOWN;
    const start = refineArea(grid.area, from, grid.size);
    const end = refineArea(grid.area, to, grid.size);
    if (!start.ok) return this.answer({ outcome: 'failed', message: refineProblem(start.problem) });
    if (!end.ok) return this.answer({ outcome: 'failed', message: refineProblem(end.problem) });
    const a = centrePoint(start.area);
    const b = centrePoint(end.area);
    return this.act(`drag from ${a.x}, ${a.y} to ${b.x}, ${b.y}`, true);
  }

  /** The current cell's centre as the grammar reads a point: "640, 400". */
  private pointText(): string {
    const p = centrePoint(this.grid?.area ?? { x: 0, y: 0, width: 0, height: 0 });
    return `${p.x}, ${p.y}`;
  }

  /** Runs a grid action through the loop; a click or drag closes the grid whatever came of it, a move keeps it. */
  private async act(command: string, closes: boolean): Promise<RunReply> {
    const grid = this.grid;
    const reply = await this.deps.run(command);
    if (reply.permission || !grid) return reply;
    if (closes || reply.outcome !== 'done') {
      this.grid = undefined;
      return { ...reply, overlay: 'hidden' };
    }
    return { ...reply, overlay: gridView(grid.area, grid.where, grid.size) };
  }

  /**
   * A grid answer that ran no loop: the panel hears it as the loop's results are heard (a result,
   * then idle and done), so the conversation shows it and the assistant is idle again.
   */
  private answer(reply: RunReply): RunReply {
    this.deps.emit({ type: 'action_result', ok: reply.outcome === 'done', message: reply.message });
    this.deps.emit({ type: 'status', status: 'idle' });
    this.deps.emit({ type: 'done', outcome: reply.outcome, message: reply.message });
    return reply;
  }
}
