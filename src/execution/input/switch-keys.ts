/**
 * The switch keys held system-wide while switch access is on (issue #15): a switch that sends Space
 * or Enter keeps reaching the scan after a command brought another app to the front.
 *
 * The hold is the accessibility bridge's (native/ax-bridge/include/key_grab.h: a passive grab on the
 * X server, a Quartz event tap on macOS). On X the assistant's own synthesized keys would be caught
 * by it too, so the input driver lets go of exactly the held keys its next keys or text contain,
 * for as long as it types them, and holds them again after (`withSwitchKeysLetGo`). A switch pressed
 * in that moment goes to the app, as it would without the hold.
 *
 * Calls are carried out one after another in the order they were made; the last `hold` wins.
 */
import type { CanonicalModifier } from '../../shared/keys.js';
import type { InputDriver } from './input-driver.js';
import { errorMessage } from '../../shared/errors.js';
import type { SwitchKeyReport } from '../../shared/contracts/core-contract.js';

/** What the bridge offers (AxBridge.grabKeys / onSwitchKey). */
export interface KeyGrabber {
  grabKeys(keys: readonly string[]): Promise<ReadonlyArray<{ readonly key: string; readonly problem: string }>>;
  onSwitchKey(listener: (report: { readonly key: string; readonly edge: SwitchKeyReport['edge'] }) => void): () => void;
}

export interface HoldOutcome {
  /** The keys held now. */
  readonly held: readonly string[];
  /** Each wanted key that is not held, and why (a clause: "another app already uses Space as a shortcut"). */
  readonly problems: ReadonlyArray<{ readonly key: string; readonly problem: string }>;
  /** Set when no key can be held here at all: why, as a clause ("there is no X display"). */
  readonly unavailable?: string;
}

/** The held key (a switch input's name) a typed character is, if any. */
function keyOfCharacter(c: string): string | undefined {
  if (c === ' ') return 'Space';
  if (c === '\n' || c === '\r') return 'Enter';
  if (c === '1' || c === '2') return c;
  return undefined;
}

/** The held key a chord presses, if any: only a key pressed alone is held (Ctrl+Enter is the app's). */
function keyOfChord(key: string, modifiers: readonly CanonicalModifier[]): string | undefined {
  if (modifiers.length > 0) return undefined;
  if (key === 'space') return 'Space';
  if (key === 'enter') return 'Enter';
  if (key === '1' || key === '2') return key;
  const f = /^f(\d+)$/.exec(key);
  return f && Number(f[1]) >= 13 ? `F${f[1]}` : undefined;
}

export class SwitchKeyHold {
  private wanted: readonly string[] = [];
  /** Keys let go while the assistant types them (a count per key: calls may overlap). */
  private readonly letGo = new Map<string, number>();
  private held: readonly string[] = [];
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly grabber: KeyGrabber) {}

  /** Presses and releases of the held keys (and `lost`, see AxBridge.onSwitchKey). */
  onKey(listener: (report: { readonly key: string; readonly edge: SwitchKeyReport['edge'] }) => void): () => void {
    return this.grabber.onSwitchKey(listener);
  }

  /** Holds exactly `keys` from now on ([]: none). */
  hold(keys: readonly string[]): Promise<HoldOutcome> {
    this.wanted = [...new Set(keys)];
    return this.apply();
  }

  /** The keys held now. */
  get holding(): readonly string[] {
    return this.held;
  }

  /** Runs `typing` with the held keys it sends let go, then holds them again. */
  async whileSending<T>(keys: readonly string[], typing: () => Promise<T>): Promise<T> {
    const mine = [...new Set(keys)].filter((k) => this.wanted.includes(k));
    if (mine.length === 0) return typing();
    for (const k of mine) this.letGo.set(k, (this.letGo.get(k) ?? 0) + 1);
    try {
      await this.apply().catch(() => undefined);
      return await typing();
    } finally {
      for (const k of mine) {
        const n = (this.letGo.get(k) ?? 1) - 1;
        if (n > 0) this.letGo.set(k, n);
        else this.letGo.delete(k);
      }
      await this.apply().catch(() => undefined);
    }
  }

  private apply(): Promise<HoldOutcome> {
    const run = async (): Promise<HoldOutcome> => {
      const target = this.wanted.filter((k) => !this.letGo.has(k));
      try {
        const outcomes = await this.grabber.grabKeys(target);
        this.held = outcomes.filter((o) => o.problem === '').map((o) => o.key);
        return { held: this.held, problems: outcomes.filter((o) => o.problem !== '').map((o) => ({ key: o.key, problem: o.problem })) };
      } catch (e) {
        this.held = [];
        return { held: [], problems: [], unavailable: errorMessage(e) };
      }
    };
    const next = this.queue.then(run, run);
    this.queue = next;
    return next;
  }
}

/** The input driver, letting go of the held switch keys exactly while it sends them. */
export function withSwitchKeysLetGo(driver: InputDriver, hold: SwitchKeyHold): InputDriver {
  return {
    pointer: () => driver.pointer(),
    moveTo: (p) => driver.moveTo(p),
    click: (b, n) => driver.click(b, n),
    pressButton: (b) => driver.pressButton(b),
    releaseButton: (b) => driver.releaseButton(b),
    scroll: (d, n) => driver.scroll(d, n),
    untypableByKeys: (text) => driver.untypableByKeys(text),
    pressChord: (key, modifiers) => {
      const held = keyOfChord(key, modifiers);
      return held ? hold.whileSending([held], () => driver.pressChord(key, modifiers)) : driver.pressChord(key, modifiers);
    },
    typeByKeys: (text) => {
      const held = [...text].map(keyOfCharacter).filter((k): k is string => k !== undefined);
      return hold.whileSending(held, () => driver.typeByKeys(text));
    },
  };
}
