/**
 * Vitest global setup: builds the command line's bundle (scripts/build-cli.mjs) from the sources
 * under test, so the tests that run bin/assistive-control.mjs never run a bundle older than the code.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export function setup(): void {
  const script = fileURLToPath(new URL('../../scripts/build-cli.mjs', import.meta.url));
  const r = spawnSync(process.execPath, [script], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`The command line's bundle did not build: ${r.stderr || r.stdout}`);
}
