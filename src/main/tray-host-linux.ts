/**
 * Linux: is there anywhere for the tray icon to appear? Electron's tray is a StatusNotifierItem,
 * shown only by a desktop that runs the StatusNotifier watcher on the session bus
 * (org.kde.StatusNotifierWatcher: KDE, Xfce's and GNOME's AppIndicator extensions, Ubuntu's GNOME).
 * Stock GNOME runs none, and Electron says nothing when its icon has no host, so the shell asks
 * the bus itself — through dbus-send, present wherever D-Bus is, killed at the deadline. No answer
 * (no bus, no dbus-send, too slow) is "unknown", which the shell treats as no tray.
 */
import { execFile } from 'node:child_process';
import { dbusSend } from '../shared/dbus-send.js';

export type TrayHost = 'present' | 'absent' | 'unknown';

export const STATUS_NOTIFIER_WATCHER = 'org.kde.StatusNotifierWatcher';

/** Asks the session bus whether the StatusNotifier watcher has an owner; answers within `deadlineMs`. */
export function probeTrayHost(env: NodeJS.ProcessEnv, deadlineMs = 1000): Promise<TrayHost> {
  const args = [
    '--print-reply',
    '--dest=org.freedesktop.DBus',
    '/org/freedesktop/DBus',
    'org.freedesktop.DBus.NameHasOwner',
    `string:${STATUS_NOTIFIER_WATCHER}`,
  ];
  return dbusSend(execFile, args, env, deadlineMs).then((stdout) => {
    const answer = stdout === undefined ? undefined : /\bboolean (true|false)\b/.exec(stdout)?.[1];
    return answer === 'true' ? 'present' : answer === 'false' ? 'absent' : 'unknown';
  });
}

/** An accelerator as a Linux keyboard says it: "CommandOrControl+Shift+Space" is Ctrl+Shift+Space. */
function keysLabel(accelerator: string): string {
  return accelerator
    .split('+')
    .map((part) => (/^(CommandOrControl|CmdOrCtrl|Control)$/i.test(part) ? 'Ctrl' : part))
    .join('+');
}

/** How to see the panel again once it is closed and no tray icon can show it. */
export function reopenHow(accelerator: string | undefined): string {
  const press = accelerator ? `, or press ${keysLabel(accelerator)}` : '';
  return `To open the panel again, open Assistive Control from your applications${press}.`;
}
