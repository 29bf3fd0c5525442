/**
 * The running apps (issue #18): "what's open" as one sentence, read only, and the running app that
 * "open X" / "switch to X" brings to the front instead of starting another.
 *
 * The assistant's own windows are left out (they are never a target). An app listed twice (two
 * processes of one name) is said once; one that did not answer in time is said as not responding,
 * so the user knows why a command to it may wait.
 */
import { quote } from '../../shared/text/quote.js';
import type { RunningApp } from '../accessibility/types.js';
import type { ActionResult } from '../results.js';

/** Apps named in the sentence; the rest are counted. */
const NAMED_MAX = 30;

export function runningAppsObservation(apps: readonly RunningApp[], isOwn: (pid: number) => boolean): ActionResult {
  const seen = new Map<string, { name: string; frontmost: boolean; responding: boolean }>();
  for (const app of apps) {
    const name = app.name.trim();
    if (isOwn(app.pid) || name === '') continue;
    const key = name.toLowerCase();
    const known = seen.get(key);
    seen.set(key, {
      name: known?.name ?? name,
      frontmost: (known?.frontmost ?? false) || app.frontmost,
      responding: (known?.responding ?? true) && app.responding,
    });
  }
  const listed = [...seen.values()].sort((a, b) => Number(b.frontmost) - Number(a.frontmost) || a.name.localeCompare(b.name));
  if (listed.length === 0)
    return { kind: 'observation', text: 'No apps are open that the assistant can see (apps show here once they support accessibility).' };
  const said = listed.slice(0, NAMED_MAX).map((a) => `${quote(a.name, 40)}${a.frontmost ? ' (in front)' : ''}${a.responding ? '' : ' (not responding)'}`);
  const more = listed.length > NAMED_MAX ? ` and ${listed.length - NAMED_MAX} more` : '';
  const count = listed.length === 1 ? '1 app is open' : `${listed.length} apps are open`;
  return { kind: 'observation', text: `${count}: ${said.join(', ')}${more}.` };
}

/**
 * The running app an open_application names, to bring it to the front instead of starting another:
 * its name equal to the one asked for, ignoring case; never one of the assistant's own; one that is
 * not responding is left to the launcher (which reports it). Undefined when none is.
 */
export function runningAppNamed(apps: readonly RunningApp[], name: string, isOwn: (pid: number) => boolean): RunningApp | undefined {
  const wanted = name.trim().toLowerCase();
  const found = apps.filter((a) => !isOwn(a.pid) && a.responding && a.name.trim().toLowerCase() === wanted);
  return found.find((a) => a.frontmost) ?? found[0];
}
