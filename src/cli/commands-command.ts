/**
 * `assistive-control commands list|check`: the user's own commands (commands.json in the settings
 * folder), as the assistant reads them, and every problem in the file with its line and column.
 */
import { homedir } from 'node:os';
import { settingsDir } from '../config/settings-path.js';
import { UserCommandsFile } from '../compose/user-commands.js';
import { describeUserCommand, problemLine, type UserCommandSet } from '../intent/user-commands.js';
import type { CliCommand, CliIo } from './cli-io.js';
import { EXIT } from './exit-codes.js';
import { parseCommandArgs } from './parse-command-args.js';

const USAGE = `Usage: assistive-control commands list [--json]
       assistive-control commands check [--json]

Your own commands live in commands.json in the settings folder, for example:
  { "commands": [ { "say": "reply to {name}", "app": "Thunderbird",
                    "do": { "intent": "click_element", "element": { "label": "Reply to {name}" } } } ],
    "vocabulary": ["Thunderbird"] }
"list" shows the commands that load; "check" shows each problem as file:line:column and a sentence.
The assistant reads the file again when it changes. By voice: "save that as <name>", "forget <name>".
Exit codes: 0 done (check: no problems), 1 the file has problems, 2 usage error.`;

/** Where the settings folder is for this run (ASSISTIVE_CONTROL_CONFIG_DIR wins, as everywhere). */
export type SettingsDirOf = (io: CliIo) => string;

const defaultDir: SettingsDirOf = (io) => settingsDir({ platform: process.platform, env: io.env ?? process.env, homedir: homedir() });

/** The user's commands as text, a line each, and the file's problems on stderr (`commands list`, "my commands" in a session). */
export function writeCommandList(path: string, set: UserCommandSet, io: CliIo): void {
  io.stdout.write(`# ${path}\n`);
  if (set.commands.length === 0) io.stdout.write('No commands of your own yet. Write them in this file, or say “save that as …” after a command.\n');
  for (const c of set.commands) io.stdout.write(`${c.say}${c.app !== undefined ? `  (in ${c.app})` : ''}  →  ${describeUserCommand(c)}\n`);
  for (const p of set.problems) io.stderr.write(`${problemLine(p, path)}\n`);
}

export function createCommandsCommand(dirOf: SettingsDirOf = defaultDir): CliCommand {
  return {
    name: 'commands',
    usage: USAGE,
    async run(args, io) {
      const parsed = parseCommandArgs(args, io, USAGE, {});
      if ('exit' in parsed) return parsed.exit;
      const [action, ...rest] = parsed.positionals;
      if ((action !== 'list' && action !== 'check') || rest.length > 0) {
        io.stderr.write(
          `${action === undefined ? 'Say what to do: list or check.' : `Unknown commands action "${[action, ...rest].join(' ').slice(0, 30)}": use list or check.`}\n\n${USAGE}\n`,
        );
        return EXIT.usage;
      }
      const file = new UserCommandsFile({ dir: dirOf(io) });
      const set = await file.commands();
      const json = parsed.values.json;
      if (action === 'list') {
        if (json) {
          const commands = set.commands.map((c) => ({ say: c.say, ...(c.app !== undefined ? { app: c.app } : {}), do: c.body, line: c.line }));
          io.stdout.write(`${JSON.stringify({ path: file.path, commands, vocabulary: set.vocabulary, problems: set.problems })}\n`);
        } else {
          writeCommandList(file.path, set, io);
        }
        return EXIT.ok;
      }
      if (json) io.stdout.write(`${JSON.stringify({ path: file.path, commands: set.commands.length, problems: set.problems })}\n`);
      else if (set.problems.length === 0)
        io.stdout.write(`${file.path}: ${set.commands.length} command${set.commands.length === 1 ? '' : 's'}, no problems.\n`);
      else for (const p of set.problems) io.stdout.write(`${problemLine(p, file.path)}\n`);
      return set.problems.length === 0 ? EXIT.ok : EXIT.failed;
    },
  };
}

export const commandsCommand: CliCommand = createCommandsCommand();
