/**
 * The real execution engine for both front ends, opened at its first use: a dry run of a command that
 * needs no screen never loads the accessibility addon, and a missing addon or desktop becomes a
 * failure with a sentence (from the bridge) instead of a crash before the command is even planned.
 */
import { AxBridge } from '../execution/accessibility/ax-bridge.js';
import { ExecutionEngine } from '../execution/engine.js';
import { createNutInputDriver } from '../execution/input/input-driver.js';
import { withSwitchKeysLetGo, type SwitchKeyHold } from '../execution/input/switch-keys.js';
import { stopOnUserKeys, type UserKeyWatch } from '../execution/input/user-key-stop.js';
import { failure, stopWith, type ActionResult } from '../execution/results.js';
import type { Place } from '../execution/engine-types.js';
import { TargetAppTracker } from '../execution/apps/target-app.js';
import type { EngineApi } from '../registry/dispatch.js';
import { errorMessage } from '../shared/errors.js';

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
  'goToCell',
  'openUrl',
  'sequence',
  'getFrontmostApp',
  'getScreenElements',
  'listApplications',
  'windowCommand',
] as const satisfies readonly (keyof EngineApi)[];

/**
 * The real engine on the desktop. `ownPids`: the assistant's own processes, never "the frontmost
 * app" (the app's core passes its own and its parent's, the Electron main process whose windows
 * are the panel; the CLI passes none: the terminal it runs in is an app the user may mean).
 * With a bridge given, it remembers from now on which app was active before the assistant's.
 */
export function createDesktopEngine(
  env: NodeJS.ProcessEnv,
  options: { readonly bridge?: AxBridge; readonly ownPids?: readonly number[]; readonly switchKeys?: SwitchKeyHold; readonly userKeys?: UserKeyWatch } = {},
): ExecutionEngine {
  const bridge = options.bridge ?? AxBridge.open();
  const targetApp = new TargetAppTracker(options.ownPids);
  // Without it the first command after a switch to the panel would not know where the user was.
  if (targetApp.hasOwnPids) {
    targetApp.listen(bridge).catch((e: unknown) => console.error(`Not following which app is active: ${errorMessage(e)}`));
  }
  // The switch keys held system-wide are let go while the engine itself types them.
  // macOS types characters as Unicode key events through the bridge, whatever the keyboard layout.
  // Chords there go as one key event with the modifiers in its flags, and input is refused in a
  // sentence when macOS would drop it (no Accessibility permission).
  const typeUnicode = bridge.unicodeTyper();
  const postChord = bridge.keyChordPoster();
  const inputTrusted = bridge.inputTrustCheck();
  const input = createNutInputDriver({
    env,
    ...(typeUnicode ? { typeUnicode } : {}),
    ...(postChord ? { postChord } : {}),
    ...(inputTrusted ? { inputTrusted } : {}),
  });
  // A key the user presses while the engine sends input stops it (issue #31); the switch keys are let
  // go around a whole typing, not around each of its few characters.
  const watched = options.userKeys ? stopOnUserKeys(input, options.userKeys) : input;
  return new ExecutionEngine({ bridge, input: options.switchKeys ? withSwitchKeysLetGo(watched, options.switchKeys) : watched, targetApp });
}

/** `beforeAction`: called as each action starts (the user's keys count from then on, src/execution/input/user-key-stop.ts). */
export function openDesktopEngine(
  env: NodeJS.ProcessEnv,
  open: () => ExecutionEngine = () => createDesktopEngine(env),
  hooks: { readonly beforeAction?: () => void } = {},
): EngineApi {
  let engine: ExecutionEngine | undefined;
  let problem: ActionResult | undefined;
  const get = (): ExecutionEngine | ActionResult => {
    if (!engine && !problem) {
      try {
        engine = open();
      } catch (e) {
        const detail = errorMessage(e);
        problem = failure('no_accessibility', `The accessibility bridge could not start: ${detail}`);
      }
    }
    return engine ?? (problem as ActionResult);
  };
  const api: Partial<Record<keyof EngineApi | 'observedElement' | 'locate', unknown>> = {};
  for (const name of METHODS) {
    api[name] = async (...args: unknown[]): Promise<ActionResult> => {
      const e = get();
      if (!(e instanceof ExecutionEngine)) return e;
      hooks.beforeAction?.();
      return (e[name] as (...a: unknown[]) => Promise<ActionResult>).apply(e, args);
    };
  }
  // Confirmations name the elements of the latest observation (an engine not opened yet has none).
  api.observedElement = (id: number) => (engine ? engine.observedElement(id) : undefined);
  // The outline a confirmation draws (issue #31): the engine the step will run on finds its place.
  api.locate = async (place: Place) => {
    const e = get();
    return e instanceof ExecutionEngine ? e.locate(place) : undefined;
  };
  // Dictation's corrections and text editing read the focused field and place its caret (src/agent/field-keys.ts).
  api.readFocusedText = async () => {
    const e = get();
    return e instanceof ExecutionEngine ? e.readFocusedText() : stopWith(e);
  };
  api.placeInFocusedText = async (...args: Parameters<ExecutionEngine['placeInFocusedText']>) => {
    const e = get();
    if (!(e instanceof ExecutionEngine)) return stopWith(e);
    hooks.beforeAction?.();
    return e.placeInFocusedText(...args);
  };
  // "Take it back" (src/agent/take-back.ts): is the last action's change still there; typed text or a window set back.
  const takeBack: Pick<ExecutionEngine, 'stillAsLeft' | 'restoreRecorded'> = {
    stillAsLeft: async (record) => {
      const e = get();
      return e instanceof ExecutionEngine ? e.stillAsLeft(record) : stopWith(e);
    },
    restoreRecorded: async (record, options) => {
      const e = get();
      if (!(e instanceof ExecutionEngine)) return e;
      hooks.beforeAction?.();
      return e.restoreRecorded(record, options);
    },
  };
  return Object.assign(api, takeBack) as EngineApi;
}
