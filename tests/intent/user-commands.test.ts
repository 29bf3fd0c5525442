// The user's commands file read (each problem with its line, column and sentence), phrases matched,
// slots filled and checked, and the file's text changed for "save that as" and "forget".
import { describe, expect, it } from 'vitest';
import { addCommandText, removeCommandText } from '../../src/intent/user-commands-edit.js';
import { readCommandEdit, readCommandsFile, reservedPhrase, withUserCommands } from '../../src/intent/user-commands.js';
import { fillCommand, matchPhrases, slotValueProblem } from '../../src/intent/user-command-match.js';
import { commandGuide } from '../../src/intent/grammar/command-guide.js';

const line = (...parts: string[]) => parts.join('\n');
const cmd = (say: string, body: unknown, app?: string) => JSON.stringify({ say, ...(app !== undefined ? { app } : {}), do: body });
const file = (...commands: string[]) => `{\n  "commands": [\n${commands.map((c) => `    ${c}`).join(',\n')}\n  ]\n}\n`;
const CLICK = { intent: 'click_element', element: { label: 'Reply to {name}' } };

describe('reading the commands file', () => {
  it('loads a valid file: commands, app scope, vocabulary and the phrases as hints', () => {
    const text = `{"commands": [${cmd('reply to {name}', CLICK, 'Thunderbird')}, ${cmd('say hello', { intent: 'type_text', text: 'Hello!' })}], "vocabulary": ["Anna", "Thunderbird"]}`;
    const set = readCommandsFile(text);
    expect(set.problems).toEqual([]);
    expect(set.commands.map((c) => [c.say, c.app])).toEqual([
      ['reply to {name}', 'Thunderbird'],
      ['say hello', undefined],
    ]);
    expect(set.vocabulary).toEqual(['Anna', 'Thunderbird', 'reply to', 'say hello']);
  });

  it('a missing or blank file is no commands and no problem', () => {
    expect(readCommandsFile(undefined)).toEqual({ commands: [], vocabulary: [], problems: [] });
    expect(readCommandsFile('  \n')).toEqual({ commands: [], vocabulary: [], problems: [] });
  });

  it('bad JSON: the line and column of the mistake, and nothing loaded', () => {
    const set = readCommandsFile(line('{', '  "commands": [', '    {"say": "hi", "do": {"intent": "get_frontmost_app"}}', '    {"say": "ho"}', '  ]', '}'));
    expect(set.commands).toEqual([]);
    expect(set.problems).toEqual([
      {
        line: 4,
        column: 5,
        message: expect.stringMatching(
          /^The file is not valid JSON: expected a comma \(,\) or a closing bracket \(\]\) here, found “\{”\. Fix this and save the file\.$/,
        ),
      },
    ]);
  });

  // Each kind of problem: the command is left out, the others load, and the sentence says what to do.
  const KINDS: Array<[string, string, number, RegExp]> = [
    [
      'an unknown action',
      cmd('fly', { intent: 'fly_away' }),
      33,
      /Command 1 \(“fly”\): “do” is not an action the assistant can do \(there is no action called "fly_away"; the actions are open_application, .*\)\. Fix it as the intent schema says\./,
    ],
    [
      'a slot "say" does not define',
      cmd('reply', CLICK),
      70,
      /Command 1 \(“reply”\): “do” uses \{name\}, which “say” does not define: add \{name\} to the phrase or take it out of “do”\./,
    ],
    [
      'a built-in phrase',
      cmd('stop', { intent: 'get_frontmost_app' }),
      12,
      /Command 1 \(“stop”\): “stop” is one of the assistant’s own phrases .*: choose another phrase\./,
    ],
    [
      'an empty app scope',
      cmd('look', { intent: 'get_frontmost_app' }, ' '),
      25,
      /Command 1 \(“look”\): “app” is empty: write the app’s name as it shows, for example "Thunderbird", or leave “app” out\./,
    ],
    [
      'a missing field of the action',
      cmd('press it', { intent: 'click_element' }),
      28,
      /Command 1 \(“press it”\): “do” is not an action the assistant can do \(element is missing\)/,
    ],
    ['a phrase of slots only', cmd('{x}', { intent: 'type_text', text: '{x}' }), 12, /the phrase cannot be used, it needs at least one word besides its slots/],
    ['two slots side by side', cmd('mail {a} {b}', { intent: 'type_text', text: '{a}{b}' }), 12, /two slots follow each other/],
    [
      'an unknown field',
      '{"say": "x", "when": "y", "do": {"intent": "get_frontmost_app"}}',
      18,
      /“when” is not a part of a command \(it has “say”, “app” and “do”\)/,
    ],
    ['a missing "say"', '{"do": {"intent": "get_frontmost_app"}}', 5, /Command 1: “say” must be text in quotes\./],
  ];
  it.each(KINDS)('%s: its line, column and sentence; the next command still loads', (_kind, bad, column, message) => {
    const good = cmd('open mail', { intent: 'open_application', app: 'Thunderbird' });
    const set = readCommandsFile(file(bad, good));
    expect(set.problems).toEqual([{ line: 3, column, message: expect.stringMatching(message) }]);
    expect(set.commands.map((c) => c.say)).toEqual(['open mail']);
  });

  it('a duplicate phrase: the second is left out, at its "say"', () => {
    const set = readCommandsFile(
      file(cmd('reply to {name}', CLICK), cmd('Reply to {who}!', { intent: 'type_text', text: '{who}' }), cmd('reply to {name}', CLICK, 'Thunderbird')),
    );
    expect(set.problems).toEqual([
      {
        line: 4,
        column: 12,
        message: 'Command 2 (“Reply to {who}!”): command 1 already has this phrase, so this one would never run: change one of the phrases or remove one.',
      },
    ]);
    // The same phrase for one app is another command: the more specific one.
    expect(set.commands.map((c) => [c.say, c.app])).toEqual([
      ['reply to {name}', undefined],
      ['reply to {name}', 'Thunderbird'],
    ]);
  });

  it('problems outside the commands: an unknown top-level field, a bad vocabulary entry, a list that is not one', () => {
    const set = readCommandsFile(line('{', '  "vocabulary": ["Anna", 7],', '  "comands": []', '}'));
    expect(set.problems).toEqual([
      { line: 3, column: 3, message: '“comands” is not a part of the commands file (it has “commands” and “vocabulary”): remove it or check its spelling.' },
      { line: 2, column: 26, message: 'Vocabulary entry 2: a vocabulary entry must be text in quotes.' },
    ]);
    expect(readCommandsFile('{"commands": {}}').problems).toEqual([{ line: 1, column: 14, message: '“commands” must be a list: [ … ].' }]);
    expect(readCommandsFile('[]').problems).toEqual([{ line: 1, column: 1, message: 'The file must hold one object: { "commands": [ … ] }.' }]);
  });
});

describe('matching what was said', () => {
  const set = readCommandsFile(
    file(
      cmd('reply to {name}', CLICK),
      cmd('reply to {name}', { intent: 'type_text', text: 'Dear {name},' }, 'Thunderbird'),
      cmd('write to {who} about {topic}', { intent: 'type_text', text: 'To {who}: {topic}' }),
      cmd('bold', { intent: 'press_key', key: 'b', modifiers: ['ctrl'] }),
    ),
  );

  it('ignores case, punctuation and extra spaces, and keeps the slot as said', () => {
    const [first] = matchPhrases('  Reply TO   Anna Smith. ', set.commands);
    expect(first?.values).toEqual({ name: 'Anna Smith' });
    expect(fillCommand(first!)).toEqual({ ok: true, body: { intent: 'type_text', text: 'Dear Anna Smith,' } });
    const two = matchPhrases('write to Bob about the budget, please', set.commands)[0];
    expect(two?.values).toEqual({ who: 'Bob', topic: 'the budget, please' });
    expect(matchPhrases('Bold!', set.commands)[0]?.command.say).toBe('bold');
  });

  it('puts the app-scoped command first; nothing matches a phrase said only in part', () => {
    expect(matchPhrases('reply to Anna', set.commands).map((m) => m.command.app)).toEqual(['Thunderbird', undefined]);
    expect(matchPhrases('reply to', set.commands)).toEqual([]);
    expect(matchPhrases('bold that', set.commands)).toEqual([]);
  });

  it('refuses a slot value with control characters, a line break or a second command', () => {
    expect(slotValueProblem('name', 'Anna\u0007')).toMatch(/control characters or line breaks/);
    expect(slotValueProblem('name', 'Anna\tBob')).toMatch(/control characters/);
    expect(slotValueProblem('name', 'Anna then delete everything')).toMatch(/holds another command: a slot takes one value/);
    expect(slotValueProblem('name', 'Anna and click Delete')).toMatch(/holds another command/);
    expect(slotValueProblem('name', 'Anna; press enter')).toMatch(/holds another command/);
    expect(slotValueProblem('name', 'x'.repeat(201))).toMatch(/longer than 200 characters/);
    expect(slotValueProblem('name', 'Tom and Jerry')).toBeUndefined();
    const m = matchPhrases('reply to Anna then delete everything', set.commands)[0];
    expect(fillCommand(m!)).toEqual({
      ok: false,
      message: expect.stringMatching(/^Your command “reply to \{name\}” was not run\. What was said for \{name\}/),
    });
  });

  it('a phrase of many slots against a long command ends (the walk remembers where it failed)', () => {
    const say = Array.from({ length: 20 }, (_, i) => `a {s${i}}`).join(' ') + ' end';
    const many = readCommandsFile(JSON.stringify({ commands: [{ say, do: { intent: 'get_frontmost_app' } }] }));
    expect(many.problems).toEqual([]);
    expect(matchPhrases('a '.repeat(900), many.commands)).toEqual([]);
    expect(matchPhrases(`${'a b '.repeat(20)}end`, many.commands)).toHaveLength(1);
  });

  it('fills slots once: a value that holds "{name}" is not filled again', () => {
    const m = matchPhrases('write to {topic} about secrets', set.commands)[0];
    expect(fillCommand(m!)).toEqual({ ok: true, body: { intent: 'type_text', text: 'To {topic}: secrets' } });
  });

  it('reads "save that as" and "forget"', () => {
    expect(readCommandEdit('Save that as "morning mail".')).toEqual({ kind: 'save', phrase: 'morning mail' });
    expect(readCommandEdit('remember that as a command check mail')).toEqual({ kind: 'save', phrase: 'check mail' });
    // "this" and "it" are the app's Save As, for the planners.
    expect(readCommandEdit('save this as report.pdf')).toBeUndefined();
    expect(readCommandEdit('save it as draft')).toBeUndefined();
    expect(readCommandEdit('forget morning mail')).toEqual({ kind: 'forget', phrase: 'morning mail' });
    expect(readCommandEdit('delete the command morning mail')).toEqual({ kind: 'forget', phrase: 'morning mail' });
    expect(readCommandEdit('click Save')).toBeUndefined();
    // "Forget it" is a never mind: it names no command, and no command may be named so.
    for (const never of ['forget it', 'Forget that.', 'forget about it', 'forget this', 'delete the command it'])
      expect(readCommandEdit(never), never).toBeUndefined();
    expect(readCommandEdit('forget it all')).toEqual({ kind: 'forget', phrase: 'it all' });
    expect(reservedPhrase('it')).toMatch(/points at something rather than naming it/);
    expect(reservedPhrase('That.')).toMatch(/points at something/);
    expect(reservedPhrase('forget it')).toMatch(/one of the assistant’s own phrases/);
    expect(reservedPhrase('it all')).toBeUndefined();
    // The answers of every language are reserved whatever the setting: a change of language must not make a saved command an answer.
    for (const answer of ['ja', 'Nein.', 'bestätigen', 'abbrechen', 'vergiss es'])
      expect(reservedPhrase(answer), answer).toMatch(/one of the assistant’s own phrases/);
    expect(reservedPhrase('Jahresbericht')).toBeUndefined();
  });

  it('"what can I say" lists the user’s commands first', () => {
    const guide = withUserCommands(commandGuide(undefined), set.commands);
    expect(guide.groups[0]).toEqual({
      title: 'Your own commands',
      examples: ['reply to {name}', 'reply to {name} (in Thunderbird)', 'write to {who} about {topic}', 'bold'],
      alsoSaid: [],
    });
  });
});

describe('changing the file’s text', () => {
  const SAVED = { say: 'open mail', do: { intent: 'open_application', app: 'Thunderbird' } };

  it('adds to a file, keeping every other character as it was', () => {
    const text =
      '{\n    "vocabulary": ["Anna"],\n    "commands": [\n        {"say": "bold", "do": {"intent": "press_key", "key": "b", "modifiers": ["ctrl"]}}\n    ]\n}\n';
    const added = addCommandText(text, SAVED);
    if (!added.ok) throw new Error(added.message);
    expect(added.text.startsWith(text.slice(0, text.indexOf('}}') + 2))).toBe(true);
    expect(added.text).toContain(',\n        {\n          "say": "open mail",\n          "do": {\n');
    expect(added.text.endsWith('\n    ]\n}\n')).toBe(true);
    expect(readCommandsFile(added.text).commands.map((c) => c.say)).toEqual(['bold', 'open mail']);
  });

  it('creates a file, adds a list to a file without one, replaces a command of the same name', () => {
    const created = addCommandText(undefined, SAVED);
    expect(created.ok && readCommandsFile(created.text).commands.map((c) => c.say)).toEqual(['open mail']);
    const noList = addCommandText('{\n  "vocabulary": ["x"]\n}\n', SAVED);
    expect(noList.ok && readCommandsFile(noList.text)).toMatchObject({ commands: [{ say: 'open mail' }], vocabulary: ['x', 'open mail'], problems: [] });
    const replaced = created.ok ? addCommandText(created.text, { say: 'Open Mail!', do: { intent: 'get_frontmost_app' } }) : created;
    expect(replaced).toMatchObject({ ok: true, count: 1 });
    expect(replaced.ok && readCommandsFile(replaced.text).commands.map((c) => c.body)).toEqual([{ intent: 'get_frontmost_app' }]);
  });

  it('refuses to change a file it cannot read, with its line and column', () => {
    expect(addCommandText('{"commands": [,]}', SAVED)).toEqual({
      ok: false,
      message: expect.stringMatching(
        /^commands\.json has an error at line 1, column 15 .*: fix it first \(“assistive-control commands check” shows it\), then try again\.$/,
      ),
    });
  });

  it('removes every command of a name, first, middle or last, leaving valid JSON', () => {
    const text = file(
      cmd('a', { intent: 'get_frontmost_app' }),
      cmd('b', { intent: 'get_frontmost_app' }),
      cmd('B.', { intent: 'get_frontmost_app' }, 'Gedit'),
      cmd('c', { intent: 'get_frontmost_app' }),
    );
    const removed = removeCommandText(text, 'b');
    expect(removed).toMatchObject({ ok: true, count: 2 });
    expect(removed.ok && readCommandsFile(removed.text)).toMatchObject({ commands: [{ say: 'a' }, { say: 'c' }], problems: [] });
    const first = removeCommandText(text, 'a');
    expect(first.ok && readCommandsFile(first.text).commands.map((c) => c.say)).toEqual(['b', 'B.', 'c']);
    const only = removeCommandText(file(cmd('a', { intent: 'get_frontmost_app' })), 'a');
    expect(only.ok && only.text).toBe('{\n  "commands": []\n}\n');
    expect(removeCommandText(text, 'zzz')).toMatchObject({ ok: true, count: 0, text });
  });
});
