/**
 * Where the engine last put the pointer. A multi-step action (a drag, a sequence) stops when the
 * pointer is no longer there: the user moved it, and took over.
 */
import type { Point } from './engine-types.js';
import type { InputDriver, ScreenPoint } from './input/input-driver.js';

export class PointerTrail {
  private leftAt: ScreenPoint | undefined;

  constructor(
    private readonly input: InputDriver,
    /** Pointer travel (px) the engine tolerates before it calls it the user's. */
    private readonly tolerancePx: number,
  ) {}

  /** Moves the pointer (to whole pixels) and remembers where. */
  async moveTo(p: Point): Promise<void> {
    const at = { x: Math.round(p.x), y: Math.round(p.y) };
    await this.input.moveTo(at);
    this.leftAt = at;
  }

  /** A new action starts: nothing the engine did before counts. */
  forget(): void {
    this.leftAt = undefined;
  }

  /** A sentence when the pointer is no longer where the engine left it (the user moved it). */
  async userTookOver(): Promise<string | undefined> {
    const left = this.leftAt;
    if (!left) return undefined;
    const now = await this.input.pointer();
    const moved = Math.hypot(now.x - left.x, now.y - left.y);
    return moved > this.tolerancePx ? `the pointer moved from ${left.x}, ${left.y} to ${Math.round(now.x)}, ${Math.round(now.y)}.` : undefined;
  }
}
