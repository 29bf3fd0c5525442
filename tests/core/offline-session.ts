/**
 * The panel's session for the core's unit tests: the real PanelSession and loop on a fake engine,
 * offline commands only (no AI planner, no keys), every permission granted, a settings file of its
 * own. `more` adds the session's other dependencies (a confirmation's time limit, the grid's areas).
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AssistantLoop, type PlannerAvailability } from '../../src/agent/assistant-loop.js';
import { createSecretStore, type KeyringBackend } from '../../src/config/secret-store.js';
import { createSettingsStore } from '../../src/config/settings.js';
import { PanelSession, type PanelSessionDeps } from '../../src/core/panel-session.js';
import type { EngineApi } from '../../src/registry/dispatch.js';
import type { AssistantEvent } from '../../src/shared/contracts/events.js';
import type { PermissionChecker } from '../../src/shared/permissions.js';
import type { RunReply } from '../../src/shared/contracts/ipc-contract.js';
import { fakeEngine } from '../agent/loop-fakes.js';

export const granted: PermissionChecker = {
  check: async (kinds = ['accessibility']) => kinds.map((kind) => ({ kind, state: 'granted', explanation: '', canOpenSettings: true })),
  openSettings: async () => false,
};

const noKeys: KeyringBackend = { get: async () => null, set: async () => undefined, delete: async () => false };

export async function offlineSession(options: {
  readonly engine: EngineApi;
  /** Where the loop's and the session's events go. */
  readonly emit: (event: AssistantEvent) => void;
  readonly more?: Partial<PanelSessionDeps>;
}): Promise<PanelSession> {
  const planner = async (): Promise<PlannerAvailability> => ({ kind: 'none', message: 'Only offline commands in this test.' });
  return new PanelSession({
    createLoop: (confirm) => new AssistantLoop({ engine: options.engine, confirm, emit: options.emit, planner }),
    emit: options.emit,
    settings: createSettingsStore({ dir: await mkdtemp(join(tmpdir(), 'ac-session-')) }),
    secrets: createSecretStore({ backend: noKeys }),
    permissions: granted,
    planner,
    ...options.more,
  });
}

/** `words` run once through a fresh offline session on a fake engine: the reply, the engine and the events. */
export async function runOffline(words: string): Promise<{ reply: RunReply; engine: ReturnType<typeof fakeEngine>; events: AssistantEvent[] }> {
  const engine = fakeEngine();
  const events: AssistantEvent[] = [];
  const session = await offlineSession({ engine, emit: (e) => void events.push(e) });
  const reply = (await session.handle('command:run', [words])) as RunReply;
  return { reply, engine, events };
}
