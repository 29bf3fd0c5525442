// The bridge's platform-free headers (native/ax-bridge/include/generations.h, mac_mapping.h, mac_input.h, mac_apps.h, mac_walk.h, mac_capture.h),
// compiled and run on Linux: the macOS half includes them too, and it is never compiled here, so
// what it decides without a Mac is proved by these plain C++ tests (tests/native/cc/*_test.cc).
// So is the macOS half's src/mac/text_selection.mm, compiled as C++ against a stand-in for the few
// AX calls it makes (tests/native/cc/fake-mac): its logic and sentences, not Apple's behaviour.
import { execFile } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, it } from 'vitest';
import { suiteTempDir } from '../support/temp-dir.js';

const run = promisify(execFile);
const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));
const COMMON = here('../../native/ax-bridge/src/common.cc');
const INCLUDE = here('../../native/ax-bridge/include');
const FAKE_MAC = here('cc/fake-mac');
const MAC_TEXT_SELECTION = here('../../native/ax-bridge/src/mac/text_selection.mm');

const FLAGS = ['-std=c++17', '-Wall', '-Wextra', '-Werror'];

// The files compile side by side, one compiler per core, and the bridge's common.cc once for the four
// that link it.
let freeCores = availableParallelism();
const waiting: (() => void)[] = [];
async function compile(args: readonly string[]): Promise<void> {
  while (freeCores === 0) await new Promise<void>((r) => waiting.push(r));
  freeCores--;
  try {
    await run('c++', [...FLAGS, ...args], { timeout: 120_000 });
  } finally {
    freeCores++;
    waiting.shift()?.();
  }
}

describe.concurrent('shared C++ headers of the bridge', () => {
  const tempDir = suiteTempDir('axb-cc-');
  let common: Promise<string> = Promise.resolve('');
  beforeAll(() => {
    const object = join(tempDir(), 'common.o');
    common = compile(['-c', '-o', object, '-I', INCLUDE, COMMON]).then(() => object);
    // A failed compile fails the tests that link it, with the compiler's message.
    common.catch(() => undefined);
  });

  const tests: Record<string, (commonObject: () => Promise<string>) => Promise<readonly string[]>> = {
    generations_test: async (o) => ['-I', INCLUDE, await o()],
    mac_mapping_test: async (o) => ['-I', INCLUDE, await o()],
    mac_input_test: async () => [],
    mac_apps_test: async () => [],
    mac_walk_test: async (o) => ['-I', INCLUDE, await o()],
    mac_capture_test: async (o) => ['-I', INCLUDE, await o()],
    // #import is what Objective-C++ includes with; GCC compiles it in C++ and calls it deprecated.
    mac_text_selection_test: async () => ['-Wno-deprecated', '-I', FAKE_MAC, '-x', 'c++', MAC_TEXT_SELECTION],
  };
  for (const [name, more] of Object.entries(tests)) {
    it(`${name}.cc passes every check`, { timeout: 150_000 }, async ({ expect }) => {
      const binary = join(tempDir(), name);
      await compile(['-o', binary, here(`cc/${name}.cc`), ...(await more(() => common))]);
      const result = await run(binary, [], { timeout: 10_000 }).then(
        (r) => ({ code: 0, stderr: r.stderr }),
        (e: { code?: number; stderr?: string }) => ({ code: e.code ?? -1, stderr: e.stderr ?? '' }),
      );
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
    });
  }
});
