/**
 * The command-line front end: a table of subcommands, each in its own module, loaded only when it
 * is the one asked for (the planning grammar starts in a fraction of the time the SDKs, the
 * keychain and the accessibility bridge would take to load).
 *
 * `main` never throws and never calls `process.exit`: it returns the exit code, so tests run it
 * in-process and the bin script sets `process.exitCode`.
 */
import type { CliCommand, CliIo } from './cli-io.js';
import { COMMAND_SUMMARIES, type CommandName } from './command-names.js';
import { EXIT } from './exit-codes.js';
import { packageVersion } from './version.js';
import { errorMessage } from '../shared/errors.js';

interface CommandEntry {
  readonly name: string;
  /** One line for the help listing. */
  readonly summary: string;
  readonly load: () => Promise<CliCommand>;
}

/** Each subcommand's module, loaded only when it is the one asked for. */
const LOADERS: { readonly [N in CommandName]: () => Promise<CliCommand> } = {
  run: async () => (await import('./run-command.js')).runCommand,
  session: async () => (await import('./session-command.js')).sessionCommand,
  plan: async () => (await import('./plan-command.js')).planCommand,
  eval: async () => (await import('./eval-command.js')).evalCommand,
  elements: async () => (await import('./elements-command.js')).elementsCommand,
  doctor: async () => (await import('./doctor-command.js')).doctorCommand,
  models: async () => (await import('./models-command.js')).modelsCommand,
  keys: async () => (await import('./keys-command.js')).keysCommand,
  completion: async () => (await import('./completion-command.js')).completionCommand,
  commands: async () => (await import('./commands-command.js')).commandsCommand,
  config: async () => (await import('./config-command.js')).configCommand,
  stats: async () => (await import('./stats-command.js')).statsCommand,
};

export const COMMANDS: readonly CommandEntry[] = COMMAND_SUMMARIES.map((c) => ({ ...c, load: LOADERS[c.name] }));

function help(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  const lines = COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
  return (
    `Usage: assistive-control <command> [options]\n\nCommands:\n${lines.join('\n')}\n\n` +
    'Run "assistive-control help <command>" for a command\'s options, "assistive-control --version" for the version.'
  );
}

function unknown(name: string, io: CliIo): number {
  io.stderr.write(`Unknown command "${name.slice(0, 40)}".\n\n${help()}\n`);
  return EXIT.usage;
}

export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === '--version' || name === '-V' || name === 'version') {
    io.stdout.write(`${packageVersion()}\n`);
    return EXIT.ok;
  }
  // At a terminal, no command is a session (the interactive command line); in a script, the help.
  // Options without a command (assistive-control --provider ollama) are the session's too.
  const sessionOptions = name === undefined || (name.startsWith('--') && !['--help', '--version'].includes(name));
  if (sessionOptions && io.stdin?.isTTY) return runEntry('session', argv, io);
  if (name === undefined || name === '--help' || name === '-h' || (name === 'help' && rest.length === 0)) {
    (name === undefined ? io.stderr : io.stdout).write(`${help()}\n`);
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  // "help run" is "run --help".
  const [commandName, commandArgs] = name === 'help' ? [rest[0] ?? '', ['--help']] : [name, rest];
  return runEntry(commandName, commandArgs, io);
}

async function runEntry(commandName: string, commandArgs: readonly string[], io: CliIo): Promise<number> {
  const entry = COMMANDS.find((c) => c.name === commandName);
  if (!entry) return unknown(commandName, io);
  try {
    return await (await entry.load()).run(commandArgs, io);
  } catch (e) {
    // A bug, not a user error: say so plainly rather than print a stack trace at the user.
    io.stderr.write(`Something went wrong inside Assistive Control (${errorMessage(e)}). Please report it.\n`);
    return EXIT.failed;
  }
}
