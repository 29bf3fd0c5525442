// The bridge's platform-free headers (native/ax-bridge/include/generations.h, mac_mapping.h, mac_input.h, mac_apps.h, mac_walk.h, mac_capture.h),
// compiled and run on Linux: the macOS half includes them too, and it is never compiled here, so
// what it decides without a Mac is proved by these plain C++ tests (tests/native/cc/*_test.cc).
// So is the macOS half's src/mac/text_selection.mm, compiled as C++ against a stand-in for the few
// AX calls it makes (tests/native/cc/fake-mac): its logic and sentences, not Apple's behaviour.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { suiteTempDir } from '../support/temp-dir.js';

const run = promisify(execFile);
const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));
const COMMON = here('../../native/ax-bridge/src/common.cc');
const INCLUDE = here('../../native/ax-bridge/include');
const FAKE_MAC = here('cc/fake-mac');
const MAC_TEXT_SELECTION = here('../../native/ax-bridge/src/mac/text_selection.mm');

describe('shared C++ headers of the bridge', () => {
  const tempDir = suiteTempDir('axb-cc-');

  const tests: Record<string, readonly string[]> = {
    generations_test: ['-I', INCLUDE, COMMON],
    mac_mapping_test: ['-I', INCLUDE, COMMON],
    mac_input_test: [],
    mac_apps_test: [],
    mac_walk_test: ['-I', INCLUDE, COMMON],
    mac_capture_test: ['-I', INCLUDE, COMMON],
    // #import is what Objective-C++ includes with; GCC compiles it in C++ and calls it deprecated.
    mac_text_selection_test: ['-Wno-deprecated', '-I', FAKE_MAC, '-x', 'c++', MAC_TEXT_SELECTION],
  };
  for (const [name, more] of Object.entries(tests)) {
    it(`${name}.cc passes every check`, async () => {
      const binary = join(tempDir(), name);
      await run('c++', ['-std=c++17', '-Wall', '-Wextra', '-Werror', '-o', binary, here(`cc/${name}.cc`), ...more], {
        timeout: 120_000,
      });
      const result = await run(binary, [], { timeout: 10_000 }).then(
        (r) => ({ code: 0, stderr: r.stderr }),
        (e: { code?: number; stderr?: string }) => ({ code: e.code ?? -1, stderr: e.stderr ?? '' }),
      );
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
    }, 150_000);
  }
});
