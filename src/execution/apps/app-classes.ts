/**
 * Classes of apps and elements the safety gate treats apart: terminals.
 *
 * In a terminal, typed text followed by Enter runs as a shell command, whatever the text says, so
 * the gate judges it as destructive. A terminal is the platform's terminal role (AT-SPI
 * ROLE_TERMINAL), any text element of a shell-like app (on macOS Terminal and iTerm2 expose their
 * screen as a plain text area), or a text element named as a terminal (the terminal panes of code
 * editors). App names are compared case-insensitively without spaces, dashes and a ".app" suffix.
 */
import type { Role } from '../../shared/roles.js';
import { TEXT_ENTRY_ROLES } from '../../shared/roles.js';
import { labelWords } from '../../shared/text/label-text.js';

/** Shell-like apps, as their process or bundle names appear on the accessibility bus. */
const TERMINAL_APPS: ReadonlySet<string> = new Set(
  [
    'terminal',
    'gnome-terminal',
    'gnome-terminal-server',
    'kgx',
    'console',
    'iterm',
    'iterm2',
    'konsole',
    'xterm',
    'uxterm',
    'rxvt',
    'urxvt',
    'kitty',
    'alacritty',
    'wezterm',
    'wezterm-gui',
    'tilix',
    'terminator',
    'xfce4-terminal',
    'mate-terminal',
    'lxterminal',
    'qterminal',
    'foot',
    'st',
    'hyper',
    'warp',
    'ghostty',
    'tabby',
    'terminology',
    'guake',
    'tilda',
    'yakuake',
    'cool-retro-term',
    'blackbox',
    'ptyxis',
  ].map(compact),
);

function compact(name: string): string {
  return name
    .toLowerCase()
    .replace(/\.app$/, '')
    .replace(/[\s_-]+/g, '');
}

/** Is this app a terminal emulator (by its name on the accessibility bus)? */
export function isTerminalApp(appName: string | undefined): boolean {
  return !!appName && TERMINAL_APPS.has(compact(appName));
}

/** Roles a terminal's screen may have in a terminal app on platforms without a terminal role. */
const TERMINAL_LIKE_ROLES: ReadonlySet<Role> = new Set<Role>([...TEXT_ENTRY_ROLES, 'unknown']);

/** Does an element take keys as a shell would (typed text + Enter runs a command)? */
export function isTerminalElement(el: { readonly role: Role; readonly name: string; readonly description: string }, appName: string | undefined): boolean {
  if (el.role === 'terminal') return true;
  if (isTerminalApp(appName) && TERMINAL_LIKE_ROLES.has(el.role)) return true;
  if (!TEXT_ENTRY_ROLES.has(el.role)) return false;
  const named = (t: string): boolean => labelWords(t).skeletonWords.some((w) => w === 'terminal' || w === 'shell' || w === 'console');
  return named(el.name) || named(el.description);
}
