// `assistive-control stats` on a real audit log (the current and a rotated file) in a temporary folder.
import { describe, expect, it } from 'vitest';
import { captureIo as io, useTempDir } from './cli-fixtures.js';
import { AuditLog } from '../../src/agent/audit-log.js';
import { taskEffortRecord } from '../../src/agent/effort-stats.js';
import { createStatsCommand } from '../../src/cli/stats-command.js';
import { main } from '../../src/cli/main.js';

const tempDir = useTempDir('ac-stats-');
const stats = () => createStatsCommand(() => tempDir());
const at = (iso: string): number => Date.parse(iso);

describe('assistive-control stats', () => {
  it('says nothing was counted yet when the log has no task lines', async () => {
    const a = io();
    expect(await stats().run([], a.io)).toBe(0);
    expect(a.out()).toMatch(/^No tasks counted yet in the audit log/);
  });

  it('prints per day the tasks, presses, utterances, keystrokes, scan steps and median seconds, rotated files included', async () => {
    // A tiny file size makes the log rotate, so the sums must read the rotated files too.
    const log = new AuditLog({ dir: tempDir(), maxBytes: 200, keep: 5 });
    const noon = at('2026-03-01T12:00:00Z');
    expect(log.appendEffort(taskEffortRecord({ presses: 3, utterances: 0, keystrokes: 0, scanSteps: 9 }, 'done', noon - 4_000, noon))).toBe(true);
    expect(log.appendEffort(taskEffortRecord({ presses: 0, utterances: 2, keystrokes: 0, scanSteps: 0 }, 'done', noon - 2_000, noon + 1_000))).toBe(true);
    expect(log.appendEffort(taskEffortRecord({ presses: 0, utterances: 0, keystrokes: 14, scanSteps: 0 }, 'refused', noon - 8_000, noon + 2_000))).toBe(true);
    log.append({
      time: new Date(noon).toISOString(),
      command: 'click Send',
      source: 'panel',
      intent: {},
      risk: { level: 'harmless', reason: 'A click.' },
      confirmation: 'not_needed',
      outcome: 'done',
      message: 'Clicked.',
    });
    const a = io();
    expect(await stats().run(['--json'], a.io)).toBe(0);
    const { days } = JSON.parse(a.out());
    expect(days).toHaveLength(1);
    expect(days[0]).toMatchObject({ tasks: 3, presses: 3, utterances: 2, keystrokes: 14, scanSteps: 9, medianSeconds: 4 });
    const b = io();
    expect(await stats().run([], b.io)).toBe(0);
    const [head, row] = b.out().trimEnd().split('\n');
    expect(head!.split(/\s{2,}/)).toEqual(['day', 'tasks', 'presses', 'utterances', 'keystrokes', 'scan steps', 'median s']);
    expect(row!.trim().split(/\s+/).slice(1)).toEqual(['3', '3', '2', '14', '9', '4.0']);
  });

  it('is listed in the help and refuses words', async () => {
    const a = io();
    expect(await main(['--help'], a.io)).toBe(0);
    expect(a.out()).toMatch(/^ {2}stats {2,}print the effort per day/m);
    const b = io();
    expect(await stats().run(['today'], b.io)).toBe(2);
    expect(b.err()).toMatch(/^stats takes no words/);
  });
});
