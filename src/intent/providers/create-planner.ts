/**
 * Builds the planner for a provider from plain options. Composers (the CLI, the Electron main
 * process) call it at send time with the current settings and the key they looked up, so a settings
 * change applies to the next command without a restart.
 *
 * Each provider's module (and its SDK, about 0.6 MB of code each) is loaded at the first plan call,
 * not when the planner is built: a command the offline grammar plans never loads one, and the
 * command line starts without them.
 */
import { DEFAULT_MODELS } from '../../shared/llm-providers.js';
import { assertNever } from '../../shared/assert-never.js';
import { errorMessage } from '../../shared/errors.js';
import type { AnthropicPlannerOptions } from './anthropic.js';
import type { OllamaPlannerOptions } from './ollama.js';
import type { OpenAIPlannerOptions } from './openai.js';
import type { DescribeOutcome, PlanOutcome, Planner, ProviderId } from './planner.js';

export type PlannerConfig =
  | ({ readonly provider: 'ollama' } & OllamaPlannerOptions)
  | ({ readonly provider: 'anthropic' } & AnthropicPlannerOptions)
  | ({ readonly provider: 'openai' } & OpenAIPlannerOptions);

/** The provider's module, loaded on first use. */
function load(config: PlannerConfig): Promise<Planner> {
  switch (config.provider) {
    case 'ollama':
      return import('./ollama.js').then((m) => m.createOllamaPlanner(config));
    case 'anthropic':
      return import('./anthropic.js').then((m) => m.createAnthropicPlanner(config));
    case 'openai':
      return import('./openai.js').then((m) => m.createOpenAIPlanner(config));
    default:
      return assertNever(config, 'unknown planner provider');
  }
}

export function createPlanner(config: PlannerConfig): Planner {
  const provider: ProviderId = config.provider;
  let loaded: Promise<Planner> | undefined;
  /** The provider's planner, or the failure to say when its module cannot be loaded. */
  const loadedPlanner = async (): Promise<
    | Planner
    | { readonly kind: 'failed'; readonly error: { code: 'unreadable'; message: string; retryable: false }; readonly timing: { totalMs: number; attempts: 0 } }
  > => {
    const started = performance.now();
    try {
      return await (loaded ??= load(config));
    } catch (e) {
      loaded = undefined;
      const message = `The ${provider} planner could not be loaded (${errorMessage(e)}). Reinstall Assistive Control, or choose another planner in Settings.`;
      return { kind: 'failed', error: { code: 'unreadable', message, retryable: false }, timing: { totalMs: performance.now() - started, attempts: 0 } };
    }
  };
  return {
    provider,
    model: config.model ?? DEFAULT_MODELS[provider],
    async plan(request): Promise<PlanOutcome> {
      const planner = await loadedPlanner();
      return 'plan' in planner ? planner.plan(request) : planner;
    },
    async describe(request): Promise<DescribeOutcome> {
      const planner = await loadedPlanner();
      if (!('plan' in planner)) return planner;
      if (!planner.describe) {
        const message = `The ${provider} planner cannot describe a picture: choose a model that takes images in Settings.`;
        return { kind: 'failed', error: { code: 'bad_request', message, retryable: false }, timing: { totalMs: 0, attempts: 0 } };
      }
      return planner.describe(request);
    },
  };
}
