/**
 * The switch keys held system-wide through the bridge: which keys are held (each with why not, when
 * it cannot be), and every press and release of them told to the listeners, never to an app. The
 * native key listener is set while at least one listener is here, and taken away with the last.
 */
import { checkDeadline, checkListener, checkOptionsObject, DEFAULTS } from './arguments.js';
import type { NativeBridge } from './native.js';
import { AccessibilityError } from './types.js';
import { SWITCH_REPORT_EDGES } from '../../shared/contracts/core-contract.js';

/** One key asked of grabKeys: held (problem empty) or why not, as a sentence's clause. */
export interface KeyGrabOutcome {
  readonly key: string;
  readonly problem: string;
}

export interface SwitchKeyReport {
  readonly key: string;
  /** `secure_on` / `secure_off` (macOS, empty key): another app's secure input began or ended. */
  readonly edge: (typeof SWITCH_REPORT_EDGES)[number];
}

/** An edge the addon names, as one of ours: anything else is a key let go (`lost`). */
export function switchEdgeOf(edge: string): SwitchKeyReport['edge'] {
  return (SWITCH_REPORT_EDGES as readonly string[]).includes(edge) ? (edge as SwitchKeyReport['edge']) : 'lost';
}

export class SwitchKeyHold {
  private readonly listeners = new Set<(report: SwitchKeyReport) => void>();

  constructor(
    private readonly native: Pick<NativeBridge, 'grabKeys' | 'setKeyListener'>,
    private readonly call: <T>(deadlineMs: number, start: () => Promise<T>) => Promise<T>,
  ) {}

  /**
   * Holds exactly `keys` (names of src/shared/switch-access.ts's keyboard inputs): [] lets every key
   * go. Resolves with one outcome per key (problem empty: held); rejects with `unavailable` where no
   * key can be held at all (no X display, Wayland, macOS without the permission).
   */
  async grab(keys: readonly string[], options?: { readonly deadlineMs?: number }): Promise<readonly KeyGrabOutcome[]> {
    if (!Array.isArray(keys) || keys.some((k) => typeof k !== 'string' || k.length > 20) || keys.length > 16) {
      throw new AccessibilityError('failed', 'grabKeys takes up to 16 key names.');
    }
    const deadline = checkDeadline(checkOptionsObject(options).deadlineMs, DEFAULTS.callDeadlineMs);
    const outcomes = await this.call(deadline, () => this.native.grabKeys([...keys]));
    return outcomes.map((o) => ({ key: o.key, problem: o.problem }));
  }

  /**
   * Calls listener for each press and release of a held key (`lost`: the key was let go while down;
   * an empty key with `lost`: every key was let go). Returns the function that stops this listener.
   */
  listen(listener: (report: SwitchKeyReport) => void): () => void {
    checkListener(listener);
    this.listeners.add(listener);
    if (this.listeners.size === 1) {
      this.native.setKeyListener((r) => {
        const edge = switchEdgeOf(r.edge);
        for (const l of this.listeners) l({ key: r.key, edge });
      });
    }
    return () => {
      if (this.listeners.delete(listener) && this.listeners.size === 0) this.native.setKeyListener(null);
    };
  }
}
