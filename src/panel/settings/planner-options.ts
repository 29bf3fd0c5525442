/** The planner choices the panel offers (setup-fields.tsx shows them; the switch scans them, settings-scan.ts). */
import type { PanelPlannerChoice } from '../../shared/contracts/ipc-contract.js';

/** The default first: offline commands work with nothing to set up; an AI planner is a choice. */
export const PLANNER_OPTIONS: ReadonlyArray<{ readonly value: PanelPlannerChoice; readonly label: string; readonly hint: string }> = [
  { value: 'grammar', label: 'Offline commands only', hint: 'Simple commands such as “click Send” or “open Firefox”; no AI, nothing to set up.' },
  { value: 'ollama', label: 'Ollama', hint: 'Runs on this computer; no key, nothing leaves the machine.' },
  { value: 'anthropic', label: 'Anthropic (Claude)', hint: 'Needs an Anthropic API key.' },
  { value: 'openai', label: 'OpenAI or a compatible server', hint: 'OpenAI needs a key; LM Studio, llama.cpp or vLLM usually do not.' },
];
