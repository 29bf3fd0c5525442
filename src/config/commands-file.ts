/**
 * The user's commands file on disk (`commands.json` in the settings folder): read as text, written
 * atomically, and watched so an edit applies to the next command. What the text means is
 * src/intent/user-commands.ts's business; src/compose/user-commands.ts puts the two together.
 *
 * Nothing here throws at its caller: a file that cannot be read comes back as a sentence, and the
 * watcher swallows its own errors (a folder that disappears, a watch limit reached) after saying so once.
 */
import { watch, type FSWatcher } from 'node:fs';
import { mkdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from './atomic-write.js';

/** A commands file larger than this is not read (a hand-written file is a few kilobytes). */
export const COMMANDS_FILE_MAX_BYTES = 1_000_000;

export type TextRead =
  { readonly kind: 'text'; readonly text: string } | { readonly kind: 'missing' } | { readonly kind: 'unreadable'; readonly message: string };

/** Reads a file in the settings folder as UTF-8 text. */
export async function readSettingsText(dir: string, name: string): Promise<TextRead> {
  const path = join(dir, name);
  try {
    const info = await stat(path);
    if (!info.isFile()) return { kind: 'unreadable', message: `${name} in the settings folder is not a file: remove it or rename it.` };
    if (info.size > COMMANDS_FILE_MAX_BYTES)
      return {
        kind: 'unreadable',
        message: `${name} is larger than ${COMMANDS_FILE_MAX_BYTES.toLocaleString('en-US')} bytes, so it was not read: make it smaller.`,
      };
    return { kind: 'text', text: await readFile(path, 'utf8') };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? 'error';
    if (code === 'ENOENT') return { kind: 'missing' };
    return { kind: 'unreadable', message: `${name} in the settings folder could not be read (${code}): check that it is yours and readable.` };
  }
}

/** Writes a file in the settings folder atomically (readable by its owner only). */
export async function writeSettingsText(dir: string, name: string, text: string): Promise<void> {
  await writeFileAtomic(join(dir, name), text);
}

export interface FolderWatch {
  close(): void;
}

export interface WatchOptions {
  /** Changes closer together than this become one call (an editor's save is often several events). */
  readonly debounceMs?: number;
  /** Told once when the folder cannot be watched; edits then apply only after a restart. */
  readonly onProblem?: (message: string) => void;
}

/**
 * Calls `onChange` (debounced) whenever the file `name` in `dir` may have changed: written, replaced
 * by a rename (an atomic save), created or removed. The folder is watched, not the file, so a file
 * created later or replaced by an editor is still seen. The folder is created when missing.
 */
export async function watchSettingsFile(dir: string, name: string, onChange: () => void, options: WatchOptions = {}): Promise<FolderWatch> {
  const debounceMs = options.debounceMs ?? 150;
  let timer: NodeJS.Timeout | undefined;
  let watcher: FSWatcher | undefined;
  let closed = false;
  const problem = (e: unknown): void => {
    const code = (e as NodeJS.ErrnoException | undefined)?.code ?? 'error';
    options.onProblem?.(`Changes to ${name} cannot be followed (${code}): restart the assistant after editing it.`);
  };
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    watcher = watch(dir, { persistent: false }, (_event, file) => {
      if (closed || (file !== null && file !== name)) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (!closed) onChange();
      }, debounceMs);
    });
    watcher.on('error', (e) => {
      problem(e);
      watcher?.close();
    });
  } catch (e) {
    problem(e);
  }
  return {
    close() {
      closed = true;
      clearTimeout(timer);
      watcher?.close();
    },
  };
}
