import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AUDIT_FILE, AuditLog, defaultAuditDir, parseAuditLines, type AuditRecord } from '../../src/agent/audit-log.js';

const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'ac-audit-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  dirs.length = 0;
});

function record(i: number, extra: Partial<AuditRecord> = {}): AuditRecord {
  return {
    time: new Date(Date.UTC(2026, 10, 21, 12, 0, i)).toISOString(),
    command: `click Send ${i}`,
    source: 'grammar',
    intent: { intent: 'click_element', element: { label: 'Send' } },
    risk: { level: 'destructive', reason: 'Clicking “Send” may send something that cannot be taken back.' },
    confirmation: 'confirmed',
    outcome: 'done',
    message: 'Clicked “Send”.',
    ...extra,
  };
}

describe('audit log', () => {
  it('appends one JSON line per record, readable back in order', () => {
    const dir = join(tempDir(), 'nested', 'folder');
    const log = new AuditLog({ dir });
    for (let i = 0; i < 5; i++) expect(log.append(record(i))).toBe(true);
    const { records, unreadable } = parseAuditLines(readFileSync(join(dir, AUDIT_FILE), 'utf8'));
    expect(unreadable).toBe(0);
    expect(records.map((r) => r.command)).toEqual([0, 1, 2, 3, 4].map((i) => `click Send ${i}`));
    expect(records[0]).toEqual(record(0));
    expect(statSync(join(dir, AUDIT_FILE)).mode & 0o777).toBe(0o600);
  });

  it('never writes text typed into a secure field, nor the command that carried it', () => {
    const dir = tempDir();
    const log = new AuditLog({ dir });
    log.append(record(1, { command: 'type hunter2', intent: { intent: 'type_text', text: 'hunter2' }, secureContext: true, outcome: 'refused' }));
    log.append(record(2, { intent: { intent: 'sequence', steps: [{ intent: 'type_text', text: 'hunter2' }] }, secureContext: true }));
    const text = readFileSync(join(dir, AUDIT_FILE), 'utf8');
    expect(text).not.toContain('hunter2');
    expect(parseAuditLines(text).records[0]!.intent).toEqual({ intent: 'type_text', text: '[secure]' });
  });

  it('never writes a key, wherever it appears', () => {
    const dir = tempDir();
    const key = 'sk-test-THIS-IS-A-SECRET-KEY-123';
    const log = new AuditLog({ dir, secrets: () => [key] });
    log.append(record(1, { command: `type ${key}`, message: `The server said: invalid key ${key}` }));
    const text = readFileSync(join(dir, AUDIT_FILE), 'utf8');
    expect(text).not.toContain(key);
    expect(text).toContain('[redacted]');
    expect(parseAuditLines(text).unreadable).toBe(0);
  });

  it('rotates by size, keeping the newest files', () => {
    const dir = tempDir();
    const log = new AuditLog({ dir, maxBytes: 2000, keep: 2 });
    for (let i = 0; i < 40; i++) log.append(record(i));
    expect(statSync(join(dir, AUDIT_FILE)).size).toBeLessThanOrEqual(2000);
    expect(existsSync(join(dir, 'audit.1.jsonl'))).toBe(true);
    expect(existsSync(join(dir, 'audit.2.jsonl'))).toBe(true);
    expect(existsSync(join(dir, 'audit.3.jsonl'))).toBe(false);
    const newest = parseAuditLines(readFileSync(join(dir, AUDIT_FILE), 'utf8')).records;
    expect(newest.at(-1)!.command).toBe('click Send 39');
  });

  it('cuts a huge record instead of writing a line nobody can read', () => {
    const dir = tempDir();
    const log = new AuditLog({ dir });
    log.append(record(1, { intent: { intent: 'type_text', text: 'x'.repeat(200_000) } }));
    const { records } = parseAuditLines(readFileSync(join(dir, AUDIT_FILE), 'utf8'));
    expect(records[0]!.intent).toEqual({ note: 'intent too large to log' });
  });

  it('finishes a line a crash left unfinished, keeping every earlier line', () => {
    const dir = tempDir();
    const file = join(dir, AUDIT_FILE);
    writeFileSync(file, `${JSON.stringify(record(1))}\n${JSON.stringify(record(2))}\n`);
    appendFileSync(file, JSON.stringify(record(3)).slice(0, 50));
    new AuditLog({ dir }).append(record(4));
    const { records, unreadable } = parseAuditLines(readFileSync(file, 'utf8'));
    expect(records.map((r) => r.command)).toEqual(['click Send 1', 'click Send 2', 'click Send 4']);
    expect(unreadable).toBe(1);
  });

  it('keeps every earlier line intact when the writing process is killed with SIGKILL', async () => {
    const dir = tempDir();
    const writer = resolve(import.meta.dirname, 'audit-writer.ts');
    const child = spawn(process.execPath, ['--import', 'tsx', writer, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((ok) => child.stdout!.once('data', () => ok()));
    await new Promise((r) => setTimeout(r, 300));
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));

    const before = parseAuditLines(readFileSync(join(dir, AUDIT_FILE), 'utf8'));
    expect(before.records.length).toBeGreaterThan(10);
    expect(before.unreadable).toBeLessThanOrEqual(1);
    before.records.forEach((r, i) => expect(r.message).toBe(`record ${i}`));

    expect(new AuditLog({ dir, maxBytes: 1024 ** 3 }).append(record(99))).toBe(true);
    const after = parseAuditLines(readFileSync(join(dir, AUDIT_FILE), 'utf8'));
    expect(after.records.slice(0, before.records.length)).toEqual(before.records);
    expect(after.records.at(-1)!.command).toBe('click Send 99');
  });

  it('reports a write it cannot make instead of throwing', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'not-a-folder'), '');
    expect(new AuditLog({ dir: join(dir, 'not-a-folder') }).append(record(1))).toBe(false);
  });

  it('lives in the OS data folder', () => {
    expect(defaultAuditDir('darwin', {}, '/Users/ann')).toBe('/Users/ann/Library/Logs/Assistive Control');
    expect(defaultAuditDir('linux', {}, '/home/ann')).toBe('/home/ann/.local/state/assistive-control');
    expect(defaultAuditDir('linux', { XDG_STATE_HOME: '/s' }, '/home/ann')).toBe('/s/assistive-control');
  });
});
