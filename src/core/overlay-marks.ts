/**
 * The numbered overlay's data on the core's side: the marks of an observation (its ids are the ids
 * "click 12" names), and engine wrappers: one that remembers the latest observation the engine made.
 */
import type { Observation } from '../execution/observation.js';
import type { EngineApi } from '../registry/dispatch.js';
import type { OverlayMark, OverlayView } from '../shared/contracts/ipc-contract.js';

/** One mark per listed actionable element the app gave bounds for (an element without a size cannot be pointed at). */
export function overlayView(observation: Observation): OverlayView {
  const marks: OverlayMark[] = [];
  for (const [id, place] of observation.places ?? []) {
    const b = place.bounds;
    if (!place.actionable || !b || b.width <= 0 || b.height <= 0) continue;
    marks.push({ id, role: place.role, label: place.label, x: b.x, y: b.y, width: b.width, height: b.height });
  }
  return { app: observation.app, marks };
}

/** Wraps an engine so the latest observation it returned can be read (the overlay draws that one). */
export function tapObservations(engine: EngineApi): { readonly engine: EngineApi; readonly latest: () => Observation | undefined } {
  let latest: Observation | undefined;
  const getScreenElements: EngineApi['getScreenElements'] = async (...args) => {
    const result = await engine.getScreenElements(...args);
    if (result.kind === 'observation' && result.observation) latest = result.observation;
    return result;
  };
  return { engine: overrideMethods(engine, { getScreenElements }), latest: () => latest };
}

/** `engine` with `overrides` in place of its methods; every other method runs on the engine itself (bound, so its own state stays its own). */
export function overrideMethods(engine: EngineApi, overrides: Partial<EngineApi>): EngineApi {
  return new Proxy(engine, {
    get(target, prop) {
      if (Object.hasOwn(overrides, prop)) return Reflect.get(overrides, prop);
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
