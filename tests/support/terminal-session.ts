/**
 * The command line's interactive session at a real pseudo-terminal (`script` gives it one; its own
 * stdin is a pipe whose bytes are typed there): what a screen reader user at a terminal gets, as plain
 * lines. `expectText` waits for a text after what was already matched.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { until } from './desktop.js';

export interface TerminalSession {
  readonly child: ChildProcessWithoutNullStreams;
  /** Everything printed so far. */
  readonly output: () => string;
  readonly exited: Promise<number | null>;
  /** Waits for `text` after what was already matched. */
  readonly expectText: (text: string, timeoutMs?: number) => Promise<void>;
  /** Types bytes at the terminal ("\r" is Enter, "\x04" Ctrl-D, "\x03" Ctrl-C). */
  readonly type: (bytes: string) => void;
}

/** Starts `command` (a shell command line; begin it with `exec` so dash does not stay the parent and take Ctrl-C) at a pseudo-terminal. */
export function openTerminalSession(command: string, env: NodeJS.ProcessEnv, defaultTimeoutMs = 15_000): TerminalSession {
  const child = spawn('script', ['-qfec', command, '/dev/null'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  let seen = 0;
  return {
    child,
    output: () => output,
    exited,
    expectText: async (text, timeoutMs = defaultTimeoutMs) => {
      await until(
        `"${text}" in the session (output so far: ${JSON.stringify(output.slice(-300))})`,
        async () => (output.indexOf(text, seen) >= 0 ? true : undefined),
        timeoutMs,
      );
      seen = output.indexOf(text, seen) + text.length;
    },
    type: (bytes) => void child.stdin.write(bytes),
  };
}
