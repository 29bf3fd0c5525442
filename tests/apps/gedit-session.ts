// gedit on a private desktop of its own, started for a test: the session, a bridge, and gedit in
// front with its text area drawn. A private desktop: these tests press keys, which would race the
// other desktop tests.
import type { ChildProcess } from 'node:child_process';
import { expect } from 'vitest';
import { enterDesktopSession, startDesktopSession, type DesktopSession } from '../../scripts/desktop-session.js';
import { AxBridge } from '../../src/execution/accessibility/ax-bridge.js';
import type { AxSnapshot } from '../../src/execution/accessibility/types.js';
import { activateWindow, startApp, until } from '../support/desktop.js';

export interface GeditSession {
  readonly session: DesktopSession;
  readonly bridge: AxBridge;
  readonly gedit: ChildProcess;
  readonly pid: number;
  /** gedit's whole tree, read now. */
  readonly snapshot: () => Promise<AxSnapshot>;
}

export async function startGedit(): Promise<GeditSession> {
  const session = await startDesktopSession();
  enterDesktopSession(session.env);
  const bridge = AxBridge.open();
  expect((await bridge.permission({ prompt: true })).state).toBe('granted');
  // Its own instance: without --standalone a gedit already running elsewhere would open the window.
  const gedit = startApp('gedit', ['--standalone']);
  const pid = gedit.pid ?? 0;
  const snapshot = (): Promise<AxSnapshot> => bridge.snapshot({ pid, deadlineMs: 5000 });
  await bridge.waitForApp({ pid }, { timeoutMs: 30_000 });
  await until(
    'the gedit window',
    async () => ((await snapshot().catch(() => undefined))?.elements.some((e) => e.role === 'text_area') ? true : undefined),
    30_000,
  );
  await activateWindow(' - gedit$');
  await until('gedit in front', async () => ((await bridge.frontmostApp().catch(() => undefined))?.pid === pid ? true : undefined), 10_000);
  return { session, bridge, gedit, pid, snapshot };
}
