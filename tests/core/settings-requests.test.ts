// The settings requests the core answers for the panel, on a real settings file in a temporary folder
// and the real secret store over an in-memory keyring: every reply carries the settings as saved.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSecretStore, type KeyringBackend } from '../../src/config/secret-store.js';
import { createSettingsStore, type Settings } from '../../src/config/settings.js';
import { settingsRequests } from '../../src/core/settings-requests.js';
import type { SettingsUpdate } from '../../src/shared/contracts/ipc-contract.js';

let dir: string;
let saved: Settings[];
let keyring: Map<string, string>;
const requests = () => {
  const backend: KeyringBackend = {
    get: async (account) => keyring.get(account) ?? null,
    set: async (account, value) => void keyring.set(account, value),
    delete: async (account) => keyring.delete(account),
  };
  return settingsRequests({
    settings: createSettingsStore({ dir }),
    secrets: createSecretStore({ backend }),
    planner: async () => ({ kind: 'none', message: 'Only offline commands here.' }),
    onSettingsSaved: (s) => saved.push(s),
  });
};
const onDisk = async (): Promise<Record<string, unknown>> => JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8')) as Record<string, unknown>;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'settings-requests-'));
  saved = [];
  keyring = new Map();
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('the settings requests', () => {
  it('a save writes the file, tells the shell, and answers with the view as saved; a refused one changes nothing', async () => {
    const r = requests();
    const view = await r['settings:view']();
    const { keys: _keys, onboardingDone: _done, ...form } = view;
    const ok = await r['settings:save']({ ...form, confirmModerate: false } as SettingsUpdate);
    expect(ok).toMatchObject({ ok: true, message: 'Settings saved. Planner: offline commands only.', view: { confirmModerate: false } });
    expect(await onDisk()).toMatchObject({ confirmModerate: false });
    expect(saved.map((s) => s.confirmModerate)).toEqual([false]);

    const refused = await r['settings:save']({ ...form, globalShortcut: 'A' } as SettingsUpdate);
    expect(refused.ok).toBe(false);
    expect(refused.message).toMatch(/^Nothing was saved\. /);
    expect(refused.view.globalShortcut).toBe(view.globalShortcut);
    expect(saved).toHaveLength(1);
  });

  it('skipping the onboarding leaves offline commands only, in a sentence that says so', async () => {
    const reply = await requests()['onboarding:finish']('skipped');
    expect(reply).toMatchObject({ ok: true, view: { onboardingDone: true, provider: 'grammar' } });
    expect(reply.message).toMatch(/^Set up later: only offline commands/);
    expect(await onDisk()).toMatchObject({ onboardingDone: true, provider: 'grammar' });
  });

  it('a key goes to the keyring and the view says saved, never the key; removing it says not saved', async () => {
    const r = requests();
    const secret = 'sk-ant-test-0123456789abcdefghij';
    const stored = await r['keys:save']('anthropic', secret);
    expect(stored.ok).toBe(true);
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect([...keyring.values()]).toContain(secret);
    expect(stored.view.keys.anthropic).toBe('saved');
    const removed = await r['keys:remove']('anthropic');
    expect(removed).toMatchObject({ ok: true, view: { keys: { anthropic: 'not_saved' } } });
    expect([...keyring.values()]).not.toContain(secret);
  });

  it('the connection test with no planner chosen says what works offline', async () => {
    expect(await requests()['provider:test']()).toMatchObject({ ok: true, message: expect.stringMatching(/^No AI planner is chosen/) });
  });
});
