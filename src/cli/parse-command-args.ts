/**
 * The argument parsing every subcommand shares: strict options, `--help`, and a usage error that
 * names the problem and shows the usage.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { CliIo } from './cli-io.js';
import { EXIT } from './exit-codes.js';

type Options = NonNullable<ParseArgsConfig['options']>;

const COMMON = {
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const satisfies Options;

export type ParsedArgs<O extends Options> = ReturnType<typeof parseArgs<{ args: string[]; options: typeof COMMON & O; allowPositionals: true; strict: true }>>;

/**
 * Parses `args`; on `--help` or a usage error it prints and returns the exit code instead.
 * `quiet: true` keeps the offending text out of the error (it may be a secret typed in the wrong place).
 */
export function parseCommandArgs<O extends Options>(
  args: readonly string[],
  io: CliIo,
  usage: string,
  options: O,
  { quiet = false }: { quiet?: boolean } = {},
): ParsedArgs<O> | { readonly exit: number } {
  let parsed: ParsedArgs<O>;
  try {
    parsed = parseArgs({ args: [...args], options: { ...COMMON, ...options }, allowPositionals: true, strict: true }) as ParsedArgs<O>;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    io.stderr.write(`${quiet ? message.replace(/'[^']*'/g, 'an option') : message}\n\n${usage}\n`);
    return { exit: EXIT.usage };
  }
  if ((parsed.values as { help?: boolean }).help) {
    io.stdout.write(`${usage}\n`);
    return { exit: EXIT.ok };
  }
  return parsed;
}
