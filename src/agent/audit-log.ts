/**
 * The audit log: an append-only JSON Lines file of every action the assistant performed or refused.
 *
 * Rotated by size (audit.jsonl → audit.1.jsonl → … →
 * audit.<keep>.jsonl), through `jsonl-file.ts`: a crash can at worst leave the last line unfinished.
 *
 * What is never written: text typed into a secure context (it is replaced by `[secure]`) and any
 * string the caller lists as secret (API keys), wherever it appears.
 */
import { join } from 'node:path';
import type { Outcome, RiskSummary } from '../shared/contracts/events.js';
import { JsonlFile, parseJsonLines, redactSecrets } from './jsonl-file.js';
import type { TaskEffortRecord } from './effort-stats.js';

export type Confirmation = 'not_needed' | 'confirmed' | 'declined' | 'confirmed_by_flag' | 'refused';

export interface AuditRecord {
  /** ISO 8601 time the action ended. */
  readonly time: string;
  /** What the user said or typed. */
  readonly command: string;
  readonly source: string;
  /** The validated intent, as JSON. */
  readonly intent: Readonly<Record<string, unknown>>;
  readonly risk: RiskSummary;
  readonly confirmation: Confirmation;
  readonly outcome: Outcome;
  /** The result in one sentence. */
  readonly message: string;
  /** The text was typed into a secure (password) field: it is not logged. */
  readonly secureContext?: boolean;
  /** A picture of the screen was sent to a model: its size and where it went (never its pixels). */
  readonly picture?: { readonly width: number; readonly height: number; readonly bytes: number; readonly sentTo: string; readonly masked: number };
}

export interface AuditLogOptions {
  /** The folder of the log (the OS data folder; injectable for tests). */
  readonly dir: string;
  /** Rotate when the file would grow past this many bytes. Default 5 MiB. */
  readonly maxBytes?: number;
  /** Rotated files kept. Default 3. */
  readonly keep?: number;
  /** Strings never to write (API keys), replaced by `[redacted]` wherever they appear. */
  readonly secrets?: () => readonly string[];
}

export const AUDIT_FILE = 'audit.jsonl';
const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
const DEFAULT_KEEP = 3;
/** A single record larger than this is cut (its intent replaced by a note): an audit line stays readable. */
const RECORD_MAX_BYTES = 64 * 1024;

/** The OS data folder for the audit log. */
export function defaultAuditDir(platform: NodeJS.Platform, env: NodeJS.ProcessEnv, home: string): string {
  if (platform === 'darwin') return join(home, 'Library', 'Logs', 'Assistive Control');
  if (platform === 'win32') return join(env.LOCALAPPDATA ?? join(home, 'AppData', 'Local'), 'Assistive Control', 'Logs');
  return join(env.XDG_STATE_HOME || join(home, '.local', 'state'), 'assistive-control');
}

function redactSecure(record: AuditRecord): AuditRecord {
  if (!record.secureContext) return record;
  const intent = { ...record.intent };
  if ('text' in intent) intent.text = '[secure]';
  if (Array.isArray(intent.steps)) {
    intent.steps = intent.steps.map((s: unknown) => (s && typeof s === 'object' && 'text' in s ? { ...(s as Record<string, unknown>), text: '[secure]' } : s));
  }
  return { ...record, intent, command: '[secure]' };
}

export class AuditLog {
  private readonly jsonl: JsonlFile;

  constructor(private readonly options: AuditLogOptions) {
    this.jsonl = new JsonlFile({ dir: options.dir, name: 'audit', maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES, keep: options.keep ?? DEFAULT_KEEP });
  }

  get file(): string {
    return this.jsonl.path;
  }

  /**
   * Appends one record. Returns false (and never throws) when the log cannot be written: an audit
   * failure must not stop the assistant, and the caller reports it once.
   */
  append(record: AuditRecord): boolean {
    let line: string;
    try {
      line = redactSecrets(JSON.stringify(redactSecure(record)), this.options.secrets?.() ?? []);
      if (Buffer.byteLength(line) > RECORD_MAX_BYTES) {
        line = JSON.stringify({ ...redactSecure(record), intent: { note: 'intent too large to log' }, command: record.command.slice(0, 200) });
        line = redactSecrets(line, this.options.secrets?.() ?? []);
      }
    } catch {
      return false;
    }
    return this.jsonl.append(line);
  }

  /** Appends one task's effort (counts and seconds only: nothing to redact). False when it cannot be written. */
  appendEffort(record: TaskEffortRecord): boolean {
    return this.jsonl.append(JSON.stringify(record));
  }

  /** The current file, then the rotated ones (oldest last), for readers of the whole log. */
  files(): string[] {
    return Array.from({ length: (this.options.keep ?? DEFAULT_KEEP) + 1 }, (_, i) => this.jsonl.rotated(i));
  }
}

/** Reads the records of an audit file, skipping a line a crash left unfinished. */
export function parseAuditLines(text: string): { records: AuditRecord[]; unreadable: number } {
  return parseJsonLines<AuditRecord>(text);
}
