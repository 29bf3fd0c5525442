/**
 * The real core for the panel's desktop tests: startCore over a MessageChannel, as main relays the
 * panel's requests, with main's side of the link (the shell's own Linux permission checker, events to
 * the page), no saved keys, the real engine on the private desktop and the offline grammar only.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { buildPanel } from '../../scripts/build-panel.js';
import { createSettingsStore, defaultSettings, type Settings } from '../../src/config/settings.js';
import type { CoreOptions } from '../../src/core/core-process.js';
import { RpcPeer } from '../../src/shared/contracts/core-rpc.js';
import { createPermissionChecker } from '../../src/shared/permission-checker.js';
import { linuxPermissions } from '../../src/main/permissions-linux.js';
import type { PanelSession } from '../../src/core/panel-session.js';
import type { AssistantEvent } from '../../src/shared/contracts/events.js';
import type { PermissionKind, PermissionStatus } from '../../src/shared/permissions.js';
import { portLink } from './port-link.js';
import type { LoopFixture } from './loop-fixture.js';
import { startOfflineVoiceCore } from './voice-core.js';

export interface TestCoreOptions {
  readonly fixture: LoopFixture;
  /** The settings (and audit) folder. */
  readonly dir: string;
  /** Where the loop's events go (the page). */
  readonly push: (event: AssistantEvent) => void;
  /** Changes what main's permission check answers (a test standing in for a macOS denial). */
  readonly permissions?: (statuses: readonly PermissionStatus[]) => readonly PermissionStatus[];
  readonly speech?: CoreOptions['speech'];
  readonly feedback?: CoreOptions['feedback'];
}

export async function startTestCore(options: TestCoreOptions): Promise<PanelSession> {
  const { fixture } = options;
  const checker = createPermissionChecker(linuxPermissions({ bridgePermission: (deadlineMs) => fixture.bridge.permission({ deadlineMs }) }));
  const { port1, port2 } = new MessageChannel();
  new RpcPeer(portLink(port1), {
    'permissions:check': async (kinds: readonly PermissionKind[] | undefined) => {
      const statuses = await checker.check(kinds);
      return options.permissions ? options.permissions(statuses) : statuses;
    },
    'permissions:open-settings': () => false,
    'assistant:event': options.push,
    'settings:saved': () => undefined,
  });
  const core = await startOfflineVoiceCore({
    link: portLink(port2),
    dir: options.dir,
    fixture,
    ...(options.speech ? { speech: options.speech } : {}),
    ...(options.feedback ? { feedback: options.feedback } : {}),
  });
  return core.session;
}

/**
 * What a voice test's panel starts with: saves in `dir` the settings (onboarding done, the offline
 * grammar, voice on through the online transcription server at `transcriptionUrl`, then `change`),
 * and builds the panel's bundle in a new folder, whose path it returns.
 */
export async function voicePanelSetup(dir: string, transcriptionUrl: string, change: (s: Settings) => Settings = (s) => s): Promise<string> {
  const base = defaultSettings();
  await createSettingsStore({ dir }).save(
    change({ ...base, provider: 'grammar', onboardingDone: true, voice: { ...base.voice, enabled: true, engine: 'online', transcriptionUrl } }),
  );
  const bundleDir = await mkdtemp(join(tmpdir(), 'ac-voice-bundle-'));
  await buildPanel(bundleDir);
  return bundleDir;
}
