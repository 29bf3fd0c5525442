/**
 * A GTK fixture app on its own private desktop, ready to be acted on: the session, the bridge, the
 * app's process, its window raised once the element named `ready` is readable.
 */
import type { ChildProcess } from 'node:child_process';
import { expect } from 'vitest';
import { enterDesktopSession, startDesktopSession, type DesktopSession } from '../../scripts/desktop-session.js';
import { AxBridge } from '../../src/execution/accessibility/ax-bridge.js';
import { SYSTEM_PYTHON, activateWindow, startApp, stopApps, until } from './desktop.js';

export interface FixtureWindow {
  readonly session: DesktopSession;
  readonly bridge: AxBridge;
  readonly app: ChildProcess;
  readonly pid: number;
  readonly close: () => Promise<void>;
}

/** Starts a private desktop and the Python GTK fixture `script`; resolves once `ready` shows and `title` is in front. */
export async function openFixtureWindow(script: string, ready: string, title: string): Promise<FixtureWindow> {
  const session = await startDesktopSession();
  enterDesktopSession(session.env);
  const bridge = AxBridge.open();
  expect((await bridge.permission({ prompt: true })).state).toBe('granted');
  const app = startApp(SYSTEM_PYTHON, [script]);
  const pid = app.pid ?? 0;
  await bridge.waitForApp({ pid });
  await until('the fixture window', async () => ((await bridge.snapshot({ pid })).elements.some((e) => e.name === ready) ? true : undefined));
  await activateWindow(`^${title}$`);
  return {
    session,
    bridge,
    app,
    pid,
    close: async () => {
      await stopApps();
      await session.stop();
    },
  };
}
