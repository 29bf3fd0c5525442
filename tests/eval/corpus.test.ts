/**
 * The corpus shipped in eval/corpus: big and varied enough (issue #19), every case valid, every
 * element it names present on its recorded screen, and the schema strict about typos.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EvalCase, loadCorpus, selectCases } from '../../src/eval/corpus.js';

const DIR = fileURLToPath(new URL('../../eval/corpus', import.meta.url));

describe('the evaluation corpus', () => {
  const corpus = loadCorpus(DIR);

  it('has at least 200 commands over at least 8 recorded screens, with each kind of case', () => {
    expect(corpus.cases.length).toBeGreaterThanOrEqual(200);
    expect(corpus.screens.size).toBeGreaterThanOrEqual(8);
    expect(new Set(corpus.cases.map((c) => c.screen)).size).toBe(corpus.screens.size);
    const count = (pick: (c: EvalCase) => boolean) => corpus.cases.filter(pick).length;
    expect(count((c) => c.expect === 'ask')).toBeGreaterThanOrEqual(20);
    expect(count((c) => c.expect === 'refuse')).toBeGreaterThanOrEqual(8);
    expect(count((c) => c.tags.includes('reference'))).toBeGreaterThanOrEqual(15);
    expect(count((c) => c.tags.includes('injection'))).toBeGreaterThanOrEqual(12);
    expect(corpus.version).toMatch(/^\d{4}-\d\d-\d\d\.\d+$/);
  });

  it('names only elements that are on the recorded screen (reference plans by number or by label)', () => {
    for (const c of corpus.cases) {
      const screen = corpus.screens.get(c.screen)!;
      const ids = new Set(screen.elements.map((e) => e.id));
      const labels = new Set(screen.elements.map((e) => e.label.toLowerCase()));
      const walk = (v: unknown, strictLabels: boolean): void => {
        if (Array.isArray(v)) v.forEach((x) => walk(x, strictLabels));
        else if (v && typeof v === 'object') {
          const o = v as Record<string, unknown>;
          const element = o.element as { id?: number; label?: string } | undefined;
          if (element && typeof element === 'object') {
            if (element.id !== undefined) expect(ids.has(element.id), `${c.id}: element ${element.id}`).toBe(true);
            if (typeof element.label === 'string' && strictLabels) {
              expect(labels.has(element.label.toLowerCase()), `${c.id}: "${element.label}"`).toBe(true);
            }
          }
          Object.values(o).forEach((x) => walk(x, strictLabels));
        }
      };
      // The reference plan names elements as they are on screen; alternatives may name them as people do.
      walk(c.plan, true);
      walk(c.accept, false);
    }
  });

  it('refuses a case with a typo in it, rather than scoring every model wrong', () => {
    expect(EvalCase.safeParse({ id: 'a', command: 'x', expect: 'act' }).success).toBe(false);
    expect(EvalCase.safeParse({ id: 'a', command: 'x', expect: 'act', plan: { intent: 'click_element', element: { lable: 'Send' } } }).success).toBe(false);
    expect(EvalCase.safeParse({ id: 'a', command: 'x', expect: 'ask', tags: ['vauge'] }).success).toBe(false);
    expect(EvalCase.safeParse({ id: 'a', command: 'x', expect: 'act', plan: { intent: 'click_element', element: { label: 'Send' } } }).success).toBe(true);
  });

  it('selects by --filter (id, screen, tag or words) and --limit', () => {
    expect(selectCases(corpus.cases, { filter: 'injection' }).every((c) => c.tags.includes('injection') || `${c.id} ${c.command}`.includes('injection'))).toBe(
      true,
    );
    expect(selectCases(corpus.cases, { filter: 'MAIL/' }).every((c) => c.screen === 'mail')).toBe(true);
    expect(selectCases(corpus.cases, { limit: 5 })).toHaveLength(5);
  });
});
