/**
 * `assistive-control stats`: the effort per day (issue #31) — tasks, switch presses, utterances,
 * keystrokes, scan steps and the median seconds per task — read from the audit log only (its task
 * lines, the rotated files too). The same figures a simulator of scanning reports, so the two compare.
 */
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { AuditLog, defaultAuditDir, parseAuditLines } from '../agent/audit-log.js';
import { effortByDay, type DayEffort } from '../agent/effort-stats.js';
import type { CliCommand, CliIo } from './cli-io.js';
import { EXIT } from './exit-codes.js';
import { parseCommandArgs } from './parse-command-args.js';

const USAGE = `Usage: assistive-control stats [--json]

Prints, for each day, what the tasks done from the panel cost: how many tasks, switch presses,
utterances, keys typed, scan steps, and the median seconds from a task's first input to done.
Read from the audit log (counts only: what was typed or said is never counted there).
Exit codes: 0 done, 2 usage error.`;

const HEADS = ['day', 'tasks', 'presses', 'utterances', 'keystrokes', 'scan steps', 'median s'] as const;

/** The table of days, one line each, columns aligned. */
export function statsTable(days: readonly DayEffort[]): string {
  const rows = days.map((d) => [d.day, d.tasks, d.presses, d.utterances, d.keystrokes, d.scanSteps, d.medianSeconds.toFixed(1)].map(String));
  const widths = HEADS.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]): string => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(HEADS), ...rows.map(line)].join('\n');
}

function readLines(dir: string): unknown[] {
  const files = new AuditLog({ dir }).files();
  const lines: unknown[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue; // not rotated that far yet
    }
    lines.push(...parseAuditLines(text).records);
  }
  return lines;
}

export function createStatsCommand(auditDir: (io: CliIo) => string = (io) => defaultAuditDir(process.platform, io.env ?? process.env, homedir())): CliCommand {
  return {
    name: 'stats',
    usage: USAGE,
    async run(args, io) {
      const parsed = parseCommandArgs(args, io, USAGE, {});
      if ('exit' in parsed) return parsed.exit;
      if (parsed.positionals.length > 0) {
        io.stderr.write(`stats takes no words, only --json.\n\n${USAGE}\n`);
        return EXIT.usage;
      }
      const dir = auditDir(io);
      const days = effortByDay(readLines(dir));
      if (parsed.values.json) io.stdout.write(`${JSON.stringify({ days })}\n`);
      else if (days.length === 0) io.stdout.write(`No tasks counted yet in the audit log (${dir}). Tasks done from the panel are counted.\n`);
      else io.stdout.write(`${statsTable(days)}\n`);
      return EXIT.ok;
    },
  };
}

export const statsCommand = createStatsCommand();
