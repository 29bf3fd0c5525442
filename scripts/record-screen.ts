/**
 * Records the evaluation corpus's screens (eval/corpus/screens/*.json): starts a fixture app on a
 * private headless desktop, raises its window, and saves the observation the planner would receive
 * — the same engine call as get_screen_elements (ExecutionEngine.getScreenElements), so the text,
 * the element numbers and the token budget are the real ones.
 *
 *   npx tsx scripts/record-screen.ts            # every screen
 *   npx tsx scripts/record-screen.ts mail form  # some of them
 *
 * Linux only (Xvfb, AT-SPI); the app is ended and the session stopped afterwards. Apps start in
 * /usr/share, so the file dialog's list of places names no folder of this machine.
 */
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { AxBridge } from '../src/execution/accessibility/ax-bridge.js';
import { createDesktopEngine } from '../src/compose/desktop-engine.js';
import { desktopUnavailableReason, enterDesktopSession, startDesktopSession } from './desktop-session.js';

const run = promisify(execFile);
const root = new URL('../', import.meta.url);
const PYTHON = '/usr/bin/python3';

interface ScreenSpec {
  readonly id: string;
  readonly kind: string;
  /** Relative to the repository. */
  readonly source: string;
  readonly args: readonly string[];
  /** The window title, as a regular expression for xdotool. */
  readonly title: string;
  /** A name the app's tree shows once it is ready. */
  readonly ready: string;
}

const EVAL_APP = 'tests/fixtures/eval-screens-app.py';

export const SCREENS: readonly ScreenSpec[] = [
  { id: 'form', kind: 'a form', source: EVAL_APP, args: ['--screen', 'form'], title: '^Register - Community Library$', ready: 'Submit' },
  { id: 'mail', kind: 'a mail-like list', source: EVAL_APP, args: ['--screen', 'mail'], title: '^Inbox - Mail$', ready: 'Reply all' },
  { id: 'editor', kind: 'a text editor', source: EVAL_APP, args: ['--screen', 'editor'], title: 'Text Editor$', ready: 'Save as' },
  { id: 'file-dialog', kind: 'a file dialog', source: EVAL_APP, args: ['--screen', 'file-dialog'], title: '^Open File$', ready: 'Open' },
  {
    id: 'settings',
    kind: 'a settings page',
    source: EVAL_APP,
    args: ['--screen', 'settings'],
    title: '^Settings - Display and Sound$',
    ready: 'Reset to defaults',
  },
  { id: 'terminal', kind: 'a terminal', source: EVAL_APP, args: ['--screen', 'terminal'], title: '^Terminal - ', ready: 'Close tab' },
  {
    id: 'browser',
    kind: 'a browser-like page',
    source: EVAL_APP,
    args: ['--screen', 'browser'],
    title: '^Weather in Leeds - Web Browser$',
    ready: 'Accept all cookies',
  },
  { id: 'unlabeled', kind: 'an app with unlabeled buttons', source: EVAL_APP, args: ['--screen', 'unlabeled'], title: '^Music Player$', ready: 'Library' },
  {
    id: 'loop-fixture',
    kind: 'buttons with the same name, and one whose label is an instruction',
    source: 'tests/agent/loop-fixture-app.py',
    args: [],
    title: '^Loop Fixture$',
    ready: 'Count: 0',
  },
];

async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function record(spec: ScreenSpec, bridge: AxBridge): Promise<void> {
  const app: ChildProcess = spawn(PYTHON, [fileURLToPath(new URL(spec.source, root)), ...spec.args], { stdio: 'ignore', cwd: '/usr/share' });
  try {
    const pid = app.pid ?? 0;
    await bridge.waitForApp({ pid });
    await until(`${spec.id} to show "${spec.ready}"`, async () =>
      (await bridge.snapshot({ pid })).elements.some((e) => e.name === spec.ready) ? true : undefined,
    );
    await run('xdotool', ['search', '--sync', '--name', spec.title, 'windowactivate', '--sync'], { timeout: 10_000 });
    const engine = createDesktopEngine(process.env, { bridge });
    const result = await until(`${spec.id} to be the frontmost app`, async () => {
      const r = await engine.getScreenElements();
      return r.kind === 'observation' && r.observation && r.observation.text.includes(spec.ready) ? r : undefined;
    });
    if (result.kind !== 'observation' || !result.observation) throw new Error(`${spec.id}: no observation`);
    const o = result.observation;
    const elements = [...(o.places ?? new Map())].map(([id, place]) => ({ id, role: place.role, label: place.label }));
    const screen = { id: spec.id, kind: spec.kind, app: o.app, source: spec.source, text: o.text, elements };
    writeFileSync(new URL(`eval/corpus/screens/${spec.id}.json`, root), `${JSON.stringify(screen, null, 2)}\n`);
    console.log(`${spec.id}: ${o.listed} elements, ~${o.tokenEstimate} tokens`);
  } finally {
    app.kill('SIGTERM');
  }
}

async function main(): Promise<void> {
  const unavailable = desktopUnavailableReason();
  if (unavailable) {
    console.error(`Cannot record screens here: ${unavailable}.`);
    process.exitCode = 1;
    return;
  }
  const wanted = process.argv.slice(2);
  const specs = wanted.length > 0 ? SCREENS.filter((s) => wanted.includes(s.id)) : SCREENS;
  const session = await startDesktopSession();
  try {
    enterDesktopSession(session.env);
    const bridge = AxBridge.open();
    await bridge.permission({ prompt: true });
    for (const spec of specs) await record(spec, bridge);
  } finally {
    await session.stop();
  }
}

await main();
