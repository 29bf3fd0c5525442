/** What a subcommand may touch: its output streams (and, for commands that read a secret, stdin). */
export interface CliIo {
  readonly stdout: { write(chunk: string): unknown };
  readonly stderr: { write(chunk: string): unknown };
  readonly stdin?: NodeJS.ReadableStream & { isTTY?: boolean };
  readonly env?: NodeJS.ProcessEnv;
}

export interface CliCommand {
  readonly name: string;
  /** The usage lines printed by `--help` and after a usage error. */
  readonly usage: string;
  run(args: readonly string[], io: CliIo): Promise<number>;
}
