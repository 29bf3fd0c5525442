// The append-only JSON Lines file (src/agent/jsonl-file.ts): the one rule that keeps secrets out of
// what is written, the reader that skips a line a crash left unfinished, files only the user can
// read, and a rotation that keeps no old file when asked to keep none.
import { mkdtempSync, readFileSync, rmSync, statSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JsonlFile, parseJsonLines, redactSecrets } from '../../src/agent/jsonl-file.js';

const KEY = 'sk-test-0123456789abcdef';

describe('redactSecrets', () => {
  it.each([
    [`key ${KEY} here`, [KEY], 'key [redacted] here'],
    [`${KEY}${KEY}`, [KEY], '[redacted][redacted]'],
    ['{"k":"a\\"quoted\\"key!"}', ['a"quoted"key!'], '{"k":"[redacted]"}'],
    ['a short pw in text', ['pw'], 'a short pw in text'],
    ['nothing to hide', [KEY], 'nothing to hide'],
    [`two ${KEY} and sk-other-9876543210`, [KEY, 'sk-other-9876543210'], 'two [redacted] and [redacted]'],
    ['', [KEY], ''],
  ])('redacts in %j the secrets %j', (text, secrets, written) => {
    expect(redactSecrets(text, secrets)).toBe(written);
  });
});

describe('parseJsonLines', () => {
  it.each([
    ['{"a":1}\n{"a":2}\n', [{ a: 1 }, { a: 2 }], 0],
    ['{"a":1}\n{"a":\n{"a":3}\n', [{ a: 1 }, { a: 3 }], 1],
    ['\n\n', [], 0],
    ['{"a":1}', [{ a: 1 }], 0],
    ['not json\n', [], 1],
  ])('reads %j', (text, records, unreadable) => {
    expect(parseJsonLines(text)).toEqual({ records, unreadable });
  });
});

describe('JsonlFile', () => {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'jsonl-file-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const noFileModes = process.platform === 'win32';
  if (noFileModes) console.log('[jsonl-file] skipped the file-mode case: Windows has no POSIX file modes to read back.');
  it.skipIf(noFileModes)('makes its folder and file readable by the user alone', () => {
    const file = new JsonlFile({ dir: join(dir, 'logs'), name: 'audit', maxBytes: 1000, keep: 1 });
    expect(file.append('{"a":1}')).toBe(true);
    expect(statSync(join(dir, 'logs')).mode & 0o777).toBe(0o700);
    expect(statSync(file.path).mode & 0o777).toBe(0o600);
    expect(file.path).toBe(join(dir, 'logs', 'audit.jsonl'));
  });

  it('starts the file again and keeps no old one when asked to keep none', () => {
    const file = new JsonlFile({ dir, name: 'audit', maxBytes: 20, keep: 0 });
    for (const i of [1, 2, 3]) expect(file.append(JSON.stringify({ i, pad: 'xxxxxx' }))).toBe(true);
    expect(parseJsonLines(readFileSync(file.path, 'utf8')).records).toEqual([{ i: 3, pad: 'xxxxxx' }]);
    expect(existsSync(file.rotated(1))).toBe(false);
  });

  it('writes a line longer than the limit whole, into a file of its own', () => {
    const file = new JsonlFile({ dir, name: 'audit', maxBytes: 10, keep: 1 });
    const long = JSON.stringify({ text: 'y'.repeat(50) });
    expect(file.append('{"a":1}')).toBe(true);
    expect(file.append(long)).toBe(true);
    expect(readFileSync(file.path, 'utf8')).toBe(`${long}\n`);
    expect(readFileSync(file.rotated(1), 'utf8')).toBe('{"a":1}\n');
  });
});
