/**
 * Predictive scanning (issue #31): the on-screen elements a switch user most likely wants, first.
 *
 * `rankTargets` orders the elements of an observation by an estimated probability of being the
 * next target, from what is known now: the planner's or the grammar's ranking for the current
 * context (if any), the targets chosen before in this app (how often, how lately), the element the
 * last action was on, and the element's role (a button is chosen more often than a slider). Pure,
 * so the panel, the simulator and the tests rank alike. The weights are a stated guess, not
 * learned; the simulator's table (`npm run bench`) shows what they give.
 */

export interface RankElement {
  readonly id: number;
  readonly role: string;
  readonly label: string;
}

/** An element chosen before in this app, known by its role and label (ids change between screens). */
export interface TargetUse {
  readonly role: string;
  readonly label: string;
  /** How many times it was chosen. */
  readonly count: number;
  /** When it was last chosen, as an increasing number (a counter or a time). */
  readonly last: number;
}

export interface RankContext {
  /** This app's targets chosen before. */
  readonly history?: readonly TargetUse[];
  /** The element the last action was on, by its id in this observation. */
  readonly lastTargetId?: number;
  /** Ids in the order the planner or the grammar ranks them for the current context, likeliest first. */
  readonly plannerOrder?: readonly number[];
}

export interface RankedTarget {
  readonly id: number;
  /** The estimated probability that this is the next target (all of them sum to 1). */
  readonly p: number;
}

/** How likely a role is to be chosen by pointing, against a button's 1. */
const ROLE_PRIOR: Readonly<Record<string, number>> = {
  button: 1,
  toggle_button: 0.9,
  link: 0.9,
  menu_item: 0.9,
  tab: 0.8,
  list_item: 0.8,
  text_field: 0.8,
  text_area: 0.7,
  combo_box: 0.7,
  check_box: 0.7,
  radio_button: 0.7,
  cell: 0.3,
  column_header: 0.3,
  slider: 0.3,
  text: 0.15,
};
const OTHER_ROLE = 0.4;

/** The weights of each kind of evidence, each against an average element's role prior of about 1. */
export const RANK_WEIGHTS = { frequency: 6, recency: 4, lastTarget: 3, planner: 8 } as const;

/**
 * The planner's first candidate weighs at least this share of all the other evidence together, and
 * at least as much as the heaviest element (the next ones half, a third …): on a large screen a fixed
 * weight would drown among a hundred role priors, the candidates of a command are as likely on a
 * screen of 150 elements as of 10, and what the command just left to choose comes before a habit.
 */
export const PLANNER_SHARE = 0.6;

/** The key an element is remembered by across screens of one app. */
export function targetKey(e: { readonly role: string; readonly label: string }): string {
  return `${e.role}\u0000${e.label.trim().toLowerCase()}`;
}

/** The elements with their estimated probability, likeliest first; ties keep the screen's order. */
export function rankTargets(elements: readonly RankElement[], ctx: RankContext = {}): RankedTarget[] {
  const history = new Map((ctx.history ?? []).map((u) => [targetKey(u), u]));
  const maxCount = Math.max(1, ...(ctx.history ?? []).map((u) => u.count));
  // Recency by rank among the uses: the latest use scores 1, the one before 1/2, …
  const byLast = [...(ctx.history ?? [])].sort((a, b) => b.last - a.last).map(targetKey);
  const planned = new Map((ctx.plannerOrder ?? []).map((id, i) => [id, i]));
  const base = elements.map((e, order) => {
    let w = ROLE_PRIOR[e.role] ?? OTHER_ROLE;
    const use = history.get(targetKey(e));
    if (use) {
      w += RANK_WEIGHTS.frequency * (use.count / maxCount);
      w += RANK_WEIGHTS.recency / (1 + byLast.indexOf(targetKey(e)));
    }
    if (e.id === ctx.lastTargetId) w += RANK_WEIGHTS.lastTarget;
    return { id: e.id, w, order };
  });
  const plannerTop = Math.max(RANK_WEIGHTS.planner, PLANNER_SHARE * base.reduce((s, x) => s + x.w, 0), ...base.map((x) => x.w));
  const weighed = base.map((x) => {
    const rank = planned.get(x.id);
    return rank === undefined ? x : { ...x, w: x.w + plannerTop / (1 + rank) };
  });
  const total = weighed.reduce((s, x) => s + x.w, 0);
  return weighed.sort((a, b) => b.w - a.w || a.order - b.order).map((x) => ({ id: x.id, p: total > 0 ? x.w / total : 0 }));
}

/** `history` after `chosen` was chosen at `now`, keeping the `keep` most recent targets. */
export function noteTarget(history: readonly TargetUse[], chosen: { readonly role: string; readonly label: string }, now: number, keep = 50): TargetUse[] {
  const key = targetKey(chosen);
  const old = history.find((u) => targetKey(u) === key);
  const rest = history.filter((u) => targetKey(u) !== key);
  const next = [{ role: chosen.role, label: chosen.label, count: (old?.count ?? 0) + 1, last: now }, ...rest];
  return next.sort((a, b) => b.last - a.last).slice(0, keep);
}
