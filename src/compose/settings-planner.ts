/**
 * The planner factory the app composes for the panel: the saved settings and key, read at send time,
 * through the CLI's composer (the shell's composition root does the same for the panel's loop).
 */
import type { PlannerAvailability, PlannerFactory } from '../../src/agent/assistant-loop.js';
import { composePlanner } from '../../src/cli/planner-composer.js';
import type { SecretStore } from '../../src/config/secret-store.js';
import type { SettingsStore } from '../../src/config/settings.js';

export function settingsPlanner(settings: Pick<SettingsStore, 'load'>, secrets: SecretStore): PlannerFactory {
  return async (): Promise<PlannerAvailability> => {
    const { settings: s } = await settings.load();
    if (s.provider === 'grammar') return { kind: 'none', message: 'Only offline commands are on: choose an AI planner in Settings for anything else.' };
    const composed = await composePlanner({ provider: s.provider }, s, secrets);
    if (!composed.ok) return { kind: 'unavailable', code: composed.code, message: composed.message };
    return { kind: 'ready', planner: composed.planner, budgetMs: composed.budgetMs, confidence: composed.confidence };
  };
}
