/**
 * An append-only JSON Lines file, rotated by size, shared by the audit log and the diagnostics log,
 * and the one rule that keeps secrets out of what they write.
 *
 * Each record is one `write` of one complete line to a file opened for appending, so a crash or a
 * kill -9 in the middle can at worst leave the last line unfinished; every earlier line stays intact.
 * When the file is opened after such a crash, the unfinished line is closed with a newline so the next
 * record starts clean (readers skip the one unreadable line; nothing is deleted). Rotation:
 * name.jsonl → name.1.jsonl → … → name.<keep>.jsonl, the oldest dropped.
 */
import { closeSync, existsSync, fstatSync, mkdirSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** Strings never to write (API keys), replaced by `[redacted]` wherever they appear, as JSON writes them too. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) {
    // Short strings would redact ordinary words; a key is long.
    if (s.length < 8) continue;
    const encoded = JSON.stringify(s).slice(1, -1);
    out = out.split(s).join('[redacted]').split(encoded).join('[redacted]');
  }
  return out;
}

export interface JsonlFileOptions {
  readonly dir: string;
  /** The file's name without ".jsonl" ("audit", "diagnostics"). */
  readonly name: string;
  /** Rotate when the file would grow past this many bytes. */
  readonly maxBytes: number;
  /** Rotated files kept. */
  readonly keep: number;
}

export class JsonlFile {
  readonly path: string;
  private size = -1;

  constructor(private readonly options: JsonlFileOptions) {
    this.path = join(options.dir, `${options.name}.jsonl`);
  }

  /** The path of rotated file `i` (0: the current one). */
  rotated(i: number): string {
    return i === 0 ? this.path : join(this.options.dir, `${this.options.name}.${i}.jsonl`);
  }

  /** Appends one line (no newline in it). Returns false, and never throws, when it cannot be written. */
  append(line: string): boolean {
    try {
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
    if (this.size > 0 && this.size + incoming > this.options.maxBytes) this.rotate();
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
    rmSync(this.rotated(this.options.keep), { force: true });
    for (let i = this.options.keep - 1; i >= 0; i--) if (existsSync(this.rotated(i))) renameSync(this.rotated(i), this.rotated(i + 1));
    this.size = 0;
  }
}

/** Reads the records of a JSON Lines text, skipping a line a crash left unfinished. */
export function parseJsonLines<T>(text: string): { records: T[]; unreadable: number } {
  const records: T[] = [];
  let unreadable = 0;
  for (const line of text.split('\n')) {
    if (line.length === 0) continue;
    try {
      records.push(JSON.parse(line) as T);
    } catch {
      unreadable++;
    }
  }
  return { records, unreadable };
}
