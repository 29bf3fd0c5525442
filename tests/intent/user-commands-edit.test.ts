// The panel's edits of the commands file's text (issue #18): one command deleted in its app scope,
// and a command renamed or given another app scope, every other character left as it was.
import { describe, expect, it } from 'vitest';
import { changeCommandText, removeOneCommandText } from '../../src/intent/user-commands-edit.js';
import { readCommandsFile } from '../../src/intent/user-commands.js';

const FRONT = { intent: 'get_frontmost_app' };
const cmd = (say: string, app?: string) => JSON.stringify({ say, ...(app !== undefined ? { app } : {}), do: FRONT });
const file = (...commands: string[]) => `{\n  "commands": [\n${commands.map((c) => `    ${c}`).join(',\n')}\n  ]\n}\n`;
const ok = (edit: ReturnType<typeof changeCommandText>): string => {
  if (!edit.ok) throw new Error(edit.message);
  return edit.text;
};

describe('deleting one command', () => {
  const text = file(cmd('mail'), cmd('Mail!', 'Thunderbird'), cmd('other'));

  it('takes out only the command of that phrase in that app scope', () => {
    const every = ok(removeOneCommandText(text, { say: 'mail' }));
    expect(every).toBe(file(cmd('Mail!', 'Thunderbird'), cmd('other')));
    const scoped = ok(removeOneCommandText(text, { say: 'mail!', app: 'thunderbird ' }));
    expect(scoped).toBe(file(cmd('mail'), cmd('other')));
    expect(readCommandsFile(scoped).problems).toEqual([]);
  });

  it('among duplicates, the one on the line it was listed at; none: the text as it was, count 0', () => {
    const dup = file(cmd('mail'), cmd('mail'));
    expect(ok(removeOneCommandText(dup, { say: 'mail', line: 4 }))).toBe(file(cmd('mail')));
    expect(removeOneCommandText(dup, { say: 'mail', line: 4 })).toMatchObject({ count: 1 });
    expect(removeOneCommandText(dup, { say: 'mail', app: 'Gedit' })).toEqual({ ok: true, text: dup, count: 0 });
    expect(removeOneCommandText('{"commands": [', { say: 'mail' })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^commands\.json has an error at line 1/),
    });
  });
});

describe('renaming a command and changing its app', () => {
  it('changes the phrase only, keeping the action and the spacing', () => {
    const text = '{\n  "commands": [\n    {\n      "say":   "old name",\n      "do": { "intent": "get_frontmost_app" }\n    }\n  ]\n}\n';
    expect(ok(changeCommandText(text, { say: 'Old Name' }, { say: 'new “name”' }))).toBe(text.replace('"old name"', '"new “name”"'));
  });

  it('adds an app after "say" on its own line, or on the same line when "say" shares one', () => {
    const multi = '{\n  "commands": [\n    {\n      "say": "a",\n      "do": {"intent": "get_frontmost_app"}\n    }\n  ]\n}\n';
    expect(ok(changeCommandText(multi, { say: 'a' }, { say: 'a', app: 'Gedit' }))).toBe(multi.replace('"say": "a",', '"say": "a",\n      "app": "Gedit",'));
    const inline = file(cmd('a'));
    const scoped = ok(changeCommandText(inline, { say: 'a' }, { say: 'b', app: 'Gedit' }));
    expect(scoped).toBe(file('{"say":"b", "app": "Gedit","do":{"intent":"get_frontmost_app"}}'));
    expect(readCommandsFile(scoped).commands).toMatchObject([{ say: 'b', app: 'Gedit' }]);
  });

  it('changes or clears the app, whichever member comes first', () => {
    const text = file(cmd('a', 'Gedit'), '{"app": "Firefox", "say": "b", "do": {"intent": "get_frontmost_app"}}');
    expect(ok(changeCommandText(text, { say: 'a', app: 'Gedit' }, { say: 'a', app: 'Calc' }))).toBe(file(cmd('a', 'Calc'), text.split('\n')[3]!.trim()));
    const cleared = ok(changeCommandText(text, { say: 'a', app: 'Gedit' }, { say: 'a' }));
    expect(cleared).toBe(file(cmd('a'), '{"app": "Firefox", "say": "b", "do": {"intent": "get_frontmost_app"}}'));
    const first = ok(changeCommandText(text, { say: 'b', app: 'firefox' }, { say: 'b' }));
    expect(first).toBe(file(cmd('a', 'Gedit'), '{"say": "b", "do": {"intent": "get_frontmost_app"}}'));
    expect(readCommandsFile(first).problems).toEqual([]);
  });

  it('a command that is no longer there, or a file that cannot be read, is a sentence and no text', () => {
    expect(changeCommandText(file(cmd('a')), { say: 'zzz' }, { say: 'b' })).toEqual({
      ok: false,
      message: '“zzz” is no longer in commands.json (it was changed elsewhere): look at the list again.',
    });
    expect(changeCommandText(file(cmd('a')), { say: 'a', app: 'Gedit' }, { say: 'b' })).toMatchObject({ ok: false });
    expect(changeCommandText('{"commands": {}}', { say: 'a' }, { say: 'b' })).toMatchObject({ ok: false, message: expect.stringMatching(/is not a list/) });
  });
});
