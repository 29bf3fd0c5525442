/**
 * Counter labels of the fixture apps ("Pressed 3: 2" → 2), read through AT-SPI as the apps show them
 * now. A snapshot costs about what the elements it reads cost, and a counter sits at a fixed place in
 * its app's tree: once a full read found where, the next read stops there (`maxNodes`). A snapshot
 * cut short is the start of the whole one (the same walk, stopped), so the first label with the
 * prefix in it is the first in the whole tree; when none is in it (the tree before it grew: a menu
 * opened), the app is read whole and the place learnt again.
 */
import type { AxElement } from '../../src/execution/accessibility/types.js';

/** What a counter read needs of the bridge (AxBridge). */
export interface CounterBridge {
  snapshot(options: { pid: number; maxNodes?: number }): Promise<{ elements: readonly AxElement[] }>;
}

const isCounter = (prefix: string) => (e: AxElement) => e.role === 'text' && e.name.startsWith(prefix);
const valueOf = (label: AxElement, prefix: string): number => Number(label.name.slice(prefix.length).trim());

/** Several counters of one app, read together in one snapshot. */
export async function readCounters(bridge: CounterBridge, pid: number, prefixes: readonly string[]): Promise<number[]> {
  const elements = (await bridge.snapshot({ pid })).elements;
  return prefixes.map((prefix) => {
    const label = elements.find(isCounter(prefix));
    if (!label) throw new Error(`no counter ${prefix}`);
    return valueOf(label, prefix);
  });
}

/** Reads counters of any app on `bridge`; each (app, prefix) keeps the place it was last found at. */
export function counterReader(bridge: CounterBridge): (pid: number, prefix: string) => Promise<number> {
  const places = new Map<string, number>();
  return async (pid, prefix) => {
    const key = `${pid} ${prefix}`;
    const place = places.get(key);
    let label = place === undefined ? undefined : (await bridge.snapshot({ pid, maxNodes: place + 1 })).elements.find(isCounter(prefix));
    if (!label) {
      const all = (await bridge.snapshot({ pid })).elements;
      const at = all.findIndex(isCounter(prefix));
      if (at < 0) throw new Error(`no counter ${prefix}`);
      places.set(key, at);
      label = all[at] as AxElement;
    }
    return valueOf(label, prefix);
  };
}
