/**
 * The app a command is for: the frontmost app, unless that is the assistant itself.
 *
 * The user types or speaks into the assistant's panel, so while a command is given the panel has
 * the keyboard focus and the accessibility API names the assistant as the frontmost app. A command
 * that means "the app in front" ("scroll down", "type hello", "show numbers") is for the app the
 * user was in before: this remembers the last app that was active and is not one of the
 * assistant's own processes, from focus and window events and from every frontmost read.
 */
import type { AxEvent, RunningApp } from '../accessibility/types.js';

/** What the tracker needs to know about an app. */
export interface ActiveApp {
  readonly pid: number;
  readonly name: string;
}

/** The sentence when the assistant itself is in front and no other app was ever active. */
export const NO_TARGET_APP = 'Click the app you want me to use, then send the command again.';

export type TargetChoice =
  | { readonly kind: 'front'; readonly app: ActiveApp }
  /** The assistant is in front: the app the user was in before, which must be raised before keys. */
  | { readonly kind: 'previous'; readonly app: ActiveApp }
  | { readonly kind: 'none'; readonly reason: string };

/** Where events come from (AxBridge.onEvent). */
export interface AxEventSource {
  onEvent(listener: (event: AxEvent) => void): Promise<() => Promise<void>>;
}

export class TargetAppTracker {
  private readonly own: ReadonlySet<number>;
  private last: ActiveApp | undefined;

  /** `ownPids`: the assistant's own processes (its panel's, its core's); never a target. */
  constructor(ownPids: readonly number[] = []) {
    this.own = new Set(ownPids.filter((p) => Number.isInteger(p) && p > 0));
  }

  /** Whether the assistant has own processes to leave out (none: the frontmost app is always the target). */
  get hasOwnPids(): boolean {
    return this.own.size > 0;
  }

  isOwn(pid: number): boolean {
    return this.own.has(pid);
  }

  /** The last app active that is not the assistant, if any. */
  get lastActive(): ActiveApp | undefined {
    return this.last;
  }

  /** An app became active (or was read as frontmost): remembered unless it is the assistant. */
  noteActive(app: ActiveApp): void {
    if (this.own.has(app.pid) || !Number.isInteger(app.pid) || app.pid <= 0) return;
    this.last = { pid: app.pid, name: app.name };
  }

  /** A focus or window-activation event from the accessibility bus. */
  noteEvent(event: AxEvent): void {
    this.noteActive({ pid: event.pid, name: event.app });
  }

  /** Starts remembering from the bridge's focus and window events; the returned function stops it. */
  listen(source: AxEventSource): Promise<() => Promise<void>> {
    return source.onEvent((event) => this.noteEvent(event));
  }

  /**
   * The app to act on. `front`: the frontmost app (undefined when none has an active window);
   * `running`: the apps running now, to drop a remembered app that has quit.
   */
  choose(front: ActiveApp | undefined, running: readonly RunningApp[]): TargetChoice {
    if (front && !this.own.has(front.pid)) {
      this.noteActive(front);
      return { kind: 'front', app: { pid: front.pid, name: front.name } };
    }
    const last = this.last;
    if (last && running.some((a) => a.pid === last.pid)) return { kind: 'previous', app: last };
    if (last) this.last = undefined; // it quit: never act on whatever reuses its pid later
    return { kind: 'none', reason: NO_TARGET_APP };
  }
}
