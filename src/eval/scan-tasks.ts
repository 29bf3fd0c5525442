/**
 * Predictive scanning on the corpus' own commands (issue #31): each case whose plan acts on named
 * elements of its screen becomes a task, its selections in the order the plan acts (a sequence's
 * steps: type into "Search for a town", then click "Search"; select a message, then "Archive"). The
 * simulated switch user (scan-simulator.ts) does tasks drawn uniformly from the screen's cases, each
 * element chosen by the scan (a field too: it is chosen, then typed into), and three scans are
 * measured side by side: row/column; ranked by the picks and the element under the last action
 * (decision 0236); and ranked with the context signals too (src/shared/scan-context.ts: after typing,
 * the next field and the button after it). The cases are written by hand about recorded screens,
 * not recorded use: the figures say what the signals give on such tasks, not what a user will see.
 */
import type { Intent } from '../intent/schema.js';
import { huffmanGroups } from '../shared/scan-grouping.js';
import { scanContext, type LastAction } from '../shared/scan-context.js';
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
  /** The same three for the selections after a task's first (where the last action is the task's own): row/column, picks, context. */
  readonly followOn: readonly [readonly Selection[], readonly Selection[], readonly Selection[]];
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

/** Tasks drawn from `plans` on the screen of `elements`, each selection scanned three ways. */
export function simulateTasks(elements: readonly RankElement[], plans: readonly Intent[], run: TaskRun = {}): TaskFigures {
  const { user = DEFAULT_USER, trials = 100, warmUp = 10, seed = 1 } = run;
  const { rand, targets, rowColumn } = screenSetup(elements, seed);
  const tasks = plans.map((p) => caseTask(p, targets)).filter((t) => t.length > 0);
  const byId = new Map(targets.map((t) => [t.id, t]));
  const figures = { rowColumn: [] as Selection[], picks: [] as Selection[], context: [] as Selection[] };
  const followOn: [Selection[], Selection[], Selection[]] = [[], [], []];
  let history: TargetUse[] = [];
  let last: (LastAction & { readonly id: number }) | undefined;
  for (let t = 0; t < warmUp + trials && tasks.length > 0; t++) {
    const task = tasks[Math.floor(rand() * tasks.length)] ?? [];
    for (const [n, step] of task.entries()) {
      const element = byId.get(step.id);
      if (!element) continue;
      const lastId = last !== undefined ? { lastTargetId: last.id } : {};
      const picks = huffmanGroups(rankTargets(targets, { history, ...lastId }));
      const context = huffmanGroups(rankTargets(targets, { history, ...scanContext(targets, last ? { last } : {}) }));
      const measured = [select(rowColumn, step.id, user, rand), select(picks, step.id, user, rand), select(context, step.id, user, rand)] as const;
      if (t >= warmUp) {
        figures.rowColumn.push(measured[0]);
        figures.picks.push(measured[1]);
        figures.context.push(measured[2]);
        if (n > 0) measured.forEach((m, i) => followOn[i]?.push(m));
      }
      history = noteTarget(history, element, t);
      last = { kind: step.kind, role: element.role, label: element.label, id: element.id };
    }
  }
  return { tasks: tasks.length, ...figures, followOn };
}
