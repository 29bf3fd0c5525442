/**
 * "pause" and "go on" said or typed to the panel's session (issue #32): a long run waits before its
 * next step, or takes it. While the run asks "25 of 30 steps done: go on?", "go on" said after the
 * question was asked answers it, as "yes" would; before it, it answers nothing.
 */
import type { Dialogue } from '../agent/dialogue.js';
import type { LongRun } from '../agent/long-run.js';
import type { RunReply } from '../shared/contracts/ipc-contract.js';

export function paceWord(word: 'pause' | 'go_on', longRun: LongRun, dialogue: Pick<Dialogue, 'asked' | 'press'>, startedAt?: number): RunReply {
  const asked = dialogue.asked;
  const budgetQuestion = word === 'go_on' && longRun.asking !== undefined && asked?.id === longRun.asking;
  if (budgetQuestion && (startedAt === undefined || startedAt >= asked.askedAt) && dialogue.press(asked.id, 'confirm'))
    return { outcome: 'done', message: 'Going on.' };
  const reply = word === 'pause' ? longRun.pause() : longRun.goOn();
  return { outcome: reply.ok ? 'done' : 'refused', message: reply.message };
}
