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

const TASK_SCANS = ['row/column', 'picks+last (0236)', '+ context signals', "+ planner's ranking"] as const;

/** The corpus' own commands as tasks (src/eval/scan-tasks.ts): row/column, picks + last action (0236), the context signals, and a planner's ranking for the command. */
function tasksTable(user: SwitchUser): void {
  const corpus = loadCorpus(fileURLToPath(new URL('../eval/corpus', import.meta.url)));
  console.log(`  ${'screen'.padEnd(13)} ${'tasks'.padStart(5)}   ${TASK_SCANS.map((n) => n.padEnd(30)).join('   ')}`.trimEnd());
  console.log(`  ${''.padEnd(13)} ${''.padStart(5)}   ${TASK_SCANS.map(() => 'steps med mean, s med mean'.padEnd(30)).join('   ')}`.trimEnd());
  const all: [Selection[], Selection[], Selection[], Selection[]] = [[], [], [], []];
  const later: [Selection[], Selection[], Selection[], Selection[]] = [[], [], [], []];
  const row = (name: string, n: string, columns: readonly (readonly Selection[])[]) =>
    console.log(`  ${name.padEnd(13)} ${n.padStart(5)}   ${columns.map((c) => cells(c).padEnd(30)).join('   ')}`.trimEnd());
  let seed = 1;
  let hits = 0;
  const hitShares: string[] = [];
  const missed: string[] = [];
  for (const [id, screen] of corpus.screens) {
    const cases = corpus.cases.filter((c) => c.screen === id && c.expect === 'act' && c.plan).map((c) => ({ command: c.command, plan: c.plan! }));
    const f = simulateTasks(screen.elements, cases, { user, seed: seed++ });
    const columns = [f.rowColumn, f.picks, f.context, f.planner] as const;
    columns.forEach((sel, i) => all[i]?.push(...sel));
    f.followOn.forEach((sel, i) => later[i]?.push(...sel));
    hits += f.plannerHits;
    hitShares.push(`${id} ${Math.round((100 * f.plannerHits) / Math.max(1, f.planner.length))} %`);
    const worst = median(f.planner.map((x) => x.steps));
    if (worst > 3) missed.push(`${id} ${worst.toFixed(1)}`);
    row(id, String(f.tasks), columns);
  }
  row('all screens', '', all);
  row('2nd+ of task', String(later[0].length), later);
  console.log(
    `  the planner's stand-in (the names closest to the command's words) held the target in ${hits} of ${all[3].length} selections (${hitShares.join(', ')})`,
  );
  const medians = all.map((sel) => median(sel.map((x) => x.steps)));
  const met = TASK_SCANS.filter((_, i) => (medians[i] ?? Infinity) <= 3);
  console.log(
    `  goal, median ≤ 3 steps per selection over tasks drawn evenly: ${TASK_SCANS.map((n, i) => `${n} ${medians[i]?.toFixed(1)}`).join(', ')}; ` +
      (met.length > 0 ? `met only by ${met.join(', ')}` : 'not met by any'),
  );
  console.log(`  with the planner's ranking, screens whose median is above 3: ${missed.length > 0 ? missed.join(', ') : 'none'}`);
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
