/**
 * The execution engine: one method per primitive, each returning an ActionResult and never throwing.
 *
 * Order of means: the accessibility API first (press, show_menu, set value: exact, works on covered
 * and off-screen elements, no pointer moved), synthesized input where the accessibility API has no
 * action (double clicks, scrolling, dragging, keys), at the element's visible centre. Right before
 * acting, the caller's gate sees the live facts of the resolved target (role, name, secure field).
 * Every accessibility call has a deadline (the bridge's); a frozen app gives a `timeout` failure.
 *
 * Its parts: which app a command means and bringing it to the front (app-focus.ts), from a target
 * to a live element (target-resolution.ts), typing with read-back (typing.ts), keys (key-press.ts),
 * the wheel (scrolling.ts), dragging (drag.ts), spreadsheet cells (cell-navigation.ts).
 */
import type { ActionTarget } from '../shared/contracts/events.js';
import { TEXT_ENTRY_ROLES, type Role } from '../shared/roles.js';
import { liveFacts } from './live-facts.js';
import { PointerTrail } from './pointer-trail.js';
import type { CanonicalModifier } from '../shared/keys.js';
import type { AxElement } from './accessibility/types.js';
import { isVisible } from './element-resolution.js';
import type { Observation } from './observation.js';
import type { InputDriver, MouseButton, ScrollDirection } from './input/input-driver.js';
import { ExecutionError, failure, stopWith, success, type ActionResult, type Found } from './results.js';
import { TargetAppTracker } from './apps/target-app.js';
import {
  SYSTEM_CLOCK,
  type AccessibilityDriver,
  type ActOptions,
  type Clock,
  type FocusedText,
  type LiveElementFacts,
  type Place,
  type Point,
  type SequenceStep,
  type Target,
} from './engine-types.js';
import { quote } from '../shared/text/quote.js';
import { AppFocus, OWN_WINDOW_REFUSAL } from './apps/app-focus.js';
import { centre, describeElement, LABEL_QUOTE_MAX, notOnScreen, type AppOf } from './element-geometry.js';
import { TargetResolver } from './target-resolution.js';
import { locatePlace } from './locate-place.js';
import { DEFAULT_TUNING, TerminalLines, type EngineDeps, type EngineParts, type EngineTuning } from './engine-parts.js';
import { readFocusedText, typeText } from './typing.js';
import { placeInFocusedText, type FieldSelection, type PlacedIn } from './text-placing.js';
import { dragBetween } from './drag.js';
import { pressKeyIn } from './key-press.js';
import { scrollWheel } from './scrolling.js';
import { goToCell } from './cell-navigation.js';
import { runWindowCommand } from './window-commands.js';
import { WINDOW_ACTION_WORDS, type WindowAction } from '../shared/window-actions.js';
import { openApplication } from './apps/app-launch.js';
import { runningAppsObservation } from './apps/app-list.js';
import { openInBrowser } from './open-url.js';
import { stepFailure, stoppedBefore, toFailure } from './engine-failures.js';
import { toggledRecord, type UndoRecord } from './undo-record.js';
import { restoreRecorded, stillAsLeft, type RestoredRecord } from './take-back.js';

/** Off macOS the input driver presses cmd as Ctrl (the keymap says so). */

export class ExecutionEngine {
  private readonly bridge: AccessibilityDriver;
  private readonly input: InputDriver;
  private readonly clock: Clock;
  private readonly tuning: EngineTuning;
  private readonly apps: AppFocus;
  private readonly targets: TargetResolver;
  /** What typing and spreadsheet cells use of this engine. */
  private readonly parts: EngineParts;
  /** Where this engine last put the pointer: if it is elsewhere later, the user moved it. */
  private readonly pointer: PointerTrail;
  private readonly terminalLines = new TerminalLines();

  constructor(deps: EngineDeps) {
    this.bridge = deps.bridge;
    this.input = deps.input;
    this.clock = deps.clock ?? SYSTEM_CLOCK;
    this.tuning = { ...DEFAULT_TUNING, ...deps.tuning };
    this.apps = new AppFocus(this.bridge, this.clock, this.tuning, deps.targetApp ?? new TargetAppTracker(deps.ownPids));
    this.targets = new TargetResolver(this.apps, this.clock, this.tuning);
    this.pointer = new PointerTrail(this.input, this.tuning.takeoverTolerancePx);
    this.parts = {
      bridge: this.bridge,
      input: this.input,
      clock: this.clock,
      tuning: this.tuning,
      apps: this.apps,
      targets: this.targets,
      terminalLines: this.terminalLines,
      pointer: this.pointer,
      factsOf: (el, where) => this.factsOf(el, where),
      pointerClick: (p, button, count) => this.pointerClick(p, button, count),
    };
  }

  /** The latest observation (what "click 12" refers to), if any. */
  get latestObservation(): Observation | undefined {
    return this.targets.latestObservation;
  }

  /** What the latest observation listed as element `id` (its role and full name), for confirmations. */
  observedElement(id: number): { readonly role: Role; readonly name: string; readonly description: string } | undefined {
    return this.targets.observedElement(id);
  }

  /** Where a place is on screen now, for the outline a confirmation draws (issue #31); undefined when not found in one read. */
  async locate(place: Place): Promise<ActionTarget | undefined> {
    return locatePlace(place, this.targets, this.apps).catch(() => undefined);
  }

  /** The live facts of an element for the gate (live-facts.ts). */
  private factsOf(el: AxElement | undefined, where: AppOf | undefined): LiveElementFacts | undefined {
    return liveFacts(el, where, this.terminalLines, (pid) => this.apps.isOwn(pid));
  }

  // ── reading ────────────────────────────────────────────────────────────────

  async getFrontmostApp(): Promise<ActionResult> {
    return this.guard('find the frontmost app', async () => {
      const app = await this.apps.target();
      return { kind: 'observation', text: `The frontmost app is ${quote(app.name, LABEL_QUOTE_MAX)}.`, app: { name: app.name, pid: app.pid } };
    });
  }

  /** get_screen_elements: the compact element list of an app (the frontmost by default). */
  async getScreenElements(app?: string): Promise<ActionResult> {
    return this.guard('read the screen', async () => {
      const pid = await this.apps.pidOf(app);
      if (!pid.ok) return pid.result;
      const observation = await this.targets.observe(pid.value);
      return { kind: 'observation', text: observation.text, observation };
    });
  }

  // ── apps ───────────────────────────────────────────────────────────────────

  /** list_applications: the running apps, in one sentence (src/execution/apps/app-list.ts). */
  async listApplications(): Promise<ActionResult> {
    return this.guard('list the open apps', async () => runningAppsObservation(await this.bridge.runningApps(), (pid) => this.apps.isOwn(pid)));
  }

  /** open_url: a web address in the default browser (src/execution/open-url.ts), after the gate. */
  async openUrl(url: string, options: ActOptions = {}): Promise<ActionResult> {
    return options.gate?.({}) ?? openInBrowser(url, options.signal ? { signal: options.signal } : {});
  }

  /** Starts an app (by name, else by desktop/bundle id) and waits until its window is on screen (app-launch.ts). */
  async openApplication(app: string, options: ActOptions = {}): Promise<ActionResult> {
    return this.guard(`open ${app}`, () => openApplication(this.parts, app, options));
  }

  // ── clicks ─────────────────────────────────────────────────────────────────

  /** Clicks an element: its accessibility press when it offers one, else a click at its visible centre. */
  async click(target: Target, options: ActOptions = {}): Promise<ActionResult> {
    return this.guard('click', async () => {
      const r = await this.targets.resolve(target);
      if (!r.ok) return r.result;
      const { element, ref, snapshot } = r.value;
      const gated = options.gate?.({ element: this.factsOf(element, snapshot) });
      if (gated) return gated;
      // A text field's "press" is its activate (Enter: may submit a form); clicking it means "put the caret here".
      const isField = TEXT_ENTRY_ROLES.has(element.role);
      if (!isField && element.actions.includes('press')) {
        await this.bridge.performAction(ref, 'press');
        this.apps.noteActed();
        return success(`Clicked ${describeElement(element)}.`, toggledRecord(element, snapshot));
      }
      // A tab that offers no press (GTK's notebook tabs) is chosen through its tab list's selection.
      if (element.role === 'tab' && element.actions.includes('select')) {
        await this.bridge.performAction(ref, 'select');
        this.apps.noteActed();
        return success(`Clicked the tab ${describeElement(element)}.`);
      }
      const at = centre(element);
      if (at && isVisible(element)) {
        await this.pointerClick(at, 'left', 1);
        return success(`Clicked ${describeElement(element)}.`, toggledRecord(element, snapshot));
      }
      if (element.actions.includes('focus')) {
        await this.bridge.performAction(ref, 'focus');
        return success(`Put the focus on ${describeElement(element)}.`);
      }
      return notOnScreen(element);
    });
  }

  /** Double-clicks an element at its visible centre (double-click has no accessibility action). */
  async doubleClick(target: Target, options: ActOptions = {}): Promise<ActionResult> {
    return this.guard('double-click', async () => {
      const r = await this.targets.resolve(target);
      if (!r.ok) return r.result;
      const { element, snapshot } = r.value;
      const gated = options.gate?.({ element: this.factsOf(element, snapshot) });
      if (gated) return gated;
      const at = centre(element);
      if (!at || !isVisible(element)) return notOnScreen(element);
      await this.pointerClick(at, 'left', 2);
      return success(`Double-clicked ${describeElement(element)}.`);
    });
  }

  /** Opens an element's context menu: its show_menu action when offered, else a right click at its centre. */
  async rightClick(target: Target, options: ActOptions = {}): Promise<ActionResult> {
    return this.guard('right-click', async () => {
      const r = await this.targets.resolve(target);
      if (!r.ok) return r.result;
      const { element, ref, snapshot } = r.value;
      const gated = options.gate?.({ element: this.factsOf(element, snapshot) });
      if (gated) return gated;
      if (element.actions.includes('show_menu')) {
        await this.bridge.performAction(ref, 'show_menu');
        return success(`Opened the menu of ${describeElement(element)}.`);
      }
      const at = centre(element);
      if (!at || !isVisible(element)) return notOnScreen(element);
      await this.pointerClick(at, 'right', 1);
      return success(`Right-clicked ${describeElement(element)}.`);
    });
  }

  /**
   * Clicks `count` times at a point with `button` (left_click_coordinates; right_click_element at a point).
   * The gate sees every element under the point.
   */
  async clickAt(point: Point, count = 1, options: ActOptions = {}, button: MouseButton = 'left'): Promise<ActionResult> {
    return this.guard(button === 'right' ? 'right-click there' : 'click there', async () => {
      if (await this.apps.ownWindowAt(point)) return failure('refused', OWN_WINDOW_REFUSAL);
      // Every app's element under the point is judged: which window is on top there is not known.
      const hits = await this.apps.elementsUnder(point);
      const hit = hits[0];
      for (const h of hits.length > 0 ? hits : [undefined]) {
        const gated = options.gate?.({ element: this.factsOf(h?.element, h?.app) });
        if (gated) return gated;
      }
      await this.pointerClick(point, button, count, true);
      const times = count === 1 ? '' : count === 2 ? ' twice' : ` ${count} times`;
      return success(
        `${button === 'right' ? 'Right-clicked' : 'Clicked'}${times} at ${Math.round(point.x)}, ${Math.round(point.y)}${hit ? ` (on ${describeElement(hit.element)})` : ''}.`,
      );
    });
  }

  // ── keyboard ───────────────────────────────────────────────────────────────

  /**
   * Types text exactly (see typing.ts): inserted through the accessibility API into a named field,
   * typed by keys at the caret of the focused element where the layout allows, and read back.
   */
  async typeText(text: string, target: Target | undefined, options: ActOptions = {}): Promise<ActionResult> {
    return this.guard('type', () => typeText(this.parts, text, target, options));
  }

  /** "Take it back": is what an action changed still as it left it, on the same element (take-back.ts)? */
  async stillAsLeft(record: UndoRecord): Promise<Found<true>> {
    return stillAsLeft(this.parts, record).catch((error: unknown) => stopWith(toFailure(error, 'check what the last action changed')));
  }

  /** "Take it back" for typed text or a window: the field's text or the window's shape before, read back (take-back.ts). */
  async restoreRecorded(record: RestoredRecord, options: ActOptions = {}): Promise<ActionResult> {
    return this.guard('take back the last action', () => restoreRecorded(this.parts, record, options));
  }

  /** The focused field and its whole text, for dictation's corrections (typing.ts). */
  async readFocusedText(): Promise<Found<FocusedText | undefined>> {
    return readFocusedText(this.parts);
  }

  /** Selects [start, end) of the focused field an edit read (start === end: the caret there) through the bridge (text-placing.ts). */
  async placeInFocusedText(field: PlacedIn, start: number, end: number): Promise<Found<FieldSelection | undefined>> {
    return placeInFocusedText(this.parts, field, start, end);
  }

  /** Presses a key with modifiers in the frontmost app, or in `app` (brought to the front first): key-press.ts. */
  async pressKey(key: string, modifiers: readonly CanonicalModifier[], app: string | undefined, options: ActOptions = {}): Promise<ActionResult> {
    return this.guard(`press ${[...modifiers, key].join('+')}`, () => pressKeyIn(this.parts, key, modifiers, app, options));
  }

  // ── pointer ────────────────────────────────────────────────────────────────

  /** Scrolls with the wheel over an element, over an app's window, or over the frontmost window (scrolling.ts). */
  async scroll(
    direction: ScrollDirection,
    amount: number | undefined,
    target: Target | undefined,
    app: string | undefined,
    options: ActOptions = {},
  ): Promise<ActionResult> {
    return this.guard('scroll', () => scrollWheel(this.parts, direction, amount, target, app, options));
  }

  async moveMouse(to: Place, options: ActOptions = {}): Promise<ActionResult> {
    return this.guard('move the pointer', async () => {
      const p = await this.targets.placePoint(to);
      if (!p.ok) return p.result;
      const gated = options.gate?.({ element: this.factsOf(p.value.element, p.value.app) });
      if (gated) return gated;
      await this.pointer.moveTo(p.value.point);
      return success(
        `Moved the pointer to ${p.value.element ? describeElement(p.value.element) : `${Math.round(p.value.point.x)}, ${Math.round(p.value.point.y)}`}.`,
      );
    });
  }

  /** Drags with the left button from one place to another, in small moves that apps see as a drag (drag.ts). */
  async drag(from: Place, to: Place, options: ActOptions = {}): Promise<ActionResult> {
    return this.guard('drag', () => dragBetween(this.parts, from, to, options));
  }

  // ── spreadsheets ───────────────────────────────────────────────────────────

  /**
   * go_to_cell: puts a cell address ("B3") or a range ("A1:C5") into the spreadsheet's cell address
   * box (the Name Box), presses Enter there, and reads the box back once the focus is in the sheet
   * again: the selection moved only when the box then shows the address asked for.
   */
  /** window_command (window-commands.ts): a window or the desktop, through the window manager. */
  async windowCommand(action: Exclude<WindowAction, 'zoom_in' | 'zoom_out'>, title: string | undefined, options: ActOptions = {}): Promise<ActionResult> {
    return this.guard(`${WINDOW_ACTION_WORDS[action]} a window`, () => runWindowCommand(this.parts, action, title, options));
  }

  async goToCell(cell: string, app: string | undefined, options: ActOptions = {}): Promise<ActionResult> {
    return this.guard(`go to cell ${cell}`, () => goToCell(this.parts, cell, app, options));
  }

  // ── sequences ──────────────────────────────────────────────────────────────

  /**
   * Runs steps in order. Waits are smart, not fixed: each step that names an element looks it up
   * until it appears (the not-found retries), and open_application waits for its window. Stops at
   * the first step that does not succeed, naming it, and stops when the user takes over (moves the
   * pointer away from where the last step left it) or the signal aborts. `options.between` is asked
   * before each step (progress, pause, a step budget: the caller's, the engine holds no dialogue).
   */
  async sequence(steps: readonly SequenceStep[], options: ActOptions = {}): Promise<ActionResult> {
    return this.guard('run the steps', async () => {
      const total = steps.length;
      this.pointer.forget();
      for (const [i, step] of steps.entries()) {
        const n = i + 1;
        if (options.signal?.aborted) return stepFailure(failure('interrupted', 'You stopped it.'), n, total, step.describe, i);
        if (i > 0) {
          const taken = await this.pointer.userTookOver();
          if (taken) return stepFailure(failure('interrupted', `You took over, so I stopped: ${taken}`), n, total, step.describe, i);
        }
        const go = options.between ? await options.between(n, total, step.describe) : 'go';
        if (go !== 'go') return stoppedBefore(n, total, step.describe, go.stop);
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

  /** Clicks at a point; `ownChecked`: the caller already made sure no window of the assistant is there. */
  private async pointerClick(p: Point, button: MouseButton, count: number, ownChecked = false): Promise<void> {
    if (!ownChecked && (await this.apps.ownWindowAt(p)))
      throw new ExecutionError('refused', `${OWN_WINDOW_REFUSAL} (Its window covers the place to click: move the panel aside, then try again.)`);
    await this.pointer.moveTo(p);
    await this.input.click(button, count);
    this.apps.noteActed();
  }
}
