/**
 * The loop fixture app (tests/agent/loop-fixture-app.py) on a private desktop, ready to be acted on:
 * the session, the bridge that reads its counters back, and the window raised.
 */
import { openFixtureWindow, type FixtureWindow } from './fixture-window.js';

export type LoopFixture = FixtureWindow;

export function openLoopFixture(): Promise<LoopFixture> {
  return openFixtureWindow('loop');
}
