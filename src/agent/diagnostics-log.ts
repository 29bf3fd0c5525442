/**
 * The diagnostics log: what a maintainer needs from a bug report, and nothing of the user's.
 *
 * `diagnostics.jsonl` in the state folder (beside the audit log), rotated by size (1 MiB, 2 kept).
 * Each record is built here from fixed fields: what kind of run it was, how it ended, how long it
 * took, the error codes on the way, the kinds of action and their risk levels. No field ever holds
 * free text: not the command, not a message (messages name what is on the screen), not a planner's
 * answer, not a key. Codes pass through `identifier`, so even an odd code cannot carry text out, and
 * each line passes through the same secret redaction as the audit log besides.
 */
import { readFile } from 'node:fs/promises';
import type { AssistantEvent } from '../shared/contracts/events.js';
import { JsonlFile, parseJsonLines, redactSecrets } from './jsonl-file.js';

export const DIAGNOSTICS_NAME = 'diagnostics';
const MAX_BYTES = 1024 * 1024;
const KEEP = 2;

/** One run of a command: its timings, the kinds of what it did, its errors, how it ended. */
export interface RunRecord {
  readonly time: string;
  readonly kind: 'run';
  readonly outcome: string;
  /** From the first event of the run to its intent (planning), and to its end. */
  readonly planMs?: number;
  readonly totalMs: number;
  readonly source?: string;
  /** The intent's kinds ("click_element", "type_text"), never their targets or text. */
  readonly actions: readonly string[];
  readonly risk?: string;
  readonly lowConfidence?: boolean;
  readonly errors: readonly string[];
  readonly confirmations: number;
}

/** Something that is not a run: a speech or settings problem, the process starting. */
export interface EventRecord {
  readonly time: string;
  readonly kind: 'event';
  readonly area: string;
  readonly code: string;
  readonly ms?: number;
}

export type DiagnosticRecord = RunRecord | EventRecord;

/** A code as the log keeps it: lower-case letters, digits and _ . : -, at most 60; anything else is "other". */
export function identifier(value: unknown): string {
  return typeof value === 'string' && /^[a-z0-9_.:-]{1,60}$/i.test(value) ? value : 'other';
}

/** The action kinds of an intent (a single action, or the steps of a sequence). */
function actionKinds(intent: Readonly<Record<string, unknown>>): string[] {
  const steps = Array.isArray(intent.steps) ? (intent.steps as unknown[]) : [intent];
  return steps.slice(0, 20).map((s) => identifier(s && typeof s === 'object' ? (s as Record<string, unknown>).intent : undefined));
}

export interface DiagnosticsLogOptions {
  /** The state folder (the audit log's). */
  readonly dir: string;
  /** Strings never to write (API keys). */
  readonly secrets?: () => readonly string[];
  readonly now?: () => number;
}

interface Run {
  readonly started: number;
  planMs?: number;
  source?: string;
  actions: string[];
  risk?: string;
  lowConfidence?: boolean;
  errors: string[];
  confirmations: number;
}

export class DiagnosticsLog {
  private readonly file: JsonlFile;
  private readonly now: () => number;
  private run: Run | undefined;

  constructor(private readonly options: DiagnosticsLogOptions) {
    this.file = new JsonlFile({ dir: options.dir, name: DIAGNOSTICS_NAME, maxBytes: MAX_BYTES, keep: KEEP });
    this.now = options.now ?? Date.now;
  }

  get path(): string {
    return this.file.path;
  }

  /** Follows the assistant's events; a run's record is written at its `done`. Never throws. */
  observe(event: AssistantEvent): void {
    const run = (this.run ??= { started: this.now(), actions: [], errors: [], confirmations: 0 });
    switch (event.type) {
      case 'intent':
        run.planMs ??= this.now() - run.started;
        run.source = identifier(event.source);
        run.actions.push(...actionKinds(event.intent));
        run.risk = identifier(event.risk.level);
        run.lowConfidence = event.lowConfidence;
        return;
      case 'error':
        if (run.errors.length < 10) run.errors.push(identifier(event.code));
        return;
      case 'confirmation_request':
        run.confirmations++;
        return;
      case 'done':
        this.run = undefined;
        this.write({
          time: new Date(this.now()).toISOString(),
          kind: 'run',
          outcome: identifier(event.outcome),
          ...(run.planMs !== undefined ? { planMs: run.planMs } : {}),
          totalMs: this.now() - run.started,
          ...(run.source ? { source: run.source } : {}),
          actions: run.actions,
          ...(run.risk ? { risk: run.risk } : {}),
          ...(run.lowConfidence !== undefined ? { lowConfidence: run.lowConfidence } : {}),
          errors: run.errors,
          confirmations: run.confirmations,
        });
        return;
      default:
        return;
    }
  }

  /** A problem or a measure outside a run: `area` and `code` are identifiers, never sentences. */
  note(area: string, code: string, ms?: number): void {
    this.write({
      time: new Date(this.now()).toISOString(),
      kind: 'event',
      area: identifier(area),
      code: identifier(code),
      ...(ms !== undefined ? { ms } : {}),
    });
  }

  private write(record: DiagnosticRecord): void {
    this.file.append(redactSecrets(JSON.stringify(record), this.options.secrets?.() ?? []));
  }
}

/** The last `count` records of the diagnostics log in `dir`, oldest first (the rotated file too). */
export async function readDiagnostics(dir: string, count: number): Promise<DiagnosticRecord[]> {
  const file = new JsonlFile({ dir, name: DIAGNOSTICS_NAME, maxBytes: MAX_BYTES, keep: KEEP });
  const texts: string[] = [];
  for (let i = KEEP; i >= 0; i--) texts.push(await readFile(file.rotated(i), 'utf8').catch(() => ''));
  return parseJsonLines<DiagnosticRecord>(texts.join('\n')).records.slice(-count);
}
