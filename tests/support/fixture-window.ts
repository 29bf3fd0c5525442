/**
 * A GTK fixture app on its own private desktop, ready to be acted on: the session, the bridge, the
 * app's process and its counters, its window raised once it is drawn (openFixture).
 */
import { expect } from 'vitest';
import { enterDesktopSession, startDesktopSession, type DesktopOptions, type DesktopSession } from '../../scripts/desktop-session.js';
import { AxBridge } from '../../src/execution/accessibility/ax-bridge.js';
import { openFixture, stopApps, type Fixture, type FixtureName, type FixtureOptions } from './desktop.js';

/** The accessibility bridge on the desktop this process is in, its permission granted. */
export async function openBridge(): Promise<AxBridge> {
  const bridge = AxBridge.open();
  expect((await bridge.permission({ prompt: true })).state).toBe('granted');
  return bridge;
}

/** A private desktop this process has entered, and the accessibility bridge on it (openBridge). */
export async function openDesktop(options: DesktopOptions = {}): Promise<{ session: DesktopSession; bridge: AxBridge }> {
  const session = await startDesktopSession(options);
  enterDesktopSession(session.env);
  return { session, bridge: await openBridge() };
}

export interface FixtureWindow extends Fixture {
  readonly session: DesktopSession;
  readonly bridge: AxBridge;
  /** Ends every app this file started, then the desktop. */
  readonly close: () => Promise<void>;
}

/** Starts a private desktop and the fixture app `name` on it (openFixture). */
export async function openFixtureWindow(name: FixtureName, options: FixtureOptions = {}): Promise<FixtureWindow> {
  const { session, bridge } = await openDesktop();
  const fixture = await openFixture(name, bridge, options);
  return {
    ...fixture,
    session,
    bridge,
    close: async () => {
      await stopApps();
      await session.stop();
    },
  };
}
