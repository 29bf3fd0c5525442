/**
 * The user's non-secret settings: a zod-validated JSON file in the OS's settings folder.
 *
 * Reading never fails: a missing file means defaults; an older file is migrated to the current shape
 * (`settings-migrations.ts`); a corrupt or invalid file is moved aside with a timestamp, the defaults
 * are used, and the caller gets a notice to show the user. A file a newer version wrote is read where
 * it is understood and never written over. Writing is atomic and stamps the version. API keys never
 * come here (see `secret-store.ts`).
 */
import { readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import { defaultSettings, Settings } from '../shared/settings-schema.js';
import { writeFileAtomic } from './atomic-write.js';
import { SETTINGS_FILE_NAME } from './settings-path.js';
import {
  fileVersion,
  migrateSettings,
  newerMessage,
  SettingsFileNewerError,
  SETTINGS_VERSION,
  versionedFile,
  type RawSettings,
} from './settings-migrations.js';

// The schema is the shared contract (src/shared/settings-schema.ts); this file reads and writes it.
export { DEFAULT_GLOBAL_SHORTCUT, PLANNER_CHOICES, type PlannerChoice } from '../shared/settings-schema.js';
export { defaultSettings, Settings };
export { SETTINGS_VERSION, SettingsFileNewerError };

export type SettingsNoticeCode = 'corrupt' | 'invalid' | 'unreadable' | 'unknown_fields' | 'newer_version';

export interface SettingsNotice {
  readonly code: SettingsNoticeCode;
  /** A sentence for the user. */
  readonly message: string;
}

export interface LoadedSettings {
  readonly settings: Settings;
  /** Things the user should be told (a file moved aside, fields ignored). Empty when all is well. */
  readonly notices: readonly SettingsNotice[];
  readonly path: string;
}

export type SetResult = { readonly ok: true; readonly settings: Settings } | { readonly ok: false; readonly message: string };

export interface SettingsStore {
  readonly path: string;
  load(): Promise<LoadedSettings>;
  save(settings: Settings): Promise<void>;
  /** Loads, changes one setting by its dotted key (`models.openai`), validates and saves. */
  set(key: string, rawValue: string): Promise<SetResult & { readonly notices: readonly SettingsNotice[] }>;
}

export interface SettingsStoreOptions {
  /** The settings folder (see `settingsDir`); injectable so tests use a temporary one. */
  readonly dir: string;
  readonly now?: () => Date;
}

function issueText(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'it does not match the settings format';
  const where = issue.path.map(String).join('.') || 'the file';
  return `${where} ${issue.message}`;
}

function timestamp(d: Date): string {
  return d.toISOString().replace(/[:.]/g, '-');
}

/** Every settable key, dotted ("spokenFeedback.rate"), from the defaults' shape. */
export function settingKeys(): string[] {
  const keys: string[] = [];
  const walk = (value: unknown, prefix: string) => {
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value)) walk(v, prefix ? `${prefix}.${k}` : k);
    } else keys.push(prefix);
  };
  walk(defaultSettings(), '');
  return keys;
}

function getPath(obj: unknown, path: readonly string[]): unknown {
  let cur: unknown = obj;
  for (const p of path) cur = typeof cur === 'object' && cur !== null ? (cur as Record<string, unknown>)[p] : undefined;
  return cur;
}

const TRUE_WORDS = new Set(['on', 'true', 'yes', '1', 'enabled']);
const FALSE_WORDS = new Set(['off', 'false', 'no', '0', 'disabled']);

/** Applies one `key value` change to settings: typed by the setting's kind, then validated. */
export function applySetting(settings: Settings, key: string, rawValue: string): SetResult {
  const keys = settingKeys();
  if (!keys.includes(key)) {
    return { ok: false, message: `There is no setting called "${key.slice(0, 60)}". Settings: ${keys.join(', ')}.` };
  }
  const path = key.split('.');
  const current = getPath(settings, path);
  const raw = rawValue.trim();
  let value: unknown;
  if (typeof current === 'boolean') {
    const lower = raw.toLowerCase();
    if (TRUE_WORDS.has(lower)) value = true;
    else if (FALSE_WORDS.has(lower)) value = false;
    else return { ok: false, message: `${key} must be on or off (got "${raw.slice(0, 40)}").` };
  } else if (typeof current === 'number') {
    value = raw === '' ? Number.NaN : Number(raw);
    if (!Number.isFinite(value)) return { ok: false, message: `${key} must be a number (got "${raw.slice(0, 40)}").` };
  } else {
    value = raw;
  }
  const next = structuredClone(settings) as Record<string, unknown>;
  let target = next;
  for (const p of path.slice(0, -1)) target = target[p] as Record<string, unknown>;
  target[path.at(-1) as string] = value;
  const parsed = Settings.safeParse(next);
  if (!parsed.success) return { ok: false, message: `Not changed: ${issueText(parsed.error)}.` };
  return { ok: true, settings: parsed.data };
}

/** Top-level and nested fields the file has and the schema does not know (typos, newer versions). */
function unknownFields(raw: unknown, defaults: unknown, prefix = ''): string[] {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(raw)) {
    const known = typeof defaults === 'object' && defaults !== null ? (defaults as Record<string, unknown>)[k] : undefined;
    const name = prefix ? `${prefix}.${k}` : k;
    if (known === undefined) out.push(name);
    else out.push(...unknownFields(v, known, name));
  }
  return out;
}

export function createSettingsStore(options: SettingsStoreOptions): SettingsStore {
  const path = join(options.dir, SETTINGS_FILE_NAME);
  const now = options.now ?? (() => new Date());

  async function moveAside(kind: 'corrupt' | 'invalid', why: string): Promise<SettingsNotice> {
    const aside = join(options.dir, `settings.${kind}-${timestamp(now())}.json`);
    const what = kind === 'corrupt' ? `could not be read (${why})` : `had an invalid value (${why})`;
    try {
      await rename(path, aside);
      return {
        code: kind,
        message: `Your settings file ${what}, so the default settings are in use. The old file was kept as ${aside}. Change settings with \`assistive-control config set\` or in the panel; saved API keys are not affected.`,
      };
    } catch {
      return {
        code: kind,
        message: `Your settings file ${path} ${what}, so the default settings are in use. Fix or delete that file; saved API keys are not affected.`,
      };
    }
  }

  async function load(): Promise<LoadedSettings> {
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return { settings: defaultSettings(), notices: [], path };
      return {
        settings: defaultSettings(),
        notices: [
          {
            code: 'unreadable',
            message: `Your settings file ${path} could not be opened (${code ?? 'error'}), so the default settings are in use. Check its permissions.`,
          },
        ],
        path,
      };
    }
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return { settings: defaultSettings(), notices: [await moveAside('corrupt', 'it is not valid JSON')], path };
    }
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      return { settings: defaultSettings(), notices: [await moveAside('corrupt', 'it is not a JSON object')], path };
    }
    const migrated = migrateSettings(raw as RawSettings);
    if (migrated.kind === 'bad_version') {
      return { settings: defaultSettings(), notices: [await moveAside('invalid', 'version must be a whole number')], path };
    }
    if (migrated.kind === 'newer') {
      // Never moved aside nor written over: what this version cannot read is left for the newer one.
      const readable = Settings.safeParse(migrated.settings);
      const notice: SettingsNotice = { code: 'newer_version', message: newerMessage(migrated.version, path, 'read') };
      return { settings: readable.success ? readable.data : defaultSettings(), notices: [notice], path };
    }
    const parsed = Settings.safeParse(migrated.settings);
    if (!parsed.success) return { settings: defaultSettings(), notices: [await moveAside('invalid', issueText(parsed.error))], path };
    const unknown = unknownFields(migrated.settings, parsed.data);
    const notices: SettingsNotice[] =
      unknown.length > 0
        ? [
            {
              code: 'unknown_fields',
              message: `Your settings file has fields this version does not know, which are ignored: ${unknown.slice(0, 5).join(', ')}.`,
            },
          ]
        : [];
    return { settings: parsed.data, notices, path };
  }

  /** The version of the file on disk now, when it is a readable object with one. */
  async function versionOnDisk(): Promise<number | undefined> {
    try {
      const raw: unknown = JSON.parse(await readFile(path, 'utf8'));
      return typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? fileVersion(raw as RawSettings) : undefined;
    } catch {
      return undefined;
    }
  }

  async function save(settings: Settings): Promise<void> {
    const valid = Settings.parse(settings);
    const onDisk = await versionOnDisk();
    if (onDisk !== undefined && onDisk > SETTINGS_VERSION) throw new SettingsFileNewerError(onDisk, path);
    await writeFileAtomic(path, `${JSON.stringify(versionedFile(valid), null, 2)}\n`);
  }

  return {
    path,
    load,
    save,
    async set(key, rawValue) {
      const loaded = await load();
      const newer = loaded.notices.some((n) => n.code === 'newer_version') ? await versionOnDisk() : undefined;
      if (newer !== undefined) return { ok: false, message: new SettingsFileNewerError(newer, path).message, notices: [] };
      const result = applySetting(loaded.settings, key, rawValue);
      if (result.ok) await save(result.settings);
      return { ...result, notices: loaded.notices };
    },
  };
}
