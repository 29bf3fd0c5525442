// The doctor's keychain check against a real Secret Service (gnome-keyring on a private D-Bus):
// a saved key, then a locked keyring. In its own file because the keyring library connects to D-Bus
// once per process.
import { describe, expect, it } from 'vitest';
import { createDoctorCommand, defaultDoctorDeps, type CheckResult } from '../../src/cli/doctor-command.js';
import { createSecretStore, napiKeyringBackend } from '../../src/config/secret-store.js';
import { createSettingsStore } from '../../src/config/settings.js';
import { useSecretSession } from '../config/secret-session.js';
import { captureIo, useTempDir } from './cli-fixtures.js';

const SERVICE = 'com.assistivecontrol.app.doctor-test';
const KEY = 'sk-ant-doctor-keychain-0123456789abcdef';
const dir = useTempDir('ac-doctor-keychain-');

describe.runIf(process.platform === 'linux')('assistive-control doctor on a real Secret Service', () => {
  const secretSession = useSecretSession();

  const keychainCheck = async (): Promise<{ check: CheckResult | undefined; out: string }> => {
    const settings = createSettingsStore({ dir: dir() });
    await settings.set('provider', 'anthropic');
    const secrets = createSecretStore({ backend: napiKeyringBackend(SERVICE), env: {}, timeoutMs: 2000 });
    const captured = captureIo(undefined, {});
    const command = createDoctorCommand({
      ...defaultDoctorDeps,
      services: () => ({ settings, secrets, env: {} }),
      accessibility: async () => ({ state: 'granted', detail: '' }),
      input: async () => ({ pointer: { x: 0, y: 0 } }),
      // Only the keychain is under test: the Anthropic API is not called.
      fetch: async () => new Response(JSON.stringify({ data: [] }), { status: 200 }),
      platform: 'linux',
    });
    await command.run(['--json'], captured.io);
    const { checks } = JSON.parse(captured.out()) as { checks: CheckResult[] };
    return { check: checks.find((c) => c.id === 'keychain.anthropic'), out: captured.out() };
  };

  it('a saved key is "saved", and never printed', async () => {
    await createSecretStore({ backend: napiKeyringBackend(SERVICE), env: {} }).setKey('anthropic', KEY);
    const { check, out } = await keychainCheck();
    expect(check).toMatchObject({ status: 'ok', detail: 'Key saved in the keychain.' });
    expect(out).not.toContain(KEY);
  });

  it('a locked keyring is a problem whose fix says how to unlock it', async () => {
    await secretSession().stopKeyring();
    await secretSession().startKeyring(false);
    try {
      const { check } = await keychainCheck();
      expect(check).toMatchObject({
        status: 'problem',
        detail: 'The keychain is locked.',
        fix: expect.stringMatching(/^Your keyring is locked.*Unlock the "Login" keyring/),
      });
    } finally {
      await secretSession().stopKeyring();
      await secretSession().startKeyring(true);
      await createSecretStore({ backend: napiKeyringBackend(SERVICE), env: {} }).deleteKey('anthropic');
    }
  });
});
