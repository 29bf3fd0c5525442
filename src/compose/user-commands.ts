/**
 * The user's commands file, composed: the text from src/config/commands-file.ts read by
 * src/intent/user-commands.ts, kept current by a watcher, and changed by "save that as" and
 * "forget" through the edits of src/intent/user-commands-edit.ts. It is the loop's
 * `UserCommandStore` (src/agent/own-commands.ts) in the app's core and at the command line.
 *
 * Nothing here throws at its caller: problems are part of the command set (with line and column),
 * and a file that cannot be read as JSON keeps the commands that were loaded before it.
 */
import { join } from 'node:path';
import type { StoreEdit, UserCommandStore } from '../agent/loop-types.js';
import { loopReserved } from '../agent/own-commands.js';
import { readSettingsText, watchSettingsFile, writeSettingsText, type FolderWatch } from '../config/commands-file.js';
import type { Intent } from '../intent/schema.js';
import {
  addCommandText,
  changeCommandText,
  removeCommandText,
  removeOneCommandText,
  type CommandChange,
  type CommandTarget,
} from '../intent/user-commands-edit.js';
import { COMMANDS_FILE_NAME, EMPTY_COMMAND_SET, problemLine, readCommandsFile, type UserCommandSet } from '../intent/user-commands.js';
import type { AssistantEvent } from '../shared/contracts/events.js';
import { errorMessage } from '../shared/errors.js';

export interface UserCommandsOptions {
  /** The settings folder (src/config/settings-path.ts). */
  readonly dir: string;
  /** Passed to the watcher (tests use a short one). */
  readonly debounceMs?: number;
}

export type ReloadListener = (set: UserCommandSet) => void;

export class UserCommandsFile implements UserCommandStore {
  readonly path: string;
  private set: UserCommandSet | undefined;
  private readonly listeners = new Set<ReloadListener>();
  private watcher: FolderWatch | undefined;
  /** Reads started so far: only the latest may set the commands. */
  private generation = 0;
  /** Edits of the file, one after another. */
  private edits: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: UserCommandsOptions) {
    this.path = join(options.dir, COMMANDS_FILE_NAME);
  }

  /** The commands as last read (read now the first time). */
  async commands(): Promise<UserCommandSet> {
    return this.set ?? this.reload();
  }

  /** What was read last, without reading (empty before the first read). */
  get current(): UserCommandSet {
    return this.set ?? EMPTY_COMMAND_SET;
  }

  /** Reads the file again now and tells the listeners. */
  reload(): Promise<UserCommandSet> {
    const generation = ++this.generation;
    return (async (): Promise<UserCommandSet> => {
      const read = await readSettingsText(this.options.dir, COMMANDS_FILE_NAME);
      // A read that finished after a later one started is out of date: the later one decides.
      if (generation !== this.generation) return this.current;
      const fresh: UserCommandSet =
        read.kind === 'unreadable'
          ? { ...EMPTY_COMMAND_SET, invalidJson: true, problems: [{ line: 1, column: 1, message: read.message }] }
          : readCommandsFile(read.kind === 'text' ? read.text : undefined, { reserved: loopReserved });
      // A file that cannot be read at all (half saved by an editor, a typo) keeps the commands loaded before it.
      const set = fresh.invalidJson && this.set ? { ...fresh, commands: this.set.commands, vocabulary: this.set.vocabulary } : fresh;
      this.set = set;
      for (const listener of this.listeners) {
        try {
          listener(set);
        } catch {
          // A listener's failure is its own; the commands are loaded.
        }
      }
      return set;
    })();
  }

  /** Called after every reload (the watcher's, or one after a save). Returns the way to stop listening. */
  onReload(listener: ReloadListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Follows the file: an edit applies to the next command. `onProblem` hears when it cannot be followed. */
  async watch(onProblem?: (message: string) => void): Promise<void> {
    if (this.watcher) return;
    this.watcher = await watchSettingsFile(this.options.dir, COMMANDS_FILE_NAME, () => void this.reload(), {
      ...(this.options.debounceMs !== undefined ? { debounceMs: this.options.debounceMs } : {}),
      ...(onProblem ? { onProblem } : {}),
    });
  }

  close(): void {
    this.watcher?.close();
    this.watcher = undefined;
  }

  save(command: { readonly say: string; readonly do: Intent }): Promise<StoreEdit> {
    return this.edit((text) => addCommandText(text, command));
  }

  /** Removes every command with this phrase; with `only`, just the one in that app scope (the panel's Delete). */
  forget(say: string, only?: Omit<CommandTarget, 'say'>): Promise<StoreEdit> {
    return this.edit((text) => {
      if (text === undefined) return { ok: true, text: '', count: 0 };
      return only ? removeOneCommandText(text, { say, ...only }) : removeCommandText(text, say);
    });
  }

  /**
   * Renames a command and sets or clears its app scope (the panel's Edit). The new text is read as
   * the assistant reads the file first: a change that would leave any command out (a phrase that is
   * the assistant's own or another command's, a slot its "do" needs) is refused with the reader's sentence.
   */
  change(target: CommandTarget, change: CommandChange): Promise<StoreEdit> {
    return this.edit((text) => {
      // No file: nothing to change (the sentence says the command is no longer there).
      if (text === undefined) return changeCommandText('{}', target, change);
      const changed = changeCommandText(text, target, change);
      if (!changed.ok) return changed;
      const before = new Set(readCommandsFile(text, { reserved: loopReserved }).problems.map((p) => p.message));
      const after = readCommandsFile(changed.text, { reserved: loopReserved }).problems.filter((p) => !before.has(p.message));
      const first = after[0];
      return first ? { ok: false, message: `Not changed: ${first.message.replace(/\.$/, '')}.` } : changed;
    });
  }

  private edit(change: (text: string | undefined) => ReturnType<typeof addCommandText>): Promise<StoreEdit> {
    const run = this.edits.then(async (): Promise<StoreEdit> => {
      const read = await readSettingsText(this.options.dir, COMMANDS_FILE_NAME);
      if (read.kind === 'unreadable') return { ok: false, message: read.message };
      const changed = change(read.kind === 'text' ? read.text : undefined);
      if (!changed.ok) return changed;
      if (read.kind === 'text' && changed.text === read.text) return { ok: true, count: changed.count };
      try {
        await writeSettingsText(this.options.dir, COMMANDS_FILE_NAME, changed.text);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code ?? errorMessage(e).slice(0, 60);
        return { ok: false, message: `${COMMANDS_FILE_NAME} could not be written (${code}): check that the settings folder is writable, then try again.` };
      }
      // The next command sees the change at once, whatever the watcher does.
      await this.reload();
      return { ok: true, count: changed.count };
    });
    this.edits = run.catch(() => undefined);
    return run;
  }
}

/** The user's vocabulary entries given first to the speech hint, before the screen's names. */
const USER_HINTS_MAX = 40;

/** The speech recognizer's hint: some of the user's own words first, then the screen's names (the prompt is cut at its length). */
export function hintVocabulary(user: readonly string[], screen: readonly string[]): readonly string[] {
  return [...user.slice(0, USER_HINTS_MAX), ...screen];
}

/** How many problems one report names before pointing to `commands check`. */
const REPORTED_MAX = 3;

/** One sentence about the file's problems, for the panel or the terminal (undefined: none). */
export function problemsReport(set: UserCommandSet): string | undefined {
  const n = set.problems.length;
  if (n === 0) return undefined;
  const first = set.problems.slice(0, REPORTED_MAX).map((p) => problemLine(p));
  const more = n > REPORTED_MAX ? ` “assistive-control commands check” lists all ${n}.` : '';
  const kept = set.invalidJson ? 'the commands read before it stay in use until it is fixed' : 'a command with a problem is left out until it is fixed';
  return `Your commands file has ${n === 1 ? 'a problem' : `${n} problems`}; ${kept}. ${first.join(' ')}${more}`;
}

/**
 * The core's user commands: read now, then followed; each read that finds problems is said through
 * `emit` as an `error` event (code `commands_file`), and a watcher that cannot run is said too.
 */
export async function followUserCommands(
  dir: string,
  emit: (event: AssistantEvent) => void,
  options: { readonly debounceMs?: number } = {},
): Promise<UserCommandsFile> {
  const file = new UserCommandsFile({ dir, ...options });
  const say = (message: string): void => emit({ type: 'error', code: 'commands_file', message, retryable: false });
  file.onReload((set) => {
    const report = problemsReport(set);
    if (report) say(report);
    // The panel's "Your commands" view asks for the list again.
    emit({ type: 'user_commands_changed' });
  });
  await file.reload();
  await file.watch(say);
  return file;
}
