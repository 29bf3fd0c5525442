/**
 * The argument parsing every subcommand shares: strict options, `--help`, and a usage error that
 * names the problem and shows the usage.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { isLlmProvider, LLM_PROVIDERS } from '../shared/llm-providers.js';
import type { CliIo } from './cli-io.js';
import { EXIT } from './exit-codes.js';
import { errorMessage } from '../shared/errors.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** The usage error in quiet mode: Node's own message quotes the option (twice, once unclosed). */
const QUIET_USAGE_ERROR = 'An option is unknown or has no value (it is not repeated here, in case it is a key): see the usage below.';

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
    const message = errorMessage(e);
    io.stderr.write(`${quiet ? QUIET_USAGE_ERROR : message}\n\n${usage}\n`);
    return { exit: EXIT.usage };
  }
  if ((parsed.values as { help?: boolean }).help) {
    io.stdout.write(`${usage}\n`);
    return { exit: EXIT.ok };
  }
  return parsed;
}

/** The options that choose a planner, shared by `plan` and `run`. */
export const PROVIDER_OPTIONS = {
  provider: { type: 'string' },
  model: { type: 'string' },
  'base-url': { type: 'string' },
} as const satisfies Options;

/**
 * A usage error in the planner options, as a sentence, or undefined. `omitted` says what no
 * `--provider` means for the command: the grammar (`plan`) or the provider in the settings (`run`).
 */
export function providerOptionsProblem(
  values: { readonly provider?: string | undefined; readonly model?: string | undefined; readonly 'base-url'?: string | undefined },
  omitted: 'grammar' | 'settings',
): string | undefined {
  const { provider, model, 'base-url': baseURL } = values;
  if (provider !== undefined && provider !== 'grammar' && !isLlmProvider(provider)) {
    return `There is no provider called "${provider.slice(0, 40)}": use grammar, ${LLM_PROVIDERS.join(', ')}.`;
  }
  const grammar = provider === 'grammar' || (provider === undefined && omitted === 'grammar');
  if (grammar && (model !== undefined || baseURL !== undefined)) {
    return '--model and --base-url go with an LLM provider: add --provider ollama, anthropic or openai.';
  }
  return undefined;
}
