/**
 * The real execution engine for the CLI, opened at its first use: a dry run of a command that
 * needs no screen never loads the accessibility addon, and a missing addon or desktop becomes a
 * failure with a sentence (from the bridge) instead of a crash before the command is even planned.
 */
import { AxBridge } from '../execution/accessibility/ax-bridge.js';
import { ExecutionEngine } from '../execution/engine.js';
import { createNutInputDriver } from '../execution/input/input-driver.js';
import { failure, type ActionResult } from '../execution/results.js';
import type { EngineApi } from '../registry/dispatch.js';

const METHODS = [
  'openApplication',
  'click',
  'doubleClick',
  'rightClick',
  'typeText',
  'pressKey',
  'scroll',
  'moveMouse',
  'clickAt',
  'drag',
  'sequence',
  'getFrontmostApp',
  'getScreenElements',
] as const satisfies readonly (keyof EngineApi)[];

export function openDesktopEngine(env: NodeJS.ProcessEnv, open: () => ExecutionEngine = () => new ExecutionEngine({ bridge: AxBridge.open(), input: createNutInputDriver({ env }) })): EngineApi {
  let engine: ExecutionEngine | undefined;
  let problem: ActionResult | undefined;
  const get = (): ExecutionEngine | ActionResult => {
    if (!engine && !problem) {
      try {
        engine = open();
      } catch (e) {
        const detail = e instanceof Error ? e.message : String(e);
        problem = failure('no_accessibility', `The accessibility bridge could not start: ${detail}`);
      }
    }
    return engine ?? (problem as ActionResult);
  };
  const api: Partial<Record<keyof EngineApi, unknown>> = {};
  for (const name of METHODS) {
    api[name] = async (...args: unknown[]): Promise<ActionResult> => {
      const e = get();
      if (!(e instanceof ExecutionEngine)) return e;
      return (e[name] as (...a: unknown[]) => Promise<ActionResult>).apply(e, args);
    };
  }
  return api as EngineApi;
}
