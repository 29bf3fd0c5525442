/**
 * The elements the user chose, per app, for the predictive scan (issue #31): `scan-picks.json` in
 * the settings folder, written atomically, bounded. What is kept is an element's role and its short
 * name as the numbered overlay showed it, how often and when last it was chosen; never a typed
 * text, never a field's value. A file that cannot be read or is not this shape reads as empty (the
 * scan goes back to rows; the next pick writes a good file over it): it is a convenience, not data.
 */
import * as z from 'zod';
import type { TargetUse } from '../shared/scan-ranking.js';
import { readSettingsText, writeSettingsText } from './commands-file.js';

export const SCAN_PICKS_FILE_NAME = 'scan-picks.json';

/** How many apps are remembered (the ones chosen in least lately are dropped), and targets per app. */
export const PICKS_APPS_MAX = 40;
export const PICKS_PER_APP_MAX = 50;
/** A longer name is not kept (the overlay shows names shortened to 60 characters). */
export const PICK_LABEL_MAX = 120;
const APP_NAME_MAX = 200;

export type PicksByApp = ReadonlyMap<string, readonly TargetUse[]>;

const Use = z.strictObject({
  role: z.string().min(1).max(40),
  label: z.string().max(PICK_LABEL_MAX),
  count: z.number().int().min(1),
  last: z.number().finite(),
});

const File = z.strictObject({
  version: z.literal(1),
  apps: z.record(z.string().min(1).max(APP_NAME_MAX), z.array(Use).max(PICKS_PER_APP_MAX)),
});

/** The picks kept in `dir`; empty when there is no file or it cannot be used. */
export async function readScanPicks(dir: string): Promise<PicksByApp> {
  const read = await readSettingsText(dir, SCAN_PICKS_FILE_NAME);
  if (read.kind !== 'text') return new Map();
  let value: unknown;
  try {
    value = JSON.parse(read.text);
  } catch {
    return new Map();
  }
  const parsed = File.safeParse(value);
  return parsed.success ? boundPicks(new Map(Object.entries(parsed.data.apps))) : new Map();
}

/** `picks` within the bounds: at most PICKS_APPS_MAX apps (the latest chosen in), PICKS_PER_APP_MAX targets each. */
export function boundPicks(picks: PicksByApp): PicksByApp {
  const latest = (uses: readonly TargetUse[]): number => Math.max(Number.NEGATIVE_INFINITY, ...uses.map((u) => u.last));
  const kept = [...picks]
    .filter(([app, uses]) => app.length > 0 && app.length <= APP_NAME_MAX && uses.length > 0)
    .sort((a, b) => latest(b[1]) - latest(a[1]))
    .slice(0, PICKS_APPS_MAX)
    .map(([app, uses]) => [app, uses.filter((u) => u.label.length <= PICK_LABEL_MAX).slice(0, PICKS_PER_APP_MAX)] as const);
  return new Map(kept);
}

/** Writes `picks` (bounded) to `dir` atomically, readable by its owner only. */
export async function writeScanPicks(dir: string, picks: PicksByApp): Promise<void> {
  const apps = Object.fromEntries(boundPicks(picks));
  await writeSettingsText(dir, SCAN_PICKS_FILE_NAME, `${JSON.stringify({ version: 1, apps }, null, 1)}\n`);
}
