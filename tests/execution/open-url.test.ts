// open_url's own rules (src/execution/open-url.ts), with a stand-in opener on PATH: only http and
// https reach it, the address is one argument (no shell), and each way it ends (opened, no default
// browser, an error said, missing, still starting at the deadline, stopped) is its own sentence.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openInBrowser } from '../../src/execution/open-url.js';

const dir = mkdtempSync(join(tmpdir(), 'open-url-'));
const bin = join(dir, 'bin');
const argsFile = join(dir, 'args');
mkdirSync(bin);
// The stand-in xdg-open: writes its arguments, one a line, then does what OPENER_DOES says.
writeFileSync(
  join(bin, 'xdg-open'),
  `#!/bin/sh\nprintf '%s\\n' "$@" > "${argsFile}"\ncase "$OPENER_DOES" in\n  fail3) exit 3;;\n  fail4) echo "" >&2; echo "gio: no handler" >&2; exit 4;;\n  hang) sleep 5;;\nesac\nexit 0\n`,
);
chmodSync(join(bin, 'xdg-open'), 0o755);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const env = (does = 'ok', path = `${bin}:/usr/bin:/bin`) => ({ PATH: path, OPENER_DOES: does });

describe('openInBrowser', () => {
  // [case, address, what the opener does, the result's kind and code, words of its sentence]
  const cases: [string, string, string, string, string][] = [
    ['opened', 'https://example.org/a?b=1', 'ok', 'success', 'Opened'],
    ['no default browser (xdg-open 3)', 'https://example.org/', 'fail3', 'failed', 'No default web browser is set up'],
    ['the opener says why', 'https://example.org/', 'fail4', 'failed', '(xdg-open said: “gio: no handler”)'],
    ['still starting at the deadline', 'https://example.org/', 'hang', 'success', 'still starting'],
    ['a javascript: address never reaches the opener', 'javascript:alert(1)', 'ok', 'refused', ''],
    ['a file: address never reaches the opener', 'file:///etc/passwd', 'ok', 'refused', ''],
  ];
  it.each(cases)('%s', async (_, url, does, outcome, words) => {
    rmSync(argsFile, { force: true });
    const r = await openInBrowser(url, { platform: 'linux', env: env(does), deadlineMs: 300 });
    expect(r.kind === 'success' ? 'success' : r.kind === 'failure' && r.code).toBe(outcome);
    expect(r.kind === 'success' ? r.message : r.kind === 'failure' ? r.reason : '').toContain(words);
    if (outcome === 'refused') expect(() => readFileSync(argsFile)).toThrow();
  });

  it('hands the address over as one argument, untouched by a shell', async () => {
    const url = "https://example.org/?q=a;b&c=$(id)'x'";
    expect((await openInBrowser(url, { platform: 'linux', env: env() })).kind).toBe('success');
    expect(readFileSync(argsFile, 'utf8').trimEnd().split('\n')).toHaveLength(1);
  });

  it.each<[string, NodeJS.Platform | undefined, string, string]>([
    ['no opener on this system', 'win32', 'unsupported', 'not supported on this system'],
    ['xdg-open missing', 'linux', 'unsupported', 'xdg-open is not installed'],
  ])('%s', async (_, platform, code, words) => {
    const r = await openInBrowser('https://example.org/', { platform: platform!, env: env('ok', join(dir, 'empty')) });
    expect(r).toMatchObject({ kind: 'failure', code, reason: expect.stringContaining(words) });
  });

  it('opens nothing once stopped', async () => {
    rmSync(argsFile, { force: true });
    const r = await openInBrowser('https://example.org/', { platform: 'linux', env: env(), signal: AbortSignal.abort() });
    expect(r).toMatchObject({ kind: 'failure', code: 'interrupted' });
    expect(() => readFileSync(argsFile)).toThrow();
  });
});
