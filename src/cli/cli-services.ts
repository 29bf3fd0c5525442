/**
 * What the CLI's commands are built on: the settings store and the secret store, composed here
 * from the environment (the one place that knows about the real folder and the real keychain).
 * Commands take a `CliServicesFactory`, so tests inject a temporary folder and their own keychain.
 */
import { homedir } from 'node:os';
import { createSecretStore, napiKeyringBackend, type SecretStore } from '../config/secret-store.js';
import { settingsDir } from '../config/settings-path.js';
import { createSettingsStore, type SettingsStore } from '../config/settings.js';
import type { CliIo } from './cli-io.js';

export interface CliServices {
  readonly settings: SettingsStore;
  readonly secrets: SecretStore;
  readonly env: Readonly<Record<string, string | undefined>>;
}

export type CliServicesFactory = (io: CliIo) => CliServices;

export const defaultCliServices: CliServicesFactory = (io) => {
  const env = io.env ?? process.env;
  const dir = settingsDir({ platform: process.platform, env, homedir: homedir() });
  return {
    settings: createSettingsStore({ dir }),
    secrets: createSecretStore({ backend: napiKeyringBackend(), env, platform: process.platform }),
    env,
  };
};
