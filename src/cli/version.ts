/**
 * The version of this installation, from its package.json: found by walking up from this module,
 * which works from the TypeScript source and from the CLI bundle (out/cli/bundle/) alike.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export function packageVersion(from: string = dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from, up = 0; up < 6; up++, dir = dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown; version?: unknown };
      if (pkg.name === 'assistive-control' && typeof pkg.version === 'string') return pkg.version;
    } catch {
      // no package.json here: one folder up
    }
  }
  return 'unknown';
}
