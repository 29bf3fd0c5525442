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

/** Calls `handler` on Ctrl-C (SIGINT) instead of ending the process; returns the function that stops listening. */
export function onProcessInterrupt(handler: () => void): () => void {
  process.on('SIGINT', handler);
  return () => process.off('SIGINT', handler);
}
