// The commands file on disk: read as text or a sentence, written atomically, and the folder watched
// (the test waits for the watcher's call, never for a time).
import { readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useTempDir } from '../cli/cli-fixtures.js';
import { COMMANDS_FILE_MAX_BYTES, readSettingsText, watchSettingsFile, writeSettingsText, type FolderWatch } from '../../src/config/commands-file.js';

const tempDir = useTempDir('ac-cfile-');
const watches: FolderWatch[] = [];
afterEach(() => {
  for (const w of watches.splice(0)) w.close();
});

describe('the commands file on disk', () => {
  it('reads text, a missing file, and a file too large as a sentence', async () => {
    const dir = tempDir();
    expect(await readSettingsText(dir, 'commands.json')).toEqual({ kind: 'missing' });
    await writeSettingsText(dir, 'commands.json', '{"commands": []}');
    expect(await readSettingsText(dir, 'commands.json')).toEqual({ kind: 'text', text: '{"commands": []}' });
    expect((await stat(join(dir, 'commands.json'))).mode & 0o777).toBe(0o600);
    await writeFile(join(dir, 'commands.json'), ' '.repeat(COMMANDS_FILE_MAX_BYTES + 1));
    expect(await readSettingsText(dir, 'commands.json')).toEqual({
      kind: 'unreadable',
      message: 'commands.json is larger than 1,000,000 bytes, so it was not read: make it smaller.',
    });
  });

  it('creates a missing folder and calls after a change to that file: written, then removed', async () => {
    const folder = join(tempDir(), 'not-yet');
    let calls = 0;
    let next: () => void = () => undefined;
    const changed = () =>
      new Promise<void>((resolve) => {
        next = resolve;
      });
    watches.push(
      await watchSettingsFile(
        folder,
        'commands.json',
        () => {
          calls++;
          next();
        },
        { debounceMs: 30 },
      ),
    );
    let seen = changed();
    await writeSettingsText(folder, 'commands.json', '{}');
    await seen;
    const afterWrite = calls;
    expect(afterWrite).toBeGreaterThanOrEqual(1);
    seen = changed();
    await unlink(join(folder, 'commands.json'));
    await seen;
    expect(calls).toBeGreaterThan(afterWrite);
    expect(await readFile(join(folder, 'commands.json'), 'utf8').catch((e: NodeJS.ErrnoException) => e.code)).toBe('ENOENT');
  });
});
