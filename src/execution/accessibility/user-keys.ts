/**
 * The user's own key presses, as the bridge counts them (native/ax-bridge/include/key_watch.h): on
 * X11 XInput2 raw key events whose source is not the assistant's XTEST keyboard
 * (include/key_source.h), on macOS key events another process posted or the keyboard sent
 * (unverified). Reading the count is a plain value read on this thread: it needs no deadline and
 * never waits on the window system.
 */
import { loadNativeBridge, type NativeBridge } from './native.js';

export interface UserKeyCount {
  /** User key presses since the watch began: only the difference between two readings means anything. */
  readonly presses: number;
  /** Every key press the watch has read, the user's or not (a test waits on it). */
  readonly seen: number;
  /** The watch hears keys now; false while it starts, or when it cannot (then `problem` says why). */
  readonly watching: boolean;
  /** Why no key can be watched here, as a clause; empty otherwise. */
  readonly problem: string;
}

export interface UserKeySource {
  /** Starts the watch (at the first call) and sets the keys it never counts: the switch keys held for the scan. */
  watch(ignored: readonly string[]): void;
  read(): UserKeyCount;
}

/** The bridge's key watch, or undefined when this build of the bridge has none. */
export function openUserKeySource(native: Pick<NativeBridge, 'watchUserKeys' | 'userKeys'> = loadNativeBridge()): UserKeySource | undefined {
  const { watchUserKeys, userKeys } = native;
  if (typeof watchUserKeys !== 'function' || typeof userKeys !== 'function') return undefined;
  return {
    watch: (ignored) => watchUserKeys([...ignored]),
    read: () => {
      const r = userKeys() as Partial<UserKeyCount> | undefined;
      return {
        presses: typeof r?.presses === 'number' ? r.presses : 0,
        seen: typeof r?.seen === 'number' ? r.seen : 0,
        watching: r?.watching === true,
        problem: typeof r?.problem === 'string' ? r.problem : '',
      };
    },
  };
}
