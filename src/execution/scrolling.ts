/**
 * scroll: the wheel over an element (resolved, on screen), over a named app's window (brought to
 * the front first: the wheel goes to the window under the pointer), or over the frontmost window.
 * The pointer is left where it is when it already is over that window. The gate sees what is under
 * the wheel; the assistant's own windows are never scrolled. What it changed is recorded for "take
 * it back" (the way, how far, and over which element when one was named).
 */
import type { AxElement } from './accessibility/types.js';
import { OWN_WINDOW_REFUSAL } from './apps/app-focus.js';
import { isVisible } from './element-resolution.js';
import { centre, contains, describeElement, LABEL_QUOTE_MAX, notOnScreen, type AppOf } from './element-geometry.js';
import type { EngineParts } from './engine-parts.js';
import type { ActOptions, Point, Target } from './engine-types.js';
import type { ScrollDirection } from './input/input-driver.js';
import { failure, success, type ActionResult } from './results.js';
import { scrolledRecord } from './undo-record.js';
import { quote } from '../shared/text/quote.js';

export async function scrollWheel(
  parts: EngineParts,
  direction: ScrollDirection,
  amount: number | undefined,
  target: Target | undefined,
  app: string | undefined,
  options: ActOptions,
): Promise<ActionResult> {
  const steps = amount ?? parts.tuning.defaultScrollSteps;
  let at: Point | undefined;
  let over: AxElement | undefined;
  let overApp: AppOf | undefined;
  if (target) {
    const r = await parts.targets.resolve(target);
    if (!r.ok) return r.result;
    over = r.value.element;
    overApp = r.value.snapshot;
    at = centre(over);
    if (!at || !isVisible(over)) return notOnScreen(over);
  } else {
    // The wheel goes to the window under the pointer: a named app's window must be on top.
    const pid = await parts.apps.frontFor(app);
    if (!pid.ok) return pid.result;
    const window = await parts.apps.windowOf(pid.value);
    if (!window) return failure('not_found', `${app ? quote(app, LABEL_QUOTE_MAX) : 'The frontmost app'} has no window on screen to scroll.`);
    over = window;
    overApp = { pid: pid.value, app: app ?? '' };
    const pointer = await parts.input.pointer();
    // Leave the pointer where it is when it already is over that window.
    at = contains(window, pointer) ? undefined : centre(window);
  }
  const gated = options.gate?.({ element: parts.factsOf(over, overApp) });
  if (gated) return gated;
  if (at && (await parts.apps.ownWindowAt(at))) return failure('refused', OWN_WINDOW_REFUSAL);
  if (at) await parts.pointer.moveTo(at);
  await parts.input.scroll(direction, steps);
  const undo = scrolledRecord(direction, steps, target ? over : undefined, overApp);
  return success(`Scrolled ${direction} ${steps} step${steps === 1 ? '' : 's'}${over ? ` over ${describeElement(over)}` : ''}.`, undo);
}
