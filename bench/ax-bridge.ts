/**
 * Accessibility-bridge figures: snapshot time on a real GTK app (gtk3-widget-factory, ≈260 nodes)
 * and on a synthetic ≥1,500-element window: the fast path (the app's cache as read before, kept by
 * its change events: the mirror), the app's whole cache read each time, and the level-by-level walk,
 * against pyatspi on the same apps in the same run; and the fixed cost of one call through the
 * bridge thread; a snapshot to act on (bounds read live) against one taking the bounds the mirror kept. Targets: ≥ 4× faster than pyatspi (issue #4); 1,500 elements ≤ 100 ms p95 (issue #14).
 *
 * Starts its own private headless desktop (scripts/desktop-session.ts), so it needs only the
 * packages of scripts/setup.sh. Run alone with `npx tsx bench/ax-bridge.ts`.
 */
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { AxBridge, type SnapshotOptions } from '../src/execution/accessibility/ax-bridge.js';
import { enterDesktopSession, startDesktopSession } from '../scripts/desktop-session.js';
import { figures, formatMs, type Figures } from './stats.js';

const run = promisify(execFile);
const PYTHON = '/usr/bin/python3';
const FIXTURE = fileURLToPath(new URL('../tests/fixtures/ax-fixture-app.py', import.meta.url));
const PYATSPI = fileURLToPath(new URL('./pyatspi-snapshot.py', import.meta.url));

function line(label: string, f: Figures): string {
  const perSecond = Math.round((f.nodes / f.medianMs) * 1000).toLocaleString('en-US');
  return `  ${label.padEnd(34)} ${String(f.nodes).padStart(5)} nodes   median ${formatMs(f.medianMs).padStart(9)}   p95 ${formatMs(f.p95Ms).padStart(9)}   ${perSecond.padStart(7)} nodes/s`;
}

async function bridgeSnapshots(
  bridge: AxBridge,
  pid: number,
  read: Pick<SnapshotOptions, 'useCache' | 'useMirror' | 'liveBounds' | 'showingOnly'>,
  runs: number,
): Promise<Figures & { readonly sources: string }> {
  const times: number[] = [];
  const sources = new Set<string>();
  let nodes = 0;
  const options = { pid, showingOnly: false, maxNodes: 99_999, deadlineMs: 60_000, ...read };
  await bridge.snapshot(options);
  for (let i = 0; i < runs; i++) {
    const s = await bridge.snapshot(options);
    times.push(s.elapsedMs);
    sources.add(s.source ?? 'walk');
    nodes = s.elements.length;
  }
  return { ...figures(nodes, times), sources: [...sources].join('+') };
}

async function pyatspiSnapshots(pid: number, runs: number): Promise<Figures> {
  const { stdout } = await run(PYTHON, [PYATSPI, String(pid), String(runs + 1)], { timeout: 300_000, maxBuffer: 1 << 20 });
  const result = JSON.parse(stdout) as { nodes: number; times_ms: number[] };
  return figures(result.nodes, result.times_ms.slice(1));
}

/** Prints the bridge's figures; throws a sentence when they cannot be measured here. */
export async function benchAxBridge(): Promise<void> {
  if (process.platform !== 'linux') throw new Error(`the bridge benchmark drives AT-SPI on Linux (this is ${process.platform})`);
  const session = await startDesktopSession();
  enterDesktopSession(session.env);
  const apps: ChildProcess[] = [];
  try {
    const bridge = AxBridge.open();
    await bridge.permission({ prompt: true });
    const factory = spawn('gtk3-widget-factory', [], { stdio: 'ignore' });
    const many = spawn(PYTHON, [FIXTURE, '--many', '750'], { stdio: 'ignore' });
    apps.push(factory, many);
    await bridge.waitForApp({ pid: factory.pid ?? 0 }, { timeoutMs: 20_000 });
    await bridge.waitForApp({ pid: many.pid ?? 0 }, { timeoutMs: 20_000 });
    await new Promise((r) => setTimeout(r, 1000)); // let both finish drawing

    for (const [title, pid, runs] of [
      ['gtk3-widget-factory', factory.pid ?? 0, 40],
      ['fixture window, 750 buttons + 750 labels', many.pid ?? 0, 40],
    ] as const) {
      console.log(`  ${title} (whole tree: role, name, description, states, bounds, actions, value)`);
      const cached = await bridgeSnapshots(bridge, pid, { useCache: true, useMirror: true }, runs);
      const whole = await bridgeSnapshots(bridge, pid, { useCache: true, useMirror: false }, runs);
      const uncached = await bridgeSnapshots(bridge, pid, { useCache: false, useMirror: false }, Math.max(3, runs / 4));
      const py = await pyatspiSnapshots(pid, Math.max(3, runs / 2));
      console.log(line(`ax-bridge, fast path (${cached.sources})`, cached));
      console.log(line(`ax-bridge, useMirror false (${whole.sources})`, whole));
      console.log(line(`ax-bridge, useCache false (${uncached.sources})`, uncached));
      console.log(line('pyatspi (same fields)', py));
      console.log(
        `  speed-up over pyatspi: ${(py.medianMs / cached.medianMs).toFixed(1)}× (median), ${(py.p95Ms / cached.p95Ms).toFixed(1)}× (p95); mirror vs whole cache: ${(whole.medianMs / cached.medianMs).toFixed(1)}×; fast path vs walk: ${(uncached.medianMs / cached.medianMs).toFixed(1)}×`,
      );
    }

    // A snapshot to act on (bounds read live) against one that takes the bounds the mirror kept, as
    // "show numbers" does: the showing elements of the 270-element window, unchanged.
    const toggled = spawn(PYTHON, [FIXTURE, '--many', '130', '--toggle'], { stdio: 'ignore' });
    apps.push(toggled);
    await bridge.waitForApp({ pid: toggled.pid ?? 0 }, { timeoutMs: 20_000 });
    await new Promise((r) => setTimeout(r, 1000)); // let it finish drawing
    const kept = await bridgeSnapshots(bridge, toggled.pid ?? 0, { useCache: true, useMirror: true, showingOnly: true }, 40);
    const live = await bridgeSnapshots(bridge, toggled.pid ?? 0, { useCache: true, useMirror: true, showingOnly: true, liveBounds: true }, 40);
    console.log('  fixture window, 130 buttons + 130 labels + Toggle, unchanged (showing elements)');
    console.log(line(`ax-bridge, bounds kept (${kept.sources})`, kept));
    console.log(line(`ax-bridge, liveBounds: to act on (${live.sources})`, live));

    // Events: from asking for the focus to the focus event reaching the listener.
    const control = spawn(PYTHON, [FIXTURE], { stdio: 'ignore' });
    apps.push(control);
    await bridge.waitForApp({ pid: control.pid ?? 0 }, { timeoutMs: 20_000 });
    const snap = await bridge.snapshot({ pid: control.pid ?? 0 });
    const fields = ['Your name', 'Quantity'].map((name) => snap.elements.find((e) => e.name === name)?.id ?? 0);
    const latencies: number[] = [];
    let waiting: { name: string; resolve: () => void } | undefined;
    const stop = await bridge.onEvent((e) => {
      if (waiting !== undefined && e.type === 'focus_changed' && e.name === waiting.name) waiting.resolve();
    });
    try {
      for (let i = 0; i < 20; i++) {
        const index = i % 2;
        const name = index === 0 ? 'Your name' : 'Quantity';
        const arrived = new Promise<void>((resolve) => (waiting = { name, resolve }));
        const t0 = performance.now();
        await bridge.performAction({ generation: snap.generation, id: fields[index] ?? 0 }, 'focus');
        await Promise.race([arrived, new Promise((r) => setTimeout(r, 2000))]);
        latencies.push(performance.now() - t0);
      }
    } finally {
      await stop();
    }
    const ev = figures(0, latencies);
    console.log(`  focus action → focus event delivered: median ${formatMs(ev.medianMs)}, p95 ${formatMs(ev.p95Ms)}`);

    const pings: number[] = [];
    for (let i = 0; i < 2000; i++) {
      const t0 = performance.now();
      await bridge.ping();
      pings.push(performance.now() - t0);
    }
    const p = figures(0, pings);
    console.log(`  per-call overhead (JS → bridge thread → JS, empty job): median ${formatMs(p.medianMs)}, p95 ${formatMs(p.p95Ms)}`);
    const lists: number[] = [];
    for (let i = 0; i < 50; i++) {
      const t0 = performance.now();
      await bridge.runningApps();
      lists.push(performance.now() - t0);
    }
    const l = figures(0, lists);
    console.log(`  runningApps with 2 apps: median ${formatMs(l.medianMs)}, p95 ${formatMs(l.p95Ms)}`);
  } finally {
    for (const a of apps) a.kill();
    await session.stop();
  }
}

if (process.argv[1] !== undefined && /bench[/\\]ax-bridge\.[tj]s$/.test(process.argv[1])) {
  await benchAxBridge();
}
