// scripts/check-macos-build.sh without an SDK: the check is for whoever has the headers, so it says
// what is missing in a sentence and exits 0 (never a failure of the suite). With an SDK it compiles
// and links the macOS half; docs/macos-review.md records those runs.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const SCRIPT = fileURLToPath(new URL('../../scripts/check-macos-build.sh', import.meta.url));

async function check(env: Record<string, string>): Promise<{ code: number; out: string }> {
  const environment: Record<string, string | undefined> = { ...process.env, ...env };
  if (!('MACOS_SDK' in env)) delete environment['MACOS_SDK'];
  return run('bash', [SCRIPT], { env: environment, timeout: 60_000 }).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (e: { code?: number; stdout?: string; stderr?: string }) => ({ code: e.code ?? -1, out: `${e.stdout ?? ''}${e.stderr ?? ''}` }),
  );
}

describe('scripts/check-macos-build.sh', () => {
  it('with no SDK named says so and exits 0', async () => {
    const result = await check({});
    expect(result.code).toBe(0);
    expect(result.out).toContain('no macOS SDK given (set MACOS_SDK to a folder of SDK headers); nothing checked.');
  });

  it('with a folder that is not an SDK says so and exits 0, having compiled nothing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'not-an-sdk-'));
    try {
      const result = await check({ MACOS_SDK: dir });
      expect(result.code).toBe(0);
      expect(result.out).toMatch(/(has no Frameworks\/ApplicationServices\.framework: not a macOS SDK|clang, ld64\.lld and llvm-nm are needed)/);
      expect(result.out).not.toContain('files compiled');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
