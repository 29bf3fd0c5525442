// The bridge's source files (issue #17): binding.gyp compiles every one of them there is, for its own
// platform, and nothing that is not there — a file split off and not listed would leave its functions
// undefined only when the addon loads, and on macOS only on a Mac.
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

