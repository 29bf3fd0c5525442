/**
 * Linux: the shell's own windows go through XWayland until native Wayland is supported (a Wayland
 * window cannot float above other apps, place itself, or be reached by the X11 switch-key grab).
 *
 * The switch is --ozone-platform=x11, but it cannot be appended from the main script: Electron
 * chooses and starts its display backend (ui::SetOzonePlatformForLinuxIfNeeded, then
 * OzonePlatform::PreEarlyInitialization) before that script runs, and a switch appended later
 * reaches only the child processes. So a process that finds itself on native Wayland starts itself
 * again with the switch on its command line, once, and only when XWayland is there (DISPLAY set):
 * without an X server the switch would stop Electron from starting at all.
 */
import { isWaylandSession } from '../shared/display-session.js';

export const OZONE_X11_SWITCH = '--ozone-platform=x11';

export interface DisplayBackendFacts {
  readonly env: NodeJS.ProcessEnv;
  /** The process's arguments (process.argv): the executable first. */
  readonly argv: readonly string[];
  /** The backend Electron chose (app.commandLine.getSwitchValue('ozone-platform'): "wayland", "x11", or empty). */
  readonly chosen: string;
}

/** The arguments to start again with under XWayland, or undefined when this process should go on as it is. */
export function xwaylandRelaunchArgs(facts: DisplayBackendFacts): readonly string[] | undefined {
  if (!isWaylandSession(facts.env) || facts.chosen === 'x11' || !facts.env.DISPLAY) return undefined;
  // Started with the switch already and still not on X11: starting again would only loop.
  if (facts.argv.includes(OZONE_X11_SWITCH)) return undefined;
  return [...facts.argv.slice(1), OZONE_X11_SWITCH];
}
