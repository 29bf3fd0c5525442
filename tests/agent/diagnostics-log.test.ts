/**
 * The diagnostics log's file: rotated by size, a line a crash left unfinished closed, codes kept to
 * identifiers. What it records from a run, and what it never records, is in tests/cli/doctor-report.test.ts.
 */
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DiagnosticsLog, identifier, readDiagnostics } from '../../src/agent/diagnostics-log.js';
import { JsonlFile, parseJsonLines } from '../../src/agent/jsonl-file.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ac-diagnostics-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the rotating JSON Lines file', () => {
  it('rotates past its size, keeps the number asked, drops the oldest', () => {
    const file = new JsonlFile({ dir, name: 'diagnostics', maxBytes: 100, keep: 2 });
    for (let i = 0; i < 12; i++) expect(file.append(JSON.stringify({ i, pad: 'x'.repeat(30) }))).toBe(true);
    const read = (i: number) => parseJsonLines<{ i: number }>(readFileSync(file.rotated(i), 'utf8')).records.map((r) => r.i);
    expect(read(0)).toEqual([10, 11]);
    expect(read(1)).toEqual([8, 9]);
    expect(read(2)).toEqual([6, 7]);
    expect(existsSync(file.rotated(3))).toBe(false);
  });

  it('closes a line a crash left unfinished, so the next record starts on its own line', () => {
    const file = new JsonlFile({ dir, name: 'diagnostics', maxBytes: 10_000, keep: 2 });
    appendFileSync(file.path, '{"kind":"event","area":"core"');
    file.append('{"kind":"event","area":"core","code":"started"}');
    expect(parseJsonLines(readFileSync(file.path, 'utf8'))).toEqual({ records: [{ kind: 'event', area: 'core', code: 'started' }], unreadable: 1 });
  });

  it('never throws when the folder cannot be written', () => {
    const blocked = join(dir, 'a-file');
    appendFileSync(blocked, 'x');
    expect(new JsonlFile({ dir: join(blocked, 'sub'), name: 'diagnostics', maxBytes: 100, keep: 1 }).append('{}')).toBe(false);
  });
});

describe('the diagnostics log', () => {
  it('keeps codes as identifiers: a sentence or screen text in a code becomes "other"', async () => {
    expect(identifier('no_match')).toBe('no_match');
    expect(identifier('Click “Invoice 4711”.')).toBe('other');
    expect(identifier(42)).toBe('other');
    const log = new DiagnosticsLog({ dir, now: () => 0 });
    log.note('speech', 'tts_unavailable');
    log.note('settings', 'Your settings file /home/ann/x was odd');
    expect(await readDiagnostics(dir, 10)).toEqual([
      { time: '1970-01-01T00:00:00.000Z', kind: 'event', area: 'speech', code: 'tts_unavailable' },
      { time: '1970-01-01T00:00:00.000Z', kind: 'event', area: 'settings', code: 'other' },
    ]);
  });
});
