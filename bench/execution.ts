/**
 * Execution figures on a private headless desktop: a grammar command to the action done, typing
 * throughput (exact, read back), and the observation's size for gtk3-widget-factory against
 * OSWorld's linearized accessibility-tree table for the same snapshot, in the same run.
 *
 * Starts its own desktop (scripts/desktop-session.ts). Run alone with `npx tsx bench/execution.ts`.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { enterDesktopSession, startDesktopSession } from '../scripts/desktop-session.js';
import { AxBridge } from '../src/execution/accessibility/ax-bridge.js';
import type { AxElement, AxSnapshot } from '../src/execution/accessibility/types.js';
import { isActionable, isVisible } from '../src/execution/element-resolution.js';
import { ExecutionEngine } from '../src/execution/engine.js';
import { openUserKeySource } from '../src/execution/accessibility/user-keys.js';
import { createNutInputDriver } from '../src/execution/input/input-driver.js';
import { stopOnUserKeys, UserKeyWatch } from '../src/execution/input/user-key-stop.js';
import { estimateTokens, serializeObservation } from '../src/execution/observation.js';
import { parseCommand } from '../src/intent/grammar/grammar-planner.js';
import { validateIntentValue } from '../src/intent/validator.js';
import { dispatchIntent } from '../src/registry/dispatch.js';
import { classifyRisk, gateDecision } from '../src/registry/risk.js';
import { formatMs, timeCalls } from './stats.js';

const PYTHON = '/usr/bin/python3';
const FIXTURE = fileURLToPath(new URL('../tests/fixtures/engine-fixture-app.py', import.meta.url));

function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
}

/**
 * OSWorld's linearized accessibility tree (desktop_env/.../accessibility_tree_wrap): one
 * tab-separated line per kept node — tag, name, text, class, description, position, size. Kept, as
 * there: visible nodes with a size that have a name or text or are actionable (the root left out).
 */
export function osworldTable(snapshot: AxSnapshot): string {
  const lines = ['tag\tname\ttext\tclass\tdescription\tposition (top-left x&y)\tsize (w&h)'];
  for (const e of snapshot.elements) {
    if (e.parent === null || !isVisible(e)) continue;
    if (!(e.name || e.value || isActionable(e))) continue;
    const b = e.bounds!;
    lines.push([e.platformRole.replace(/ /g, '-'), e.name, e.value ?? '', '', e.description, `(${b.x}, ${b.y})`, `(${b.width}, ${b.height})`].join('\t'));
  }
  return lines.join('\n');
}

async function waitFor<T>(check: () => Promise<T | undefined>, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('the app did not appear on the accessibility bus');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Prints the execution figures; throws a sentence when they cannot be measured here. */
export async function benchExecution(): Promise<void> {
  if (process.platform !== 'linux') throw new Error(`the execution benchmark drives AT-SPI and XTest on Linux (this is ${process.platform})`);
  const session = await startDesktopSession();
  enterDesktopSession(session.env);
  const apps: ChildProcess[] = [];
  try {
    const bridge = AxBridge.open();
    await bridge.permission({ prompt: true });
    const fixture = spawn(PYTHON, [FIXTURE], { stdio: 'ignore' });
    apps.push(fixture);
    const pid = fixture.pid ?? 0;
    const field = (s: AxSnapshot): AxElement | undefined => s.elements.find((e) => e.role === 'text_field' && e.name === 'Message');
    await waitFor(async () => field(await bridge.snapshot({ pid })));
    const engine = new ExecutionEngine({ bridge, input: createNutInputDriver() });

    // 1. "click Increment": grammar → validator → risk → gate → dispatch → press done.
    const times: number[] = [];
    for (let i = 0; i < 31; i++) {
      const started = performance.now();
      const planned = parseCommand('click Increment');
      if (planned.kind !== 'intent') throw new Error('the grammar did not read "click Increment"');
      const valid = validateIntentValue(planned.intent);
      if (!valid.ok) throw new Error(valid.rejection.message);
      if (gateDecision(classifyRisk(valid.intent).level) !== 'run') throw new Error('click Increment was not harmless');
      const r = await dispatchIntent(valid.intent, engine);
      if (r.kind !== 'success') throw new Error(`click Increment: ${JSON.stringify(r)}`);
      if (i > 0) times.push(performance.now() - started);
    }
    console.log(
      `  "click Increment" command → done   median ${formatMs(median(times))}   (${times.length} runs: grammar, validator, risk, label look-up, AT-SPI press; target ≤ 100 ms)`,
    );

    // 2. Typing, exact and read back: by keys (ASCII, at the caret) and through accessibility (any text).
    const ascii = 'Hello, World! 123 @#$%^&*()_+{}|:"<>?~ '.repeat(6).slice(0, 200);
    const mixed = 'Grüße, Zoë — 5 € äé! '.repeat(10).slice(0, 200);
    const clear = async (): Promise<void> => {
      const s = await bridge.snapshot({ pid });
      await bridge.setValue({ generation: s.generation, id: field(s)!.id }, '');
    };
    await clear();
    await engine.click({ label: 'Message' });
    const keysStarted = performance.now();
    const byKeys = await engine.typeText(ascii, undefined);
    const keysMs = performance.now() - keysStarted;
    await clear();
    const axStarted = performance.now();
    const byAx = await engine.typeText(mixed, { label: 'Message' });
    const axMs = performance.now() - axStarted;
    const rate = (n: number, ms: number): string => `${Math.round((n / ms) * 1000).toLocaleString('en-US')} chars/s`;
    console.log(
      `  typing by keys, 200 ASCII chars     ${rate(ascii.length, keysMs).padStart(14)}   ${byKeys.kind === 'success' ? 'exact (read back)' : `NOT exact: ${JSON.stringify(byKeys)}`}   (target ≥ 200 chars/s)`,
    );
    console.log(
      `  typing via AT-SPI, 200 mixed chars  ${rate(mixed.length, axMs).padStart(14)}   ${byAx.kind === 'success' ? 'exact (read back)' : `NOT exact: ${JSON.stringify(byAx)}`}`,
    );

    // 2b. The same typing by keys with the user's keys watched (issue #31): 4 characters between looks.
    const keys = openUserKeySource();
    if (keys) {
      const watch = new UserKeyWatch(keys);
      const watched = new ExecutionEngine({ bridge, input: stopOnUserKeys(createNutInputDriver(), watch) });
      keys.watch([]);
      await waitFor(async () => (keys.read().watching ? true : undefined));
      await clear();
      await watched.click({ label: 'Message' });
      watch.begin();
      const watchedStarted = performance.now();
      const byWatched = await watched.typeText(ascii, undefined);
      const watchedMs = performance.now() - watchedStarted;
      const look = timeCalls(() => watch.pressed(), 20_000);
      console.log(
        `  typing by keys, user's keys watched ${rate(ascii.length, watchedMs).padStart(14)}   ${byWatched.kind === 'success' ? 'exact (read back)' : `NOT exact: ${JSON.stringify(byWatched)}`}   (one look at the count: median ${formatMs(look.medianMs)}, p99 ${formatMs(look.p99Ms)})`,
      );
    } else console.log('  typing with the user’s keys watched: this build of the bridge has no key watch');

    // 3. Observation size for gtk3-widget-factory against OSWorld's table of the same snapshot.
    const factory = spawn('gtk3-widget-factory', [], { stdio: 'ignore' });
    apps.push(factory);
    const fpid = factory.pid ?? 0;
    const snapshot = await waitFor(async () => {
      const s = await bridge.snapshot({ pid: fpid });
      return s.elements.length > 100 ? s : undefined;
    });
    const ours = serializeObservation(snapshot);
    const roomy = serializeObservation(snapshot, { tokenBudget: 100_000 });
    const table = osworldTable(snapshot);
    const osworld = estimateTokens(table);
    const actionable = snapshot.elements.filter((e) => isVisible(e) && isActionable(e) && e.parent !== null).length;
    console.log(`  gtk3-widget-factory (${snapshot.elements.length} visible nodes), tokens ≈ chars / 4:`);
    console.log(`    OSWorld linearized table          ${String(osworld).padStart(6)} tokens   (${table.split('\n').length - 1} rows)`);
    console.log(
      `    ours, default budget              ${String(ours.tokenEstimate).padStart(6)} tokens   (${ours.listed} listed, ${ours.omitted} left out) = ${((ours.tokenEstimate / osworld) * 100).toFixed(0)} %`,
    );
    console.log(
      `    ours, no budget                   ${String(roomy.tokenEstimate).padStart(6)} tokens   (${roomy.listed} listed, all ${actionable} actionable kept: ${roomy.omitted === 0 ? 'yes' : 'no'}) = ${((roomy.tokenEstimate / osworld) * 100).toFixed(0)} %   (target ≤ 50 %)`,
    );
  } finally {
    for (const a of apps) a.kill('SIGTERM');
    await session.stop();
  }
}

const invokedDirectly = process.argv[1] !== undefined && /bench[/\\]execution\.[tj]s$/.test(process.argv[1]);
if (invokedDirectly) await benchExecution();
