/**
 * Which app a command means and bringing it to the front: the frontmost app (or, while the
 * assistant's panel is in front, the app the user was in before), apps by name, their windows, the
 * focused element once it settled, and what lies under a point in every app with a window there.
 * Every read goes through the bridge with its deadline; nothing here acts on an element.
 */
import { OVERLAY_WINDOW_TITLE } from '../../shared/own-windows.js';
import { quote } from '../../shared/text/quote.js';
import { AccessibilityError, type AxElement, type AxSnapshot, type ElementRef, type RunningApp } from '../accessibility/types.js';
import { contains, elementAt, LABEL_QUOTE_MAX, type AppOf } from '../element-geometry.js';
import { isVisible } from '../element-resolution.js';
import type { AccessibilityDriver, Clock, Point } from '../engine-types.js';
import { ExecutionError, failure, found, stopWith, type Found } from '../results.js';
import type { ActiveApp, TargetAppTracker } from './target-app.js';

/** The sentence for any plan that would act on the assistant's own windows. */
export const OWN_WINDOW_REFUSAL = 'The assistant never acts on its own panel or overlay: change its settings yourself, in the panel.';

/** The waits app focus needs (a part of the engine's tuning). */
export interface AppFocusTuning {
  readonly pollMs: number;
  readonly snapshotDeadlineMs: number;
  readonly activateWaitMs: number;
}

/** The focused element of the target app, with the reference to act on it and its app. */
export interface FocusedElement {
  readonly element: AxElement;
  readonly ref: ElementRef;
  readonly app: AppOf;
}

/** The same element has the focus: the same app, role, name and place. */
function sameFocus(a: FocusedElement, b: FocusedElement): boolean {
  return (
    a.app.pid === b.app.pid &&
    a.element.role === b.element.role &&
    a.element.name === b.element.name &&
    JSON.stringify(a.element.bounds) === JSON.stringify(b.element.bounds)
  );
}

export class AppFocus {
  /** When the engine last acted (keys, a click, a press): the focus may still be moving for a moment after. */
  private actedAt = -Infinity;

  constructor(
    private readonly bridge: AccessibilityDriver,
    private readonly clock: Clock,
    private readonly tuning: AppFocusTuning,
    readonly targetApp: TargetAppTracker,
  ) {}

  /** Notes that the engine just sent input: the focus read next waits until it settles. */
  noteActed(): void {
    this.actedAt = this.clock.now();
  }

  isOwn(pid: number): boolean {
    return this.targetApp.isOwn(pid);
  }

  snapshot(pid: number, scope: 'app' | 'focused_window' = 'app', more: { readonly showingOnly?: boolean } = {}): Promise<AxSnapshot> {
    return this.bridge.snapshot({ pid, scope, deadlineMs: this.tuning.snapshotDeadlineMs, ...more });
  }

  /**
   * A snapshot to act on: its bounds are read now, none kept by the bridge (a GTK 3 app's are kept
   * while it said nothing changed, and an app may move an element without saying so). Every tree
   * whose bounds a pointer aims with, or the gate judges a point by, is one of these (the focused
   * element's are not: see focusedElement).
   */
  snapshotToAct(pid: number, scope: 'app' | 'focused_window' = 'app'): Promise<AxSnapshot> {
    return this.bridge.snapshot({ pid, scope, deadlineMs: this.tuning.snapshotDeadlineMs, liveBounds: true });
  }

  /**
   * Whether keys would go to another window than the app the assistant read (issue #27): the
   * window system names the owner of the window with the keyboard, and it is not `pid` (nor one of
   * the assistant's own). An app can keep claiming the focus after losing it, and an X client with
   * no accessibility (xev, many terminals) never claims it. False when the window system cannot tell.
   */
  async keysGoElsewhere(pid: number | undefined): Promise<boolean> {
    const owner = await this.bridge.keyboardOwner?.().catch(() => null);
    if (owner === undefined || owner === null) return false;
    return owner !== pid && !(owner > 0 && this.targetApp.isOwn(owner));
  }

  /** The pid of a running app by name (exact, then prefix, case-insensitive), or the frontmost app. */
  async pidOf(app: string | undefined): Promise<Found<number>> {
    if (!app) return found((await this.target()).pid);
    const wanted = app.toLowerCase();
    const all = await this.bridge.runningApps();
    // The assistant's own windows are never read or acted on by a plan, by any name.
    const apps = all.filter((a) => !this.targetApp.isOwn(a.pid));
    const exact = apps.filter((a) => a.name.toLowerCase() === wanted);
    const named = exact.length > 0 ? exact : apps.filter((a) => a.name.toLowerCase().startsWith(wanted));
    if (named.length === 0 && all.some((a) => this.targetApp.isOwn(a.pid) && a.name.toLowerCase().startsWith(wanted))) {
      return stopWith(failure('refused', OWN_WINDOW_REFUSAL));
    }
    if (named.length === 0) {
      // A frozen app cannot tell its name: say so rather than "not running".
      if (apps.some((a) => !a.responding)) {
        return stopWith(
          failure(
            'timeout',
            `An application is not responding, and no other app is called ${quote(app, LABEL_QUOTE_MAX)}: if it is that one, wait a moment and try again, or close it.`,
          ),
        );
      }
      return stopWith(failure('not_found', `${quote(app, LABEL_QUOTE_MAX)} is not running: open it first ("open ${app}").`));
    }
    const front = named.find((a) => a.frontmost);
    return found((front ?? named[0]!).pid);
  }

  /**
   * Brings a named app to the front (keys and the wheel go to the front window) and waits until the
   * bridge reports it frontmost; its pid. Already in front: nothing is done.
   */
  async bringToFront(app: string): Promise<Found<number>> {
    const pid = await this.pidOf(app);
    if (!pid.ok) return pid;
    return this.raise({ pid: pid.value, name: app });
  }

  /** Brings the named app, else the target app, to the front; its pid. */
  frontFor(app: string | undefined): Promise<Found<number>> {
    return app ? this.bringToFront(app) : this.raiseTarget();
  }

  /** Brings the target app to the front when the assistant's panel is there instead; its pid. */
  async raiseTarget(): Promise<Found<number>> {
    const app = await this.target();
    return app.inFront ? found(app.pid) : this.raise(app);
  }

  /** Brings an app to the front and waits until the bridge reports it frontmost; its pid. */
  async raise(app: ActiveApp): Promise<Found<number>> {
    const isFront = async (): Promise<boolean> => (await this.bridge.frontmostApp().catch(() => undefined))?.pid === app.pid;
    if (await isFront()) return found(app.pid);
    const cannot = (why: string): Found<number> =>
      stopWith(
        failure(
          'unsupported',
          `I could not bring ${quote(app.name, LABEL_QUOTE_MAX)} to the front: click the app's window first, or say “switch to ${app.name}”.${why}`,
        ),
      );
    try {
      await this.bridge.activateApp(app.pid);
    } catch (e) {
      if (e instanceof AccessibilityError && (e.code === 'unsupported' || e.code === 'not_found')) return cannot(` ${e.message}`);
      throw e;
    }
    // The window manager acts asynchronously: poll, bounded, rather than sleep a fixed time.
    const front = await this.pollFor(this.tuning.activateWaitMs, async () => ((await isFront()) ? true : undefined));
    return front ? found(app.pid) : cannot('');
  }

  /**
   * The app "the frontmost app" means: the frontmost app, unless it is the assistant itself (the
   * user typed the command into its panel), then the app the user was in before. A frozen app in
   * front cannot say it is active: it is reported as not responding.
   */
  async target(): Promise<ActiveApp & { readonly inFront: boolean }> {
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
    const apps = await this.runningApps();
    if (apps.some((a) => !a.responding)) {
      throw new ExecutionError('timeout', 'An application is not responding (probably the one in front): wait a moment and try again, or close it.');
    }
    throw noFront;
  }

  /** The running apps, or none when the bridge cannot list them. */
  runningApps(): Promise<readonly RunningApp[]> {
    return this.bridge.runningApps().catch(() => [] as readonly RunningApp[]);
  }

  /** The app's first visible window, or undefined while it has none. */
  async windowOf(pid: number): Promise<AxElement | undefined> {
    const s = await this.snapshot(pid).catch(() => undefined);
    return s?.elements.find((e) => (e.role === 'window' || e.role === 'dialog') && isVisible(e));
  }

  /**
   * Read with the bounds the bridge keeps: a key or typed text goes to the focus wherever it is, so no
   * pointer aims by these bounds and no point is judged by them (an element found here and then
   * clicked is read again to act). Read live, every element's extents would cost each of the two or
   * three focus reads of a key press (a 160-element window: about 20 ms against 5).
   */
  async focusedElement(): Promise<FocusedElement | undefined> {
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
  async settledFocus(): Promise<FocusedElement | undefined> {
    const started = this.clock.now();
    let last = await this.focusedElement().catch(() => undefined);
    // What the engine did a moment ago (a Tab, a click that opens a dialog) may still be moving the
    // focus: then read until it stays. Otherwise the one read is the app's settled focus.
    if (last && started - this.actedAt > this.tuning.activateWaitMs / 4) return last;
    for (;;) {
      await this.clock.sleep(this.tuning.pollMs / 2);
      const now = await this.focusedElement().catch(() => undefined);
      if ((now && last && sameFocus(now, last)) || this.clock.now() - started >= this.tuning.activateWaitMs / 4) return now ?? last;
      last = now;
    }
  }

  /**
   * Does `judged` still have the focus? Read once more just before a key or a typed text is sent: a
   * window a click opened may take the focus after it was read and judged (under load, well after the
   * reads agreed), and the key would then reach what nobody judged. `now` is the fresh reading: its
   * ref is the one valid from here on (a new snapshot replaces the judged one's).
   */
  async stillFocused(judged: FocusedElement | undefined): Promise<{ readonly same: boolean; readonly now: FocusedElement | undefined }> {
    const now = await this.focusedElement().catch(() => undefined);
    return { same: now === undefined || judged === undefined ? now === judged : sameFocus(now, judged), now };
  }

  /** The element under a point in the frontmost app, when it is there. */
  async elementUnder(p: Point): Promise<{ element: AxElement; app: AppOf } | undefined> {
    try {
      const s = await this.snapshotToAct((await this.target()).pid);
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
  async elementsUnder(p: Point): Promise<{ element: AxElement; app: AppOf }[]> {
    const first = await this.elementUnder(p);
    const out = first ? [first] : [];
    for (const app of await this.runningApps()) {
      if (this.targetApp.isOwn(app.pid) || !app.responding || app.pid === first?.app.pid) continue;
      if (!(await this.hasWindowAt(app.pid, p))) continue;
      const s = await this.snapshotToAct(app.pid).catch(() => undefined);
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
  async ownWindowAt(p: Point): Promise<boolean> {
    if (!this.targetApp.hasOwnPids) return false;
    for (const app of await this.runningApps()) {
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

  /** Polls until check() gives a value or the time is up (bounded; never a fixed sleep). */
  async pollFor<T>(ms: number, check: () => Promise<T | undefined>): Promise<T | undefined> {
    const started = this.clock.now();
    for (;;) {
      const value = await check().catch(() => undefined);
      if (value !== undefined) return value;
      if (this.clock.now() - started >= ms) return undefined;
      await this.clock.sleep(this.tuning.pollMs);
    }
  }
}
