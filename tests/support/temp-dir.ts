/** A folder of its own for a suite: made before its first test, removed with all in it after its last. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

/** Call in a `describe`: the folder's path, once made (hooks registered after this one see it). */
export function suiteTempDir(prefix: string): () => string {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), prefix));
  });
  afterAll(async () => {
    if (dir !== '') await rm(dir, { recursive: true, force: true });
  });
  return () => dir;
}
