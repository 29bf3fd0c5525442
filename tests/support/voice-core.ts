/**
 * The real core as the panel's desktop tests run it: offline commands only (no LLM planner, no keys),
 * the desktop engine, the fixture's accessibility bridge, and the speech options a test gives.
 */
import { join } from 'node:path';
import type { PlannerAvailability } from '../../src/agent/assistant-loop.js';
import { openDesktopEngine } from '../../src/compose/desktop-engine.js';
import { createSecretStore, type KeyringBackend } from '../../src/config/secret-store.js';
import { startCore, type CoreOptions, type RunningCore } from '../../src/core/core-process.js';
import type { MessageLink } from '../../src/shared/contracts/core-rpc.js';
import type { LoopFixture } from './loop-fixture.js';

export async function startOfflineVoiceCore(options: {
  readonly link: MessageLink;
  readonly dir: string;
  readonly fixture: LoopFixture;
  readonly speech?: CoreOptions['speech'];
  readonly feedback?: CoreOptions['feedback'];
}): Promise<RunningCore> {
  const noKeys: KeyringBackend = { get: async () => null, set: async () => undefined, delete: async () => false };
  return startCore({
    link: options.link,
    settingsDir: options.dir,
    auditDir: join(options.dir, 'audit'),
    secrets: createSecretStore({ backend: noKeys }),
    engine: openDesktopEngine(process.env),
    planner: async (): Promise<PlannerAvailability> => ({ kind: 'none', message: 'Only offline commands in this test.' }),
    bridgePermission: (deadlineMs) => options.fixture.bridge.permission({ deadlineMs }),
    ...(options.speech ? { speech: options.speech } : {}),
    ...(options.feedback ? { feedback: options.feedback } : {}),
  });
}
