/**
 * The loop fixture app (test/agent/loop-fixture-app.py) on a private desktop, ready to be acted on:
 * the session, the bridge that reads its counters back, and the window raised.
 */
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { enterDesktopSession, startDesktopSession, type DesktopSession } from '../../scripts/desktop-session.js';
import { AxBridge } from '../../src/execution/accessibility/ax-bridge.js';
import { SYSTEM_PYTHON, activateWindow, startApp, stopApps, until } from './desktop.js';

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
  const session = await startDesktopSession();
  enterDesktopSession(session.env);
  const bridge = AxBridge.open();
  expect((await bridge.permission({ prompt: true })).state).toBe('granted');
  const app = startApp(SYSTEM_PYTHON, [FIXTURE]);
  const pid = app.pid ?? 0;
  await bridge.waitForApp({ pid });
  await until('the fixture window', async () => ((await bridge.snapshot({ pid })).elements.some((e) => e.name === 'Count: 0') ? true : undefined));
  await activateWindow('^Loop Fixture$');
  const counter = async (prefix: string): Promise<number> => {
    const label = (await bridge.snapshot({ pid })).elements.find((e) => e.role === 'text' && e.name.startsWith(prefix));
    if (!label) throw new Error(`no label ${prefix}`);
    return Number(label.name.slice(prefix.length));
  };
  return {
    session,
    bridge,
    app,
    counter,
    close: async () => {
      await stopApps();
      await session.stop();
    },
  };
}
