/**
 * One question to the session bus through dbus-send (present wherever D-Bus is), answered within a
 * deadline and killed at it: its printed reply, or undefined when there is no bus, no dbus-send or
 * no answer in time. The program is run by the caller's `execFile` (node:child_process): this folder
 * compiles without Node's types too, for the panel, which never asks the bus.
 */

/** node:child_process's execFile, as far as dbusSend uses it. */
export type ExecFile = (
  file: string,
  args: readonly string[],
  options: { readonly env: Readonly<Record<string, string | undefined>>; readonly timeout: number; readonly killSignal: 'SIGKILL' },
  callback: (error: Error | null, stdout: string) => void,
) => unknown;

export function dbusSend(
  execFile: ExecFile,
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  deadlineMs = 1000,
): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile('dbus-send', ['--session', ...args], { env, timeout: deadlineMs, killSignal: 'SIGKILL' }, (error, stdout) => {
      resolve(error ? undefined : stdout);
    });
  });
}
