// The commands file followed on disk: an edit is read again (the test waits on the reload, never on
// time), problems are said with their line and column, a broken file keeps the commands read before,
// and the next command of a real loop uses what was saved.
import { execFileSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { followUserCommands, hintVocabulary, UserCommandsFile } from '../../src/compose/user-commands.js';
import type { UserCommandSet } from '../../src/intent/user-commands.js';
import type { AssistantEvent } from '../../src/shared/contracts/events.js';
import { setupLoop } from '../agent/loop-fakes.js';

let dir = '';
const open: UserCommandsFile[] = [];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ac-follow-'));
});
afterEach(async () => {
  for (const f of open.splice(0)) f.close();
  await rm(dir, { recursive: true, force: true });
});

/** The next reload whose set passes `until` (the watcher may see one save as more than one change). */
function nextReload(file: UserCommandsFile, until: (set: UserCommandSet) => boolean): Promise<UserCommandSet> {
  return new Promise((resolve) => {
    const stop = file.onReload((set) => {
      if (!until(set)) return;
      stop();
      resolve(set);
    });
  });
}

const save = (text: string) => writeFile(join(dir, 'commands.json'), text);
const one = (say: string, label: string) => JSON.stringify({ commands: [{ say, do: { intent: 'click_element', element: { label } } }] }, null, 2);

describe('following commands.json', () => {
  it('reads an edit again, says a broken file’s problem with its line and column, and keeps the commands read before', async () => {
    const events: AssistantEvent[] = [];
    const file = await followUserCommands(dir, (e) => events.push(e), { debounceMs: 20 });
    open.push(file);
    expect(file.current.commands).toEqual([]);

    let reloaded = nextReload(file, (s) => s.commands.length === 1);
    await save(one('greet', 'Hello'));
    expect((await reloaded).commands.map((c) => c.say)).toEqual(['greet']);

    reloaded = nextReload(file, (s) => s.problems.length > 0);
    await save('{\n  "commands": [\n    {"say": "x" "do": {}}\n  ]\n}\n');
    const broken = await reloaded;
    expect(broken.problems).toEqual([{ line: 3, column: 17, message: expect.stringMatching(/^The file is not valid JSON: expected a comma/) }]);
    expect(broken.commands.map((c) => c.say)).toEqual(['greet']);
    // Each read is told to the panel's list; the problem comes just before it.
    expect(events.at(-1)).toEqual({ type: 'user_commands_changed' });
    expect(events.at(-2)).toEqual({
      type: 'error',
      code: 'commands_file',
      retryable: false,
      message: expect.stringMatching(
        /^Your commands file has a problem; the commands read before it stay in use until it is fixed\. commands\.json:3:17: The file is not valid JSON/,
      ),
    });

    reloaded = nextReload(file, (s) => s.problems.length === 0 && s.commands[0]?.say === 'wave');
    await save(one('wave', 'Bye'));
    expect((await reloaded).commands.map((c) => c.say)).toEqual(['wave']);
  });

  it('the next command of a running loop uses the edited file', async () => {
    const file = await followUserCommands(dir, () => undefined, { debounceMs: 20 });
    open.push(file);
    const { loop, engine } = setupLoop({ deps: { userCommands: file } });
    const reloaded = nextReload(file, (s) => s.commands.length === 1);
    await save(one('press the big one', 'Increment'));
    await reloaded;
    expect((await loop.run('press the big one')).outcome).toBe('done');
    expect(engine.calls).toEqual([{ method: 'click', args: [{ label: 'Increment' }] }]);
  });

  it('a settings folder entry that is not a file is a sentence, never a crash', async () => {
    await mkdir(join(dir, 'commands.json'));
    const file = new UserCommandsFile({ dir });
    const set = await file.commands();
    expect(set.problems).toEqual([{ line: 1, column: 1, message: 'commands.json in the settings folder is not a file: remove it or rename it.' }]);
    expect(await file.save({ say: 'x y', do: { intent: 'get_frontmost_app' } })).toEqual({
      ok: false,
      message: 'commands.json in the settings folder is not a file: remove it or rename it.',
    });
  });

  it('the panel’s edit is read as the assistant reads the file: a change that would leave a command out is refused, the file untouched', async () => {
    const text = JSON.stringify(
      {
        commands: [
          { say: 'mail', do: { intent: 'open_application', app: 'Thunderbird' } },
          { say: 'reply to {name}', app: 'Thunderbird', do: { intent: 'click_element', element: { label: 'Reply to {name}' } } },
          { say: 'other', do: { intent: 'get_frontmost_app' } },
        ],
      },
      null,
      2,
    );
    await save(text);
    const file = new UserCommandsFile({ dir });
    const onDisk = () => readFile(join(dir, 'commands.json'), 'utf8');
    expect(await file.change({ say: 'mail', line: 3 }, { say: 'Stop' })).toEqual({
      ok: false,
      message: expect.stringMatching(/^Not changed: Command 1 \(“Stop”\): “Stop” is one of the assistant’s own phrases .*: choose another phrase\.$/),
    });
    expect(await file.change({ say: 'mail', line: 3 }, { say: 'other' })).toEqual({
      ok: false,
      message: 'Not changed: Command 3 (“other”): command 1 already has this phrase, so this one would never run: change one of the phrases or remove one.',
    });
    expect(await file.change({ say: 'reply to {name}', app: 'Thunderbird', line: 10 }, { say: 'reply', app: 'Thunderbird' })).toEqual({
      ok: false,
      message: expect.stringMatching(/^Not changed: Command 2 \(“reply”\): “do” uses \{name\}, which “say” does not define/),
    });
    expect(await onDisk()).toBe(text);

    expect(await file.change({ say: 'mail', line: 3 }, { say: 'check mail', app: 'Thunderbird' })).toEqual({ ok: true, count: 1 });
    expect(await onDisk()).toBe(text.replace('"say": "mail",', '"say": "check mail",\n      "app": "Thunderbird",'));
    expect(file.current.commands.map((c) => [c.say, c.app])).toEqual([
      ['check mail', 'Thunderbird'],
      ['reply to {name}', 'Thunderbird'],
      ['other', undefined],
    ]);
    expect(await file.forget('check mail', { app: 'Thunderbird', line: 3 })).toEqual({ ok: true, count: 1 });
    expect(file.current.commands.map((c) => c.say)).toEqual(['reply to {name}', 'other']);
  });

  it('a write that fails leaves the file as it was and says what to do', async () => {
    const text = one('greet', 'Hello');
    await save(text);
    const file = new UserCommandsFile({ dir });
    // A folder nobody may create files in: read-only for its owner, or immutable where the test runs as root (root ignores modes).
    const root = process.getuid?.() === 0;
    if (root) execFileSync('chattr', ['+i', dir]);
    else await chmod(dir, 0o500);
    try {
      expect(await file.change({ say: 'greet', line: 3 }, { say: 'wave' })).toEqual({
        ok: false,
        message: expect.stringMatching(/^commands\.json could not be written \(E[A-Z]+\): check that the settings folder is writable, then try again\.$/),
      });
      expect(await file.forget('greet', { line: 3 })).toMatchObject({ ok: false });
    } finally {
      if (root) execFileSync('chattr', ['-i', dir]);
      else await chmod(dir, 0o700);
    }
    expect(await readFile(join(dir, 'commands.json'), 'utf8')).toBe(text);
  });

  it('the speech hint: some of the user’s words first, then the screen’s', () => {
    const user = Array.from({ length: 50 }, (_, i) => `word${i}`);
    const hint = hintVocabulary(user, ['Send', 'Reply']);
    expect(hint.slice(0, 2)).toEqual(['word0', 'word1']);
    expect(hint.slice(-2)).toEqual(['Send', 'Reply']);
    expect(hint).toHaveLength(42);
  });
});
