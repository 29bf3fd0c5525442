/**
 * The command line's start-up: `plan` with the grammar through the bundle the bin runs, next to
 * `node -e 0` and to the TypeScript sources through tsx (how the bin ran before the bundle); and
 * `run` of a grammar command on a private headless desktop, from the spawn to its action's result.
 */
import { execFile, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { AxBridge } from '../src/execution/accessibility/ax-bridge.js';
import { enterDesktopSession, startDesktopSession } from '../scripts/desktop-session.js';
import { figures, formatMs, type Figures } from './stats.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const BIN = join(ROOT, 'bin', 'assistive-control.mjs');
const ENTRY = join(ROOT, 'src', 'cli', 'entry.ts');
const FIXTURE = join(ROOT, 'test', 'fixtures', 'ax-fixture-app.py');

function wall(args: readonly string[], runs: number, env: NodeJS.ProcessEnv = process.env): Figures {
  const times: number[] = [];
  for (let i = 0; i < runs + 1; i++) {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], env });
    const ms = performance.now() - t0;
    if (r.status !== 0 && r.status !== 3) throw new Error(`${args.join(' ')} failed: ${r.stderr.toString().slice(0, 200)}`);
    if (i > 0) times.push(ms); // the first warms the file cache
  }
  return figures(0, times);
}

const line = (name: string, f: Figures) => `  ${name.padEnd(52)} median ${formatMs(f.medianMs)}   p95 ${formatMs(f.p95Ms)}`;

/** Spawns `run --json <command>` and resolves with the time to its first action_result line and to its exit. */
function timedRun(command: string, env: NodeJS.ProcessEnv): Promise<{ actionMs: number; exitMs: number }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [BIN, 'run', '--json', command], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let actionMs = Number.NaN;
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      if (Number.isNaN(actionMs) && buffered.includes('"type":"action_result"')) actionMs = performance.now() - t0;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve({ actionMs, exitMs: performance.now() - t0 }) : reject(new Error(`run exited ${code}: ${buffered.slice(-300)}`)),
    );
  });
}

export async function benchCli(): Promise<void> {
  const runs = 15;
  const node = wall(['-e', '0'], runs);
  const bundled = wall([BIN, 'plan', 'open Firefox'], runs);
  // The same without V8's code cache on disk (Node 22.1 and newer honour the variable).
  const uncached = wall([BIN, 'plan', 'open Firefox'], runs, { ...process.env, NODE_DISABLE_COMPILE_CACHE: '1' });
  const source = wall(['--import', 'tsx', ENTRY, 'plan', 'open Firefox'], 5);
  console.log(line('node -e 0', node));
  console.log(line('plan "open Firefox" (the bundle; target ≤ 150 ms)', bundled));
  console.log(line('plan "open Firefox" (the bundle, no compile cache)', uncached));
  console.log(line('plan "open Firefox" (sources through tsx, as before)', source));

  if (process.platform !== 'linux') {
    console.log(`  run: skipped, it drives AT-SPI on Linux (this is ${process.platform})`);
    return;
  }
  const session = await startDesktopSession();
  enterDesktopSession(session.env);
  const config = mkdtempSync(join(tmpdir(), 'ac-bench-cli-'));
  const app = spawn('/usr/bin/python3', [FIXTURE], { stdio: 'ignore' });
  try {
    const bridge = AxBridge.open();
    await bridge.permission({ prompt: true });
    await bridge.waitForApp({ pid: app.pid ?? 0 }, { timeoutMs: 20_000 });
    await promisify(execFile)('xdotool', ['search', '--sync', '--name', '^AX Fixture$', 'windowactivate', '--sync'], { timeout: 10_000 });
    const env = { ...process.env, ASSISTIVE_CONTROL_CONFIG_DIR: config, XDG_STATE_HOME: config };
    const action: number[] = [];
    const exit: number[] = [];
    for (let i = 0; i < 8; i++) {
      const r = await timedRun('click Press me', env);
      if (i === 0) continue;
      action.push(r.actionMs);
      exit.push(r.exitMs);
    }
    console.log(line('run "click Press me": spawn → action result (≤ 300 ms)', figures(0, action)));
    console.log(line('run "click Press me": spawn → exit', figures(0, exit)));
  } finally {
    app.kill();
    rmSync(config, { recursive: true, force: true });
    await session.stop();
  }
}
