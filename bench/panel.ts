/**
 * Panel figures: from pressing Enter in the panel to the first panel entries, with the grammar
 * planner. The built bundle runs in Debian's Chromium (playwright-core), its preload API over
 * exposeFunction onto the real PanelSession and AssistantLoop, acting on the loop fixture app on a
 * private headless desktop. Times are taken inside the page (performance.now() at the Enter keydown
 * and when each entry is added to the DOM), so the DevTools protocol's own latency is not counted.
 *
 * Starts its own desktop (scripts/desktop-session.ts). Run alone with `npx tsx bench/panel.ts`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPanel } from '../scripts/build-panel.js';
import { enterDesktopSession, startDesktopSession } from '../scripts/desktop-session.js';
import { AssistantLoop } from '../src/agent/assistant-loop.js';
import { openDesktopEngine } from '../src/compose/desktop-engine.js';
import { createSecretStore } from '../src/config/secret-store.js';
import { createSettingsStore, defaultSettings } from '../src/config/settings.js';
import { AxBridge } from '../src/execution/accessibility/ax-bridge.js';
import { PanelSession } from '../src/core/panel-session.js';
import { createPermissionChecker } from '../src/shared/permission-checker.js';
import { linuxPermissions } from '../src/main/permissions-linux.js';
import type { AssistantEvent } from '../src/shared/contracts/events.js';
import { CHROMIUM, CHROMIUM_MISSING, openPanel } from '../tests/support/panel-browser.js';
import { formatMs } from './stats.js';

const PYTHON = '/usr/bin/python3';
const FIXTURE = fileURLToPath(new URL('../tests/agent/loop-fixture-app.py', import.meta.url));
const RUNS = 30;
const WARMUP = 3;

interface Sample {
  /** Enter → the user's command shown. */
  readonly echo: number;
  /** Enter → the first entry the assistant produced (the plan). */
  readonly plan: number;
  /** Enter → the result entry (the click performed and read back by the engine). */
  readonly result: number;
}

function quantiles(values: readonly number[]): { readonly median: number; readonly p95: number } {
  const s = [...values].sort((a, b) => a - b);
  const at = (q: number): number => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN;
  return { median: at(0.5), p95: at(0.95) };
}

// Runs in the page (no DOM types in this project, hence globalThis): records the Enter keydown and
// each entry added to the conversation, with the page's monotonic clock.
const INSTRUMENT = `(() => {
  const w = globalThis;
  w.__bench = { enter: 0, added: [] };
  document.addEventListener('keydown', (e) => { if (e.key === 'Enter') w.__bench = { enter: performance.now(), added: [] }; }, true);
  new MutationObserver((records) => {
    const t = performance.now();
    for (const r of records) for (const n of r.addedNodes) if (n.dataset && n.dataset.kind) w.__bench.added.push({ kind: n.dataset.kind, t });
  }).observe(document.querySelector('.entries'), { childList: true });
})()`;

/** Prints the panel figures; throws a sentence when they cannot be measured here. */
export async function benchPanel(): Promise<void> {
  if (process.platform !== 'linux') throw new Error(`the panel benchmark drives Chromium on the Linux desktop stack (this is ${process.platform})`);
  if (!existsSync(CHROMIUM)) throw new Error(CHROMIUM_MISSING);
  const session = await startDesktopSession();
  enterDesktopSession(session.env);
  let app: ChildProcess | undefined;
  let close = async (): Promise<void> => undefined;
  try {
    const bridge = AxBridge.open();
    await bridge.permission({ prompt: true });
    app = spawn(PYTHON, [FIXTURE], { stdio: 'ignore' });
    await bridge.waitForApp({ pid: app.pid ?? 0 });

    const settings = createSettingsStore({ dir: await mkdtemp(join(tmpdir(), 'ac-bench-panel-')) });
    await settings.save({ ...defaultSettings(), provider: 'grammar', onboardingDone: true });
    const engine = openDesktopEngine(process.env);
    const bundleDir = await mkdtemp(join(tmpdir(), 'ac-bench-panel-bundle-'));
    await buildPanel(bundleDir);
    // The page exists only after the session: events go through this until it does.
    let push: (e: AssistantEvent) => void = () => undefined;
    const panelSession = new PanelSession({
      createLoop: (confirm) => new AssistantLoop({ engine, confirm, emit: (e) => push(e) }),
      settings,
      secrets: createSecretStore({ backend: { get: async () => null, set: async () => undefined, delete: async () => false } }),
      // The shell's own Linux preflight (the AT-SPI bus through the bridge), as before every command in the app.
      permissions: createPermissionChecker(linuxPermissions({ bridgePermission: (deadlineMs) => bridge.permission({ deadlineMs }) })),
      planner: async () => ({ kind: 'none', message: 'grammar only' }),
    });
    const panel = await openPanel({ bundleDir, artifactsDir: await mkdtemp(join(tmpdir(), 'ac-bench-shots-')), session: () => panelSession });
    close = panel.close;
    push = panel.push;
    const page = panel.page;
    const input = page.getByRole('textbox', { name: 'Command' });
    await input.waitFor();
    await page.evaluate(INSTRUMENT);
    const samples: Sample[] = [];
    for (let i = 0; i < RUNS + WARMUP; i++) {
      await input.fill('click Increment');
      await input.press('Enter');
      await page.waitForFunction(() => {
        const b = (globalThis as unknown as { __bench: { added: { kind: string }[] } }).__bench;
        return b.added.some((a) => a.kind === 'result' || a.kind === 'error');
      });
      await page.getByRole('status').getByText('Status: Ready').waitFor();
      const b = (await page.evaluate(() => (globalThis as unknown as { __bench: unknown }).__bench)) as { enter: number; added: { kind: string; t: number }[] };
      const first = (pred: (k: string) => boolean): number => (b.added.find((a) => pred(a.kind))?.t ?? Number.NaN) - b.enter;
      if (i >= WARMUP) samples.push({ echo: first((k) => k === 'user'), plan: first((k) => k !== 'user'), result: first((k) => k === 'result') });
    }
    const line = (label: string, values: readonly number[], note = ''): void => {
      const q = quantiles(values);
      console.log(`  ${label.padEnd(44)} median ${formatMs(q.median).padStart(9)}   p95 ${formatMs(q.p95).padStart(9)}${note}`);
    };
    line(
      'Enter → your command shown',
      samples.map((s) => s.echo),
    );
    line(
      'Enter → first assistant entry (the plan)',
      samples.map((s) => s.plan),
      '   (target ≤ 100 ms)',
    );
    line(
      'Enter → result entry (clicked, read back)',
      samples.map((s) => s.result),
    );
    console.log(`  (${samples.length} runs of “click Increment” after ${WARMUP} warm-up runs; the Linux permission preflight included)`);
  } finally {
    await close();
    app?.kill('SIGTERM');
    await session.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    await benchPanel();
  } catch (e) {
    console.log(`  not measured: ${e instanceof Error ? e.message : String(e)}`);
  }
}
