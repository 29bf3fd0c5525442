/**
 * `assistive-control stats` on a full audit log (issue #31): the current file and the three rotated
 * ones at their 5 MiB limit, one task line for every four action lines, read, parsed and summed per
 * day as the command does it. Figures printed, never asserted.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuditLog } from '../src/agent/audit-log.js';
import { taskEffortRecord } from '../src/agent/effort-stats.js';
import { createStatsCommand } from '../src/cli/stats-command.js';
import { summarize, type Timing } from './stats.js';

const FILE_BYTES = 5 * 1024 * 1024;

function fillLog(dir: string): { lines: number; tasks: number } {
  const files = new AuditLog({ dir }).files();
  const action = JSON.stringify({
    time: '2026-03-01T10:00:00.000Z',
    command: 'click Send',
    source: 'panel',
    intent: { intent: 'click_element', element: { label: 'Send' } },
    risk: { level: 'harmless', reason: 'A click on a button.' },
    confirmation: 'not_needed',
    outcome: 'done',
    message: 'Clicked “Send”.',
  });
  let lines = 0;
  let tasks = 0;
  let t = Date.parse('2026-01-01T08:00:00Z');
  for (const file of files) {
    const chunks: string[] = [];
    let bytes = 0;
    while (bytes < FILE_BYTES) {
      const line =
        lines % 5 === 4 ? JSON.stringify(taskEffortRecord({ presses: 3, utterances: 1, keystrokes: 14, scanSteps: 9 }, 'done', t - 4000, t)) : action;
      if (lines % 5 === 4) {
        tasks++;
        t += 90_000;
      }
      chunks.push(line);
      bytes += line.length + 1;
      lines++;
    }
    writeFileSync(file, `${chunks.join('\n')}\n`);
  }
  return { lines, tasks };
}

export async function benchEffortStats(samples = 5): Promise<{ timing: Timing; lines: number; tasks: number; days: number; heapMiB: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'ac-bench-stats-'));
  try {
    const { lines, tasks } = fillLog(dir);
    const stats = createStatsCommand(() => dir);
    let out = '';
    const io = { stdout: { write: (s: string) => (out = s) }, stderr: { write: () => undefined } };
    const times: number[] = [];
    let heap = 0;
    for (let i = 0; i < samples; i++) {
      const before = process.memoryUsage().heapUsed;
      const t0 = process.hrtime.bigint();
      await stats.run(['--json'], io);
      times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      heap = Math.max(heap, process.memoryUsage().heapUsed - before);
    }
    const days = (JSON.parse(out) as { days: unknown[] }).days.length;
    return { timing: summarize(times), lines, tasks, days, heapMiB: heap / 1024 / 1024 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
