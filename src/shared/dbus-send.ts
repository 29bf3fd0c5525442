/**
 * One question to the session bus through dbus-send (present wherever D-Bus is), answered within a
 * deadline and killed at it: its printed reply, or undefined when there is no bus, no dbus-send or
 * no answer in time. Node only (the panel never asks the bus).
 */
import { execFile } from 'node:child_process';

export function dbusSend(args: readonly string[], env: NodeJS.ProcessEnv, deadlineMs = 1000): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile('dbus-send', ['--session', ...args], { env, timeout: deadlineMs, killSignal: 'SIGKILL' }, (error, stdout) => {
      resolve(error ? undefined : stdout);
    });
  });
}
