/**
 * Helpers for tests that drive real applications on the private desktop of desktop-global-setup.ts.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import type { AxElement } from '../../src/execution/accessibility/types.js';
import { counterReader, type CounterBridge } from './counters.js';

/** Why desktop tests are skipped on this platform; empty when they run. */
export function desktopSkipReason(): string {
  const reason = inject('desktopSkipReason');
  if (reason) console.log(`[desktop] skipped: ${reason}`);
  return reason;
}

/** Debian's Python: the one with the gi (GTK) module. */
export const SYSTEM_PYTHON = '/usr/bin/python3';

/**
 * The fixture apps: the script, relative to tests/; for the GTK ones (built from
 * tests/fixtures/fixture_widgets.py) the window's title and an element name their tree shows once
 * drawn. The hostile AT-SPI app is no GTK app: on the bus, it is ready.
 */
interface FixtureApp {
  readonly script: string;
  readonly title?: string;
  readonly ready?: string;
}
const FIXTURES = {
  ax: { script: 'fixtures/ax-fixture-app.py', title: 'AX Fixture', ready: 'Your name' },
  loop: { script: 'agent/loop-fixture-app.py', title: 'Loop Fixture', ready: 'Count: 0' },
  engine: { script: 'fixtures/engine-fixture-app.py', title: 'Engine Fixture', ready: 'Count: 0' },
  notebook: { script: 'fixtures/notebook-app.py', title: 'Notebook Fixture', ready: 'Leeds: light rain, 9°C' },
  dictation: { script: 'fixtures/dictation-fixture-app.py', title: 'Dictation Fixture', ready: 'Body' },
  'late-dialog': { script: 'fixtures/late-dialog-app.py', title: 'Late Dialog', ready: 'Notes' },
  gate: { script: 'fixtures/gate-fixture-app.py', title: 'Gate Fixture', ready: 'Count: 0' },
  'own-panel': { script: 'fixtures/own-panel-app.py', title: 'Assistive Control', ready: 'Ask before moderate actions' },
  other: { script: 'fixtures/other-app.py', title: 'Other App', ready: 'Pressed 0: 0' },
  consent: { script: 'fixtures/consent-fixture-app.py', title: 'Consent Fixture', ready: 'Searches: 0' },
  effects: { script: 'fixtures/effects-fixture-app.py', title: 'Effects Fixture', ready: 'Searches: 0' },
  grid: { script: 'fixtures/grid-fixture-app.py', title: 'Grid Fixture', ready: 'Drawn presses: 0' },
  'unnamed-buttons': { script: 'fixtures/unnamed-buttons-app.py', title: 'Unnamed Buttons', ready: 'Pressed: none' },
  hostile: { script: 'fixtures/hostile-atspi-app.py' },
  'two-monitors': { script: 'fixtures/two-monitors.py' },
} satisfies Record<string, FixtureApp>;
export type FixtureName = keyof typeof FIXTURES;

/** The path of a fixture app's script. */
export function fixtureScript(name: FixtureName): string {
  return fileURLToPath(new URL(`../${FIXTURES[name].script}`, import.meta.url));
}

export const FIXTURE_APP = fixtureScript('ax');

const started = new Set<ChildProcess>();

/** Starts an app on the private desktop; stopApps() ends it. */
export function startApp(command: string, args: readonly string[] = []): ChildProcess {
  const child = spawn(command, args, { stdio: 'ignore' });
  started.add(child);
  return child;
}

export function startFixtureApp(...args: string[]): ChildProcess {
  return startApp(SYSTEM_PYTHON, [FIXTURE_APP, ...args]);
}

/** Ends one app this test started (resuming it first in case a test froze it). */
export async function stopApp(child: ChildProcess): Promise<void> {
  started.delete(child);
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    process.kill(child.pid, 'SIGCONT');
    process.kill(child.pid, 'SIGTERM');
  } catch {
    return;
  }
  await Promise.race([exited, new Promise((r) => setTimeout(r, 2000))]);
}

/** Ends every app this file started. */
export async function stopApps(): Promise<void> {
  await Promise.all([...started].map((c) => stopApp(c)));
}

/** Ends a process this test did not spawn itself but caused to start (an app launched through GIO). */
export function stopPid(pid: number): void {
  try {
    process.kill(pid, 'SIGCONT');
    process.kill(pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/**
 * Polls until check() returns a value (not undefined) or the time is up, every `everyMs` (a check
 * that reads a few elements may poll more often than one that reads a whole app).
 */
export async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 5000, everyMs = 50): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

const execFileAsync = promisify(execFile);

/**
 * Raises the window whose title matches `titleRegex` (xdotool, through the window manager).
 * xdotool walks the window tree, and a window that closes meanwhile (a menu, a tooltip) makes it
 * fail with BadWindow: that is the test harness racing the desktop, so it is retried, not reported.
 */
export async function activateWindow(titleRegex: string, attempts = 5): Promise<void> {
  for (let i = 1; ; i++) {
    try {
      await execFileAsync('xdotool', ['search', '--sync', '--name', titleRegex, 'windowactivate', '--sync'], { timeout: 10_000 });
      return;
    } catch (e) {
      const text = `${(e as { stderr?: string }).stderr ?? ''} ${e instanceof Error ? e.message : ''}`;
      if (i >= attempts || !/BadWindow/.test(text)) throw e;
      await sleep(100 * i);
    }
  }
}

/** What raiseWindow reads of the bridge (AxBridge). */
interface FrontBridge {
  keyboardOwner(): Promise<number | null>;
  frontmostApp(): Promise<{ readonly pid: number }>;
}

/**
 * Raises the window of app `pid` whose title matches `titleRegex` (activateWindow), unless the app is
 * in front and the window system gives it the keyboard already: read back, no xdotool started. For
 * an app of one window, or one whose other windows (dialogs) the caller knows are closed.
 */
export async function raiseWindow(bridge: FrontBridge, pid: number, titleRegex: string): Promise<void> {
  const [owner, front] = await Promise.all([bridge.keyboardOwner().catch(() => null), bridge.frontmostApp().catch(() => undefined)]);
  if (owner === pid && front?.pid === pid) return;
  await activateWindow(titleRegex);
}

/**
 * Sets a flag of org.a11y.Status on the session's accessibility bus, as a user's settings would:
 * `IsEnabled` (desktop accessibility) or `ScreenReaderEnabled` (a screen reader runs).
 */
export async function setAccessibilityStatus(flag: 'IsEnabled' | 'ScreenReaderEnabled', on: boolean): Promise<void> {
  const property = ['org.freedesktop.DBus.Properties.Set', 'string:org.a11y.Status', `string:${flag}`, `variant:boolean:${on}`];
  await execFileAsync('dbus-send', ['--session', '--print-reply', '--dest=org.a11y.Bus', '/org/a11y/bus', ...property], { timeout: 10_000 });
}

/** What readNamedValue needs of the bridge (AxBridge). */
interface ValueReader {
  snapshot(options: { pid: number }): Promise<{ generation: number; elements: ReadonlyArray<{ id: number; name: string }> }>;
  readValue(ref: { generation: number; id: number }): Promise<string | null | undefined>;
}

/** The value of an app's element named `name` (an entry's text), read through the accessibility API. */
export async function readNamedValue(bridge: ValueReader, pid: number, name: string): Promise<string> {
  const snap = await bridge.snapshot({ pid });
  const element = snap.elements.find((e) => e.name === name);
  if (!element) throw new Error(`no element ${JSON.stringify(name)}`);
  return (await bridge.readValue({ generation: snap.generation, id: element.id })) ?? '';
}

/** What openFixture needs of the bridge (AxBridge). */
interface FixtureBridge extends CounterBridge {
  waitForApp(match: { pid: number }, options: { timeoutMs: number }): Promise<unknown>;
}

export interface FixtureOptions {
  /** The app's arguments. */
  readonly args?: readonly string[];
  /** What shows it is ready once on the bus: an element of this name (default: the app's own), or a test of its elements. */
  readonly ready?: string | ((elements: readonly AxElement[]) => boolean);
  /** Whether its window is raised once it is ready (default: yes, for an app with a window title). */
  readonly front?: boolean;
}

/** A fixture app started by openFixture, on the bus and drawn. */
export interface Fixture {
  readonly app: ChildProcess;
  readonly pid: number;
  /** The number a counter label shows now ("Count: 3" → 3), read through AT-SPI. */
  readonly counter: (prefix: string) => Promise<number>;
  /** Ends the app. */
  readonly stop: () => Promise<void>;
}

/**
 * Starts the fixture app `name` on the desktop this process is in (stopApps() ends it), waits until it
 * is on the accessibility bus and its tree shows it is ready, and raises its window.
 */
export async function openFixture(name: FixtureName, bridge: FixtureBridge, options: FixtureOptions = {}): Promise<Fixture> {
  const fixture: FixtureApp = FIXTURES[name];
  const { args = [], ready = fixture.ready, front = fixture.title !== undefined } = options;
  const isReady = typeof ready === 'string' ? (els: readonly AxElement[]) => els.some((e) => e.name === ready) : ready;
  const app = startApp(SYSTEM_PYTHON, [fixtureScript(name), ...args]);
  const pid = app.pid ?? 0;
  await bridge.waitForApp({ pid }, { timeoutMs: 15_000 });
  if (isReady) await until(`${name} to be drawn`, async () => (isReady((await bridge.snapshot({ pid })).elements) ? true : undefined), 15_000);
  if (front) await activateWindow(`^${fixture.title ?? name}$`);
  const read = counterReader(bridge);
  return { app, pid, counter: (prefix) => read(pid, prefix), stop: () => stopApp(app) };
}

/** Starts the AX fixture app, waits until its entry "Your name" is readable, and brings its window to the front. */
export async function openFixtureInFront(bridge: FixtureBridge): Promise<ChildProcess> {
  return (await openFixture('ax', bridge)).app;
}

/** A key sent by the test harness itself (xdotool), not by the assistant. */
export async function harnessKey(...keys: string[]): Promise<void> {
  await execFileAsync('xdotool', ['key', '--clearmodifiers', ...keys], { timeout: 10_000 });
}

/** Text typed by the test harness itself (xdotool), not by the assistant. */
export async function harnessType(text: string): Promise<void> {
  await execFileAsync('xdotool', ['type', '--clearmodifiers', '--', text], { timeout: 10_000 });
}
