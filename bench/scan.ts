/**
 * Predictive scanning (issue #31): a simulated one-switch user selects elements on every recorded
 * screen of the corpus (eval/corpus/screens) by row/column scanning and by the ranked scan; scan
 * steps and seconds per selection, median and mean. Pure: no desktop. The figures depend on the
 * target law assumed, so each law is printed with its table.
 */
import { fileURLToPath } from 'node:url';
import { loadCorpus } from '../src/eval/corpus.js';
import { huffmanGroups } from '../src/shared/scan-grouping.js';
import { scanContext } from '../src/shared/scan-context.js';
import { noteTarget, rankTargets, type TargetUse } from '../src/shared/scan-ranking.js';
import { DEFAULT_USER, simulateScreen, targetsOf, type Selection, type SwitchUser, type TargetLaw } from '../src/eval/scan-simulator.js';
import { simulateTasks } from '../src/eval/scan-tasks.js';
import { median, suggestInterval } from '../src/shared/scan-rate.js';

const LAWS: readonly (TargetLaw & { readonly name: string })[] = [
  { name: '80 % of selections from 5 habitual targets (Zipf), 20 % uniform', habitShare: 0.8, habits: 5 },
  { name: '50 % from 5 habitual targets (Zipf), 50 % uniform', habitShare: 0.5, habits: 5 },
  { name: 'uniform over every element (no habits: the ranking knows only roles)', habitShare: 0, habits: 5 },
];

const mean = (v: readonly number[]): number => v.reduce((a, b) => a + b, 0) / Math.max(1, v.length);

function cells(sel: readonly Selection[]): string {
  const steps = sel.map((s) => s.steps);
  const secs = sel.map((s) => s.ms / 1000);
  return `${median(steps).toFixed(1).padStart(5)} ${mean(steps).toFixed(1).padStart(5)}   ${median(secs).toFixed(1).padStart(5)} ${mean(secs).toFixed(1).padStart(5)}`;
}

function table(law: TargetLaw, user: SwitchUser): void {
  const corpus = loadCorpus(fileURLToPath(new URL('../eval/corpus', import.meta.url)));
  console.log(`  ${'screen'.padEnd(13)} ${'n'.padStart(4)}   row/column: steps med mean, s med mean   ranked: steps med mean, s med mean`);
  const all = { rc: [] as Selection[], rk: [] as Selection[] };
  let seed = 1;
  for (const [id, screen] of corpus.screens) {
    const f = simulateScreen(screen.elements, law, user, 200, 20, seed++);
    all.rc.push(...f.rowColumn);
    all.rk.push(...f.ranked);
    console.log(`  ${id.padEnd(13)} ${String(f.elements).padStart(4)}   ${cells(f.rowColumn).padEnd(38)}   ${cells(f.ranked)}`);
  }
  console.log(`  ${'all screens'.padEnd(13)} ${''.padStart(4)}   ${cells(all.rc).padEnd(38)}   ${cells(all.rk)}`);
}

/** The corpus' own commands as tasks (src/eval/scan-tasks.ts): row/column, picks + last action (0236), and the context signals too. */
function tasksTable(user: SwitchUser): void {
  const corpus = loadCorpus(fileURLToPath(new URL('../eval/corpus', import.meta.url)));
  console.log(`  ${'screen'.padEnd(13)} ${'tasks'.padStart(5)}   row/column: steps med mean, s med mean   picks+last (0236)               + context signals`);
  const all = { rc: [] as Selection[], pk: [] as Selection[], cx: [] as Selection[] };
  const later: [Selection[], Selection[], Selection[]] = [[], [], []];
  let seed = 1;
  for (const [id, screen] of corpus.screens) {
    const plans = corpus.cases.filter((c) => c.screen === id && c.expect === 'act' && c.plan).map((c) => c.plan!);
    const f = simulateTasks(screen.elements, plans, { user, seed: seed++ });
    all.rc.push(...f.rowColumn);
    all.pk.push(...f.picks);
    all.cx.push(...f.context);
    f.followOn.forEach((sel, i) => later[i]?.push(...sel));
    console.log(`  ${id.padEnd(13)} ${String(f.tasks).padStart(5)}   ${cells(f.rowColumn).padEnd(38)}   ${cells(f.picks).padEnd(30)}   ${cells(f.context)}`);
  }
  console.log(`  ${'all screens'.padEnd(13)} ${''.padStart(5)}   ${cells(all.rc).padEnd(38)}   ${cells(all.pk).padEnd(30)}   ${cells(all.cx)}`);
  const [rc, pk, cx] = later.map(cells);
  console.log(`  ${'2nd+ of task'.padEnd(13)} ${String(later[0].length).padStart(5)}   ${(rc ?? '').padEnd(38)}   ${(pk ?? '').padEnd(30)}   ${cx ?? ''}`);
}

/** What ranking the numbers costs the core at each "show numbers": the largest recorded screen, 50 picks, a name not found. */
function rankingCost(): void {
  const corpus = loadCorpus(fileURLToPath(new URL('../eval/corpus', import.meta.url)));
  const [id, screen] = [...corpus.screens].reduce((a, b) => (b[1].elements.length > a[1].elements.length ? b : a));
  const targets = targetsOf(screen.elements);
  const history = targets.slice(0, 50).reduce<TargetUse[]>((h, e, t) => noteTarget(h, e, t), []);
  const times: number[] = [];
  for (let i = 0; i < 60; i++) {
    const t0 = performance.now();
    huffmanGroups(rankTargets(targets, { history, ...scanContext(targets, { missed: 'documnets', last: { kind: 'typed', ...targets[0]! } }) }));
    if (i >= 10) times.push(performance.now() - t0);
  }
  console.log(
    `  ranking and grouping ${targets.length} numbers (${id}, 50 picks, a name not found): median ${median(times).toFixed(2)} ms, max ${Math.max(...times).toFixed(2)} ms`,
  );
}

export function benchScan(): void {
  const u = DEFAULT_USER;
  console.log(
    `  user: reaction median ${u.reactionMs} ms (log-normal, sigma ${u.reactionSigma}), miss ${u.missProbability * 100} %, interval ${u.intervalMs / 1000} s, first entry +${u.firstItemPauseMs / 1000} s; 200 selections per screen after 20 unmeasured`,
  );
  for (const law of LAWS) {
    console.log(`  targets: ${law.name}`);
    table(law, u);
  }
  // The .65 rule on this user's reactions: the interval it would offer, and the 50 % law at it.
  const offered =
    suggestInterval(
      Array.from({ length: 20 }, () => u.reactionMs),
      u.intervalMs,
    ) ?? u.intervalMs;
  console.log(
    `  targets: the corpus' own commands as tasks (each case's elements in its plan's order), drawn uniformly; 100 tasks per screen after 10 unmeasured`,
  );
  tasksTable(u);
  rankingCost();
  console.log(`  the .65 rule offers ${offered / 1000} s for a ${u.reactionMs} ms median reaction; 50 % law at that interval:`);
  table(LAWS[1] ?? LAWS[0]!, { ...u, intervalMs: offered });
}
