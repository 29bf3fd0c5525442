/**
 * The execution engine: one method per primitive, each returning an ActionResult and never throwing.
 *
 * Order of means: the accessibility API first (press, show_menu, set value: exact, works on covered
 * and off-screen elements, no pointer moved), synthesized input where the accessibility API has no
 * action (double clicks, scrolling, dragging, keys), at the element's visible centre. Right before
 * acting, the caller's gate sees the live facts of the resolved target (role, name, secure field).
 * Every accessibility call has a deadline (the bridge's); a frozen app gives a `timeout` failure.
 */
import { TEXT_ENTRY_ROLES, type Role } from '../shared/roles.js';
import { OVERLAY_WINDOW_TITLE } from '../shared/own-windows.js';
import { isSecureFieldName, SECURE_REFUSAL } from '../shared/secure-fields.js';
import { isTerminalElement } from './app-classes.js';
import { parseCellReference, readShownCellReference } from '../shared/cell-address.js';
import type { CanonicalModifier } from '../shared/keys.js';
import { AccessibilityError, type AxElement, type AxSnapshot, type ElementRef as AxRef, type RunningApp } from './accessibility/types.js';
import { isEnabled, isVisible, resolveByLabel } from './element-resolution.js';
import { serializeObservation, type Observation } from './observation.js';
import type { InputDriver, MouseButton, ScreenPoint, ScrollDirection } from './input/input-driver.js';
import { ExecutionError, clarification, failure, success, type ActionResult, type FailureCode } from './results.js';
import { TargetAppTracker, type ActiveApp } from './target-app.js';
import { runningAppNamed, runningAppsObservation } from './app-list.js';
import { openInBrowser } from './open-url.js';
import {
  SYSTEM_CLOCK,
  isChosenTarget,
  isPoint,
  isTargetById,
  type AccessibilityDriver,
  type ActOptions,
  type Clock,
  type ElementChoice,
  type LiveElementFacts,
  type Place,
  type Point,
  type SequenceStep,
  type Target,
} from './engine-types.js';
import { errorMessage } from '../shared/errors.js';
import { quote } from '../shared/quote.js';

export interface EngineTuning {
  /** Extra look-ups after "not found" (the element may still be appearing). Default 3. */
  readonly notFoundRetries: number;
  /** Wait between those look-ups. Default 500 ms. */
  readonly retryDelayMs: number;
  /** How long open_application waits for the app's window. Default 5,000 ms. */
  readonly windowWaitMs: number;
  /** Polling interval of waits. Default 50 ms. */
  readonly pollMs: number;
  /** How long typed text may take to show up in the field before it is called unconfirmed. Default 1,000 ms. */
  readonly readBackMs: number;
  /** Wheel steps when a scroll names no amount. Default 3. */
  readonly defaultScrollSteps: number;
  /** Pointer travel tolerance (px) before "the user moved the pointer" stops a multi-step action. Default 3. */
  readonly takeoverTolerancePx: number;
  /** Deadline of one snapshot of the target app. Default 3,000 ms (the bridge's). */
  readonly snapshotDeadlineMs: number;
  /** How long a named app may take to come to the front for keys or scrolling. Default 2,000 ms. */
  readonly activateWaitMs: number;
  /** How long a spreadsheet may take to show the cell asked for after Enter in its address box. Default 3,000 ms. */
  readonly cellWaitMs: number;
  /** Token budget of get_screen_elements. */
  readonly tokenBudget?: number;
}

export const DEFAULT_TUNING: EngineTuning = {
  notFoundRetries: 3,
  retryDelayMs: 500,
  windowWaitMs: 5000,
  pollMs: 50,
  readBackMs: 1000,
  defaultScrollSteps: 3,
  takeoverTolerancePx: 3,
  snapshotDeadlineMs: 3000,
  activateWaitMs: 2000,
  cellWaitMs: 3000,
};

export interface EngineDeps {
  readonly bridge: AccessibilityDriver;
  readonly input: InputDriver;
  readonly clock?: Clock;
  readonly tuning?: Partial<EngineTuning>;
  /**
   * The assistant's own processes (its panel's, its core's): never "the frontmost app". While one
   * of them is in front, commands go to the app the user was in before (see target-app.ts).
   */
  readonly ownPids?: readonly number[];
  /** The same, already remembering from the bridge's events (ownPids is then ignored). */
  readonly targetApp?: TargetAppTracker;
}

/** An element found in the live tree, with the reference to act on it. */
interface Resolved {
  readonly element: AxElement;
  readonly ref: AxRef;
  readonly snapshot: AxSnapshot;
}

type Found<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly result: ActionResult };

const ok = <T>(value: T): Found<T> => ({ ok: true, value });
const stop = <T>(result: ActionResult): Found<T> => ({ ok: false, result });
/** A label quoted in a result is shortened past this many characters. */
const LABEL_QUOTE_MAX = 40;

function describeElement(el: AxElement): string {
  const label = el.name || el.description;
  return label ? `${quote(label, LABEL_QUOTE_MAX)}` : `the ${el.role.replace(/_/g, ' ')}`;
}

/** The sentence for any plan that would act on the assistant's own windows. */
export const OWN_WINDOW_REFUSAL = 'The assistant never acts on its own panel or overlay: change its settings yourself, in the panel.';

/** The sentence when the front window has no cell address box (or several that show an address). */
function noAddressBox(several: boolean, cell: string): string {
  return several
    ? `This window has several boxes that show a cell address, and I cannot tell which one is the sheet's: click in the sheet you mean, then say “go to cell ${cell}” again.`
    : `This app has no cell address box (the Name Box of a spreadsheet) in its front window, so I cannot go to ${cell}: open the spreadsheet and close any dialog in front of it, then say the cell again.`;
}

/** Where an element lives: its app, for the facts that depend on it (terminal apps, the assistant itself). */
interface AppOf {
  readonly pid: number;
  readonly app: string;
}

function centre(el: AxElement): Point | undefined {
  const b = el.bounds;
  if (!b || b.width <= 0 || b.height <= 0) return undefined;
  return { x: Math.round(b.x + b.width / 2), y: Math.round(b.y + b.height / 2) };
}

function contains(el: AxElement, p: Point): boolean {
  const b = el.bounds;
  return !!b && p.x >= b.x && p.y >= b.y && p.x < b.x + b.width && p.y < b.y + b.height;
}

/** The smallest visible element of a snapshot under a point: what a click there would hit. */
export function elementAt(elements: readonly AxElement[], p: Point): AxElement | undefined {
  let best: AxElement | undefined;
  let bestArea = Infinity;
  for (const el of elements) {
    if (!isVisible(el) || !contains(el, p) || el.role === 'application') continue;
    const area = (el.bounds?.width ?? 0) * (el.bounds?.height ?? 0);
    if (area <= bestArea) {
      best = el;
      bestArea = area;
    }
  }
  return best;
}

const ACCESSIBILITY_CODES: Readonly<Record<string, FailureCode>> = {
  not_built: 'no_accessibility',
  unavailable: 'no_accessibility',
  permission_denied: 'no_accessibility',
  timeout: 'timeout',
  stale: 'stale',
  gone: 'gone',
  not_found: 'not_found',
  unsupported: 'unsupported',
  failed: 'failed',
};

/** Any error → a failure with a sentence; nothing thrown reaches the caller. */
function toFailure(error: unknown, doing: string): ActionResult {
  if (error instanceof ExecutionError) return failure(error.code, error.message);
  if (error instanceof AccessibilityError) return failure(ACCESSIBILITY_CODES[error.code] ?? 'failed', error.message);
  if (error instanceof TypeError) return failure('failed', `Could not ${doing}: ${error.message}.`);
  const text = errorMessage(error);
  return failure('failed', `Could not ${doing} (${text}). Try again, or do it another way.`);
}

function stepFailure(result: ActionResult, step: number, total: number, describe: string, done: number): ActionResult {
  const doneText = done === 0 ? 'Nothing was done.' : done === 1 ? 'Step 1 was done.' : `Steps 1–${done} were done.`;
  switch (result.kind) {
    case 'failure':
      return { ...result, step, reason: `Step ${step} of ${total} (${describe}) failed: ${result.reason} ${doneText}` };
    case 'needs_confirmation':
      return { ...result, step, reason: `Step ${step} of ${total} (${describe}): ${result.reason} ${doneText}` };
    case 'clarification':
      return { ...result, step, question: `Step ${step} of ${total} (${describe}): ${result.question}` };
    case 'success':
    case 'observation':
      return result;
  }
}

export class ExecutionEngine {
  private readonly bridge: AccessibilityDriver;
  private readonly input: InputDriver;
  private readonly clock: Clock;
  private readonly tuning: EngineTuning;
  private readonly targetApp: TargetAppTracker;
  /** The latest get_screen_elements: ids the planner may name map through it. */
  private latest: { observation: Observation; snapshot: AxSnapshot } | undefined;
  /** Where this engine last put the pointer: if it is elsewhere later, the user moved it. */
  private pointerLeftAt: ScreenPoint | undefined;
  /** When this engine last acted (keys, a click, a press): the focus may still be moving for a moment after. */
  private actedAt = -Infinity;
  /** Apps (by pid) whose terminal line holds text this engine typed, not yet followed by Enter. */
  private readonly typedLines = new Map<number, string>();

  constructor(deps: EngineDeps) {
    this.bridge = deps.bridge;
    this.input = deps.input;
    this.clock = deps.clock ?? SYSTEM_CLOCK;
    this.tuning = { ...DEFAULT_TUNING, ...deps.tuning };
    this.targetApp = deps.targetApp ?? new TargetAppTracker(deps.ownPids);
  }

  /** The latest observation (what "click 12" refers to), if any. */
  get latestObservation(): Observation | undefined {
    return this.latest?.observation;
  }

  /** What the latest observation listed as element `id` (its role and full name), for confirmations. */
  observedElement(id: number): { readonly role: Role; readonly name: string; readonly description: string } | undefined {
    const latest = this.latest;
    const elementId = latest?.observation.elementIds.get(id);
    const el = elementId === undefined ? undefined : latest?.snapshot.elements.find((e) => e.id === elementId);
    return el ? { role: el.role, name: el.name, description: el.description } : undefined;
  }

  /** The live facts of an element for the gate: role, names, secure, terminal, the assistant's own. */
  private factsOf(el: AxElement | undefined, where: AppOf | undefined): LiveElementFacts | undefined {
    if (!el) return undefined;
    const terminal = isTerminalElement(el, where?.app);
    return {
      role: el.role,
      name: el.name,
      description: el.description,
      secure: el.role === 'password_field' || isSecureFieldName(el.name, el.description),
      ...(terminal ? { terminal, typedLine: where !== undefined && this.typedLines.has(where.pid) } : {}),
      ...(where && this.targetApp.isOwn(where.pid) ? { own: true } : {}),
    };
  }

  // ── reading ────────────────────────────────────────────────────────────────

  async getFrontmostApp(): Promise<ActionResult> {
    return this.guard('find the frontmost app', async () => {
      const app = await this.target();
      return { kind: 'observation', text: `The frontmost app is ${quote(app.name, LABEL_QUOTE_MAX)}.`, app: { name: app.name, pid: app.pid } };
    });
  }

  /** get_screen_elements: the compact element list of an app (the frontmost by default). */
  async getScreenElements(app?: string): Promise<ActionResult> {
    return this.guard('read the screen', async () => {
      const pid = await this.pidOf(app);
      if (!pid.ok) return pid.result;
      const snapshot = await this.snapshot(pid.value);
      const observation = serializeObservation(snapshot, this.tuning.tokenBudget === undefined ? {} : { tokenBudget: this.tuning.tokenBudget });
      this.latest = { observation, snapshot };
      return { kind: 'observation', text: observation.text, observation };
    });
  }

  /** list_applications: the running apps, in one sentence (src/execution/app-list.ts). */
  async listApplications(): Promise<ActionResult> {
    return this.guard('list the open apps', async () => runningAppsObservation(await this.bridge.runningApps(), (pid) => this.targetApp.isOwn(pid)));
  }

  // ── apps ───────────────────────────────────────────────────────────────────

  /** open_url: a web address in the default browser (src/execution/open-url.ts), after the gate. */
  async openUrl(url: string, options: ActOptions = {}): Promise<ActionResult> {
    return options.gate?.({}) ?? openInBrowser(url, options.signal ? { signal: options.signal } : {});
  }

  /** Starts an app (by name, else by desktop/bundle id) and waits until its window is on screen. */
  async openApplication(app: string, options: ActOptions = {}): Promise<ActionResult> {
    return this.guard(`open ${app}`, async () => {
      const gated = options.gate?.({});
      if (gated) return gated;
      // Already running: bring it to the front ("switch to X") rather than start a second one.
      const running = runningAppNamed(await this.bridge.runningApps().catch(() => []), app, (pid) => this.targetApp.isOwn(pid));
      if (running && (await this.raise(running)).ok) return success(`Switched to ${quote(running.name, LABEL_QUOTE_MAX)}: it was already open.`);
      const started = this.clock.now();
      let launched;
      try {
        launched = await this.bridge.launchApp({ name: app });
      } catch (e) {
        if (!(e instanceof AccessibilityError) || e.code !== 'not_found') throw e;
        launched = await this.bridge.launchApp({ id: app }).catch(() => {
          throw e; // the first message ("No installed application is called …") is the one to show
        });
      }
      const names = new Set([launched.name.toLowerCase(), app.toLowerCase(), launched.id.replace(/\.desktop$/, '').toLowerCase()]);
      for (;;) {
        const apps = await this.bridge.runningApps().catch(() => [] as readonly RunningApp[]);
        // The launched process, or (single-instance apps, launchers) an app of that name.
        const found = apps.find((a) => a.pid === launched.pid) ?? apps.find((a) => names.has(a.name.toLowerCase()));
        if (found && found.responding) {
          const window = await this.windowOf(found.pid);
          if (window) return success(`Opened ${quote(launched.name, LABEL_QUOTE_MAX)}: its window ${quote(window.name || launched.name, LABEL_QUOTE_MAX)} is on screen.`);
        }
        if (this.clock.now() - started >= this.tuning.windowWaitMs) {
          return failure(
            found ? 'timeout' : 'not_found',
            found
              ? `${quote(launched.name, LABEL_QUOTE_MAX)} started but showed no window within ${this.tuning.windowWaitMs / 1000} s: it may still be loading — look again in a moment.`
              : `${quote(launched.name, LABEL_QUOTE_MAX)} did not appear within ${this.tuning.windowWaitMs / 1000} s: it may have failed to start, or it does not support accessibility.`,
          );
        }
        await this.clock.sleep(this.tuning.pollMs * 2);
      }
    });
  }

  // ── clicks ─────────────────────────────────────────────────────────────────

  /** Clicks an element: its accessibility press when it offers one, else a click at its visible centre. */
  async click(target: Target, options: ActOptions = {}): Promise<ActionResult> {
    return this.guard('click', async () => {
      const r = await this.resolve(target);
      if (!r.ok) return r.result;
      const { element, ref, snapshot } = r.value;
      const gated = options.gate?.({ element: this.factsOf(element, snapshot) });
      if (gated) return gated;
      // A text field's "press" is its activate (Enter: may submit a form); clicking it means "put the caret here".
      const isField = TEXT_ENTRY_ROLES.has(element.role);
      if (!isField && element.actions.includes('press')) {
        await this.bridge.performAction(ref, 'press');
        this.actedAt = this.clock.now();
        return success(`Clicked ${describeElement(element)}.`);
      }
      const at = centre(element);
      if (at && isVisible(element)) {
        await this.pointerClick(at, 'left', 1);
        return success(`Clicked ${describeElement(element)}.`);
      }
      if (element.actions.includes('focus')) {
        await this.bridge.performAction(ref, 'focus');
        return success(`Put the focus on ${describeElement(element)}.`);
      }
      return this.notOnScreen(element);
    });
  }

  /** Double-clicks an element at its visible centre (double-click has no accessibility action). */
  async doubleClick(target: Target, options: ActOptions = {}): Promise<ActionResult> {
    return this.guard('double-click', async () => {
      const r = await this.resolve(target);
      if (!r.ok) return r.result;
      const { element, snapshot } = r.value;
      const gated = options.gate?.({ element: this.factsOf(element, snapshot) });
      if (gated) return gated;
      const at = centre(element);
      if (!at || !isVisible(element)) return this.notOnScreen(element);
      await this.pointerClick(at, 'left', 2);
      return success(`Double-clicked ${describeElement(element)}.`);
    });
  }

  /** Opens an element's context menu: its show_menu action when offered, else a right click at its centre. */
  async rightClick(target: Target, options: ActOptions = {}): Promise<ActionResult> {
    return this.guard('right-click', async () => {
      const r = await this.resolve(target);
      if (!r.ok) return r.result;
      const { element, ref, snapshot } = r.value;
      const gated = options.gate?.({ element: this.factsOf(element, snapshot) });
      if (gated) return gated;
      if (element.actions.includes('show_menu')) {
        await this.bridge.performAction(ref, 'show_menu');
        return success(`Opened the menu of ${describeElement(element)}.`);
      }
      const at = centre(element);
      if (!at || !isVisible(element)) return this.notOnScreen(element);
      await this.pointerClick(at, 'right', 1);
      return success(`Right-clicked ${describeElement(element)}.`);
    });
  }

  /** Clicks `count` times at a point (left_click_coordinates). The gate sees the element under the point. */
  async clickAt(point: Point, count = 1, options: ActOptions = {}): Promise<ActionResult> {
    return this.guard('click there', async () => {
      if (await this.ownWindowAt(point)) return failure('refused', OWN_WINDOW_REFUSAL);
      // Every app's element under the point is judged: which window is on top there is not known.
      const hits = await this.elementsUnder(point);
      const hit = hits[0];
      for (const h of hits.length > 0 ? hits : [undefined]) {
        const gated = options.gate?.({ element: this.factsOf(h?.element, h?.app) });
        if (gated) return gated;
      }
      await this.pointerClick(point, 'left', count, true);
      const times = count === 1 ? '' : count === 2 ? ' twice' : ` ${count} times`;
      return success(`Clicked${times} at ${Math.round(point.x)}, ${Math.round(point.y)}${hit ? ` (on ${describeElement(hit.element)})` : ''}.`);
    });
  }

  // ── keyboard ───────────────────────────────────────────────────────────────

  /**
   * Types text exactly. Into a named field: inserted at the end of its text through the
   * accessibility API. Into the focused element: typed by keys (at the caret, as a person would)
   * when every character has a key on this layout, else inserted through the accessibility API.
   * Read back to confirm wherever the target exposes its text.
   */
  async typeText(text: string, target: Target | undefined, options: ActOptions = {}): Promise<ActionResult> {
    return this.guard('type', async () => {
      let field: AxElement | undefined;
      let ref: AxRef | undefined;
      let fieldApp: ActiveApp | undefined;
      if (target) {
        const r = await this.resolve(target);
        if (!r.ok) return r.result;
        field = r.value.element;
        ref = r.value.ref;
        fieldApp = { pid: r.value.snapshot.pid, name: r.value.snapshot.app };
      } else {
        // The focused element of the target app, in front: its focus is only kept while it is active.
        const front = await this.raiseTarget();
        if (!front.ok) return front.result;
        const focus = await this.focusedElement();
        field = focus?.element;
        ref = focus?.ref;
        fieldApp = focus ? { pid: focus.app.pid, name: focus.app.app } : undefined;
      }
      const where = fieldApp ? { pid: fieldApp.pid, app: fieldApp.name } : undefined;
      const facts = this.factsOf(field, where);
      const gated = options.gate?.(target ? { element: facts } : { focused: facts });
      if (gated) return gated;
      // Defence in depth, whatever the gate said: never the assistant's own windows, never a secret.
      if (facts?.own) return failure('refused', OWN_WINDOW_REFUSAL);
      if (facts?.secure) return failure('refused', SECURE_REFUSAL);

      // A terminal takes keys at its prompt (it has no editable text to insert into), and what was
      // typed there is remembered: the Enter that runs it is judged as the destructive step it is.
      const terminal = facts?.terminal === true;
      // A spreadsheet cell is typed into through an editor of its own: its text shows only once
      // the entry is committed (Enter), so it is not read back here.
      const readable =
        !terminal && !!field && !!ref && field.value !== null && field.role !== 'cell' && (TEXT_ENTRY_ROLES.has(field.role) || field.states.includes('editable'));
      const missing = await this.input.untypableByKeys(text);
      const byKeys = terminal || (!target ? missing.length === 0 : !readable);

      if (target && byKeys && fieldApp) {
        // Keys go to the focused window: the field's app must be in front (not the panel).
        const front = await this.raise(fieldApp);
        if (!front.ok) return front.result;
      }
      if (target && field && ref && !readable) {
        // A named element that does not expose its text: give it the focus, then type by keys.
        const at = centre(field);
        if (field.actions.includes('focus')) await this.bridge.performAction(ref, 'focus');
        else if (at && isVisible(field)) await this.pointerClick(at, 'left', 1);
      }
      if (terminal && where) {
        const line = (this.typedLines.get(where.pid) ?? '') + text;
        const rest = line.slice(Math.max(line.lastIndexOf('\n'), line.lastIndexOf('\r')) + 1);
        if (rest) this.typedLines.set(where.pid, rest);
        else this.typedLines.delete(where.pid);
      }

      if (byKeys) {
        if (missing.length > 0) {
          return failure(
            'unsupported',
            `I cannot type ${missing.map((c) => quote(c, LABEL_QUOTE_MAX)).join(' ')} here: this app does not expose its text to accessibility, and those characters have no key on this keyboard layout. Type them yourself, or paste them.`,
          );
        }
        const readBack = (readable || (terminal && field?.value !== null)) ? ref : undefined;
        const before = readBack ? await this.bridge.readValue(readBack) : null;
        await this.input.typeByKeys(text);
        this.actedAt = this.clock.now();
        if (!readBack) return success(`Typed ${text.length} characters (this app does not show its text to the assistant, so it was not read back).`);
        return this.confirmTyped(readBack, terminal ? (text.split(/[\r\n]/)[0] ?? text) : text, before, 'keys');
      }

      if (!readable || !field || !ref) {
        return failure('not_found', 'There is no text field to type into: click the field first (or name it), then type.');
      }
      const before = (await this.bridge.readValue(ref)) ?? '';
      // At the caret, over the selection, as keys would type: the focused field's caret is where the
      // user (or the click before) put it. A named field without the focus has no caret the user
      // chose, so the text goes after what is there.
      const at = target && !field.states.includes('focused') ? 'end' : 'caret';
      const done = await this.bridge.insertText(ref, text, { at });
      const chars = Array.from(before);
      const expected = chars.slice(0, done.start).join('') + text + chars.slice(done.end).join('');
      const place = done.end > done.start ? 'replacing the selected text' : done.start >= chars.length ? 'at the end of the field' : 'at the caret';
      const inserted = await this.confirmTyped(ref, text, before, 'accessibility', expected, place);
      // Some apps accept the insertion and change nothing (Firefox's web page fields, issue #14):
      // when the field still reads as before, give it the focus and type by keys instead.
      if (inserted.kind !== 'failure' || missing.length > 0 || (await this.bridge.readValue(ref)) !== before) return inserted;
      if (fieldApp) {
        const front = await this.raise(fieldApp);
        if (!front.ok) return front.result;
      }
      const centreOf = centre(field);
      if (field.actions.includes('focus')) await this.bridge.performAction(ref, 'focus');
      else if (centreOf && isVisible(field)) await this.pointerClick(centreOf, 'left', 1);
      await this.input.typeByKeys(text);
      this.actedAt = this.clock.now();
      return this.confirmTyped(ref, text, before, 'keys');
    });
  }

  /** Presses a key with modifiers in the frontmost app, or in `app` (brought to the front first). */
  async pressKey(key: string, modifiers: readonly CanonicalModifier[], app: string | undefined, options: ActOptions = {}): Promise<ActionResult> {
    const chord = [...modifiers, key].join('+');
    return this.guard(`press ${chord}`, async () => {
      // Keys go to the focused window: the named app's, else the target app's (not the panel's).
      const front = app ? await this.bringToFront(app) : await this.raiseTarget();
      if (!front.ok) return front.result;
      // Enter and Space act on whatever has the focus: read it once the keys before have landed, and
      // when it cannot be read, say so to the gate rather than let the key go unjudged.
      const activating = (key === 'enter' || key === 'space') && modifiers.every((m) => m === 'shift');
      const focus = activating ? await this.settledFocus() : await this.focusedElement().catch(() => undefined);
      const facts = this.factsOf(focus?.element, focus?.app) ?? (activating ? { unread: true } : undefined);
      const gated = options.gate?.({ focused: facts });
      if (gated) return gated;
      if (facts?.own) return failure('refused', OWN_WINDOW_REFUSAL);
      await this.input.pressChord(key, modifiers);
      this.actedAt = this.clock.now();
      // The line the assistant typed in a terminal is gone once it ran (Enter) or was cleared (Ctrl+C, Ctrl+U).
      const clears = chord === 'enter' || chord === 'ctrl+c' || chord === 'ctrl+u';
      if (focus && facts?.terminal && clears) this.typedLines.delete(focus.app.pid);
      return success(`Pressed ${chord}.`);
    });
  }

  // ── pointer ────────────────────────────────────────────────────────────────

  /** Scrolls with the wheel over an element, over an app's window, or over the frontmost window. */
  async scroll(direction: ScrollDirection, amount: number | undefined, target: Target | undefined, app: string | undefined, options: ActOptions = {}): Promise<ActionResult> {
    return this.guard('scroll', async () => {
      const steps = amount ?? this.tuning.defaultScrollSteps;
      let at: Point | undefined;
      let over: AxElement | undefined;
      let overApp: AppOf | undefined;
      if (target) {
        const r = await this.resolve(target);
        if (!r.ok) return r.result;
        over = r.value.element;
        overApp = r.value.snapshot;
        at = centre(over);
        if (!at || !isVisible(over)) return this.notOnScreen(over);
      } else {
        // The wheel goes to the window under the pointer: a named app's window must be on top.
        const pid = app ? await this.bringToFront(app) : await this.raiseTarget();
        if (!pid.ok) return pid.result;
        const window = await this.windowOf(pid.value);
        if (!window) return failure('not_found', `${app ? quote(app, LABEL_QUOTE_MAX) : 'The frontmost app'} has no window on screen to scroll.`);
        over = window;
        overApp = { pid: pid.value, app: app ?? '' };
        const pointer = await this.input.pointer();
        // Leave the pointer where it is when it already is over that window.
        at = contains(window, pointer) ? undefined : centre(window);
      }
      const gated = options.gate?.({ element: this.factsOf(over, overApp) });
      if (gated) return gated;
      if (at && (await this.ownWindowAt(at))) return failure('refused', OWN_WINDOW_REFUSAL);
      if (at) await this.movePointer(at);
      await this.input.scroll(direction, steps);
      return success(`Scrolled ${direction} ${steps} step${steps === 1 ? '' : 's'}${over ? ` over ${describeElement(over)}` : ''}.`);
    });
  }

  async moveMouse(to: Place, options: ActOptions = {}): Promise<ActionResult> {
    return this.guard('move the pointer', async () => {
      const p = await this.placePoint(to);
      if (!p.ok) return p.result;
      const gated = options.gate?.({ element: this.factsOf(p.value.element, p.value.app) });
      if (gated) return gated;
      await this.movePointer(p.value.point);
      return success(`Moved the pointer to ${p.value.element ? describeElement(p.value.element) : `${Math.round(p.value.point.x)}, ${Math.round(p.value.point.y)}`}.`);
    });
  }

  /** Drags with the left button from one place to another, in small moves that apps see as a drag. */
  async drag(from: Place, to: Place, options: ActOptions = {}): Promise<ActionResult> {
    return this.guard('drag', async () => {
      const a = await this.placePoint(from);
      if (!a.ok) return a.result;
      const b = await this.placePoint(to);
      if (!b.ok) return b.result;
      if ((await this.ownWindowAt(a.value.point)) || (await this.ownWindowAt(b.value.point))) return failure('refused', OWN_WINDOW_REFUSAL);
      const fromHit = a.value.element ? { element: a.value.element, app: a.value.app } : await this.elementUnder(a.value.point);
      const dropHits = b.value.element && b.value.app ? [{ element: b.value.element, app: b.value.app }] : await this.elementsUnder(b.value.point);
      const dropHit = dropHits[0];
      for (const d of dropHits.length > 0 ? dropHits : [undefined]) {
        const gated = options.gate?.({ element: this.factsOf(fromHit?.element, fromHit?.app), dropTarget: this.factsOf(d?.element, d?.app) });
        if (gated) return gated;
      }
      if (dropHit?.app && dropHit.element && isTerminalElement(dropHit.element, dropHit.app.app)) this.typedLines.set(dropHit.app.pid, '(dropped)');
      const start = a.value.point;
      const end = b.value.point;
      await this.movePointer(start);
      await this.input.pressButton('left');
      let released = false;
      try {
        const moves = 12;
        for (let i = 1; i <= moves; i++) {
          await this.clock.sleep(15);
          const taken = await this.userTookOver();
          if (taken) {
            await this.input.releaseButton('left');
            released = true;
            return failure('interrupted', `You moved the pointer during the drag, so I let go and stopped: ${taken}`);
          }
          await this.movePointer({ x: start.x + ((end.x - start.x) * i) / moves, y: start.y + ((end.y - start.y) * i) / moves });
        }
        await this.clock.sleep(30);
      } finally {
        if (!released) await this.input.releaseButton('left');
      }
      const what = (p: { element?: AxElement; point: Point }): string => (p.element ? describeElement(p.element) : `${Math.round(p.point.x)}, ${Math.round(p.point.y)}`);
      return success(`Dragged from ${what(a.value)} to ${what(b.value)}.`);
    });
  }

  // ── spreadsheets ───────────────────────────────────────────────────────────

  /**
   * go_to_cell: puts a cell address ("B3") or a range ("A1:C5") into the spreadsheet's cell address
   * box (the Name Box), presses Enter there, and reads the box back once the focus is in the sheet
   * again: the selection moved only when the box then shows the address asked for.
   */
  async goToCell(cell: string, app: string | undefined, options: ActOptions = {}): Promise<ActionResult> {
    return this.guard(`go to cell ${cell}`, async () => {
      const wanted = parseCellReference(cell);
      if (!wanted.ok) return failure('unsupported', `I cannot go to ${quote(cell, LABEL_QUOTE_MAX)}: ${wanted.problem}.`);
      const what = wanted.single ? `cell ${wanted.canonical}` : `cells ${wanted.canonical}`;
      // Enter goes to the focused window: the spreadsheet must be in front (not the panel).
      const front = app ? await this.bringToFront(app) : await this.raiseTarget();
      if (!front.ok) return front.result;
      const pid = front.value;
      const found = await this.addressBox(pid);
      if (found.kind !== 'found') return failure('not_found', noAddressBox(found.kind === 'several', wanted.canonical));
      const facts = this.factsOf(found.box.element, found.box.app);
      const gated = options.gate?.({ element: facts });
      if (gated) return gated;
      if (facts?.own) return failure('refused', OWN_WINDOW_REFUSAL);

      let box = found.box;
      if (!box.element.states.includes('focused')) {
        const at = centre(box.element);
        if (box.element.actions.includes('focus')) await this.bridge.performAction(box.ref, 'focus');
        else if (at && isVisible(box.element)) await this.pointerClick(at, 'left', 1);
        else return failure('unsupported', `I cannot reach the cell address box of this app to go to ${what}: click in the sheet, then say the cell again.`);
        const focused = await this.pollFor(this.tuning.activateWaitMs, async () => {
          const again = await this.addressBox(pid);
          return again.kind === 'found' && again.box.element.states.includes('focused') ? again.box : undefined;
        });
        if (!focused) return failure('unsupported', `The cell address box of this app did not take the focus, so I did not go to ${what}: click in the sheet, then say the cell again.`);
        box = focused;
      }
      await this.bridge.setValue(box.ref, wanted.canonical);
      await this.input.pressChord('enter', []);
      this.actedAt = this.clock.now();

      // Read back: the focus left the box (the app took the address) and the box shows it.
      let last: AxElement | undefined;
      const moved = await this.pollFor(this.tuning.cellWaitMs, async () => {
        const now = await this.addressBox(pid);
        if (now.kind !== 'found') return undefined;
        last = now.box.element;
        return !last.states.includes('focused') && readShownCellReference(last.value) === wanted.canonical ? true : undefined;
      });
      if (moved) return success(`${wanted.single ? 'Went to' : 'Selected'} ${what}: the cell address box reads ${wanted.canonical}.`);
      const after: AxElement | undefined = last;
      const reads = after?.value ? quote(after.value, 40) : 'nothing';
      const why = 'The address may be past the end of this sheet, or the app opened a message: look at the sheet, then try again.';
      return failure(
        'mismatch',
        after?.states.includes('focused')
          ? `The app did not take ${what}: its cell address box still has the focus and reads ${reads}. ${why}`
          : `The sheet did not show ${what}: its cell address box reads ${reads}. ${why}`,
      );
    });
  }

  /**
   * The cell address box of the app's front window: a text field or combo box named "Name Box"
   * (Excel, web sheets), else the one editable text field of a toolbar that shows a cell address
   * (LibreOffice Calc leaves its Name Box unnamed). A combo box stands for its editable text field.
   */
  private async addressBox(pid: number): Promise<{ kind: 'found'; box: { element: AxElement; ref: AxRef; app: AppOf } } | { kind: 'none' | 'several' }> {
    const s = await this.snapshot(pid, 'focused_window');
    const byId = new Map(s.elements.map((e) => [e.id, e]));
    const editable = (e: AxElement): boolean => e.role === 'text_field' && e.states.includes('editable') && isVisible(e);
    const named = s.elements.filter((e) => (e.role === 'text_field' || e.role === 'combo_box') && /^name\s*box$/i.test((e.name || e.description).trim()));
    // A combo box and its text field may both carry the name: the same box, once.
    let candidates = [...new Set(named.map((e) => (e.role === 'combo_box' ? s.elements.find((c) => c.parent === e.id && editable(c)) : editable(e) ? e : undefined)))].filter((e) => e !== undefined);
    if (candidates.length === 0) {
      const inToolbar = (e: AxElement): boolean => {
        for (let p = e.parent === null ? undefined : byId.get(e.parent); p; p = p.parent === null ? undefined : byId.get(p.parent)) if (p.role === 'toolbar') return true;
        return false;
      };
      candidates = s.elements.filter((e) => editable(e) && readShownCellReference(e.value) !== undefined && inToolbar(e));
    }
    const [box, ...more] = candidates;
    if (!box) return { kind: 'none' };
    if (more.length > 0) return { kind: 'several' };
    return { kind: 'found', box: { element: box, ref: { generation: s.generation, id: box.id }, app: s } };
  }

  /** Polls until check() gives a value or the time is up (bounded; never a fixed sleep). */
  private async pollFor<T>(ms: number, check: () => Promise<T | undefined>): Promise<T | undefined> {
    const started = this.clock.now();
    for (;;) {
      const value = await check().catch(() => undefined);
      if (value !== undefined) return value;
      if (this.clock.now() - started >= ms) return undefined;
      await this.clock.sleep(this.tuning.pollMs);
    }
  }

  // ── sequences ──────────────────────────────────────────────────────────────

  /**
   * Runs steps in order. Waits are smart, not fixed: each step that names an element looks it up
   * until it appears (the not-found retries), and open_application waits for its window. Stops at
   * the first step that does not succeed, naming it, and stops when the user takes over (moves the
   * pointer away from where the last step left it) or the signal aborts.
   */
  async sequence(steps: readonly SequenceStep[], options: ActOptions = {}): Promise<ActionResult> {
    return this.guard('run the steps', async () => {
      const total = steps.length;
      this.pointerLeftAt = undefined;
      for (const [i, step] of steps.entries()) {
        const n = i + 1;
        if (options.signal?.aborted) return stepFailure(failure('interrupted', 'You stopped it.'), n, total, step.describe, i);
        if (i > 0) {
          const taken = await this.userTookOver();
          if (taken) return stepFailure(failure('interrupted', `You took over, so I stopped: ${taken}`), n, total, step.describe, i);
        }
        const result = await step.run({ ...(options.signal ? { signal: options.signal } : {}) });
        if (result.kind !== 'success') return stepFailure(result, n, total, step.describe, i);
      }
      return success(total === 1 ? `Done: ${steps[0]?.describe}.` : `Done: all ${total} steps.`);
    });
  }

  // ── internals ──────────────────────────────────────────────────────────────

  private async guard(doing: string, body: () => Promise<ActionResult>): Promise<ActionResult> {
    try {
      return await body();
    } catch (error) {
      return toFailure(error, doing);
    }
  }

  private async snapshot(pid: number, scope: 'app' | 'focused_window' = 'app'): Promise<AxSnapshot> {
    return this.bridge.snapshot({ pid, scope, deadlineMs: this.tuning.snapshotDeadlineMs });
  }

  /** The pid of a running app by name (exact, then prefix, case-insensitive), or the frontmost app. */
  private async pidOf(app: string | undefined): Promise<Found<number>> {
    if (!app) return ok((await this.target()).pid);
    const wanted = app.toLowerCase();
    const all = await this.bridge.runningApps();
    // The assistant's own windows are never read or acted on by a plan, by any name.
    const apps = all.filter((a) => !this.targetApp.isOwn(a.pid));
    const exact = apps.filter((a) => a.name.toLowerCase() === wanted);
    const found = exact.length > 0 ? exact : apps.filter((a) => a.name.toLowerCase().startsWith(wanted));
    if (found.length === 0 && all.some((a) => this.targetApp.isOwn(a.pid) && a.name.toLowerCase().startsWith(wanted))) {
      return stop(failure('refused', OWN_WINDOW_REFUSAL));
    }
    if (found.length === 0) {
      // A frozen app cannot tell its name: say so rather than "not running".
      if (apps.some((a) => !a.responding)) {
        return stop(failure('timeout', `An application is not responding, and no other app is called ${quote(app, LABEL_QUOTE_MAX)}: if it is that one, wait a moment and try again, or close it.`));
      }
      return stop(failure('not_found', `${quote(app, LABEL_QUOTE_MAX)} is not running: open it first ("open ${app}").`));
    }
    const front = found.find((a) => a.frontmost);
    return ok((front ?? found[0]!).pid);
  }

  /**
   * Brings a named app to the front (keys and the wheel go to the front window) and waits until the
   * bridge reports it frontmost; its pid. Already in front: nothing is done.
   */
  private async bringToFront(app: string): Promise<Found<number>> {
    const pid = await this.pidOf(app);
    if (!pid.ok) return pid;
    return this.raise({ pid: pid.value, name: app });
  }

  /** Brings the target app to the front when the assistant's panel is there instead; its pid. */
  private async raiseTarget(): Promise<Found<number>> {
    const app = await this.target();
    return app.inFront ? ok(app.pid) : this.raise(app);
  }

  /** Brings an app to the front and waits until the bridge reports it frontmost; its pid. */
  private async raise(app: ActiveApp): Promise<Found<number>> {
    const isFront = async (): Promise<boolean> => (await this.bridge.frontmostApp().catch(() => undefined))?.pid === app.pid;
    if (await isFront()) return ok(app.pid);
    const cannot = (why: string): Found<number> =>
      stop(failure('unsupported', `I could not bring ${quote(app.name, LABEL_QUOTE_MAX)} to the front: click the app's window first, or say “switch to ${app.name}”.${why}`));
    try {
      await this.bridge.activateApp(app.pid);
    } catch (e) {
      if (e instanceof AccessibilityError && (e.code === 'unsupported' || e.code === 'not_found')) return cannot(` ${e.message}`);
      throw e;
    }
    // The window manager acts asynchronously: poll, bounded, rather than sleep a fixed time.
    const front = await this.pollFor(this.tuning.activateWaitMs, async () => ((await isFront()) ? true : undefined));
    return front ? ok(app.pid) : cannot('');
  }

  /**
   * The app "the frontmost app" means: the frontmost app, unless it is the assistant itself (the
   * user typed the command into its panel), then the app the user was in before. A frozen app in
   * front cannot say it is active: it is reported as not responding.
   */
  private async target(): Promise<ActiveApp & { readonly inFront: boolean }> {
    let front: ActiveApp | undefined;
    let noFront: unknown;
    try {
      const app = await this.bridge.frontmostApp();
      front = { pid: app.pid, name: app.name };
    } catch (e) {
      if (!(e instanceof AccessibilityError) || e.code !== 'not_found') throw e;
      noFront = e;
    }
    if (front && !this.targetApp.isOwn(front.pid)) {
      this.targetApp.noteActive(front);
      return { ...front, inFront: true };
    }
    if (this.targetApp.hasOwnPids) {
      // The assistant in front (or none: its window may not be on the bus): the app before it.
      const chosen = this.targetApp.choose(front, await this.bridge.runningApps());
      if (chosen.kind !== 'none') return { ...chosen.app, inFront: false };
      if (front) throw new ExecutionError('not_found', chosen.reason);
    }
    const apps = await this.bridge.runningApps().catch(() => [] as readonly RunningApp[]);
    if (apps.some((a) => !a.responding)) {
      throw new ExecutionError('timeout', 'An application is not responding (probably the one in front): wait a moment and try again, or close it.');
    }
    throw noFront;
  }

  /** The app's first visible window, or undefined while it has none. */
  private async windowOf(pid: number): Promise<AxElement | undefined> {
    const s = await this.snapshot(pid).catch(() => undefined);
    return s?.elements.find((e) => (e.role === 'window' || e.role === 'dialog') && isVisible(e));
  }

  private async focusedElement(): Promise<{ element: AxElement; ref: AxRef; app: AppOf } | undefined> {
    const s = await this.snapshot((await this.target()).pid, 'focused_window');
    // The innermost: LibreOffice marks a document's panel focused as well as the paragraph in it.
    const el = [...s.elements].reverse().find((e) => e.states.includes('focused'));
    return el ? { element: el, ref: { generation: s.generation, id: el.id }, app: s } : undefined;
  }

  /**
   * The focused element once it stopped changing: keys pressed just before (a Tab) reach the app
   * asynchronously, and in between an app may report the old focus or none. Two reads that agree,
   * bounded by the activate wait; undefined when no element reports the focus.
   */
  private async settledFocus(): Promise<{ element: AxElement; ref: AxRef; app: AppOf } | undefined> {
    const started = this.clock.now();
    let last = await this.focusedElement().catch(() => undefined);
    // What this engine did a moment ago (a Tab, a click that opens a dialog) may still be moving the
    // focus: then read until it stays. Otherwise the one read is the app's settled focus.
    if (last && started - this.actedAt > this.tuning.activateWaitMs / 4) return last;
    for (;;) {
      await this.clock.sleep(this.tuning.pollMs / 2);
      const now = await this.focusedElement().catch(() => undefined);
      const same =
        now && last && now.app.pid === last.app.pid && now.element.role === last.element.role && now.element.name === last.element.name && JSON.stringify(now.element.bounds) === JSON.stringify(last.element.bounds);
      if (same || this.clock.now() - started >= this.tuning.activateWaitMs / 4) return now ?? last;
      last = now;
    }
  }

  /** The element under a point in the frontmost app, when it is there. */
  private async elementUnder(p: Point): Promise<{ element: AxElement; app: AppOf } | undefined> {
    try {
      const s = await this.snapshot((await this.target()).pid);
      const element = elementAt(s.elements, p);
      return element ? { element, app: s } : undefined;
    } catch {
      return undefined; // the facts stay unknown; the planned level still applies
    }
  }

  /**
   * The element under a point in every app with a visible window there, the target app's first. The
   * accessibility API does not say which window is on top, so a click at a point is judged by all of
   * them: a Delete button of a window behind cannot be clicked by surprise, and one in front is not
   * missed because the planner meant another app. Apps are read in full only when a window of theirs
   * covers the point.
   */
  private async elementsUnder(p: Point): Promise<{ element: AxElement; app: AppOf }[]> {
    const first = await this.elementUnder(p);
    const out = first ? [first] : [];
    const apps = await this.bridge.runningApps().catch(() => [] as readonly RunningApp[]);
    for (const app of apps) {
      if (this.targetApp.isOwn(app.pid) || !app.responding || app.pid === first?.app.pid) continue;
      if (!(await this.hasWindowAt(app.pid, p))) continue;
      const s = await this.snapshot(app.pid).catch(() => undefined);
      const element = s && elementAt(s.elements, p);
      if (s && element) out.push({ element, app: s });
    }
    return out;
  }

  /**
   * Is a point on one of the assistant's own windows (the floating panel is always on top)? A click
   * there would land on the assistant itself, whatever element of another app is below it. A panel
   * that cannot be read is not in the way (its process answers; it is not another app).
   */
  private async ownWindowAt(p: Point): Promise<boolean> {
    if (!this.targetApp.hasOwnPids) return false;
    const apps = await this.bridge.runningApps().catch(() => [] as readonly RunningApp[]);
    for (const app of apps) {
      // The numbered overlay lets clicks through to the app below: it is not in the way.
      if (this.targetApp.isOwn(app.pid) && (await this.hasWindowAt(app.pid, p, OVERLAY_WINDOW_TITLE))) return true;
    }
    return false;
  }

  /** Does a visible window (or dialog) of the app cover the point? Reads only its windows. */
  private async hasWindowAt(pid: number, p: Point, except?: string): Promise<boolean> {
    const s = await this.bridge.snapshot({ pid, maxDepth: 1, maxNodes: 64, deadlineMs: 1000 }).catch(() => undefined);
    return !!s?.elements.some((e) => (e.role === 'window' || e.role === 'dialog') && e.name !== except && isVisible(e) && contains(e, p));
  }

  private async placePoint(place: Place): Promise<Found<{ point: Point; element?: AxElement; app?: AppOf }>> {
    if (isPoint(place)) return ok({ point: { x: place.x, y: place.y } });
    const r = await this.resolve(place);
    if (!r.ok) return r;
    const at = centre(r.value.element);
    if (!at || !isVisible(r.value.element)) return stop(this.notOnScreen(r.value.element));
    return ok({ point: at, element: r.value.element, app: r.value.snapshot });
  }

  /** Resolves a target in the live tree: by observation id, or by label with retries. */
  private async resolve(target: Target): Promise<Found<Resolved>> {
    if (isTargetById(target)) return this.resolveById(target.id);
    if (isChosenTarget(target)) return this.resolveChoice(target.choice);
    let attempt = 0;
    for (;;) {
      const pid = await this.pidOf(target.app);
      if (!pid.ok) return pid;
      const snapshot = await this.snapshot(pid.value);
      const r = resolveByLabel(snapshot.elements, { label: target.label, ...(target.role ? { role: target.role } : {}) });
      if (r.kind === 'found') return ok({ element: r.element, ref: { generation: snapshot.generation, id: r.element.id }, snapshot });
      if (r.kind === 'ambiguous') {
        const query = { label: target.label, ...(target.role ? { role: target.role } : {}), ...(target.app ? { app: target.app } : {}) };
        const choices = r.candidates.map((c): ElementChoice => ({ query, pid: pid.value, id: c.id, role: c.role, name: c.name, description: c.description, parent: c.parent, depth: c.depth }));
        return stop(clarification(r.question, r.options, choices));
      }
      if (attempt >= this.tuning.notFoundRetries) {
        return stop(failure('not_found', `${r.message} Check the name, or ask what is on screen.`));
      }
      attempt++;
      await this.clock.sleep(this.tuning.retryDelayMs);
    }
  }

  private async resolveById(id: number): Promise<Found<Resolved>> {
    const latest = this.latest;
    if (!latest) return stop(failure('stale', `There is no element ${id} yet: observe the screen first, then name the element by its number.`));
    const elementId = latest.observation.elementIds.get(id);
    const element = elementId === undefined ? undefined : latest.snapshot.elements.find((e) => e.id === elementId);
    if (!element) return stop(failure('stale', `Element ${id} is not in the latest observation: observe again.`));
    // The bridge honours only its latest snapshot, and anything may have looked since (this engine
    // to check focus, another part of the app): look again now, and keep the id only when the same
    // element is still at the same place in the tree. This also makes the gate's facts live.
    const fresh = await this.snapshot(latest.snapshot.pid);
    const again = fresh.elements.find((e) => e.id === element.id);
    const same =
      again &&
      again.role === element.role &&
      again.name === element.name &&
      again.description === element.description &&
      again.parent === element.parent &&
      again.depth === element.depth;
    if (!same) return stop(failure('stale', `The screen changed since the last observation, so element ${id} may be something else now: observe again.`));
    this.latest = { observation: latest.observation, snapshot: fresh };
    return ok({ element: again, ref: { generation: fresh.generation, id: again.id }, snapshot: fresh });
  }

  /** The element the user picked from a question's options, if it is still the same one at the same place. */
  private async resolveChoice(choice: ElementChoice): Promise<Found<Resolved>> {
    const fresh = await this.snapshot(choice.pid);
    const el = fresh.elements.find((e) => e.id === choice.id);
    const same =
      el && el.role === choice.role && el.name === choice.name && el.description === choice.description && el.parent === choice.parent && el.depth === choice.depth;
    if (!same) return stop(failure('stale', `The screen changed since the question, so ${quote(choice.name || choice.query.label, LABEL_QUOTE_MAX)} may be something else now: give the command again.`));
    return ok({ element: el, ref: { generation: fresh.generation, id: el.id }, snapshot: fresh });
  }

  private notOnScreen(el: AxElement): ActionResult {
    const why = !isEnabled(el) ? 'it is disabled' : 'it is not visible on screen';
    return failure('unsupported', `I cannot click ${describeElement(el)}: ${why}, and it offers no accessibility action. Scroll to it or open its window first.`);
  }

  private async movePointer(p: Point): Promise<void> {
    const at = { x: Math.round(p.x), y: Math.round(p.y) };
    await this.input.moveTo(at);
    this.pointerLeftAt = at;
  }

  /** Clicks at a point; `ownChecked`: the caller already made sure no window of the assistant is there. */
  private async pointerClick(p: Point, button: MouseButton, count: number, ownChecked = false): Promise<void> {
    if (!ownChecked && (await this.ownWindowAt(p))) throw new ExecutionError('refused', `${OWN_WINDOW_REFUSAL} (Its window covers the place to click: move the panel aside, then try again.)`);
    await this.movePointer(p);
    await this.input.click(button, count);
    this.actedAt = this.clock.now();
  }

  /** A sentence when the pointer is no longer where this engine left it (the user moved it). */
  private async userTookOver(): Promise<string | undefined> {
    const left = this.pointerLeftAt;
    if (!left) return undefined;
    const now = await this.input.pointer();
    const moved = Math.hypot(now.x - left.x, now.y - left.y);
    return moved > this.tuning.takeoverTolerancePx ? `the pointer moved from ${left.x}, ${left.y} to ${Math.round(now.x)}, ${Math.round(now.y)}.` : undefined;
  }

  /** Waits until the field shows the typed text; checks it is exactly there. */
  private async confirmTyped(
    ref: AxRef,
    text: string,
    before: string | null,
    via: 'keys' | 'accessibility',
    expected = (before ?? '') + text,
    where = '',
  ): Promise<ActionResult> {
    const started = this.clock.now();
    let value: string | null;
    for (;;) {
      value = await this.bridge.readValue(ref);
      // By keys the caret may have been mid-text or over a selection: the text must be there, and new.
      if (value === expected || (via === 'keys' && value !== null && value !== before && value.includes(text))) {
        return success(`Typed ${quote(text, 60)}${via === 'accessibility' && where ? ` (inserted ${where})` : ''}.`);
      }
      if (this.clock.now() - started >= this.tuning.readBackMs) break;
      await this.clock.sleep(this.tuning.pollMs / 2);
    }
    const shown = value === null ? 'nothing' : quote(value, 80);
    return failure('mismatch', `The field does not show what was typed: it reads ${shown}. Check it before going on (the keyboard layout or Caps Lock may differ from what the assistant expects).`);
  }
}
