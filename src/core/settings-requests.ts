/**
 * The panel's settings requests, answered in the core: the view, a save, the onboarding's end, the
 * provider keys (kept by the OS keychain through PanelSecrets) and the planner's connection test.
 * A save's reply carries the settings as they were saved, so the panel shows what holds.
 */
import type { PlannerFactory } from '../agent/assistant-loop.js';
import type { Settings, SettingsStore } from '../config/settings.js';
import type { RequestChannels, SaveReply } from '../shared/contracts/ipc-contract.js';
import { LLM_PROVIDER_NAMES } from '../shared/llm-providers.js';
import { applySettingsUpdate, buildSettingsView, saveSettingsUpdate, testPlannerConnection, type ApplyResult, type PanelSecrets } from './panel-settings.js';

export interface SettingsRequestDeps {
  readonly settings: Pick<SettingsStore, 'load' | 'save'>;
  readonly secrets: PanelSecrets;
  /** The planner factory the loop uses: "Test connection" sends one real request through it. */
  readonly planner: PlannerFactory;
  /** Called after settings were saved, so the shell can apply the shortcut and launch at login. */
  readonly onSettingsSaved?: (settings: Settings) => void;
  /** Deadline of the connection test. */
  readonly testBudgetMs?: number;
}

type SettingsChannel = 'settings:view' | 'settings:save' | 'onboarding:finish' | 'keys:save' | 'keys:remove' | 'provider:test';
type SettingsHandlers = { readonly [C in SettingsChannel]: (...args: Parameters<RequestChannels[C]>) => ReturnType<RequestChannels[C]> };

/** The requests of the settings view and the onboarding, by channel. */
export function settingsRequests(deps: SettingsRequestDeps): SettingsHandlers {
  const reply = async (ok: boolean, message: string): Promise<SaveReply> => ({
    ok,
    message,
    view: await buildSettingsView((await deps.settings.load()).settings, deps.secrets),
  });
  const save = async (change: (s: Settings) => ApplyResult, success: (s: Settings) => string): Promise<SaveReply> => {
    const saved = await saveSettingsUpdate(deps.settings, change);
    if (!saved.ok) return reply(false, saved.message);
    deps.onSettingsSaved?.(saved.settings);
    return reply(true, success(saved.settings));
  };
  return {
    'settings:view': async () => buildSettingsView((await deps.settings.load()).settings, deps.secrets),
    'settings:save': (update) =>
      save(
        (s) => applySettingsUpdate(s, update),
        (s) => `Settings saved. Planner: ${s.provider === 'grammar' ? 'offline commands only' : LLM_PROVIDER_NAMES[s.provider]}.`,
      ),
    'onboarding:finish': (how) =>
      save(
        (s) => ({ ok: true, settings: { ...s, onboardingDone: true, ...(how === 'skipped' ? { provider: 'grammar' as const } : {}) } }),
        () =>
          how === 'skipped'
            ? 'Set up later: only offline commands such as “click Send” work until you choose a planner in Settings.'
            : 'All set. Type a command below.',
      ),
    'keys:save': async (provider, key) => {
      const result = await deps.secrets.setKey(provider, key);
      return reply(result.ok, result.message);
    },
    'keys:remove': async (provider) => {
      const result = await deps.secrets.deleteKey(provider);
      return reply(result.ok, result.message);
    },
    'provider:test': () => testPlannerConnection(deps.planner, deps.testBudgetMs),
  };
}
