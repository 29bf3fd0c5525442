/**
 * From a planner's target to an element in the live tree: by the latest observation's id (checked
 * again live), by a choice the user picked from a question (checked again live), or by label with
 * look-ups until it appears. Ambiguity becomes a question; a changed screen becomes `stale`.
 */
import type { Role } from '../shared/roles.js';
import { quote } from '../shared/text/quote.js';
import type { AxElement, AxSnapshot, ElementRef } from './accessibility/types.js';
import type { AppFocus } from './apps/app-focus.js';
import { centre, LABEL_QUOTE_MAX, notOnScreen, type AppOf } from './element-geometry.js';
import { isVisible, resolveByLabel } from './element-resolution.js';
import {
  isChosenTarget,
  isOrdinalTarget,
  isPoint,
  isTargetById,
  type Clock,
  type ElementChoice,
  type OrdinalTarget,
  type Place,
  type Point,
  type Target,
} from './engine-types.js';
import { serializeObservation, type Observation } from './observation.js';
import { readSettled } from './settled-read.js';
import { resolveOrdinal } from './ordinal-target.js';
import { clarification, failure, found, stopWith, type Found } from './results.js';

/** An element found in the live tree, with the reference to act on it. */
export interface Resolved {
  readonly element: AxElement;
  readonly ref: ElementRef;
  readonly snapshot: AxSnapshot;
}

/** A place made a point: an element's visible centre (with the element and its app) or the point itself. */
export interface PlacedPoint {
  readonly point: Point;
  readonly element?: AxElement;
  readonly app?: AppOf;
}

export interface ResolutionTuning {
  readonly notFoundRetries: number;
  readonly retryDelayMs: number;
  readonly settleMs: number;
  readonly pollMs: number;
  readonly tokenBudget?: number;
}

export class TargetResolver {
  /** The latest get_screen_elements: ids the planner may name map through it. */
  private latest: { observation: Observation; snapshot: AxSnapshot } | undefined;

  constructor(
    private readonly apps: AppFocus,
    private readonly clock: Clock,
    private readonly tuning: ResolutionTuning,
  ) {}

  /** The latest observation (what "click 12" refers to), if any. */
  get latestObservation(): Observation | undefined {
    return this.latest?.observation;
  }

  /**
   * Reads an app and makes its observation the one ids refer to. A tree the app is still building
   * is read again until it settles, within the tuning's deadline (settled-read.ts).
   */
  async observe(pid: number): Promise<Observation> {
    const { snapshot, unsettled } = await readSettled(() => this.apps.snapshot(pid), this.clock, this.tuning);
    const observation = serializeObservation(snapshot, {
      ...(this.tuning.tokenBudget === undefined ? {} : { tokenBudget: this.tuning.tokenBudget }),
      ...(unsettled === undefined ? {} : { unsettled }),
    });
    this.latest = { observation, snapshot };
    return observation;
  }

  /** What the latest observation listed as element `id` (its role and full name), for confirmations. */
  observedElement(id: number): { readonly role: Role; readonly name: string; readonly description: string } | undefined {
    const latest = this.latest;
    const elementId = latest?.observation.elementIds.get(id);
    const el = elementId === undefined ? undefined : latest?.snapshot.elements.find((e) => e.id === elementId);
    return el ? { role: el.role, name: el.name, description: el.description } : undefined;
  }

  /** Resolves a target in the live tree: by observation id, by a picked choice, or by label with retries. */
  async resolve(target: Target): Promise<Found<Resolved>> {
    if (isTargetById(target)) return this.resolveById(target.id);
    if (isChosenTarget(target)) return this.resolveChoice(target.choice);
    if (isOrdinalTarget(target)) return this.resolveOrdinal(target);
    let attempt = 0;
    for (;;) {
      const pid = await this.apps.pidOf(target.app);
      if (!pid.ok) return pid;
      const snapshot = await this.apps.snapshotToAct(pid.value);
      const r = resolveByLabel(snapshot.elements, { label: target.label, ...(target.role ? { role: target.role } : {}) });
      if (r.kind === 'found') return found({ element: r.element, ref: { generation: snapshot.generation, id: r.element.id }, snapshot });
      if (r.kind === 'ambiguous') {
        const query = { label: target.label, ...(target.role ? { role: target.role } : {}), ...(target.app ? { app: target.app } : {}) };
        const choices = r.candidates.map((c): ElementChoice => ({
          query,
          pid: pid.value,
          id: c.id,
          role: c.role,
          name: c.name,
          description: c.description,
          parent: c.parent,
          depth: c.depth,
        }));
        return stopWith(clarification(r.question, r.options, choices));
      }
      if (attempt >= this.tuning.notFoundRetries) {
        return stopWith(failure('not_found', `${r.message} Check the name, or ask what is on screen.`));
      }
      attempt++;
      await this.clock.sleep(this.tuning.retryDelayMs);
    }
  }

  /** A place as a point to act at: a point as given, an element at its visible centre. */
  async placePoint(place: Place): Promise<Found<PlacedPoint>> {
    if (isPoint(place)) return found({ point: { x: place.x, y: place.y } });
    const r = await this.resolve(place);
    if (!r.ok) return r;
    const at = centre(r.value.element);
    if (!at || !isVisible(r.value.element)) return stopWith(notOnScreen(r.value.element));
    return found({ point: at, element: r.value.element, app: r.value.snapshot });
  }

  private async resolveById(id: number): Promise<Found<Resolved>> {
    const latest = this.latest;
    if (!latest) return stopWith(failure('stale', `There is no element ${id} yet: observe the screen first, then name the element by its number.`));
    const elementId = latest.observation.elementIds.get(id);
    const element = elementId === undefined ? undefined : latest.snapshot.elements.find((e) => e.id === elementId);
    if (!element) return stopWith(failure('stale', `Element ${id} is not in the latest observation: observe again.`));
    // The bridge honours only its latest snapshot, and anything may have looked since (the engine
    // to check focus, another part of the app): look again now, and keep the id only when the same
    // element is still at the same place in the tree. This also makes the gate's facts live.
    const fresh = await this.apps.snapshotToAct(latest.snapshot.pid);
    const again = fresh.elements.find((e) => e.id === element.id);
    if (!again || !samePlace(again, element))
      return stopWith(failure('stale', `The screen changed since the last observation, so element ${id} may be something else now: observe again.`));
    this.latest = { observation: latest.observation, snapshot: fresh };
    return found({ element: again, ref: { generation: fresh.generation, id: again.id }, snapshot: fresh });
  }

  /** "The third button in the toolbar": counted in one read of the app's tree, as the observation counts (ordinal-target.ts). */
  private async resolveOrdinal(target: OrdinalTarget): Promise<Found<Resolved>> {
    const pid = await this.apps.pidOf(target.app);
    if (!pid.ok) return pid;
    const snapshot = await this.apps.snapshotToAct(pid.value);
    const r = resolveOrdinal(snapshot.elements, target);
    if (r.kind === 'none') return stopWith(failure('not_found', r.message));
    return found({ element: r.element, ref: { generation: snapshot.generation, id: r.element.id }, snapshot });
  }

  /** The element the user picked from a question's options, if it is still the same one at the same place. */
  private async resolveChoice(choice: ElementChoice): Promise<Found<Resolved>> {
    const fresh = await this.apps.snapshotToAct(choice.pid);
    const el = fresh.elements.find((e) => e.id === choice.id);
    if (!el || !samePlace(el, choice))
      return stopWith(
        failure(
          'stale',
          `The screen changed since the question, so ${quote(choice.name || choice.query.label, LABEL_QUOTE_MAX)} may be something else now: give the command again.`,
        ),
      );
    return found({ element: el, ref: { generation: fresh.generation, id: el.id }, snapshot: fresh });
  }
}

type Placed = Pick<AxElement, 'role' | 'name' | 'description' | 'parent' | 'depth'>;

/** The same element at the same place in the tree: role, names, parent and depth all unchanged. */
function samePlace(a: Placed, b: Placed): boolean {
  return a.role === b.role && a.name === b.name && a.description === b.description && a.parent === b.parent && a.depth === b.depth;
}
