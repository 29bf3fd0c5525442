/**
 * Where a place is on screen now, for the outline a confirmation draws while it waits (issue #31):
 * a point as given, an element at its bounds with its name. One read, no retries and no question: a
 * label that names no element, or more than one, gives no outline (the question is asked anyway).
 */
import type { ActionTarget } from '../shared/contracts/events.js';
import type { AppFocus } from './apps/app-focus.js';
import { resolveByLabel } from './element-resolution.js';
import { isPoint, type Place } from './engine-types.js';
import type { TargetResolver } from './target-resolution.js';

/** A name the overlay shows (the event's schema takes at most 200 characters). */
const LABEL_MAX = 200;

export async function locatePlace(
  place: Place,
  resolver: Pick<TargetResolver, 'resolve'>,
  apps: Pick<AppFocus, 'pidOf' | 'snapshotToAct'>,
): Promise<ActionTarget | undefined> {
  if (isPoint(place)) return { kind: 'point', label: `the point ${place.x}, ${place.y}`, x: place.x, y: place.y };
  let element;
  if ('label' in place && !('ordinal' in place)) {
    const pid = await apps.pidOf(place.app);
    if (!pid.ok) return undefined;
    const r = resolveByLabel((await apps.snapshotToAct(pid.value)).elements, { label: place.label, ...(place.role ? { role: place.role } : {}) });
    element = r.kind === 'found' ? r.element : undefined;
  } else {
    // By id, as picked, or by rank: checked live as the step itself will be.
    const r = await resolver.resolve(place);
    element = r.ok ? r.value.element : undefined;
  }
  const b = element?.bounds;
  if (!element || !b || b.width <= 0 || b.height <= 0) return undefined;
  return {
    kind: 'element',
    label: (element.name || element.description || element.role).slice(0, LABEL_MAX),
    x: b.x,
    y: b.y,
    width: b.width,
    height: b.height,
  };
}
