/**
 * Which installed app a spoken name means (macOS; issue #20 R10). The bridge lists the installed
 * apps with every name each goes by — the bundle's file name, the name Finder shows in the user's
 * language, the bundle's own (localized) display name — and this pure function chooses, by the
 * rules the Linux half applies to desktop files:
 *
 * 1. a name or the bundle id equal to what was said, ignoring case, accents, punctuation and a
 *    trailing ".app" ("safari", "Calculette", "Systemeinstellungen", "visual studio code");
 * 2. else the one app whose name contains what was said as whole words ("chrome" → Google Chrome);
 * 3. else the one app whose name contains it at all;
 * 4. else a sentence: nothing is called that, or several are (up to five named).
 *
 * The same app found in two folders (one bundle id) counts once: the first listed wins, and the
 * bridge lists /Applications before the user's own and the system's folders.
 */

/** An installed app as the bridge lists it. */
export interface InstalledApp {
  /** The bundle's path (what is launched). */
  readonly path: string;
  /** The bundle identifier, or '' when the bundle has none. */
  readonly id: string;
  /** Every name it goes by; the first is the one said back to the user. */
  readonly names: readonly string[];
}

export type AppNameMatch =
  | { readonly kind: 'found'; readonly app: InstalledApp }
  | { readonly kind: 'none'; readonly message: string }
  | { readonly kind: 'ambiguous'; readonly message: string; readonly apps: readonly InstalledApp[] };

/** A name as compared: no accents, lower case, words separated by one space, no ".app". */
export function foldAppName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/\.app$/u, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function uniqueById(apps: readonly InstalledApp[]): InstalledApp[] {
  const seen = new Set<string>();
  const out: InstalledApp[] = [];
  for (const app of apps) {
    const key = app.id !== '' ? `id:${app.id.toLowerCase()}` : `path:${app.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(app);
  }
  return out;
}

const shownName = (app: InstalledApp): string => (app.names.find((n) => n.trim() !== '') ?? app.path).replace(/\.app$/u, '');

/** Chooses the app `spoken` names among `installed`. */
export function matchAppName(spoken: string, installed: readonly InstalledApp[]): AppNameMatch {
  const wanted = foldAppName(spoken);
  const apps = uniqueById(installed);
  if (wanted === '') return { kind: 'none', message: 'Say the name of the application to open.' };
  const folded = apps.map((app) => ({ app, names: app.names.map(foldAppName).filter((n) => n !== '') }));

  const exact = folded.find((f) => f.names.includes(wanted) || (f.app.id !== '' && f.app.id.toLowerCase() === spoken.trim().toLowerCase()));
  if (exact) return { kind: 'found', app: exact.app };

  const padded = ` ${wanted} `;
  const tiers = [folded.filter((f) => f.names.some((n) => ` ${n} `.includes(padded))), folded.filter((f) => f.names.some((n) => n.includes(wanted)))];
  for (const tier of tiers) {
    if (tier.length === 1 && tier[0]) return { kind: 'found', app: tier[0].app };
    if (tier.length > 1) {
      const list = tier.slice(0, 5).map((f) => shownName(f.app));
      return { kind: 'ambiguous', message: `Several applications match '${spoken}' (${list.join(', ')}): say which one.`, apps: tier.map((f) => f.app) };
    }
  }
  return { kind: 'none', message: `No installed application is called '${spoken}': check the spelling, or install it first.` };
}
