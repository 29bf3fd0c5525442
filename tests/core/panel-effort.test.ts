// Effort counted (issue #31) through the panel's session: the real session and loop on the fake engine,
// a real audit log in a temporary folder. The counts sent with a command and with each answer are
// written once, in the task's line, when it ends; what was typed or said never is. Nothing sleeps.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AuditLog, parseAuditLines } from '../../src/agent/audit-log.js';
import { effortByDay, readTaskEffort } from '../../src/agent/effort-stats.js';
import { InvalidPayloadError } from '../../src/core/panel-session.js';
import type { AssistantEvent } from '../../src/shared/contracts/events.js';
import { offlineSession } from './offline-session.js';
import type { GridAreas } from '../../src/core/grid-areas.js';
import { fakeEngine } from '../agent/loop-fakes.js';

const AREAS: GridAreas = {
  screen: async () => ({ x: 0, y: 0, width: 1280, height: 800 }),
  frontWindow: async () => ({ area: { x: 100, y: 50, width: 600, height: 300 }, app: 'Notes' }),
};

async function effortSession() {
  const dir = await mkdtemp(join(tmpdir(), 'ac-effort-'));
  const audit = new AuditLog({ dir });
  const waiters: Array<{ readonly test: (e: AssistantEvent) => boolean; readonly resolve: (e: AssistantEvent) => void }> = [];
  const emit = (event: AssistantEvent): void => {
    for (const w of waiters.filter((w) => w.test(event))) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(event);
    }
  };
  const next = (test: (e: AssistantEvent) => boolean): Promise<AssistantEvent> => new Promise((resolve) => waiters.push({ test, resolve }));
  const session = await offlineSession({
    engine: fakeEngine(() => ({ kind: 'success', message: 'Done.' })),
    emit,
    more: { recordEffort: (r) => audit.appendEffort(r), gridAreas: AREAS },
  });
  const lines = async () => parseAuditLines(await readFile(audit.file, 'utf8').catch(() => '')).records;
  return { session, next, lines };
}

const counts = (c: Partial<{ presses: number; utterances: number; keystrokes: number; scanSteps: number }>) => ({
  presses: 0,
  utterances: 0,
  keystrokes: 0,
  scanSteps: 0,
  ...c,
});

describe('effort per task in the panel session (issue #31)', () => {
  it('adds the answers’ inputs to the command’s and writes one task line when it ends', async () => {
    const { session, next, lines } = await effortSession();
    const asked = next((e) => e.type === 'confirmation_request');
    const firstInputAt = Date.now() - 4_000;
    const run = session.handle('command:run', ['click Delete everything', 'typed', Date.now(), { ...counts({ presses: 3, scanSteps: 9 }), firstInputAt }]);
    const question = await asked;
    if (question.type !== 'confirmation_request') throw new Error('no question');
    // A spoken "wait what" answers nothing, and a press of Confirm answers: both count for the task.
    await session.handle('command:run', ['what', 'spoken', Date.now(), counts({ utterances: 1 })]);
    await session.handle('confirmation:answer', ['confirm', question.id, counts({ presses: 1, scanSteps: 2 })]);
    expect((await run).outcome).toBe('done');
    const tasks = (await lines()).map(readTaskEffort).filter((t) => t !== undefined);
    expect(tasks).toEqual([expect.objectContaining({ kind: 'task_effort', outcome: 'done', presses: 4, utterances: 1, keystrokes: 0, scanSteps: 11 })]);
    expect(tasks[0]!.seconds).toBeGreaterThanOrEqual(4);
    // Counts only: no word of the command or the answer is in the task's line.
    expect(JSON.stringify(tasks[0])).not.toMatch(/Delete|what/);
    expect(effortByDay(await lines())[0]).toMatchObject({ tasks: 1, presses: 4, utterances: 1, scanSteps: 11 });
  });

  it('writes a refused task too, and nothing for a command sent without counts or a session word', async () => {
    const { session, lines } = await effortSession();
    await session.handle('command:run', ['click OK']);
    await session.handle('command:run', ['what can I say', 'typed', Date.now(), counts({ keystrokes: 14 })]);
    expect((await lines()).map(readTaskEffort).filter((t) => t !== undefined)).toEqual([]);
    const reply = await session.handle('command:run', ['fly to the moon', 'typed', Date.now(), counts({ keystrokes: 16 })]);
    const tasks = (await lines()).map(readTaskEffort).filter((t) => t !== undefined);
    expect(tasks).toEqual([expect.objectContaining({ outcome: reply.outcome, keystrokes: 16 })]);
  });

  it('refuses counts out of their bounds, and a first input in the future starts the seconds at the command', async () => {
    const { session, lines } = await effortSession();
    for (const bad of [counts({ presses: -1 }), counts({ keystrokes: 1e9 }), { ...counts({}), text: 'secret' }])
      await expect(session.handle('command:run', ['click OK', 'typed', Date.now(), bad])).rejects.toBeInstanceOf(InvalidPayloadError);
    await session.handle('command:run', ['click OK', 'typed', Date.now(), { ...counts({ presses: 1 }), firstInputAt: Date.now() + 3_600_000 }]);
    const tasks = (await lines()).map(readTaskEffort).filter((t) => t !== undefined);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]!.seconds).toBeLessThan(60);
  });

  it('a zoom of the mouse grid counts for the click that ends it; the grid closed without a click keeps nothing', async () => {
    const { session, lines } = await effortSession();
    const tasks = async () => (await lines()).map(readTaskEffort).filter((t) => t !== undefined);
    await session.handle('command:run', ['show grid', 'spoken', Date.now(), counts({ utterances: 1 })]);
    await session.handle('command:run', ['5', 'spoken', Date.now(), counts({ utterances: 1 })]);
    expect(await tasks()).toEqual([]);
    await session.handle('command:run', ['click', 'spoken', Date.now(), counts({ utterances: 1 })]);
    expect(await tasks()).toEqual([expect.objectContaining({ outcome: 'done', utterances: 2 })]);
    await session.handle('command:run', ['show grid', 'spoken', Date.now(), counts({ utterances: 1 })]);
    await session.handle('command:run', ['7', 'spoken', Date.now(), counts({ utterances: 1 })]);
    await session.handle('command:run', ['hide grid', 'spoken', Date.now(), counts({ utterances: 1 })]);
    await session.handle('command:run', ['click OK', 'typed', Date.now(), counts({ keystrokes: 9 })]);
    expect((await tasks()).slice(1)).toEqual([expect.objectContaining({ utterances: 0, keystrokes: 9 })]);
  });
});
