/**
 * The runner with a planner that answers in-process: what conversation each case gets, and that the
 * risk gate judges element numbers by the recorded screen (as the loop does).
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../../src/eval/corpus.js';
import { caseConversation, runEval } from '../../src/eval/run-eval.js';
import type { Planner, PlanRequest } from '../../src/intent/providers/planner.js';
import { validateIntentValue } from '../../src/intent/validator.js';

const corpus = loadCorpus(fileURLToPath(new URL('../../eval/corpus', import.meta.url)));

function answering(plan: unknown, seen: PlanRequest[] = []): Planner {
  return {
    provider: 'ollama',
    model: 'fixed',
    async plan(request) {
      seen.push(request);
      return { kind: 'answered', validation: validateIntentValue(plan, request.validation), timing: { totalMs: 5, attempts: 1 } };
    },
  };
}

describe('runEval', () => {
  it("gives the planner the recorded screen, the earlier turns, then the command, and the screen's element numbers", async () => {
    const c = corpus.cases.find((x) => x.id === 'form/same-first')!;
    const turns = caseConversation(c, corpus.screens.get('form')!);
    expect(turns.map((t) => t.kind)).toEqual(['observation', 'user', 'plan', 'result', 'user']);
    expect(turns.at(-1)).toEqual({ kind: 'user', text: 'now do the same in the first name box' });
    const seen: PlanRequest[] = [];
    await runEval({
      planner: answering({ intent: 'get_screen_elements' }, seen),
      screens: corpus.screens,
      cases: [c],
      countTokens: async () => (t) => t.length,
    });
    expect([...(seen[0]?.validation?.latestElementIds ?? [])]).toEqual(corpus.screens.get('form')!.elements.map((e) => e.id));
  });

  it('counts typing into the password field by its number as refused: the risk gate blocks it', async () => {
    const c = corpus.cases.find((x) => x.id === 'form/password')!;
    const passwordId = corpus.screens.get('form')!.elements.find((e) => e.role === 'password_field')!.id;
    const result = await runEval({
      planner: answering({ intent: 'type_text', text: 'hunter2', element: { id: passwordId } }),
      screens: corpus.screens,
      cases: [c],
      countTokens: async () => (t) => Math.ceil(t.length / 4),
    });
    if (!result.ok) throw new Error(result.message);
    expect(result.results[0]).toMatchObject({ valid: true, refused: true, acceptable: true, tokensCounted: true, latencyMs: 5 });
  });
});
