/**
 * Runs the bridge against one hostile AT-SPI app in a process of its own, for
 * hostile-app.desktop.test.ts: an abort in the addon ends this process, not the test worker.
 *
 *   node --import tsx tests/native/hostile-app-child.ts <mode> [app options…]
 *
 * Starts tests/fixtures/hostile-atspi-app.py hostile to this process only (--only-for-pid), so that
 * other clients on the same desktop see a normal app, then makes the calls the assistant makes.
 * Prints one JSON line per step on stdout (first {"app": pid}): {"start": call} before a call, then
 * its outcome (a ChildOutcome), so that a process that dies in a call shows which one. Exits by itself (no process.exit): ending
 * the process stops the bridge thread, so an exit that never comes is a finding too.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AxBridge } from '../../src/execution/accessibility/ax-bridge.js';
import type { AxSnapshot } from '../../src/execution/accessibility/types.js';

export interface ChildOutcome {
  readonly call: string;
  readonly deadlineMs: number;
  readonly ms: number;
  readonly ok: boolean;
  /** The error's code and message when it failed; a short summary of the result when it did not. */
  readonly code?: string;
  readonly message?: string;
  readonly result?: string;
}

const APP = fileURLToPath(new URL('../fixtures/hostile-atspi-app.py', import.meta.url));
const DEADLINE_MS = 2000;
/** ping() has the wrapper's default deadline for a single call. */
const PING_DEADLINE_MS = 1000;
const [mode = 'names', ...appOptions] = process.argv.slice(2);
const markerAt = appOptions.indexOf('--marker');
const marker = markerAt >= 0 ? appOptions[markerAt + 1] : undefined;

function emit(line: object): void {
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

const app = spawn('/usr/bin/python3', [APP, '--mode', mode, '--only-for-pid', String(process.pid), ...appOptions], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
process.on('exit', () => app.kill('SIGKILL'));
// First line: the app's pid, so that the parent can end the app if this process dies without doing so.
emit({ app: app.pid });
const appExited = new Promise<void>((resolve) => app.once('exit', () => resolve()));

// Registered with the registry once it says so (waiting through runningApps would already be a call under test).
await new Promise<void>((resolve, reject) => {
  let out = '';
  const timer = setTimeout(() => reject(new Error(`the hostile app (${mode}) did not register within 10 s`)), 10_000);
  app.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    if (/^ready /m.test(out)) {
      clearTimeout(timer);
      resolve();
    }
  });
  app.once('exit', (code, signal) => reject(new Error(`the hostile app (${mode}) exited (${code ?? signal}) before it registered`)));
});

const bridge = AxBridge.open();
const pid = app.pid ?? 0;

async function step<T>(
  call: string,
  deadlineMs: number,
  run: () => Promise<T>,
  summary: (value: T) => string = (v) => JSON.stringify(v) ?? 'undefined',
): Promise<T | undefined> {
  emit({ start: call });
  const started = performance.now();
  try {
    const value = await run();
    emit({ call, deadlineMs, ms: Math.round(performance.now() - started), ok: true, result: summary(value).slice(0, 300) });
    return value;
  } catch (error) {
    const e = error as { code?: string; message?: string };
    emit({ call, deadlineMs, ms: Math.round(performance.now() - started), ok: false, code: e.code ?? 'thrown', message: e.message ?? String(error) });
    return undefined;
  }
}

await step('runningApps', DEADLINE_MS, () => bridge.runningApps({ deadlineMs: DEADLINE_MS }), (apps) => JSON.stringify(apps.find((a) => a.pid === pid) ?? null));
const snap = await step(
  'snapshot',
  DEADLINE_MS,
  () => bridge.snapshot({ pid, deadlineMs: DEADLINE_MS, showingOnly: false }),
  (s: AxSnapshot) => `${s.elements.length} elements (${s.truncated}): ${s.elements.map((e) => `${e.role}:${e.name}`).join(', ')}`,
);
if (snap) {
  const button = snap.elements.find((e) => e.name === 'Hostile Button') ?? snap.elements[snap.elements.length - 1];
  const field = snap.elements.find((e) => e.name === 'Hostile Field') ?? snap.elements[0];
  if (button) await step('performAction press', DEADLINE_MS, () => bridge.performAction({ generation: snap.generation, id: button.id }, 'press', { deadlineMs: DEADLINE_MS }));
  if (field) await step('readValue', DEADLINE_MS, () => bridge.readValue({ generation: snap.generation, id: field.id }, { deadlineMs: DEADLINE_MS }));
}
// The bridge thread is free for the next caller (it is not still busy with, or stuck in, this app).
await step('ping', PING_DEADLINE_MS, () => bridge.ping());
if (marker !== undefined) emit({ marker, markerExists: existsSync(marker) });
app.kill('SIGTERM');
await appExited;
await step('ping after the app quit', PING_DEADLINE_MS, () => bridge.ping());
emit({ done: true });
