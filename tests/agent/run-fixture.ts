/**
 * The loop's parts one at a time (acting.ts, planning.ts): their deps over the fake engine and
 * scripted planner of loop-fakes.ts, a session memory, and a fresh run state.
 */
import type { LoopLimits } from '../../src/agent/loop-types.js';
import type { RunState } from '../../src/agent/run-state.js';
import { SessionMemory } from '../../src/agent/session-memory.js';
import type { AssistantStatus } from '../../src/shared/contracts/events.js';
import { loopDeps, type LoopOptions } from './loop-fakes.js';

export const LIMITS: LoopLimits = { observations: 5, retries: 2 };

export function runState(command: string, more: Partial<RunState> = {}): RunState {
  return { command, signal: new AbortController().signal, turnMark: 0, observations: 0, failures: 0, grammarTried: false, ...more };
}

/** Deps for one part of the loop: what it was asked to confirm, the events, the audit and the statuses it set. */
export function partDeps(options: LoopOptions = {}) {
  const { deps, engine, log, audit, asked, planner } = loopDeps(options);
  const statuses: AssistantStatus[] = [];
  const memory = deps.memory ?? new SessionMemory();
  return { deps, engine, log, audit, asked, statuses, memory, planner, setStatus: (s: AssistantStatus) => void statuses.push(s) };
}
