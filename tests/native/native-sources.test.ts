// The bridge's source files (issue #17): binding.gyp compiles every one of them there is, for its own
// platform, and nothing that is not there — a file split off and not listed would leave its functions
// undefined only when the addon loads, and on macOS only on a Mac.
import { spawnSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';

const ADDON_DIR = fileURLToPath(new URL('../../native/ax-bridge/', import.meta.url));

const Gyp = z.object({
  targets: z.array(
    z.object({
      sources: z.array(z.string()),
      conditions: z.array(z.tuple([z.string(), z.object({ sources: z.array(z.string()).optional() }).loose()])),
    }).loose(),
  ),
});

/** The sources binding.gyp names: the shared ones, and per OS condition. */
async function gypSources(): Promise<{ shared: string[]; byOs: Map<string, string[]> }> {
  const gyp = Gyp.parse(JSON.parse(await readFile(`${ADDON_DIR}binding.gyp`, 'utf8')));
  const target = gyp.targets[0];
  if (!target) throw new Error('binding.gyp has no target.');
  const byOs = new Map(target.conditions.map(([when, then]) => [when, then.sources ?? []] as const));
  return { shared: target.sources, byOs };
}

/** The compiled sources in one folder of src/, as binding.gyp spells them. */
async function sourcesIn(folder: string, extension: string): Promise<string[]> {
  const names = await readdir(`${ADDON_DIR}${folder}`);
  return names.filter((n) => n.endsWith(extension)).map((n) => `${folder}/${n}`).sort();
}

describe('binding.gyp and the bridge sources', () => {
  it('compiles every Linux source file, and only those', async () => {
    const { byOs } = await gypSources();
    expect([...(byOs.get("OS=='linux'") ?? [])].sort()).toEqual(await sourcesIn('src/linux', '.cc'));
  });

  it('compiles every macOS source file, and only those', async () => {
    const { byOs } = await gypSources();
    expect([...(byOs.get("OS=='mac'") ?? [])].sort()).toEqual(await sourcesIn('src/mac', '.mm'));
  });

  it('compiles the platform-free sources on both', async () => {
    const { shared } = await gypSources();
    expect([...shared].sort()).toEqual(await sourcesIn('src', '.cc'));
  });
});

// The format of native/.clang-format, checked with the clang-format it was applied with: another major
// version formats some lines differently, and a check that fails on a tree nobody changed would teach
// everyone to ignore it. scripts/setup.sh installs clang-format-14 on Debian and Ubuntu.
const CLANG_FORMAT_MAJOR = 14;

/** The clang-format to check with (clang-format-14, else a clang-format of that version), or why none. */
function findClangFormat(): { binary: string; skip: string } {
  const found: string[] = [];
  for (const binary of [`clang-format-${CLANG_FORMAT_MAJOR}`, 'clang-format']) {
    const version = spawnSync(binary, ['--version'], { encoding: 'utf8' });
    if (version.error || version.status !== 0) continue;
    const major = Number(/version (\d+)\./.exec(version.stdout)?.[1] ?? Number.NaN);
    if (major === CLANG_FORMAT_MAJOR) return { binary, skip: '' };
    found.push(`${binary} ${Number.isNaN(major) ? '(unknown version)' : major}`);
  }
  const why = found.length === 0 ? 'clang-format is not installed' : `only ${found.join(', ')} is installed`;
  return {
    binary: '',
    skip: `${why}; the native sources are formatted with clang-format ${CLANG_FORMAT_MAJOR} (Debian/Ubuntu: scripts/setup.sh installs clang-format-${CLANG_FORMAT_MAJOR})`,
  };
}

/** Every C++, Objective-C++ and header file of the bridge, relative to its folder. */
async function formattedFiles(): Promise<string[]> {
  const entries = await readdir(`${ADDON_DIR}src`, { recursive: true });
  const sources = entries.filter((p) => /\.(cc|h|mm)$/.test(p)).map((p) => `src/${p}`);
  const headers = (await readdir(`${ADDON_DIR}include`)).filter((n) => n.endsWith('.h')).map((n) => `include/${n}`);
  return [...sources, ...headers].sort();
}

const clangFormat = findClangFormat();
if (clangFormat.skip) console.log(`[native-format] skipped: ${clangFormat.skip}.`);

describe.skipIf(clangFormat.skip !== '')('the bridge sources are formatted', () => {
  it('as native/.clang-format says (to fix: npm run format:native)', async () => {
    const files = await formattedFiles();
    expect(files).toContain('src/linux/linux_bridge.h');
    expect(files).toContain('src/mac/ax_bridge.mm');
    const result = spawnSync(clangFormat.binary, ['--dry-run', '--Werror', '--style=file', ...files], {
      cwd: ADDON_DIR,
      encoding: 'utf8',
      timeout: 60_000,
    });
    // clang-format names each file and line that would change.
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  }, 90_000);
});
