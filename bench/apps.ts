/**
 * Real apps (issue #14): gedit, a Firefox page, LibreOffice Writer and Calc on a private headless
 * desktop. Per app: the nodes a snapshot reads, its time (median / p95 of 10), the observation a
 * planner would get (serializeObservation's token estimate), the app's memory before and after the
 * bridge's reads, and pyatspi walking the same app in the same run, bounded by a timeout and by the
 * app's memory (pyatspi asks a Calc sheet for all its cells: it does not answer, and Calc grows;
 * the walk is stopped and Calc is ended, never left to grow). Figures are printed, never asserted.
 *
 * Run alone with `npx tsx bench/apps.ts`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { enterDesktopSession, startDesktopSession } from '../scripts/desktop-session.js';
import { AxBridge } from '../src/execution/accessibility/ax-bridge.js';
import type { AxSnapshot } from '../src/execution/accessibility/types.js';
import { serializeObservation } from '../src/execution/observation.js';
import { pidsWithArgument, rssMb, startLibreOffice } from '../tests/support/libreoffice.js';
import { figures, formatMs, type Figures } from './stats.js';

const PYTHON = '/usr/bin/python3';
const PYATSPI = fileURLToPath(new URL('./pyatspi-snapshot.py', import.meta.url));
const RUNS = 10;

type PyResult = ({ readonly kind: 'answered' } & Figures) | { readonly kind: 'timeout' | 'memory' | 'failed'; readonly detail: string };

interface AppFigures {
  readonly app: string;
  readonly showing: Figures & { readonly source: string };
  readonly whole: Figures;
  readonly tokens: number;
  readonly listed: number;
  readonly omitted: number;
  readonly rssBefore: number;
  readonly rssAfterBridge: number;
  readonly py: PyResult;
  readonly rssAfterPy: number;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Polls until check() gives a value or the time is up. */
async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`${what} did not show within ${timeoutMs / 1000} s`);
    await sleep(200);
  }
}

/** Resident memory of the app's processes together, in MB (a process that ended counts 0). */
function rssOf(pids: () => readonly number[]): number {
  let sum = 0;
  for (const pid of pids()) {
    try {
      sum += rssMb(pid);
    } catch {
      // ended meanwhile
    }
  }
  return sum;
}

/** `runs` snapshots after one warm-up; the last one is returned for the observation. */
async function snapshots(bridge: AxBridge, pid: number, showingOnly: boolean): Promise<{ t: Figures; last: AxSnapshot; sources: string }> {
  const options = { pid, showingOnly, maxNodes: showingOnly ? undefined : 99_999, deadlineMs: 10_000 };
  let last = await bridge.snapshot(options);
  const times: number[] = [];
  const sources = new Set<string>();
  for (let i = 0; i < RUNS; i++) {
    last = await bridge.snapshot(options);
    times.push(last.elapsedMs);
    sources.add(`${last.source ?? 'walk'}${last.truncated === 'none' ? '' : `, truncated: ${last.truncated}`}`);
  }
  return { t: figures(last.elements.length, times), last, sources: [...sources].join(' + ') };
}

/**
 * pyatspi's walk of the whole app (bench/pyatspi-snapshot.py), stopped after `timeoutMs` or when the
 * app's memory has grown by `memoryLimitMb`, whichever comes first.
 */
async function pyatspi(pid: number, rss: () => number, timeoutMs: number, memoryLimitMb: number): Promise<PyResult> {
  const child = spawn(PYTHON, [PYATSPI, String(pid), String(RUNS + 1)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const start = rss();
  const started = Date.now();
  let stopped: PyResult | undefined;
  for (;;) {
    const code = await Promise.race([exited, sleep(250).then(() => 'running' as const)]);
    if (code !== 'running') {
      if (code !== 0) return { kind: 'failed', detail: err.trim().split('\n').at(-1) ?? `exit ${String(code)}` };
      const r = JSON.parse(out) as { nodes: number; times_ms: number[] };
      return { kind: 'answered', ...figures(r.nodes, r.times_ms.slice(1)) };
    }
    const grown = rss() - start;
    if (grown > memoryLimitMb)
      stopped = { kind: 'memory', detail: `stopped after ${((Date.now() - started) / 1000).toFixed(1)} s: the app grew by ${grown.toFixed(0)} MB` };
    else if (Date.now() - started > timeoutMs)
      stopped = { kind: 'timeout', detail: `no answer within ${timeoutMs / 1000} s (the app grew by ${grown.toFixed(0)} MB meanwhile)` };
    if (stopped) {
      child.kill('SIGKILL');
      await exited;
      return stopped;
    }
  }
}

async function measure(
  bridge: AxBridge,
  app: string,
  pid: number,
  pids: () => readonly number[],
  py: { readonly timeoutMs: number; readonly memoryLimitMb: number },
): Promise<AppFigures> {
  const rss = (): number => rssOf(pids);
  // An app that has just shown its window may still be starting (Firefox loads more processes):
  // the figures start once its memory holds still (within 5 MB over a second, at most 60 s).
  let rssBefore = rss();
  for (const end = Date.now() + 60_000; Date.now() < end;) {
    await sleep(1000);
    const now = rss();
    const still = Math.abs(now - rssBefore) < 5;
    rssBefore = now;
    if (still) break;
  }
  const showing = await snapshots(bridge, pid, true);
  const whole = await snapshots(bridge, pid, false);
  const observation = serializeObservation(showing.last);
  // Whatever the app still does after the answers shows as growth within a moment.
  await sleep(1000);
  const rssAfterBridge = rss();
  const pyResult = await pyatspi(pid, rss, py.timeoutMs, py.memoryLimitMb);
  const rssAfterPy = rss();
  const f: AppFigures = {
    app,
    showing: { ...showing.t, source: showing.sources },
    whole: whole.t,
    tokens: observation.tokenEstimate,
    listed: observation.listed,
    omitted: observation.omitted,
    rssBefore,
    rssAfterBridge,
    py: pyResult,
    rssAfterPy,
  };
  const row = (label: string, t: Figures): string =>
    `    ${label.padEnd(40)} ${String(t.nodes).padStart(5)} nodes   median ${formatMs(t.medianMs).padStart(9)}   p95 ${formatMs(t.p95Ms).padStart(9)}`;
  console.log(`  ${app}`);
  console.log(`${row(`ax-bridge, showing only (${f.showing.source})`, f.showing)}`);
  console.log(`${row('ax-bridge, whole tree', f.whole)}`);
  console.log(`    observation: ${f.listed} listed, ${f.omitted} left out, ~${f.tokens} tokens`);
  console.log(
    pyResult.kind === 'answered' ? row('pyatspi, whole tree', pyResult) : `    pyatspi, whole tree                      ${pyResult.kind}: ${pyResult.detail}`,
  );
  console.log(
    `    memory (RSS): ${rssBefore.toFixed(0)} MB → ${rssAfterBridge.toFixed(0)} MB after ${2 * (RUNS + 1)} bridge snapshots (${signed(rssAfterBridge - rssBefore)}) → ${rssAfterPy.toFixed(0)} MB after pyatspi (${signed(rssAfterPy - rssAfterBridge)})`,
  );
  return f;
}

/** The pids and all their descendants (Firefox's content processes do not name the profile). */
function withDescendants(roots: readonly number[]): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid …": the name may hold spaces and parentheses, so read after the last ")".
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // ended meanwhile
    }
  }
  const all = new Set(roots);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, ppid] of parentOf) {
      if (!all.has(pid) && all.has(ppid)) {
        all.add(pid);
        grew = true;
      }
    }
  }
  return [...all];
}

function stop(pid: number): void {
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

function signed(mb: number): string {
  return `${mb >= 0 ? '+' : ''}${mb.toFixed(0)} MB`;
}

function table(all: readonly AppFigures[]): void {
  console.log('');
  console.log(
    `  ${'app'.padEnd(14)} ${'nodes'.padStart(6)} ${'median'.padStart(9)} ${'p95'.padStart(9)} ${'tokens'.padStart(7)} ${'RSS Δ'.padStart(8)}   pyatspi (whole tree)              RSS Δ pyatspi`,
  );
  for (const f of all) {
    const py = f.py.kind === 'answered' ? `${String(f.py.nodes).padStart(5)} nodes, ${formatMs(f.py.medianMs).padStart(9)}` : f.py.kind;
    console.log(
      `  ${f.app.padEnd(14)} ${String(f.showing.nodes).padStart(6)} ${formatMs(f.showing.medianMs).padStart(9)} ${formatMs(f.showing.p95Ms).padStart(9)} ${String(f.tokens).padStart(7)} ${signed(f.rssAfterBridge - f.rssBefore).padStart(8)}   ${py.padEnd(33)} ${signed(f.rssAfterPy - f.rssAfterBridge)}`,
    );
  }
  console.log('  (nodes and times: engine defaults, showing only; tokens: the observation a planner gets)');
}

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Bench page</title></head><body>
<h1>Order form</h1>
<nav aria-label="Sections">${Array.from({ length: 40 }, (_, i) => `<a href="#s${i + 1}">Section ${i + 1}</a>`).join(' ')}</nav>
<form>${Array.from({ length: 30 }, (_, i) => `<p><label for="f${i + 1}">Field ${i + 1}</label> <input id="f${i + 1}"></p>`).join('\n')}
<p><label><input type="checkbox"> Remember me</label></p><button type="button">Send</button></form>
${Array.from({ length: 40 }, (_, i) => `<h2 id="s${i + 1}">Section ${i + 1}</h2><p>Paragraph ${i + 1} of the bench page, with a <a href="#top">link</a>.</p>`).join('\n')}
</body></html>`;

/** Prints the figures; throws a sentence when they cannot be measured here. */
export async function benchApps(): Promise<void> {
  if (process.platform !== 'linux') throw new Error(`the app benchmark drives AT-SPI on Linux (this is ${process.platform})`);
  const session = await startDesktopSession();
  enterDesktopSession(session.env);
  const all: AppFigures[] = [];
  const children: ChildProcess[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'ac-bench-apps-'));
  try {
    const bridge = AxBridge.open();
    await bridge.permission({ prompt: true });
    const bounded = { timeoutMs: 60_000, memoryLimitMb: 500 };

    // gedit
    try {
      const gedit = spawn('gedit', ['--standalone'], { stdio: 'ignore' });
      children.push(gedit);
      const pid = gedit.pid ?? 0;
      await until('the gedit window', async () => ((await bridge.snapshot({ pid })).elements.some((e) => e.role === 'text_area') ? true : undefined), 30_000);
      all.push(await measure(bridge, 'gedit', pid, () => [pid], bounded));
      gedit.kill();
    } catch (e) {
      console.log(`  gedit: not measured: ${e instanceof Error ? e.message : String(e)}`);
    }

    // Firefox, a local page: its own profile; the app on the bus is the parent process, the page
    // lives in a content process (memory: the parent and all its descendants together).
    try {
      const profile = join(dir, 'firefox-profile');
      const page = join(dir, 'page.html');
      mkdirSync(profile); // Firefox asks about a missing profile instead of making it
      // No first-run tabs beside the page (the privacy notice would load a second page).
      const prefs = [
        'user_pref("datareporting.policy.firstRunURL", "");',
        'user_pref("browser.startup.homepage_override.mstone", "ignore");',
        'user_pref("toolkit.telemetry.reportingpolicy.firstRun", false);',
        'user_pref("browser.aboutwelcome.enabled", false);',
      ];
      writeFileSync(join(profile, 'user.js'), `${prefs.join('\n')}\n`);
      writeFileSync(page, PAGE);
      const firefox = spawn('firefox-esr', ['--profile', profile, '--no-remote', '--new-instance', `file://${page}`], {
        stdio: 'ignore',
        env: { ...process.env, GNOME_ACCESSIBILITY: '1', MOZ_CRASHREPORTER_DISABLE: '1' },
      });
      children.push(firefox);
      const pids = (): number[] => withDescendants(pidsWithArgument(profile));
      const pid = await until(
        'the Firefox page',
        async () => {
          for (const app of await bridge.runningApps()) {
            if (!pids().includes(app.pid)) continue;
            const s = await bridge.snapshot({ pid: app.pid, deadlineMs: 5000 });
            if (s.elements.some((e) => e.name === 'Order form' && e.role === 'heading')) return app.pid;
          }
          return undefined;
        },
        60_000,
      );
      all.push(await measure(bridge, 'Firefox page', pid, pids, bounded));
      console.log(`    (Firefox's memory: its ${pids().length} processes together, the page's content process among them)`);
      for (const p of pids()) stop(p);
    } catch (e) {
      console.log(`  Firefox: not measured: ${e instanceof Error ? e.message : String(e)}`);
    }

    // LibreOffice Writer and Calc; Calc last: pyatspi makes it build a cell for every cell asked.
    for (const [name, module, ready, py] of [
      ['Writer', 'writer', (s: AxSnapshot) => s.elements.some((e) => e.platformRole === 'paragraph'), bounded],
      ['Calc', 'calc', (s: AxSnapshot) => s.elements.some((e) => e.role === 'table'), { timeoutMs: 30_000, memoryLimitMb: 1000 }],
    ] as const) {
      const lo = await startLibreOffice(bridge, module, ready).catch((e: unknown) => {
        console.log(`  ${name}: not measured: ${e instanceof Error ? e.message : String(e)}`);
        return undefined;
      });
      if (lo === undefined) continue;
      try {
        all.push(await measure(bridge, name, lo.pid, () => pidsWithArgument(lo.profile), py));
      } finally {
        await lo.stop();
      }
    }
    table(all);
  } finally {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill();
    await session.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && /bench[/\\]apps\.[tj]s$/.test(process.argv[1])) {
  await benchApps();
}
