/**
 * The planner factory the app composes for the panel: the saved settings and key, read at send time,
 * through the same composer as the command line.
 */
import type { PlannerAvailability, PlannerFactory } from '../agent/assistant-loop.js';
import { composePlanner } from './planner-composer.js';
import type { SecretStore } from '../config/secret-store.js';
import type { SettingsStore } from '../config/settings.js';

export function settingsPlanner(settings: Pick<SettingsStore, 'load'>, secrets: SecretStore): PlannerFactory {
  return async (): Promise<PlannerAvailability> => {
    const { settings: s } = await settings.load();
    if (s.provider === 'grammar') return { kind: 'none', message: 'Only offline commands are on: choose an AI planner in Settings for anything else.' };
    const composed = await composePlanner({ provider: s.provider }, s, secrets);
    if (!composed.ok) return { kind: 'unavailable', code: composed.code, message: composed.message };
    return { kind: 'ready', planner: composed.planner, budgetMs: composed.budgetMs, confidence: composed.confidence };
  };
}
