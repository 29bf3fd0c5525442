import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS, migrateSettings, SETTINGS_VERSION } from '../../src/config/settings-migrations.js';
import { createSettingsStore, defaultSettings, SettingsFileNewerError } from '../../src/config/settings.js';
import { saveSettingsUpdate } from '../../src/core/panel-settings.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ac-settings-version-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A settings file as the builds before versions wrote it: every field, no "version". */
const UNVERSIONED = {
  provider: 'ollama',
  models: { ollama: 'qwen2.5:7b', anthropic: 'claude-sonnet-4-5', openai: 'gpt-4o-mini' },
  ollamaUrl: 'http://127.0.0.1:11434',
  openaiBaseUrl: 'https://api.openai.com/v1',
  plannerTimeoutSeconds: 20,
  confidence: { reject: 0.2, warn: 0.5 },
  confirmModerate: false,
  spokenFeedback: { enabled: true, rate: 220 },
  launchAtLogin: true,
  globalShortcut: 'CommandOrControl+Shift+Space',
  quickCommands: ['scroll down', 'click Send'],
  onboardingDone: true,
};

describe('migrations, one test each', () => {
  it('has a migration from every version before the current one', () => {
    for (let v = 0; v < SETTINGS_VERSION; v++) expect(MIGRATIONS[v], `migration from ${v}`).toBeTypeOf('function');
  });

  it('0 → 1: an unversioned file keeps every value; the next save stamps version 1', async () => {
    expect(migrateSettings(UNVERSIONED)).toEqual({ kind: 'migrated', from: 0, settings: UNVERSIONED });
    await writeFile(join(dir, 'settings.json'), JSON.stringify(UNVERSIONED));
    const store = createSettingsStore({ dir });
    const loaded = await store.load();
    expect(loaded.notices).toEqual([]);
    expect(loaded.settings).toMatchObject(UNVERSIONED);
    const result = await store.set('spokenFeedback.rate', '200');
    expect(result.ok).toBe(true);
    const written = JSON.parse(await readFile(store.path, 'utf8')) as Record<string, unknown>;
    expect(written.version).toBe(1);
    expect(written).toMatchObject({ ...UNVERSIONED, spokenFeedback: { enabled: true, rate: 200 } });
  });
});

describe('the version machinery', () => {
  it('runs the steps in order from the file version, never mutating the input', () => {
    const steps = {
      0: (r: Record<string, unknown>) => ({ ...r, trail: [...((r.trail as string[]) ?? []), '0→1'] }),
      1: (r: Record<string, unknown>) => ({ ...r, trail: [...((r.trail as string[]) ?? []), '1→2'] }),
      2: (r: Record<string, unknown>) => ({ ...r, trail: [...((r.trail as string[]) ?? []), '2→3'] }),
    };
    const input = { version: 1, a: 1 };
    expect(migrateSettings(input, steps, 3)).toEqual({ kind: 'migrated', from: 1, settings: { a: 1, trail: ['1→2', '2→3'] } });
    expect(input).toEqual({ version: 1, a: 1 });
    expect(migrateSettings({ a: 1 }, steps, 3)).toMatchObject({ settings: { trail: ['0→1', '1→2', '2→3'] } });
    expect(migrateSettings({ version: 3, a: 1 }, steps, 3)).toEqual({ kind: 'current', settings: { a: 1 } });
    expect(migrateSettings({ version: 4, a: 1 }, steps, 3)).toEqual({ kind: 'newer', version: 4, settings: { a: 1 } });
    for (const bad of [-1, 1.5, '1', null]) expect(migrateSettings({ version: bad }, steps, 3)).toEqual({ kind: 'bad_version', value: bad });
  });

  it('writes the current version on every save, and reads it back without a notice', async () => {
    const store = createSettingsStore({ dir });
    await store.save({ ...defaultSettings(), provider: 'anthropic' });
    const written = JSON.parse(await readFile(store.path, 'utf8')) as Record<string, unknown>;
    expect(Object.keys(written)[0]).toBe('version');
    expect(written.version).toBe(SETTINGS_VERSION);
    expect(await store.load()).toEqual({ settings: { ...defaultSettings(), provider: 'anthropic' }, notices: [], path: store.path });
  });

  it('moves a file with a version that is not a whole number aside, like any invalid file', async () => {
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ version: 'two', provider: 'ollama' }));
    const loaded = await createSettingsStore({ dir }).load();
    expect(loaded.settings).toEqual(defaultSettings());
    expect(loaded.notices[0]?.code).toBe('invalid');
    expect(loaded.notices[0]?.message).toContain('version must be a whole number');
  });
});

describe('a file a newer version wrote', () => {
  const NEWER = { version: SETTINGS_VERSION + 1, provider: 'anthropic', spokenFeedback: { enabled: true, rate: 190 }, hologramMode: 'on' };

  it('is read where it is understood, the user told, and never written over by save, set or the panel', async () => {
    const text = `${JSON.stringify(NEWER, null, 2)}\n`;
    await writeFile(join(dir, 'settings.json'), text);
    const store = createSettingsStore({ dir });
    const loaded = await store.load();
    expect(loaded.settings).toMatchObject({ provider: 'anthropic', spokenFeedback: { enabled: true, rate: 190 } });
    expect(loaded.notices.map((n) => n.code)).toEqual(['newer_version']);
    expect(loaded.notices[0]?.message).toContain(`settings version ${SETTINGS_VERSION + 1}`);
    expect(loaded.notices[0]?.message).toContain('Update Assistive Control');

    await expect(store.save(loaded.settings)).rejects.toBeInstanceOf(SettingsFileNewerError);
    const set = await store.set('provider', 'ollama');
    expect(set.ok).toBe(false);
    expect(set.ok ? '' : set.message).toContain('was not saved');
    const panel = await saveSettingsUpdate(store, (s) => ({ ok: true, settings: { ...s, confirmModerate: false } }));
    expect(panel).toMatchObject({ ok: false });
    expect(panel.ok ? '' : panel.message).toContain('newer Assistive Control');

    expect(await readFile(store.path, 'utf8')).toBe(text);
    expect(await readdir(dir)).toEqual(['settings.json']);
  });

  it('with values this version refuses: the defaults are used, the file is still kept as it is', async () => {
    const text = JSON.stringify({ version: SETTINGS_VERSION + 5, provider: 'a-planner-from-the-future' });
    await writeFile(join(dir, 'settings.json'), text);
    const loaded = await createSettingsStore({ dir }).load();
    expect(loaded.settings).toEqual(defaultSettings());
    expect(loaded.notices.map((n) => n.code)).toEqual(['newer_version']);
    expect(await readFile(join(dir, 'settings.json'), 'utf8')).toBe(text);
    expect(await readdir(dir)).toEqual(['settings.json']);
  });
});
