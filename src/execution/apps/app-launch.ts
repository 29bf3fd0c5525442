/**
 * open_application: starts an app (by name, else by desktop or bundle id) and waits until its
 * window is on screen. A single-instance app or a launcher may hand over to another process: an
 * app of the launched name then counts. A window that never shows is a sentence, not a hang.
 */
import { quote } from '../../shared/text/quote.js';
import { AccessibilityError } from '../accessibility/types.js';
import { runningAppNamed } from './app-list.js';
import { LABEL_QUOTE_MAX } from '../element-geometry.js';
import type { EngineParts } from '../engine-parts.js';
import type { ActOptions } from '../engine-types.js';
import { failure, success, type ActionResult } from '../results.js';

export async function openApplication(parts: EngineParts, app: string, options: ActOptions): Promise<ActionResult> {
  const { bridge, clock, tuning } = parts;
  const gated = options.gate?.({});
  if (gated) return gated;
  // Already running: bring it to the front ("switch to X") rather than start a second one.
  const running = runningAppNamed(await parts.apps.runningApps(), app, (pid) => parts.apps.isOwn(pid));
  if (running && (await parts.apps.raise(running)).ok) return success(`Switched to ${quote(running.name, LABEL_QUOTE_MAX)}: it was already open.`);
  const started = clock.now();
  let launched;
  try {
    launched = await bridge.launchApp({ name: app });
  } catch (e) {
    if (!(e instanceof AccessibilityError) || e.code !== 'not_found') throw e;
    launched = await bridge.launchApp({ id: app }).catch(() => {
      throw e; // the first message ("No installed application is called …") is the one to show
    });
  }
  const names = new Set([launched.name.toLowerCase(), app.toLowerCase(), launched.id.replace(/\.desktop$/, '').toLowerCase()]);
  // A menu-bar app shows no window by design: started is done (waiting for a window would fail).
  if (launched.menuBarOnly && launched.pid > 0)
    return success(`Started ${quote(launched.name, LABEL_QUOTE_MAX)}: it lives in the menu bar, with no window of its own.`);
  for (;;) {
    const apps = await parts.apps.runningApps();
    // The launched process, or (single-instance apps, launchers) an app of that name.
    const found = apps.find((a) => a.pid === launched.pid) ?? apps.find((a) => names.has(a.name.toLowerCase()));
    if (found && found.responding) {
      const window = await parts.apps.windowOf(found.pid);
      if (window)
        return success(`Opened ${quote(launched.name, LABEL_QUOTE_MAX)}: its window ${quote(window.name || launched.name, LABEL_QUOTE_MAX)} is on screen.`);
    }
    if (clock.now() - started >= tuning.windowWaitMs) {
      return failure(
        found ? 'timeout' : 'not_found',
        found
          ? `${quote(launched.name, LABEL_QUOTE_MAX)} started but showed no window within ${tuning.windowWaitMs / 1000} s: it may still be loading — look again in a moment.`
          : `${quote(launched.name, LABEL_QUOTE_MAX)} did not appear within ${tuning.windowWaitMs / 1000} s: it may have failed to start, or it does not support accessibility.`,
      );
    }
    await clock.sleep(tuning.pollMs * 2);
  }
}
