/**
 * The audit log: an append-only JSON Lines file of every action the assistant performed or refused.
 *
 * Each record is one `write` of one complete line to a file opened for appending, so a crash or a
 * kill -9 in the middle can at worst leave the last line unfinished; every earlier line stays intact.
 * When the log is opened after such a crash, the unfinished line is closed with a newline so the next
 * record starts clean (readers skip the one unreadable line; nothing is deleted). The file is rotated
 * by size: audit.jsonl → audit.1.jsonl → … → audit.<keep>.jsonl, the oldest dropped.
 *
 * What is never written: text typed into a secure context (it is replaced by `[secure]`) and any
 * string the caller lists as secret (API keys), wherever it appears.
 */
import { closeSync, existsSync, fstatSync, mkdirSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Outcome, RiskSummary } from '../shared/contracts/events.js';

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

function redactSecrets(line: string, secrets: readonly string[]): string {
  let out = line;
  for (const s of secrets) {
    // Short strings would redact ordinary words; a key is long.
    if (s.length < 8) continue;
    const encoded = JSON.stringify(s).slice(1, -1);
    out = out.split(encoded).join('[redacted]');
  }
  return out;
}

export class AuditLog {
  private readonly path: string;
  private readonly maxBytes: number;
  private readonly keep: number;
  private size = -1;

  constructor(private readonly options: AuditLogOptions) {
    this.path = join(options.dir, AUDIT_FILE);
    this.maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    this.keep = options.keep ?? DEFAULT_KEEP;
  }

  get file(): string {
    return this.path;
  }

  /**
   * Appends one record. Returns false (and never throws) when the log cannot be written: an audit
   * failure must not stop the assistant, and the caller reports it once.
   */
  append(record: AuditRecord): boolean {
    try {
      let line = redactSecrets(JSON.stringify(redactSecure(record)), this.options.secrets?.() ?? []);
      if (Buffer.byteLength(line) > RECORD_MAX_BYTES) {
        line = JSON.stringify({ ...redactSecure(record), intent: { note: 'intent too large to log' }, command: record.command.slice(0, 200) });
        line = redactSecrets(line, this.options.secrets?.() ?? []);
      }
      const bytes = Buffer.from(`${line}\n`);
      this.prepare(bytes.length);
      const fd = openSync(this.path, 'a', 0o600);
      try {
        // One write of the whole line: with O_APPEND the kernel places it at the end in one piece.
        writeSync(fd, bytes);
      } finally {
        closeSync(fd);
      }
      this.size += bytes.length;
      return true;
    } catch {
      this.size = -1;
      return false;
    }
  }

  /** Creates the folder, finishes a line left unfinished by a crash, and rotates when needed. */
  private prepare(incoming: number): void {
    if (this.size < 0) {
      mkdirSync(this.options.dir, { recursive: true, mode: 0o700 });
      this.size = existsSync(this.path) ? this.closeUnfinishedLine() : 0;
    }
    if (this.size > 0 && this.size + incoming > this.maxBytes) this.rotate();
  }

  private closeUnfinishedLine(): number {
    const fd = openSync(this.path, 'a+');
    try {
      const size = fstatSync(fd).size;
      if (size === 0) return 0;
      const last = Buffer.alloc(1);
      readSync(fd, last, 0, 1, size - 1);
      if (last[0] === 0x0a) return size;
      writeSync(fd, '\n');
      return size + 1;
    } finally {
      closeSync(fd);
    }
  }

  private rotate(): void {
    const name = (i: number) => join(this.options.dir, i === 0 ? AUDIT_FILE : `audit.${i}.jsonl`);
    rmSync(name(this.keep), { force: true });
    for (let i = this.keep - 1; i >= 0; i--) if (existsSync(name(i))) renameSync(name(i), name(i + 1));
    this.size = 0;
  }
}

/** Reads the records of an audit file, skipping a line a crash left unfinished. */
export function parseAuditLines(text: string): { records: AuditRecord[]; unreadable: number } {
  const records: AuditRecord[] = [];
  let unreadable = 0;
  for (const line of text.split('\n')) {
    if (line.length === 0) continue;
    try {
      records.push(JSON.parse(line) as AuditRecord);
    } catch {
      unreadable++;
    }
  }
  return { records, unreadable };
}
