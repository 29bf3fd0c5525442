/**
 * Fakes at the loop's two seams that cannot run in a unit test: the engine (a desktop) and the LLM
 * planner (a network). The real engine and real providers run in assistant-loop.desktop.test.ts.
 */
import { expect } from 'vitest';
import type { ActOptions, LiveFacts } from '../../src/execution/engine-types.js';
import type { Observation } from '../../src/execution/observation.js';
import type { ActionResult, EngineApi } from '../../src/registry/dispatch.js';
import type { Planner, PlannerError, PlanRequest, PlanOutcome } from '../../src/intent/providers/planner.js';
import { validatePlannerOutput } from '../../src/intent/validator.js';
import type { AssistantEvent } from '../../src/shared/contracts/events.js';
import type { AuditRecord } from '../../src/agent/audit-log.js';
import { AssistantLoop, type AssistantDeps, type ConfirmAnswer, type ConfirmationRequest } from '../../src/agent/assistant-loop.js';

export interface EngineCall {
  readonly method: string;
  readonly args: readonly unknown[];
}

/** What the fake engine does on a call: the result, after giving the live gate these facts. */
export type EngineScript = (call: EngineCall) => { result: ActionResult; facts?: LiveFacts } | ActionResult;

export function observationOf(lines: readonly string[], app = 'Fixture'): ActionResult {
  const text = lines.map((l, i) => `${i + 1} ${l}`).join('\n');
  const observation: Observation = {
    generation: 1,
    app,
    text,
    elementIds: new Map(lines.map((_, i) => [i + 1, 100 + i])),
    listed: lines.length,
    omitted: 0,
    tokenEstimate: Math.ceil(text.length / 4),
  };
  return { kind: 'observation', text, observation };
}

/** An engine whose every method records the call and answers from the script (success by default). */
export function fakeEngine(script: EngineScript = () => ({ kind: 'success', message: 'Done.' })): EngineApi & { calls: EngineCall[] } {
  const calls: EngineCall[] = [];
  const act =
    (method: string) =>
    async (...args: unknown[]): Promise<ActionResult> => {
      const call = { method, args: args.filter((a) => !(a && typeof a === 'object' && ('gate' in a || 'signal' in a))) };
      const options = args.find((a): a is ActOptions => !!a && typeof a === 'object' && ('gate' in a || 'signal' in a));
      const answer = script(call);
      const { result, facts } = 'result' in answer ? answer : { result: answer, facts: undefined };
      // The real engine asks the gate right before acting: a refusal means nothing was done.
      const stopped = options?.gate?.(facts ?? {});
      if (stopped) return stopped;
      calls.push(call);
      return result;
    };
  return {
    calls,
    openApplication: act('openApplication'),
    click: act('click'),
    doubleClick: act('doubleClick'),
    rightClick: act('rightClick'),
    typeText: act('typeText'),
    pressKey: act('pressKey'),
    scroll: act('scroll'),
    moveMouse: act('moveMouse'),
    clickAt: act('clickAt'),
    drag: act('drag'),
    goToCell: act('goToCell'),
    openUrl: act('openUrl'),
    listApplications: act('listApplications'),
    sequence: async (steps, options) => {
      for (const [i, step] of steps.entries()) {
        if (options?.signal?.aborted) return { kind: 'failure', code: 'interrupted', reason: 'Stopped.', step: i + 1 };
        const r = await step.run(options?.signal ? { signal: options.signal } : {});
        if (r.kind !== 'success') return r.kind === 'needs_confirmation' ? { ...r, step: i + 1 } : r;
      }
      return { kind: 'success', message: `Did ${steps.length} steps.` };
    },
    getFrontmostApp: async () => {
      calls.push({ method: 'getFrontmostApp', args: [] });
      return { kind: 'observation', text: 'The frontmost app is “Fixture”.', app: { name: 'Fixture', pid: 1 } };
    },
    getScreenElements: async (app?: string) => {
      const call = { method: 'getScreenElements', args: [app] };
      calls.push(call);
      const answer = script(call);
      return 'result' in answer ? answer.result : answer;
    },
  } as EngineApi & { calls: EngineCall[] };
}

/** One scripted planner answer: the model's raw text, a provider error, or "wait until cancelled". */
export type Reply = string | Record<string, unknown> | { error: PlannerError } | 'hang' | 'throw';

/** A planner that answers from a script and runs the real validator on each answer. */
export function scriptedPlanner(
  replies: Reply[],
  provider: Planner['provider'] = 'openai',
): Planner & { requests: PlanRequest[]; asked: (count?: number) => Promise<void> } {
  const requests: PlanRequest[] = [];
  const timing = { totalMs: 1, attempts: 1 };
  /** Tests waiting for the planner to have been asked `count` times. */
  const waiting: Array<{ readonly count: number; readonly resolve: () => void }> = [];
  return {
    provider,
    model: 'test-model',
    requests,
    /** Resolves once the planner has been asked `count` times (a test acts while it thinks). */
    asked: (count = 1) => (requests.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ count, resolve }))),
    async plan(request): Promise<PlanOutcome> {
      requests.push({ ...request, conversation: [...request.conversation] });
      for (const w of waiting.filter((w) => requests.length >= w.count)) w.resolve();
      const reply = replies.shift();
      if (reply === undefined) throw new Error('the script ran out of replies');
      if (reply === 'throw') throw new Error('planner bug');
      if (reply === 'hang') {
        return new Promise((resolve) => {
          request.signal?.addEventListener('abort', () =>
            resolve({ kind: 'failed', error: { code: 'cancelled', message: 'Cancelled.', retryable: false }, timing }),
          );
        });
      }
      if (typeof reply === 'object' && 'error' in reply) return { kind: 'failed', error: reply.error as PlannerError, timing };
      const raw = typeof reply === 'string' ? reply : JSON.stringify({ plan: reply });
      return { kind: 'answered', validation: validatePlannerOutput(raw, request.validation), timing };
    },
  };
}

export function eventLog() {
  const events: AssistantEvent[] = [];
  return { events, emit: (e: AssistantEvent) => void events.push(e), types: () => events.map((e) => e.type) };
}

export function memoryAudit() {
  const records: AuditRecord[] = [];
  return { records, append: (r: AuditRecord) => (records.push(r), true) };
}

export interface LoopOptions {
  readonly script?: EngineScript;
  readonly replies?: Reply[];
  readonly answers?: ConfirmAnswer[];
  readonly deps?: Partial<AssistantDeps>;
}

/** The loop's deps on the fake engine, with scripted planner replies and confirmation answers (then unanswered). */
export function loopDeps(options: LoopOptions = {}) {
  const engine = fakeEngine(options.script);
  const log = eventLog();
  const audit = memoryAudit();
  const asked: ConfirmationRequest[] = [];
  const answers = [...(options.answers ?? [])];
  const planner = options.replies ? scriptedPlanner(options.replies) : undefined;
  const deps: AssistantDeps = {
    engine,
    emit: log.emit,
    audit,
    now: () => new Date('2026-01-02T03:04:05Z'),
    confirm: async (request) => {
      asked.push(request);
      return answers.shift() ?? 'unanswered';
    },
    ...(planner ? { planner: async () => ({ kind: 'ready' as const, planner }) } : {}),
    ...options.deps,
  };
  return { deps, engine, log, audit, asked, planner };
}

/** A loop on the fake engine, with scripted planner replies and confirmation answers (then unanswered). */
export function setupLoop(options: LoopOptions = {}) {
  const { deps, ...parts } = loopDeps(options);
  return { loop: new AssistantLoop(deps), ...parts };
}

/** Every run ends with status idle and then one done event, whatever happened. */
export function expectBackToIdle(events: readonly AssistantEvent[]): void {
  const done = events.filter((e) => e.type === 'done');
  expect(done).toHaveLength(1);
  expect(events.at(-1)?.type).toBe('done');
  expect(events.at(-2)).toEqual({ type: 'status', status: 'idle' });
}
