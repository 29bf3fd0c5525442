/**
 * The loop's parts one at a time (acting.ts, planning.ts): their deps over the fake engine and
 * scripted planner of loop-fakes.ts, a session memory, and a fresh run state.
 */
import type { AssistantDeps, ConfirmAnswer, ConfirmationRequest, LoopLimits } from '../../src/agent/loop-types.js';
import type { RunState } from '../../src/agent/run-state.js';
import { SessionMemory } from '../../src/agent/session-memory.js';
import type { AssistantStatus } from '../../src/shared/contracts/events.js';
import { eventLog, fakeEngine, memoryAudit, scriptedPlanner, type EngineScript, type Reply } from './loop-fakes.js';

export const LIMITS: LoopLimits = { observations: 5, retries: 2 };

export function runState(command: string, more: Partial<RunState> = {}): RunState {
  return { command, signal: new AbortController().signal, turnMark: 0, observations: 0, failures: 0, grammarTried: false, ...more };
}

/** Deps for one part of the loop: what it was asked to confirm, the events, the audit and the statuses it set. */
export function partDeps(options: { script?: EngineScript; replies?: Reply[]; answers?: ConfirmAnswer[]; deps?: Partial<AssistantDeps> } = {}) {
  const engine = fakeEngine(options.script);
  const log = eventLog();
  const audit = memoryAudit();
  const asked: ConfirmationRequest[] = [];
  const answers = [...(options.answers ?? [])];
  const statuses: AssistantStatus[] = [];
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
  const memory = deps.memory ?? new SessionMemory();
  return { deps, engine, log, audit, asked, statuses, memory, planner, setStatus: (s: AssistantStatus) => void statuses.push(s) };
}
