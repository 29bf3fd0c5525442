/**
 * Helpers for tests that drive real applications on the private desktop of desktop-global-setup.ts.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

/** Why desktop tests are skipped on this platform; empty when they run. */
export function desktopSkipReason(): string {
  const reason = inject('desktopSkipReason');
  if (reason) console.log(`[desktop] skipped: ${reason}`);
  return reason;
}

export const FIXTURE_APP = fileURLToPath(new URL('../fixtures/ax-fixture-app.py', import.meta.url));
/** Debian's Python: the one with the gi (GTK) module. */
export const SYSTEM_PYTHON = '/usr/bin/python3';

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

/** Polls until check() returns a value (not undefined) or the time is up. */
export async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(50);
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

/** What openFixtureInFront needs of the bridge (AxBridge). */
interface AppWaiter {
  waitForApp(options: { pid: number }): Promise<unknown>;
  snapshot(options: { pid: number }): Promise<{ elements: ReadonlyArray<{ name: string }> }>;
}

/** Starts the AX fixture app, waits until its entry "Your name" is readable, and brings its window to the front. */
export async function openFixtureInFront(bridge: AppWaiter): Promise<ChildProcess> {
  const app = startFixtureApp();
  const pid = app.pid ?? 0;
  await bridge.waitForApp({ pid });
  await until('the fixture window', async () => ((await bridge.snapshot({ pid })).elements.some((e) => e.name === 'Your name') ? true : undefined));
  await activateWindow('^AX Fixture$');
  return app;
}

/** A key sent by the test harness itself (xdotool), not by the assistant. */
export async function harnessKey(...keys: string[]): Promise<void> {
  await execFileAsync('xdotool', ['key', '--clearmodifiers', ...keys], { timeout: 10_000 });
}

/** Text typed by the test harness itself (xdotool), not by the assistant. */
export async function harnessType(text: string): Promise<void> {
  await execFileAsync('xdotool', ['type', '--clearmodifiers', '--', text], { timeout: 10_000 });
}
