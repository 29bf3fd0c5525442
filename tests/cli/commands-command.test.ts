// `assistive-control commands list|check` on a real commands.json in a temporary settings folder.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { captureIo as io, useTempDir } from './cli-fixtures.js';
import { createCommandsCommand } from '../../src/cli/commands-command.js';
import { main } from '../../src/cli/main.js';

const tempDir = useTempDir('ac-cmds-');
const commands = () => createCommandsCommand(() => tempDir());
const FILE = `{
  "commands": [
    { "say": "reply to {name}", "app": "Thunderbird", "do": { "intent": "click_element", "element": { "label": "Reply to {name}" } } },
    { "say": "oops", "do": { "intent": "fly" } }
  ],
  "vocabulary": ["Anna"]
}
`;

describe('assistive-control commands', () => {
  it('list shows the commands that load, and the problems on stderr', async () => {
    await writeFile(join(tempDir(), 'commands.json'), FILE);
    const a = io();
    expect(await commands().run(['list'], a.io)).toBe(0);
    expect(a.out()).toBe(`# ${join(tempDir(), 'commands.json')}\nreply to {name}  (in Thunderbird)  →  Click “Reply to {name}”.\n`);
    expect(a.err()).toMatch(
      new RegExp(`^${join(tempDir(), 'commands.json').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:4:40: Command 2 \\(“oops”\\): “do” is not an action`),
    );
  });

  it('list --json gives commands, vocabulary and problems as one object', async () => {
    await writeFile(join(tempDir(), 'commands.json'), FILE);
    const a = io();
    expect(await commands().run(['list', '--json'], a.io)).toBe(0);
    const out = JSON.parse(a.out());
    expect(out.commands).toEqual([
      { say: 'reply to {name}', app: 'Thunderbird', do: { intent: 'click_element', element: { label: 'Reply to {name}' } }, line: 3 },
    ]);
    expect(out.vocabulary).toEqual(['Anna', 'reply to']);
    expect(out.problems).toEqual([{ line: 4, column: 40, message: expect.stringMatching(/^Command 2/) }]);
  });

  it('check prints file:line:column and a sentence per problem (exit 1), or says all is well (exit 0)', async () => {
    await writeFile(join(tempDir(), 'commands.json'), FILE);
    const a = io();
    expect(await commands().run(['check'], a.io)).toBe(1);
    expect(a.out()).toMatch(/commands\.json:4:40: Command 2 \(“oops”\): “do” is not an action the assistant can do \(there is no action called "fly"/);
    await writeFile(join(tempDir(), 'commands.json'), '{"commands": []}');
    const b = io();
    expect(await commands().run(['check'], b.io)).toBe(0);
    expect(b.out()).toBe(`${join(tempDir(), 'commands.json')}: 0 commands, no problems.\n`);
    const c = io();
    expect(await commands().run(['list'], c.io)).toBe(0);
    expect(c.out()).toMatch(/No commands of your own yet/);
  });

  it('finds the file through ASSISTIVE_CONTROL_CONFIG_DIR, and refuses an unknown action with a usage error', async () => {
    await writeFile(join(tempDir(), 'commands.json'), FILE);
    const a = io(undefined, { ASSISTIVE_CONTROL_CONFIG_DIR: tempDir() });
    expect(await main(['commands', 'check', '--json'], a.io)).toBe(1);
    expect(JSON.parse(a.out())).toMatchObject({ path: join(tempDir(), 'commands.json'), commands: 1, problems: [{ line: 4, column: 40 }] });
    const b = io();
    expect(await commands().run(['edit'], b.io)).toBe(2);
    expect(b.err()).toMatch(/^Unknown commands action "edit": use list or check\./);
  });
});
