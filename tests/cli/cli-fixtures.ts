/** Helpers for the CLI command tests: captured output, a piped stdin, services on a temporary folder. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach } from 'vitest';
import { createSecretStore, type KeyringBackend } from '../../src/config/secret-store.js';
import { createSettingsStore } from '../../src/config/settings.js';
import type { CliIo } from '../../src/cli/cli-io.js';
import type { CliServices } from '../../src/cli/cli-services.js';

/**
 * The keychain seam for CLI tests: the real keychain is tested in tests/config/secret-store.test.ts;
 * here the subject is argument handling, stdin and what gets printed.
 */
export function memoryKeychain(fail?: Error): KeyringBackend & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    get: async (a) => {
      if (fail) throw fail;
      return entries.get(a) ?? null;
    },
    set: async (a, k) => {
      if (fail) throw fail;
      entries.set(a, k);
    },
    delete: async (a) => {
      if (fail) throw fail;
      return entries.delete(a);
    },
  };
}

export function captureIo(stdinText?: string, env: Record<string, string> = {}) {
  let out = '';
  let err = '';
  const io: CliIo = {
    stdout: { write: (s: string) => (out += s) },
    stderr: { write: (s: string) => (err += s) },
    ...(stdinText !== undefined ? { stdin: Readable.from([stdinText]) } : {}),
    env,
  };
  return { io, out: () => out, err: () => err };
}

export function testServices(dir: string, backend: KeyringBackend, env: Record<string, string> = {}): () => CliServices {
  const secrets = createSecretStore({ backend, env });
  const settings = createSettingsStore({ dir });
  return () => ({ secrets, settings, env });
}

/** A fresh temporary settings folder per test; returns a getter for its path. */
export function useTempDir(prefix: string): () => string {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), prefix));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  return () => dir;
}
