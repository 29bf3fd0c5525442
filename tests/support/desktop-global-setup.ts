/**
 * Vitest global setup: on Linux, one private headless desktop (Xvfb + D-Bus + AT-SPI + openbox)
 * for the whole run. Its variables are set in this process before the test workers fork, so every
 * worker (and every app a test starts) joins it; teardown stops exactly the processes it started.
 */
import type { TestProject } from 'vitest/node';
import { desktopUnavailableReason, enterDesktopSession, startDesktopSession, type DesktopSession } from '../../scripts/desktop-session.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Why desktop tests cannot run here; empty when the private desktop is up. */
    desktopSkipReason: string;
  }
}

let session: DesktopSession | undefined;

export async function setup(project: TestProject): Promise<void> {
  if (process.platform !== 'linux') {
    const reason = `desktop tests drive AT-SPI on Linux; on ${process.platform} check the bridge by hand (see docs/architecture.md)`;
    console.log(`[desktop] skipped: ${reason}`);
    project.provide('desktopSkipReason', reason);
    return;
  }
  const missing = desktopUnavailableReason();
  if (missing) throw new Error(`The desktop tests need a headless desktop: ${missing}.`);
  const started = performance.now();
  session = await startDesktopSession();
  enterDesktopSession(session.env);
  console.log(`[desktop] private session on ${session.env.DISPLAY} up in ${Math.round(performance.now() - started)} ms`);
  project.provide('desktopSkipReason', '');
}

export async function teardown(): Promise<void> {
  await session?.stop();
  session = undefined;
}
