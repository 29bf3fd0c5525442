/**
 * Builds the planner for a provider from plain options. Composers (the CLI, the Electron main
 * process) call it at send time with the current settings and the key they looked up, so a settings
 * change applies to the next command without a restart.
 */
import { assertNever } from '../../shared/assert-never.js';
import { createAnthropicPlanner, type AnthropicPlannerOptions } from './anthropic.js';
import { createOllamaPlanner, type OllamaPlannerOptions } from './ollama.js';
import { createOpenAIPlanner, type OpenAIPlannerOptions } from './openai.js';
import type { Planner } from './planner.js';

export type PlannerConfig =
  | ({ readonly provider: 'ollama' } & OllamaPlannerOptions)
  | ({ readonly provider: 'anthropic' } & AnthropicPlannerOptions)
  | ({ readonly provider: 'openai' } & OpenAIPlannerOptions);

export function createPlanner(config: PlannerConfig): Planner {
  switch (config.provider) {
    case 'ollama':
      return createOllamaPlanner(config);
    case 'anthropic':
      return createAnthropicPlanner(config);
    case 'openai':
      return createOpenAIPlanner(config);
    default:
      return assertNever(config, 'unknown planner provider');
  }
}
