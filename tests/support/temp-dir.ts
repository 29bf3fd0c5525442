/** A folder of its own for a suite: made before its first test, removed with all in it after its last. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openForSuite } from './suite-resource.js';

/** Call in a `describe`: the folder's path, once made (hooks registered after this one see it). */
export function suiteTempDir(prefix: string): () => string {
  return openForSuite('the folder', { open: () => mkdtemp(join(tmpdir(), prefix)), close: (dir) => rm(dir, { recursive: true, force: true }) });
}
