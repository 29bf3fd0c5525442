/**
 * The hostile-app test's modes that might abort the process, run in a child process of their own
 * (hostile-app-child.ts): the child started for one mode and read back (its exit, each call's
 * outcome, the call it died in), its hostile app ended if the child died first, and what "the
 * process lived on" means, checked. Used by hostile-app.desktop.test.ts.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { ChildOutcome } from './hostile-app-child.js';

const CHILD = fileURLToPath(new URL('./hostile-app-child.ts', import.meta.url));
/** The wrapper settles every call by deadline + 250 ms; a little more for a loaded machine. */
export const MARGIN_MS = 400;
/** A message the user can read: one or more sentences, the last one ended. */
export const SENTENCE = /^\S[\s\S]*\.$/;
/** A child normally ends in under 10 s; one stuck at exit (its bridge thread cannot stop) is killed after this. */
const CHILD_TIMEOUT_MS = 15_000;
export const CHILD_TEST_TIMEOUT_MS = CHILD_TIMEOUT_MS + 5000;

export interface ChildRun {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly timedOut: boolean;
  readonly outcomes: ChildOutcome[];
  readonly lastStarted: string | undefined;
  readonly markerExists: boolean | undefined;
  readonly done: boolean;
  readonly stderr: string;
}

/** Runs hostile-app-child.ts for one mode; its hostile app is ended here if the child died first. */
export async function runChild(mode: string, options: readonly string[] = [], timeoutMs = CHILD_TIMEOUT_MS): Promise<ChildRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, mode, ...options], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, timeoutMs);
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.once('exit', (c, s) => resolve([c, s])));
  clearTimeout(timer);
  const lines = (): Record<string, unknown>[] =>
    out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  // The app holds the child's stderr open: end it (by its pid) before waiting for the streams.
  const appPid = lines().find((l) => typeof l.app === 'number')?.app as number | undefined;
  const signalApp = (signal: NodeJS.Signals): void => {
    try {
      if (appPid !== undefined) process.kill(appPid, signal);
    } catch {
      // the child ended it
    }
  };
  signalApp('SIGTERM');
  const stubborn = setTimeout(() => signalApp('SIGKILL'), 2000);
  await closed;
  clearTimeout(stubborn);
  const all = lines();
  const starts = all.filter((l) => typeof l.start === 'string').map((l) => l.start as string);
  const outcomes = all.filter((l) => typeof l.call === 'string') as unknown as ChildOutcome[];
  const marker = all.find((l) => typeof l.markerExists === 'boolean');
  return {
    code,
    signal,
    timedOut,
    outcomes,
    lastStarted: starts.length > outcomes.length ? starts[starts.length - 1] : undefined,
    markerExists: marker?.markerExists as boolean | undefined,
    done: all.some((l) => l.done === true),
    stderr,
  };
}

function describeChild(run: ChildRun): string {
  const how = run.timedOut ? 'did not exit (killed after the timeout)' : `exited with ${run.signal ?? run.code}`;
  const where = run.lastStarted ? `, in ${run.lastStarted}` : '';
  const calls = run.outcomes.map((o) => `${o.call} ${o.ms} ms ${o.ok ? 'ok' : `${o.code}: ${o.message}`}`).join('; ');
  return `the child ${how}${where}. Calls: ${calls || 'none'}. Its stderr: ${run.stderr.trim().split('\n').slice(-3).join(' | ') || '(empty)'}`;
}

/** The child lived, every call it made ended within its deadline with a result or a sentence, and the bridge thread was free afterwards. */
export function expectSurvived(run: ChildRun): void {
  expect({ code: run.code, signal: run.signal, timedOut: run.timedOut, done: run.done }, describeChild(run)).toEqual({
    code: 0,
    signal: null,
    timedOut: false,
    done: true,
  });
  for (const o of run.outcomes) {
    expect(o.ms, `${o.call} took ${o.ms} ms (${o.message ?? 'answered'})`).toBeLessThan(o.deadlineMs + MARGIN_MS);
    if (!o.ok) expect(o.message, o.call).toMatch(SENTENCE);
  }
  const pings = run.outcomes.filter((o) => o.call.startsWith('ping'));
  expect(pings.map((o) => o.call)).toEqual(['ping', 'ping after the app quit']);
  for (const o of pings) expect(o, `${o.call}: the bridge thread was still busy (${describeChild(run)})`).toMatchObject({ ok: true });
}
