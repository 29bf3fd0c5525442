/**
 * The settings file's version and the migrations that bring an older file to the current shape.
 *
 * The file carries `"version": N` next to the settings (the schema in src/shared does not know the
 * field: it belongs to the file, not to a setting). A file without it was written before versions
 * existed and is version 0. Each migration takes the raw object of one version to the next, in
 * order, before the schema validates it; the file is written back in the current shape at the next
 * save. A file of a version this build does not know (a newer Assistive Control wrote it) is never
 * migrated, moved or written over: `settings.ts` reads what it understands and tells the user.
 */

export type RawSettings = Record<string, unknown>;

/** The version this build writes. Raise it with a migration from the one before. */
export const SETTINGS_VERSION = 1;

/** The field in the file that says its version. */
export const VERSION_FIELD = 'version';

/** `MIGRATIONS[n]` turns a version-n file into a version-(n + 1) one; it never throws and never mutates its input. */
export const MIGRATIONS: Readonly<Record<number, (raw: RawSettings) => RawSettings>> = {
  // 0 → 1: the unversioned file has the first versioned shape; only the version is new.
  0: (raw) => ({ ...raw }),
};

export type Migrated =
  | { readonly kind: 'current'; readonly settings: RawSettings }
  | { readonly kind: 'migrated'; readonly from: number; readonly settings: RawSettings }
  /** Written by a newer build: left as it is, its known fields read. */
  | { readonly kind: 'newer'; readonly version: number; readonly settings: RawSettings }
  | { readonly kind: 'bad_version'; readonly value: unknown };

/** The file's version: 0 when it has none, undefined when the field is not a whole number from 0. */
export function fileVersion(raw: RawSettings): number | undefined {
  if (!(VERSION_FIELD in raw)) return 0;
  const v = raw[VERSION_FIELD];
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : undefined;
}

/** The settings of a raw file in the current shape (the version field taken off), or why not. */
export function migrateSettings(raw: RawSettings, migrations = MIGRATIONS, current = SETTINGS_VERSION): Migrated {
  const version = fileVersion(raw);
  const { [VERSION_FIELD]: _version, ...settings } = raw;
  void _version;
  if (version === undefined) return { kind: 'bad_version', value: raw[VERSION_FIELD] };
  if (version > current) return { kind: 'newer', version, settings };
  if (version === current) return { kind: 'current', settings };
  let out = settings;
  for (let v = version; v < current; v++) {
    const step = migrations[v];
    if (!step) throw new Error(`No settings migration from version ${v}.`);
    out = step(out);
  }
  return { kind: 'migrated', from: version, settings: out };
}

/** What a saved file holds: the version first, then the settings. */
export function versionedFile(settings: object): RawSettings {
  return { [VERSION_FIELD]: SETTINGS_VERSION, ...settings };
}

/** Refuses to write over a file a newer build wrote; the message is a sentence for the user. */
export class SettingsFileNewerError extends Error {
  readonly code = 'settings_newer';
  constructor(
    readonly version: number,
    path: string,
  ) {
    super(newerMessage(version, path, 'not saved'));
    this.name = 'SettingsFileNewerError';
  }
}

/** The sentence for a file of a newer version: what was kept, what happens, what to do. */
export function newerMessage(version: number, path: string, now: 'read' | 'not saved'): string {
  const what =
    now === 'read'
      ? 'It is kept as it is: this version uses the settings it understands and saves no change to it.'
      : 'This change was not saved, so the file stays as that version wrote it.';
  return `Your settings file ${path} was written by a newer Assistive Control (settings version ${version}; this one knows up to ${SETTINGS_VERSION}). ${what} Update Assistive Control to change settings, or move that file away to start from the defaults.`;
}
