/**
 * The loop fixture app (tests/agent/loop-fixture-app.py) on a private desktop, ready to be acted on:
 * the session, the bridge that reads its counters back, and the window raised.
 */
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { DesktopSession } from '../../scripts/desktop-session.js';
import type { AxBridge } from '../../src/execution/accessibility/ax-bridge.js';
import { openFixtureWindow } from './fixture-window.js';

const FIXTURE = fileURLToPath(new URL('../agent/loop-fixture-app.py', import.meta.url));

export interface LoopFixture {
  readonly session: DesktopSession;
  readonly bridge: AxBridge;
  readonly app: ChildProcess;
  /** The number a counter label shows now ("Count: 3" → 3), read through AT-SPI. */
  readonly counter: (prefix: string) => Promise<number>;
  readonly close: () => Promise<void>;
}

export async function openLoopFixture(): Promise<LoopFixture> {
  const { session, bridge, app, pid, close } = await openFixtureWindow(FIXTURE, 'Count: 0', 'Loop Fixture');
  const counter = async (prefix: string): Promise<number> => {
    const label = (await bridge.snapshot({ pid })).elements.find((e) => e.role === 'text' && e.name.startsWith(prefix));
    if (!label) throw new Error(`no label ${prefix}`);
    return Number(label.name.slice(prefix.length));
  };
  return { session, bridge, app, counter, close };
}
