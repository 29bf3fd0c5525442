/**
 * drag: from one place to another with the left button, in small moves that apps see as a drag. The
 * gate sees the element dragged and every element under the drop point (which window is on top there
 * is not known); a drop onto a terminal is remembered as a pending line. The drag lets go and stops
 * as soon as the user moves the pointer.
 *
 * Nothing is read back: the engine cannot tell in general whether the app took the drop, so the
 * result says what was done with the pointer, not what the app made of it.
 */
import type { AxElement } from './accessibility/types.js';
import { OWN_WINDOW_REFUSAL } from './apps/app-focus.js';
import { isTerminalElement } from './apps/app-classes.js';
import { describeElement } from './element-geometry.js';
import type { EngineParts } from './engine-parts.js';
import type { ActOptions, Place, Point } from './engine-types.js';
import { failure, success, type ActionResult } from './results.js';

export async function dragBetween(parts: EngineParts, from: Place, to: Place, options: ActOptions): Promise<ActionResult> {
  const a = await parts.targets.placePoint(from);
  if (!a.ok) return a.result;
  const b = await parts.targets.placePoint(to);
  if (!b.ok) return b.result;
  if ((await parts.apps.ownWindowAt(a.value.point)) || (await parts.apps.ownWindowAt(b.value.point))) return failure('refused', OWN_WINDOW_REFUSAL);
  const fromHit = a.value.element ? { element: a.value.element, app: a.value.app } : await parts.apps.elementUnder(a.value.point);
  const dropHits = b.value.element && b.value.app ? [{ element: b.value.element, app: b.value.app }] : await parts.apps.elementsUnder(b.value.point);
  const dropHit = dropHits[0];
  for (const d of dropHits.length > 0 ? dropHits : [undefined]) {
    const gated = options.gate?.({ element: parts.factsOf(fromHit?.element, fromHit?.app), dropTarget: parts.factsOf(d?.element, d?.app) });
    if (gated) return gated;
  }
  if (dropHit?.app && dropHit.element && isTerminalElement(dropHit.element, dropHit.app.app)) parts.terminalLines.dropped(dropHit.app.pid);
  const start = a.value.point;
  const end = b.value.point;
  await parts.pointer.moveTo(start);
  await parts.input.pressButton('left');
  let released = false;
  try {
    const moves = 12;
    for (let i = 1; i <= moves; i++) {
      await parts.clock.sleep(15);
      const taken = await parts.pointer.userTookOver();
      if (taken) {
        await parts.input.releaseButton('left');
        released = true;
        return failure('interrupted', `You moved the pointer during the drag, so I let go and stopped: ${taken}`);
      }
      await parts.pointer.moveTo({ x: start.x + ((end.x - start.x) * i) / moves, y: start.y + ((end.y - start.y) * i) / moves });
    }
    await parts.clock.sleep(30);
  } finally {
    if (!released) await parts.input.releaseButton('left');
  }
  const what = (p: { element?: AxElement; point: Point }): string =>
    p.element ? describeElement(p.element) : `${Math.round(p.point.x)}, ${Math.round(p.point.y)}`;
  return success(`Dragged from ${what(a.value)} to ${what(b.value)}.`);
}
