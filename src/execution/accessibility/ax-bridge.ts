/**
 * The accessibility bridge: what the execution engine sees and does in other applications.
 *
 * A typed, validated front of native/ax-bridge. Every call has a deadline, bounded on both sides of
 * the bridge thread (bridge-call.ts); the switch keys held system-wide are switch-key-hold.ts.
 */
import {
  DEFAULTS,
  checkAction,
  checkBoolean,
  checkDeadline,
  checkElementRef,
  checkInsertAt,
  checkLaunchTarget,
  checkListener,
  checkMaxDepth,
  checkMaxNodes,
  checkOptionsObject,
  checkPid,
  checkScope,
  checkText,
  checkValue,
} from './arguments.js';
import { callWithDeadline } from './bridge-call.js';
import { DeviceScales } from './device-pixels.js';
import { loadNativeBridge, type NativeBridge, type NativeEvent, type NativeSnapshot } from './native.js';
import { appOf, roleOf, snapshotOf } from './native-values.js';
import { SwitchKeyHold, type KeyGrabOutcome, type SwitchKeyReport } from './switch-key-hold.js';
import { matchAppName } from '../apps/app-names.js';
import {
  AccessibilityError,
  type ActionName,
  type AxEvent,
  type AxSnapshot,
  type ElementRef,
  type InsertedText,
  type LaunchedApp,
  type PermissionStatus,
  type RunningApp,
  type ScreenRect,
  type TextSelection,
  type WindowList,
  type WindowRequest,
} from './types.js';
import { errorMessage } from '../../shared/errors.js';

export type { KeyGrabOutcome, SwitchKeyReport } from './switch-key-hold.js';

export interface CallOptions {
  readonly deadlineMs?: number;
}

export interface SnapshotOptions extends CallOptions {
  /** The app's process id; the frontmost app when omitted. */
  readonly pid?: number;
  /** The whole app, or only its focused (active) window. */
  readonly scope?: 'app' | 'focused_window';
  readonly maxDepth?: number;
  readonly maxNodes?: number;
  /** Leave out what the user cannot see (hidden tabs, closed menus). Default true. */
  readonly showingOnly?: boolean;
  /** Use the platform's bulk cache (faster). Default true; false is for benchmarks and diagnosis. */
  readonly useCache?: boolean;
  /** Linux: the app's cache as read before, with only what its change events named read again. Default true; false for benchmarks. */
  readonly useMirror?: boolean;
  /** Linux: every element's bounds read now, none kept in the mirror (what a pointer aims at). Default false; macOS always reads them. */
  readonly liveBounds?: boolean;
}

export type LaunchTarget = { readonly name: string } | { readonly id: string };

export class AxBridge {
  private listeners = new Set<(event: AxEvent) => void>();
  private listening: Promise<void> | undefined;
  /** The generation of this reader's latest snapshot: its ids are the ones this reader may act on. */
  private latestGeneration: number | undefined;
  /** Each app's drawing scale: snapshots give bounds in the screen's device pixels. */
  private readonly scales = new DeviceScales(() => this.listWindows({ deadlineMs: 500 }));
  private readonly switchKeys: SwitchKeyHold;

  /** Loads the addon now, so that a missing build is reported before the first command. */
  static open(): AxBridge {
    return new AxBridge(loadNativeBridge());
  }

  constructor(private readonly native: NativeBridge) {
    this.switchKeys = new SwitchKeyHold(native, (deadline, start) => this.call(deadline, start));
  }

  get platform(): 'linux' | 'darwin' {
    return this.native.platform;
  }

  /**
   * Whether the assistant may use the accessibility API. With `prompt`, macOS shows its permission
   * dialog and Linux turns desktop accessibility on (as a screen reader does).
   */
  async permission(options?: CallOptions & { readonly prompt?: boolean }): Promise<PermissionStatus> {
    const o = checkOptionsObject(options);
    const prompt = checkBoolean('prompt', o.prompt, false);
    const deadline = checkDeadline(o.deadlineMs, DEFAULTS.callDeadlineMs);
    const r = await this.call(deadline, () => this.native.permission(prompt, deadline));
    const state = r.state === 'granted' || r.state === 'denied' ? r.state : 'unavailable';
    return { state, detail: r.detail };
  }

  async frontmostApp(options?: CallOptions): Promise<RunningApp> {
    const deadline = checkDeadline(checkOptionsObject(options).deadlineMs, DEFAULTS.callDeadlineMs);
    return appOf(await this.call(deadline, () => this.native.frontmostApp(deadline)));
  }

  async runningApps(options?: CallOptions): Promise<readonly RunningApp[]> {
    const deadline = checkDeadline(checkOptionsObject(options).deadlineMs, DEFAULTS.callDeadlineMs);
    return (await this.call(deadline, () => this.native.runningApps(deadline))).map(appOf);
  }

  /**
   * Starts an app without a shell: by desktop id / bundle id, or by its name. On macOS a name is
   * matched here (src/execution/apps/app-names.ts: any case or accents, localized names, subfolders)
   * among the installed apps the bridge lists, and the chosen bundle is started by its path.
   */
  async launchApp(target: LaunchTarget, options?: CallOptions): Promise<LaunchedApp> {
    const { by, what } = checkLaunchTarget(target);
    const deadline = checkDeadline(checkOptionsObject(options).deadlineMs, DEFAULTS.launchDeadlineMs);
    const list = this.native.installedApps;
    if (by === 'name' && this.native.platform === 'darwin' && typeof list === 'function') {
      const started = Date.now();
      const installed = await this.call(deadline, () => list(deadline));
      const match = matchAppName(what, installed);
      const left = Math.max(1, deadline - (Date.now() - started));
      if (match.kind === 'found') return this.call(left, () => this.native.launchApp('path', match.app.path, left));
      // Not in the application folders: the addon asks Launch Services for an app of exactly that name.
      if (match.kind === 'none' && what.trim() !== '') {
        return this.call(left, () => this.native.launchApp('name', what, left)).catch((e: unknown) => {
          throw e instanceof AccessibilityError && e.code === 'not_found' ? new AccessibilityError('not_found', match.message) : e;
        });
      }
      throw new AccessibilityError('not_found', match.message);
    }
    return this.call(deadline, () => this.native.launchApp(by, what, deadline));
  }

  /** Waits until an app with this pid (or name) is on the accessibility bus. */
  async waitForApp(match: { readonly pid: number } | { readonly name: string }, options?: { readonly timeoutMs?: number }): Promise<RunningApp> {
    const timeoutMs = checkDeadline(checkOptionsObject(options).timeoutMs, DEFAULTS.launchDeadlineMs);
    const until = Date.now() + timeoutMs;
    const wanted = 'pid' in match ? `process ${checkPid(match.pid)}` : `'${match.name}'`;
    for (;;) {
      const apps = await this.runningApps({ deadlineMs: Math.max(1, Math.min(1000, until - Date.now())) }).catch(() => []);
      const found = apps.find((a) => ('pid' in match ? a.pid === match.pid : a.name.toLowerCase() === match.name.toLowerCase()));
      if (found) return found;
      if (Date.now() >= until) {
        throw new AccessibilityError(
          'not_found',
          `The application ${wanted} did not appear within ${timeoutMs} ms: it may have failed to start, or it does not support accessibility.`,
        );
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /**
   * A flat, bounded snapshot of an app (or its focused window); its ids are valid until this
   * reader's next snapshot. Other readers in the process (other `AxBridge.open()` objects: an
   * overlay, a test reading a label) share the native bridge, and their snapshots leave these ids
   * valid: both halves keep the latest 16 snapshots, at most 100,000 elements together, by the one
   * store of native/ax-bridge/include/generations.h (the macOS half is unverified: never compiled).
   */
  async snapshot(options?: SnapshotOptions): Promise<AxSnapshot> {
    const o = checkOptionsObject(options);
    const pid = o.pid === undefined ? 0 : checkPid(o.pid);
    const scope = checkScope(o.scope);
    const maxDepth = checkMaxDepth(o.maxDepth);
    const maxNodes = checkMaxNodes(o.maxNodes);
    const showingOnly = checkBoolean('showingOnly', o.showingOnly, true);
    const useCache = checkBoolean('useCache', o.useCache, true);
    const useMirror = checkBoolean('useMirror', o.useMirror, true);
    const liveBounds = checkBoolean('liveBounds', o.liveBounds, false);
    const deadline = checkDeadline(o.deadlineMs, DEFAULTS.snapshotDeadlineMs);
    const started = performance.now();
    const s: NativeSnapshot = await this.call(deadline, () =>
      this.native.snapshot(pid, scope === 'focused_window', maxDepth, maxNodes, showingOnly, useCache, deadline, useMirror, liveBounds),
    );
    if (this.latestGeneration === undefined || s.generation > this.latestGeneration) this.latestGeneration = s.generation;
    return await this.scales.apply(snapshotOf(s, performance.now() - started));
  }

  /** Rejects an id that is not from this reader's latest snapshot, as the native side does for the process. */
  private checkOwn(ref: ElementRef): void {
    if (ref.generation === this.latestGeneration) return;
    const latest =
      this.latestGeneration === undefined
        ? ', and no snapshot has been taken since the bridge started.'
        : `, but the latest snapshot is ${this.latestGeneration}.`;
    throw new AccessibilityError('stale', `stale element — observe again: the element comes from snapshot ${ref.generation}${latest}`);
  }

  /** Performs a named action; rejects with 'stale' for an id from an older snapshot of this reader. */
  async performAction(element: ElementRef, action: ActionName, options?: CallOptions): Promise<void> {
    const ref = checkElementRef(element);
    const name = checkAction(action);
    const deadline = checkDeadline(checkOptionsObject(options).deadlineMs, DEFAULTS.callDeadlineMs);
    this.checkOwn(ref);
    await this.call(deadline, () => this.native.performAction(ref.generation, ref.id, name, deadline));
  }

  /** Replaces the text of a field (or the number of a slider / spin button). */
  async setValue(element: ElementRef, value: string, options?: CallOptions): Promise<void> {
    const ref = checkElementRef(element);
    const text = checkValue(value);
    const deadline = checkDeadline(checkOptionsObject(options).deadlineMs, DEFAULTS.callDeadlineMs);
    this.checkOwn(ref);
    await this.call(deadline, () => this.native.setValue(ref.generation, ref.id, text, deadline));
  }

  /** The element's current text or value, read now; null when it has none. Password fields are refused. */
  async readValue(element: ElementRef, options?: CallOptions): Promise<string | null> {
    const ref = checkElementRef(element);
    const deadline = checkDeadline(checkOptionsObject(options).deadlineMs, DEFAULTS.callDeadlineMs);
    this.checkOwn(ref);
    return this.call(deadline, () => this.native.readValue(ref.generation, ref.id, deadline));
  }

  /**
   * Types text into an editable element the way a keyboard would: at the caret, replacing the
   * selection (`at: 'end'`: after the last character), then leaves the caret after it. Says which
   * characters of the old text were replaced, so the caller can read back the exact result.
   * Password fields are refused.
   */
  async insertText(element: ElementRef, text: string, options?: CallOptions & { readonly at?: 'caret' | 'end' }): Promise<InsertedText> {
    const ref = checkElementRef(element);
    const value = checkText(text);
    const o = checkOptionsObject(options);
    const at = checkInsertAt(o.at);
    const deadline = checkDeadline(o.deadlineMs, DEFAULTS.callDeadlineMs);
    this.checkOwn(ref);
    return this.call(deadline, () => this.native.insertText(ref.generation, ref.id, value, at, deadline));
  }

  /**
   * Where a text element's caret and selection are (code points). Password fields are refused;
   * 'unsupported' where the platform half does not read it (the macOS half is written, not yet run).
   */
  async textSelection(element: ElementRef, options?: CallOptions): Promise<TextSelection> {
    const ref = checkElementRef(element);
    const deadline = checkDeadline(checkOptionsObject(options).deadlineMs, DEFAULTS.callDeadlineMs);
    this.checkOwn(ref);
    return this.call(deadline, () => this.native.textSelection(ref.generation, ref.id, deadline));
  }

  /**
   * Which process owns the window that has the keyboard, as the window system says (EWMH on X11),
   * not as the apps claim over accessibility: its pid, 0 when that window names no process (an X
   * client without accessibility, xev, many terminals), or null when it cannot be told (no window
   * manager naming an active window; Wayland; macOS for now).
   */
  async keyboardOwner(options?: CallOptions): Promise<number | null> {
    const deadline = checkDeadline(checkOptionsObject(options).deadlineMs, DEFAULTS.callDeadlineMs);
    const owner = await this.call(deadline, () => this.native.keyboardOwner(deadline));
    return typeof owner === 'number' && Number.isInteger(owner) && owner >= 0 ? owner : null;
  }

  /**
   * Selects [start, end) of a text element in code points (start === end: puts the caret there), as
   * the platform's text interface does, and says where the caret and selection are after.
   * 'unsupported' where the element or the platform does not take it. Password fields are refused.
   */
  async setTextSelection(element: ElementRef, start: number, end: number, options?: CallOptions): Promise<TextSelection> {
    const ref = checkElementRef(element);
    if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start)
      throw new TypeError('start and end must be whole numbers, 0 ≤ start ≤ end');
    const deadline = checkDeadline(checkOptionsObject(options).deadlineMs, DEFAULTS.callDeadlineMs);
    this.checkOwn(ref);
    const set = this.native.setTextSelection;
    // A binary built before the call (an older prebuilt one): the caller uses keys.
    if (!set) throw new AccessibilityError('unsupported', 'This build of the accessibility bridge cannot place the caret itself.');
    return this.call(deadline, () => set.call(this.native, ref.generation, ref.id, start, end, deadline));
  }

  /**
   * Asks an app to bring its window to the front. Resolves once asked: the window manager may take
   * a moment, so wait until frontmostApp() names it. Rejects with 'unsupported' when the app offers
   * no way to do it through accessibility.
   */
  async activateApp(pid: number, options?: CallOptions): Promise<void> {
    const p = checkPid(pid);
    const deadline = checkDeadline(checkOptionsObject(options).deadlineMs, DEFAULTS.callDeadlineMs);
    await this.call(deadline, () => this.native.activateApp(p, deadline));
  }

  /** The top-level windows bottom to top, the work area and the monitors, as the window manager says. */
  async listWindows(options?: CallOptions): Promise<WindowList> {
    const deadline = checkDeadline(checkOptionsObject(options).deadlineMs, DEFAULTS.callDeadlineMs);
    return await this.call(deadline, () => this.native.listWindows(deadline));
  }

  /** Asks the window manager to act on a window of listWindows (0 for the desktop); resolves once asked. */
  async windowCommand(window: number, command: WindowRequest, frame?: ScreenRect, options?: CallOptions): Promise<void> {
    const deadline = checkDeadline(checkOptionsObject(options).deadlineMs, DEFAULTS.callDeadlineMs);
    const f = frame ?? { x: 0, y: 0, width: 0, height: 0 };
    await this.call(deadline, () => this.native.windowCommand(window, command, f.x, f.y, f.width, f.height, deadline));
  }

  /**
   * Calls listener on focus and window changes in any app. Resolves once the bridge listens;
   * the returned function stops this listener.
   */
  async onEvent(listener: (event: AxEvent) => void): Promise<() => Promise<void>> {
    checkListener(listener);
    this.listeners.add(listener);
    if (this.listeners.size === 1) {
      this.listening = this.call(DEFAULTS.callDeadlineMs, () =>
        this.native.setEventListener((e: NativeEvent) => {
          const event: AxEvent = {
            type: e.type === 'window_changed' ? 'window_changed' : 'focus_changed',
            pid: e.pid,
            app: e.app,
            role: roleOf(e.role),
            name: e.name,
          };
          for (const l of this.listeners) l(event);
        }),
      );
    }
    await this.listening;
    return async () => {
      if (!this.listeners.delete(listener) || this.listeners.size > 0) return;
      this.listening = undefined;
      await this.call(DEFAULTS.callDeadlineMs, () => this.native.setEventListener(null));
    };
  }

  /**
   * Where the platform types characters as Unicode key events (macOS), the function that posts one
   * (at most 20 UTF-16 units; see src/execution/input/unicode-typing.ts); undefined elsewhere.
   */
  unicodeTyper(): ((text: string) => Promise<void>) | undefined {
    const post = this.native.typeUnicode;
    if (typeof post !== 'function') return undefined;
    return async (text) => {
      try {
        post(text);
      } catch (e) {
        throw new AccessibilityError('failed', errorMessage(e));
      }
    };
  }

  /**
   * Where the platform posts key chords as one event with the modifiers in its flags (macOS), the
   * function that posts one (see src/execution/input/mac-keys.ts); undefined elsewhere.
   */
  keyChordPoster(): ((chord: { virtualKey: number; character: string; flags: number }) => Promise<void>) | undefined {
    const post = this.native.postKeyChord;
    if (typeof post !== 'function') return undefined;
    return async (chord) => {
      try {
        post(chord.virtualKey, chord.character, chord.flags);
      } catch (e) {
        throw new AccessibilityError('failed', e instanceof Error ? e.message : String(e));
      }
    };
  }

  /**
   * Where input posted without a permission is dropped silently (macOS), the check that it will
   * reach apps; undefined elsewhere.
   */
  inputTrustCheck(): (() => boolean) | undefined {
    const trusted = this.native.inputTrusted;
    return typeof trusted === 'function' ? () => trusted() : undefined;
  }

  /**
   * Holds exactly `keys` (names of src/shared/switch-access.ts's keyboard inputs) system-wide: their
   * presses and releases go to `onSwitchKey` listeners and to no app. [] lets every key go. Resolves
   * with one outcome per key (problem empty: held); rejects with `unavailable` where no key can be
   * held at all (no X display, Wayland, macOS without the permission).
   */
  grabKeys(keys: readonly string[], options?: CallOptions): Promise<readonly KeyGrabOutcome[]> {
    return this.switchKeys.grab(keys, options);
  }

  /**
   * Calls listener for each press and release of a held key (`lost`: the key was let go while down;
   * an empty key with `lost`: every key was let go). Returns the function that stops this listener.
   */
  onSwitchKey(listener: (report: SwitchKeyReport) => void): () => void {
    return this.switchKeys.listen(listener);
  }

  /** One round trip to the bridge thread and back: the fixed cost of every call. */
  async ping(): Promise<void> {
    await this.call(DEFAULTS.callDeadlineMs, () => this.native.ping());
  }

  private call<T>(deadlineMs: number, start: () => Promise<T>): Promise<T> {
    return callWithDeadline(deadlineMs, start);
  }
}
