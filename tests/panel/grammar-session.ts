/**
 * The panel's session as the overlay and grid desktop tests drive it: the real PanelSession and
 * loop on the real desktop engine, offline commands only (no AI planner, no keys), the bridge's
 * permission as main's Linux check reads it, the engine's observations tapped for "show numbers".
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AssistantLoop } from '../../src/agent/assistant-loop.js';
import { openDesktopEngine } from '../../src/compose/desktop-engine.js';
import { createSecretStore, type KeyringBackend } from '../../src/config/secret-store.js';
import { createSettingsStore, defaultSettings } from '../../src/config/settings.js';
import type { AxBridge } from '../../src/execution/accessibility/ax-bridge.js';
import { tapObservations } from '../../src/core/overlay-marks.js';
import { PanelSession, type PanelSessionDeps } from '../../src/core/panel-session.js';
import { linuxPermissions } from '../../src/main/permissions-linux.js';
import type { AssistantEvent } from '../../src/shared/contracts/events.js';
import { createPermissionChecker } from '../../src/shared/permission-checker.js';

export async function grammarPanelSession(options: {
  readonly bridge: Pick<AxBridge, 'permission'>;
  /** Every event the loop and the session send is pushed here. */
  readonly events: AssistantEvent[];
  /** More of the session's dependencies (the grid's areas), given the tapped engine. */
  readonly more?: (engine: ReturnType<typeof tapObservations>) => Partial<PanelSessionDeps>;
}): Promise<{ readonly session: PanelSession; readonly engine: ReturnType<typeof tapObservations> }> {
  const engine = tapObservations(openDesktopEngine(process.env));
  const settings = createSettingsStore({ dir: await mkdtemp(join(tmpdir(), 'ac-panel-settings-')) });
  await settings.save({ ...defaultSettings(), provider: 'grammar', onboardingDone: true });
  const noKeys: KeyringBackend = { get: async () => null, set: async () => undefined, delete: async () => false };
  const planner = async () => ({ kind: 'none' as const, message: 'No AI planner in this test.' });
  const session = new PanelSession({
    createLoop: (confirm) => new AssistantLoop({ engine: engine.engine, confirm, emit: (e) => options.events.push(e), planner }),
    settings,
    secrets: createSecretStore({ backend: noKeys }),
    permissions: createPermissionChecker(linuxPermissions({ bridgePermission: (deadlineMs) => options.bridge.permission({ deadlineMs }) })),
    planner,
    latestObservation: engine.latest,
    ...options.more?.(engine),
  });
  return { session, engine };
}
