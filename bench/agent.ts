/**
 * The assistant loop's own overhead per command: everything `AssistantLoop.run` does around the
 * planner and the desktop — command check, grammar, validation, risk, gate, dispatch, session
 * memory, events, the audit record (to a real file) — with an engine and an LLM planner that answer
 * at once, so neither model time nor OS time is in the figure. Target: ≤ 5 ms median.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AssistantLoop } from '../src/agent/assistant-loop.js';
import { AuditLog } from '../src/agent/audit-log.js';
import type { Planner } from '../src/intent/providers/planner.js';
import { validatePlannerOutput } from '../src/intent/validator.js';
import type { ActionResult, EngineApi } from '../src/registry/dispatch.js';
import { summarize, type Timing } from './stats.js';

const DONE: ActionResult = { kind: 'success', message: 'Done.' };
const OBSERVED: ActionResult = {
  kind: 'observation',
  text: '1 button "Save"\n2 button "Open"',
  observation: {
    generation: 1,
    app: 'Bench',
    text: '1 button "Save"\n2 button "Open"',
    elementIds: new Map([
      [1, 10],
      [2, 11],
    ]),
    listed: 2,
    omitted: 0,
    tokenEstimate: 9,
  },
};

/** An engine that does nothing and answers at once: the desktop's time is not the loop's. */
function instantEngine(): EngineApi {
  const done = async (): Promise<ActionResult> => DONE;
  return {
    openApplication: done,
    click: done,
    doubleClick: done,
    rightClick: done,
    typeText: done,
    pressKey: done,
    scroll: done,
    moveMouse: done,
    clickAt: done,
    drag: done,
    goToCell: done,
    openUrl: done,
    sequence: done,
    getFrontmostApp: done,
    listApplications: done,
    getScreenElements: async () => OBSERVED,
  } as EngineApi;
}

/** A planner answering observe, then act, at once (the real validator still runs on its text). */
function instantPlanner(): Planner {
  let n = 0;
  const answers = ['{"plan":{"intent":"get_screen_elements"}}', '{"plan":{"intent":"click_element","element":{"id":1}}}'];
  return {
    provider: 'openai',
    model: 'bench',
    plan: async (request) => ({
      kind: 'answered',
      validation: validatePlannerOutput(answers[n++ % 2], request.validation),
      timing: { totalMs: 0, attempts: 1 },
    }),
  };
}

export interface AgentBench {
  readonly grammar: Timing;
  readonly observeThenAct: Timing;
}

async function timeRuns(loop: AssistantLoop, command: string, samples: number, warmup: number): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await loop.run(command);
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t0 = process.hrtime.bigint();
    await loop.run(command);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return summarize(times);
}

/** Loop overhead per command: a grammar command, and an LLM command that observes then acts. */
export async function benchAgent(samples = 2000, warmup = 200): Promise<AgentBench> {
  const dir = mkdtempSync(join(tmpdir(), 'ac-bench-agent-'));
  try {
    const audit = new AuditLog({ dir, maxBytes: 1024 * 1024 });
    const events: unknown[] = [];
    const base = { engine: instantEngine(), emit: (e: unknown) => void events.push(e), confirm: async () => 'unanswered' as const, audit };
    const grammar = await timeRuns(new AssistantLoop(base), 'click the Open button', samples, warmup);
    const planner = instantPlanner();
    const llm = new AssistantLoop({ ...base, planner: async () => ({ kind: 'ready', planner }) });
    const observeThenAct = await timeRuns(llm, 'keep my work safe', samples, warmup);
    return { grammar, observeThenAct };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
