/**
 * Plans one command with an LLM provider, for `assistive-control plan --provider …`: the command
 * check, the settings and key lookup, the planner built at send time, the validator. Nothing runs.
 */
import { checkCommandText } from '../intent/command-text.js';
import type { Intent } from '../intent/schema.js';
import type { LlmProvider } from '../shared/llm-providers.js';
import type { SettingsNotice } from '../config/settings.js';
import type { CliServices } from './cli-services.js';
import { EXIT } from './exit-codes.js';
import { composePlanner, type ComposeOptions, type PlannerChoice } from '../compose/planner-composer.js';

export type LlmPlanResult = (
  | { readonly ok: true; readonly source: LlmProvider; readonly intent: Intent; readonly lowConfidence: boolean; readonly ms: number }
  | { readonly ok: false; readonly code: string; readonly message: string; readonly exitCode: number }
) & { readonly notices: readonly SettingsNotice[] };

export async function planWithLlm(
  command: string,
  choice: PlannerChoice,
  services: CliServices,
  options: ComposeOptions & { readonly signal?: AbortSignal } = {},
): Promise<LlmPlanResult> {
  const checked = checkCommandText(command);
  if (!checked.ok) return { ok: false, code: checked.code, message: checked.message, exitCode: EXIT.usage, notices: [] };
  const { settings, notices } = await services.settings.load();
  const composed = await composePlanner(choice, settings, services.secrets, options);
  if (!composed.ok) {
    return { ok: false, code: composed.code, message: composed.message, exitCode: composed.code === 'bad_option' ? EXIT.usage : EXIT.failed, notices };
  }
  const outcome = await composed.planner.plan({
    conversation: [{ kind: 'user', text: checked.text }],
    budgetMs: composed.budgetMs,
    validation: { confidence: composed.confidence },
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (outcome.kind === 'failed') {
    const exitCode = outcome.error.code === 'cancelled' ? EXIT.cancelled : EXIT.failed;
    return { ok: false, code: outcome.error.code, message: outcome.error.message, exitCode, notices };
  }
  const v = outcome.validation;
  if (!v.ok) return { ok: false, code: v.rejection.code, message: v.rejection.message, exitCode: EXIT.needsUser, notices };
  return { ok: true, source: choice.provider, intent: v.intent, lowConfidence: v.lowConfidence, ms: outcome.timing.totalMs, notices };
}
