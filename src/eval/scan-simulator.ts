/**
 * A one-switch auto-scan user, simulated (issue #31): how many scan steps and seconds a selection of
 * an on-screen element takes by row/column scanning and by the ranked (predictive) scan, on each
 * recorded screen of the corpus.
 *
 * The user: a reaction time drawn from a log-normal law around a median, a press that misses with a
 * fixed probability, and a press too slow for the highlight's dwell also missing; a miss costs a
 * round of that list. The targets: a stated share from the user's habitual targets on that screen
 * (a few elements, Zipf-weighted), the rest uniform over every element. The ranked scan learns the
 * habits only from the selections simulated before (as the panel does), never from the law itself.
 * Seeded, so a run is repeatable. Row/column lays the elements out in reading order, about as many
 * rows as columns (the corpus keeps no bounds), grouped as the panel groups rows.
 */
import { rankTargets, noteTarget, type RankElement, type TargetUse } from '../shared/scan-ranking.js';
import { huffmanGroups, pathTo, type ScanShape } from '../shared/scan-grouping.js';

export interface SwitchUser {
  /** The median reaction time, ms. */
  readonly reactionMs: number;
  /** The spread of the log-normal reaction time (its sigma). */
  readonly reactionSigma: number;
  /** A press that misses for another reason (a tremor, a look away). */
  readonly missProbability: number;
  readonly intervalMs: number;
  readonly firstItemPauseMs: number;
}

export interface TargetLaw {
  /** The share of selections that go to a habitual target. */
  readonly habitShare: number;
  /** How many habitual targets a screen has. */
  readonly habits: number;
}

export interface Selection {
  readonly steps: number;
  readonly ms: number;
}

export interface ScreenFigures {
  readonly elements: number;
  readonly rowColumn: readonly Selection[];
  readonly ranked: readonly Selection[];
}

export const DEFAULT_USER: SwitchUser = { reactionMs: 600, reactionSigma: 0.3, missProbability: 0.05, intervalMs: 1500, firstItemPauseMs: 1000 };

/** Roles the overlay would not number (static text is not a target). */
const NOT_TARGETS = new Set(['text']);

/** The elements of a recorded screen the overlay would number, in reading order. */
export function targetsOf(elements: readonly RankElement[]): RankElement[] {
  return elements.filter((e) => !NOT_TARGETS.has(e.role));
}

/** A small seeded generator (mulberry32), so a run is repeatable. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function normal(rand: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
}

function chunked(shapes: ScanShape[], size: number): ScanShape[] {
  if (shapes.length <= size) return shapes;
  const out: ScanShape[] = [];
  for (let i = 0; i < shapes.length; i += size) out.push({ children: shapes.slice(i, i + size) });
  return out;
}

/** Row/column scanning of `ids` in reading order: rows of about √n, a row of one is its element, lists of at most `size`. */
export function rowColumnShape(ids: readonly number[], size = 6): ScanShape[] {
  const columns = Math.max(1, Math.ceil(Math.sqrt(ids.length)));
  const rows: ScanShape[] = [];
  for (let i = 0; i < ids.length; i += columns) {
    const row = ids.slice(i, i + columns).map((id) => ({ id }));
    rows.push(row.length === 1 && row[0] ? row[0] : { children: chunked(row, size) });
  }
  return chunked(rows, size);
}

/** One selection of `id` in `shape` by the simulated user: steps (highlights seen) and time. */
export function select(shape: readonly ScanShape[], id: number, user: SwitchUser, rand: () => number): Selection {
  const path = pathTo(shape, id);
  if (!path) throw new Error(`element ${id} is not in the scan`);
  let steps = 0;
  let ms = 0;
  for (const { index, size } of path) {
    // The highlight arrives at `index` after the first item's longer dwell; the user presses a reaction later.
    const arrive = index === 0 ? 0 : user.firstItemPauseMs + index * user.intervalMs;
    const dwell = user.intervalMs + (index === 0 ? user.firstItemPauseMs : 0);
    let rounds = 0;
    for (;;) {
      const reaction = user.reactionMs * Math.exp(user.reactionSigma * normal(rand));
      const missed = reaction > dwell || rand() < user.missProbability;
      if (!missed || rounds >= 3) {
        ms += arrive + reaction;
        break;
      }
      // Missed: the highlight goes round the list once more.
      rounds++;
      ms += user.firstItemPauseMs + size * user.intervalMs;
      steps += size;
    }
    steps += index + 1;
  }
  return { steps, ms };
}

/** What a simulation on a screen starts from: its seeded generator, the elements numbered, and their row/column scan. */
export function screenSetup(elements: readonly RankElement[], seed: number): { rand: () => number; targets: RankElement[]; rowColumn: ScanShape[] } {
  const targets = targetsOf(elements);
  return { rand: seeded(seed), targets, rowColumn: rowColumnShape(targets.map((e) => e.id)) };
}

/** `trials` selections on one screen, row/column and ranked, after `warmUp` selections the ranked scan learns from unmeasured. */
export function simulateScreen(
  elements: readonly RankElement[],
  law: TargetLaw,
  user: SwitchUser = DEFAULT_USER,
  trials = 200,
  warmUp = 20,
  seed = 1,
): ScreenFigures {
  const { rand, targets, rowColumn } = screenSetup(elements, seed);
  // The habitual targets, drawn once per screen; Zipf weights 1, 1/2, 1/3 …
  const pool = [...targets];
  const habits: RankElement[] = [];
  while (habits.length < Math.min(law.habits, targets.length)) habits.push(...pool.splice(Math.floor(rand() * pool.length), 1));
  const zipf = habits.map((_, i) => 1 / (i + 1));
  const zipfTotal = zipf.reduce((s, z) => s + z, 0);
  const draw = (): RankElement => {
    if (habits.length > 0 && rand() < law.habitShare) {
      let r = rand() * zipfTotal;
      for (const [i, h] of habits.entries()) if ((r -= zipf[i] ?? 0) <= 0) return h;
    }
    return targets[Math.floor(rand() * targets.length)] ?? targets[0]!;
  };
  let history: TargetUse[] = [];
  let last: number | undefined;
  const rc: Selection[] = [];
  const rk: Selection[] = [];
  for (let t = 0; t < warmUp + trials; t++) {
    const target = draw();
    const ranked = huffmanGroups(rankTargets(targets, { history, ...(last !== undefined ? { lastTargetId: last } : {}) }));
    const a = select(rowColumn, target.id, user, rand);
    const b = select(ranked, target.id, user, rand);
    if (t >= warmUp) {
      rc.push(a);
      rk.push(b);
    }
    history = noteTarget(history, target, t);
    last = target.id;
  }
  return { elements: targets.length, rowColumn: rc, ranked: rk };
}
