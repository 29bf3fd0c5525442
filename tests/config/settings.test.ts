import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../src/config/atomic-write.js';
import { settingsDir } from '../../src/config/settings-path.js';
import { applySetting, createSettingsStore, defaultSettings, settingKeys } from '../../src/config/settings.js';
import { DEFAULT_CONFIDENCE_POLICY } from '../../src/intent/validator.js';

let dir: string;
const NOW = new Date('2025-06-01T10:15:42.123Z');

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ac-settings-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('settingsDir', () => {
  it('uses the OS standard folder', () => {
    expect(settingsDir({ platform: 'darwin', env: {}, homedir: '/Users/ann' })).toBe('/Users/ann/Library/Application Support/Assistive Control');
    expect(settingsDir({ platform: 'linux', env: {}, homedir: '/home/ann' })).toBe('/home/ann/.config/assistive-control');
    expect(settingsDir({ platform: 'linux', env: { XDG_CONFIG_HOME: '/data/cfg' }, homedir: '/home/ann' })).toBe('/data/cfg/assistive-control');
    // The XDG spec: a relative XDG_CONFIG_HOME is invalid and ignored.
    expect(settingsDir({ platform: 'linux', env: { XDG_CONFIG_HOME: 'rel/cfg' }, homedir: '/home/ann' })).toBe('/home/ann/.config/assistive-control');
    // ASSISTIVE_CONTROL_CONFIG_DIR wins on every platform, for every front end (issue #17).
    for (const platform of ['darwin', 'linux', 'win32'] as const) {
      expect(settingsDir({ platform, env: { ASSISTIVE_CONTROL_CONFIG_DIR: '/portable/ac', XDG_CONFIG_HOME: '/data/cfg' }, homedir: '/home/ann' })).toBe(
        resolve('/portable/ac'),
      );
    }
    expect(settingsDir({ platform: 'linux', env: { ASSISTIVE_CONTROL_CONFIG_DIR: 'rel/ac' }, homedir: '/home/ann' })).toBe(resolve('rel/ac'));
    expect(settingsDir({ platform: 'linux', env: { ASSISTIVE_CONTROL_CONFIG_DIR: '' }, homedir: '/home/ann' })).toBe('/home/ann/.config/assistive-control');
  });
});

describe('defaults', () => {
  it("match the validator's confidence policy and the issue's defaults", () => {
    const d = defaultSettings();
    expect(d.confidence).toEqual(DEFAULT_CONFIDENCE_POLICY);
    expect(d).toMatchObject({
      provider: 'grammar', // the offline grammar: nothing to configure (issue #16)
      models: { ollama: 'llama3.2' },
      ollamaUrl: 'http://127.0.0.1:11434',
      openaiBaseUrl: 'https://api.openai.com/v1',
      plannerTimeoutSeconds: 15,
      confirmModerate: true,
      spokenFeedback: { enabled: false, rate: 175 },
    });
  });
});

describe('settings store', () => {
  it('uses defaults when there is no file yet, without a notice', async () => {
    const store = createSettingsStore({ dir: join(dir, 'not-yet') });
    expect(await store.load()).toEqual({ settings: defaultSettings(), notices: [], path: join(dir, 'not-yet', 'settings.json') });
  });

  it('saves and loads back; a partial file is completed with defaults', async () => {
    const store = createSettingsStore({ dir });
    await store.save({ ...defaultSettings(), provider: 'anthropic' });
    expect((await store.load()).settings.provider).toBe('anthropic');
    await writeFile(store.path, JSON.stringify({ models: { openai: 'gpt-5-mini' } }));
    const loaded = await store.load();
    expect(loaded.notices).toEqual([]);
    expect(loaded.settings.models).toEqual({ ...defaultSettings().models, openai: 'gpt-5-mini' });
  });

  it('writes atomically: no temporary file left, owner-only permissions, old content intact on failure', async () => {
    const store = createSettingsStore({ dir });
    await store.save(defaultSettings());
    expect(await readdir(dir)).toEqual(['settings.json']);
    expect((await stat(store.path)).mode & 0o777).toBe(0o600);
    const before = await readFile(store.path, 'utf8');
    // A write whose rename fails (the target is a folder) leaves no temporary file behind.
    await mkdir(join(dir, 'folder', 'inside'), { recursive: true });
    await expect(writeFileAtomic(join(dir, 'folder'), 'x')).rejects.toThrow();
    expect((await readdir(dir)).sort()).toEqual(['folder', 'settings.json']);
    expect(await readFile(store.path, 'utf8')).toBe(before);
  });

  it('moves a corrupt file aside with a timestamp, tells the user, and uses defaults', async () => {
    const store = createSettingsStore({ dir, now: () => NOW });
    await writeFile(store.path, '{"provider": "anthropic",');
    const loaded = await store.load();
    expect(loaded.settings).toEqual(defaultSettings());
    expect(loaded.notices).toHaveLength(1);
    expect(loaded.notices[0]?.code).toBe('corrupt');
    expect(loaded.notices[0]?.message).toMatch(
      /could not be read \(it is not valid JSON\), so the default settings are in use\. The old file was kept as .*settings\.corrupt-2025-06-01T10-15-42-123Z\.json/,
    );
    expect((await readdir(dir)).sort()).toEqual(['settings.corrupt-2025-06-01T10-15-42-123Z.json']);
    expect(await readFile(join(dir, 'settings.corrupt-2025-06-01T10-15-42-123Z.json'), 'utf8')).toBe('{"provider": "anthropic",');
  });

  it('moves an invalid file aside and names the bad value', async () => {
    const store = createSettingsStore({ dir, now: () => NOW });
    await writeFile(store.path, JSON.stringify({ provider: 'gemini' }));
    const loaded = await store.load();
    expect(loaded.settings).toEqual(defaultSettings());
    expect(loaded.notices[0]?.code).toBe('invalid');
    expect(loaded.notices[0]?.message).toContain('had an invalid value (provider must be one of: grammar, ollama, anthropic, openai)');
    expect(await readdir(dir)).toEqual(['settings.invalid-2025-06-01T10-15-42-123Z.json']);
  });

  it('keeps a file with unknown fields but says they are ignored', async () => {
    const store = createSettingsStore({ dir });
    await writeFile(store.path, JSON.stringify({ provider: 'openai', provdier: 'x', models: { gemini: 'y' } }));
    const loaded = await store.load();
    expect(loaded.settings.provider).toBe('openai');
    expect(loaded.notices).toEqual([
      { code: 'unknown_fields', message: 'Your settings file has fields this version does not know, which are ignored: provdier, models.gemini.' },
    ]);
  });

  it('set: changes one value by key, typed and validated', async () => {
    const store = createSettingsStore({ dir });
    expect(await store.set('confirmModerate', 'off')).toMatchObject({ ok: true });
    expect(await store.set('spokenFeedback.rate', '200')).toMatchObject({ ok: true });
    expect(await store.set('openaiBaseUrl', 'http://127.0.0.1:1234/v1')).toMatchObject({ ok: true });
    const s = (await store.load()).settings;
    expect(s.confirmModerate).toBe(false);
    expect(s.spokenFeedback.rate).toBe(200);
    expect(s.openaiBaseUrl).toBe('http://127.0.0.1:1234/v1');
  });

  it('set: refuses invalid values with a sentence, and changes nothing', async () => {
    const s = defaultSettings();
    expect(applySetting(s, 'confidence.reject', 'high')).toEqual({ ok: false, message: 'confidence.reject must be a number (got "high").' });
    expect(applySetting(s, 'confidence.reject', '0.8')).toEqual({ ok: false, message: 'Not changed: confidence reject must not be above warn.' });
    expect(applySetting(s, 'confirmModerate', 'maybe')).toEqual({ ok: false, message: 'confirmModerate must be on or off (got "maybe").' });
    expect(applySetting(s, 'ollamaUrl', 'file:///etc/passwd')).toMatchObject({ ok: false });
    expect(applySetting(s, 'openaiBaseUrl', 'https://user:secret@example.com/v1')).toMatchObject({ ok: false });
    expect(applySetting(s, 'spokenFeedback.rate', '5000')).toEqual({
      ok: false,
      message: 'Not changed: spokenFeedback.rate must be words per minute, from 80 to 450.',
    });
    const unknown = applySetting(s, 'apiKey', 'sk-x');
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) expect(unknown.message).toMatch(/^There is no setting called "apiKey"\. Settings: provider, models\.ollama/);
  });

  it('has no setting that could hold a key', () => {
    expect(settingKeys().filter((k) => /key|secret|token|password/i.test(k))).toEqual([]);
  });
});
