/**
 * The command-line front end: a table of subcommands, each in its own module.
 *
 * `main` never throws and never calls `process.exit`: it returns the exit code, so tests run it
 * in-process and the bin script sets `process.exitCode`.
 */
import type { CliCommand, CliIo } from './cli-io.js';
import { EXIT } from './exit-codes.js';
import { configCommand } from './config-command.js';
import { keysCommand } from './keys-command.js';
import { planCommand } from './plan-command.js';
import { runCommand } from './run-command.js';
import { elementsCommand } from './elements-command.js';
import { doctorCommand } from './doctor-command.js';

export const COMMANDS: readonly CliCommand[] = [runCommand, planCommand, elementsCommand, doctorCommand, keysCommand, configCommand];

function help(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  const lines = COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
  return `Usage: assistive-control <command> [options]\n\nCommands:\n${lines.join('\n')}\n\nRun "assistive-control <command> --help" for a command's options.`;
}

export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? io.stderr : io.stdout).write(`${help()}\n`);
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    io.stderr.write(`Unknown command "${name.slice(0, 40)}".\n\n${help()}\n`);
    return EXIT.usage;
  }
  try {
    return await command.run(rest, io);
  } catch (e) {
    // A bug, not a user error: say so plainly rather than print a stack trace at the user.
    io.stderr.write(`Something went wrong inside Assistive Control (${e instanceof Error ? e.message : String(e)}). Please report it.\n`);
    return EXIT.failed;
  }
}
