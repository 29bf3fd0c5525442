import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../../src/eval/corpus.js';
import { targetsOf } from '../../src/eval/scan-simulator.js';
import { caseTask, commandCandidates, simulateTasks, type TaskCase } from '../../src/eval/scan-tasks.js';
import type { Intent } from '../../src/intent/schema.js';
import { median } from '../../src/shared/scan-rate.js';

const corpus = loadCorpus(fileURLToPath(new URL('../../eval/corpus', import.meta.url)));
const casesOf = (screen: string): TaskCase[] =>
  corpus.cases.filter((c) => c.screen === screen && c.expect === 'act' && c.plan).map((c) => ({ command: c.command, plan: c.plan! }));
const mean = (v: readonly number[]): number => v.reduce((s, x) => s + x, 0) / v.length;

describe('the corpus’ commands as scan tasks', () => {
  const browser = targetsOf(corpus.screens.get('browser')!.elements);

  it.each([
    ['a click by name', { intent: 'click_element', element: { label: 'reload' } }, [{ id: 3, kind: 'clicked' }]],
    ['a click by number', { intent: 'click_element', element: { id: 16 } }, [{ id: 16, kind: 'clicked' }]],
    [
      'a sequence: the field typed into, then the button',
      {
        intent: 'sequence',
        steps: [
          { intent: 'type_text', text: 'Bradford', element: { label: 'Search for a town' } },
          { intent: 'click_element', element: { label: 'Search' } },
        ],
      },
      [
        { id: 15, kind: 'typed' },
        { id: 16, kind: 'clicked' },
      ],
    ],
    ['keys and typing at the caret name no element', { intent: 'press_key', key: 'f5' }, []],
    ['a name not on the screen', { intent: 'click_element', element: { label: 'Print' } }, []],
  ])('%s', (_, plan, steps) => {
    expect(caseTask(plan as Intent, browser)).toEqual(steps);
  });

  it.each([
    ['the name said first, then the next closest', 'reload the page', ['Reload', 'Bookmark this page']],
    ['words close to no name', 'make it snappier', []],
  ])('the planner’s stand-in: %s', (_, command, labels) => {
    expect(commandCandidates(browser, command).map((c) => c.label)).toEqual(labels);
  });

  it('counts every task of a screen; the context signals take fewer steps than row/column within a task, the planner’s ranking fewer still', () => {
    const later: [number[], number[], number[], number[]] = [[], [], [], []];
    const all: [number[], number[], number[], number[]] = [[], [], [], []];
    for (const [id, screen] of corpus.screens) {
      const f = simulateTasks(screen.elements, casesOf(id));
      expect(f.rowColumn.length).toBeGreaterThanOrEqual(100);
      expect(f.context).toHaveLength(f.rowColumn.length);
      expect(f.planner).toHaveLength(f.rowColumn.length);
      expect(f.plannerHits).toBeLessThanOrEqual(f.planner.length);
      f.followOn.forEach((sel, i) => later[i]?.push(...sel.map((s) => s.steps)));
      [f.rowColumn, f.picks, f.context, f.planner].forEach((sel, i) => all[i]?.push(...sel.map((s) => s.steps)));
    }
    const [rowColumn, , context] = later.map(mean);
    expect(later[0].length).toBeGreaterThan(20);
    expect(context).toBeLessThan(rowColumn!);
    // Over tasks drawn evenly, only the planner's ranking brings the median to 3 steps or fewer (the bench prints the table).
    expect(all.map(median).map((m) => m <= 3)).toEqual([false, false, false, true]);
  });
});
