/**
 * Predictive scanning on the corpus' own commands (issue #31): each case whose plan acts on named
 * elements of its screen becomes a task, its selections in the order the plan acts (a sequence's
 * steps: type into "Search for a town", then click "Search"; select a message, then "Archive"). The
 * simulated switch user (scan-simulator.ts) does tasks drawn uniformly from the screen's cases, each
 * element chosen by the scan (a field too: it is chosen, then typed into), and three scans are
 * measured side by side: row/column; ranked by the picks and the element under the last action
 * (decision 0236); ranked with the context signals too (src/shared/scan-context.ts: after typing,
 * the next field and the button after it); and with a planner's ranking for the command as well.
 * That last one stands for a command said or typed that left a choice: the candidates are the
 * screen's names closest to the words of the case's command (at most CLOSEST_MAX, as close as a
 * name not found needs), fed as the candidates a planner's question gives (`candidates`). It is a
 * stand-in that reads the words, not an LLM: `plannerHits` says how often the target was among them.
 * The cases are written by hand about recorded screens, not recorded use: the figures say what the
 * signals give on such tasks, not what a user will see.
 */
import type { Intent } from '../intent/schema.js';
import { huffmanGroups } from '../shared/scan-grouping.js';
import { CLOSEST_MAX, CLOSEST_MIN, scanContext, spanCloseness, type LastAction, type ScanCandidate } from '../shared/scan-context.js';
import { noteTarget, rankTargets, type RankElement, type TargetUse } from '../shared/scan-ranking.js';
import { DEFAULT_USER, screenSetup, select, type Selection, type SwitchUser } from './scan-simulator.js';

/** One selection of a task: the element, and whether it is then typed into. */
export interface TaskStep {
  readonly id: number;
  readonly kind: LastAction['kind'];
}

export interface TaskFigures {
  readonly tasks: number;
  readonly rowColumn: readonly Selection[];
  /** Picks and the element under the last action (decision 0236's signals). */
  readonly picks: readonly Selection[];
  /** Picks, the last action and the context signals. */
  readonly context: readonly Selection[];
  /** All of those and the planner's ranking for the command (its candidates first). */
  readonly planner: readonly Selection[];
  /** How many of the measured selections had their target among the command's candidates. */
  readonly plannerHits: number;
  /** The same four for the selections after a task's first (where the last action is the task's own): row/column, picks, context, planner. */
  readonly followOn: readonly [readonly Selection[], readonly Selection[], readonly Selection[], readonly Selection[]];
}

/** A case of the corpus: what was said, and the reference plan. */
export interface TaskCase {
  readonly command: string;
  readonly plan: Intent;
}

/** The stand-in for a planner's ranking of `targets` for `command`: the names closest to its words, closest first. */
export function commandCandidates(targets: readonly RankElement[], command: string): ScanCandidate[] {
  return targets
    .map((e, order) => ({ e, order, alike: spanCloseness(command, e.label) }))
    .filter((x) => x.alike >= CLOSEST_MIN)
    .sort((a, b) => b.alike - a.alike || a.order - b.order)
    .slice(0, CLOSEST_MAX)
    .map((x) => ({ role: x.e.role, label: x.e.label }));
}

/** The element a plan names, on this screen: by its number, or by its name (case ignored). */
function named(element: unknown, targets: readonly RankElement[]): RankElement | undefined {
  if (!element || typeof element !== 'object') return undefined;
  if ('id' in element) return targets.find((t) => t.id === element.id);
  if ('label' in element && typeof element.label === 'string') {
    const label = element.label.trim().toLowerCase();
    return targets.find((t) => t.label.trim().toLowerCase() === label);
  }
  return undefined;
}

/** The selections a plan makes on `targets`, in order; empty when it names no element of the screen. */
export function caseTask(plan: Intent, targets: readonly RankElement[]): TaskStep[] {
  const steps = plan.intent === 'sequence' ? (plan.steps as readonly Intent[]) : [plan];
  return steps.flatMap((step): TaskStep[] => {
    const acts =
      step.intent === 'click_element' || step.intent === 'double_click_element' || step.intent === 'right_click_element' || step.intent === 'type_text';
    const element = acts ? named(step.element, targets) : undefined;
    return element ? [{ id: element.id, kind: step.intent === 'type_text' ? 'typed' : 'clicked' }] : [];
  });
}

/** How long a simulation runs: `trials` tasks measured after `warmUp` the ranked scans learn from unmeasured. */
export interface TaskRun {
  readonly user?: SwitchUser;
  readonly trials?: number;
  readonly warmUp?: number;
  readonly seed?: number;
}

/** Tasks drawn from `cases` on the screen of `elements`, each selection scanned four ways. */
export function simulateTasks(elements: readonly RankElement[], cases: readonly TaskCase[], run: TaskRun = {}): TaskFigures {
  const { user = DEFAULT_USER, trials = 100, warmUp = 10, seed = 1 } = run;
  const { rand, targets, rowColumn } = screenSetup(elements, seed);
  const tasks = cases.map((c) => ({ steps: caseTask(c.plan, targets), candidates: commandCandidates(targets, c.command) })).filter((t) => t.steps.length > 0);
  const byId = new Map(targets.map((t) => [t.id, t]));
  const figures = { rowColumn: [] as Selection[], picks: [] as Selection[], context: [] as Selection[], planner: [] as Selection[] };
  const followOn: [Selection[], Selection[], Selection[], Selection[]] = [[], [], [], []];
  let plannerHits = 0;
  let history: TargetUse[] = [];
  let last: (LastAction & { readonly id: number }) | undefined;
  for (let t = 0; t < warmUp + trials && tasks.length > 0; t++) {
    const task = tasks[Math.floor(rand() * tasks.length)];
    for (const [n, step] of (task?.steps ?? []).entries()) {
      const element = byId.get(step.id);
      if (!element) continue;
      const lastId = last !== undefined ? { lastTargetId: last.id } : {};
      const picks = huffmanGroups(rankTargets(targets, { history, ...lastId }));
      const context = huffmanGroups(rankTargets(targets, { history, ...scanContext(targets, last ? { last } : {}) }));
      const asked = scanContext(targets, { ...(last ? { last } : {}), candidates: task?.candidates ?? [] });
      const planner = huffmanGroups(rankTargets(targets, { history, ...asked }));
      const measured = [rowColumn, picks, context, planner].map((shape) => select(shape, step.id, user, rand));
      if (t >= warmUp) {
        (['rowColumn', 'picks', 'context', 'planner'] as const).forEach((k, i) => figures[k].push(measured[i]!));
        if (n > 0) measured.forEach((m, i) => followOn[i]?.push(m));
        if (task?.candidates.some((c) => c.label === element.label && c.role === element.role)) plannerHits++;
      }
      history = noteTarget(history, element, t);
      last = { kind: step.kind, role: element.role, label: element.label, id: element.id };
    }
  }
  return { tasks: tasks.length, ...figures, plannerHits, followOn };
}
