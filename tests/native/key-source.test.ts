// The key watch's rule (native/ax-bridge/include/key_source.h: whose key press it is, the user's or
// the assistant's own), compiled and run as a plain C++ test (tests/native/cc/key_source_test.cc).
// The watch itself, on the X server: tests/execution/user-keys.desktop.test.ts.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe('the key watch’s rule', () => {
  it('key_source_test.cc passes every check', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'axb-key-source-'));
    try {
      const binary = join(dir, 'key_source_test');
      const source = fileURLToPath(new URL('cc/key_source_test.cc', import.meta.url));
      await run('c++', ['-std=c++17', '-Wall', '-Wextra', '-Werror', '-o', binary, source], { timeout: 120_000 });
      const result = await run(binary, [], { timeout: 10_000 }).then(
        () => ({ failures: 0, stderr: '' }),
        (e: { code?: number; stderr?: string }) => ({ failures: e.code ?? -1, stderr: e.stderr ?? '' }),
      );
      expect(result).toEqual({ failures: 0, stderr: '' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 130_000);
});
