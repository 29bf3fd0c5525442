/** Validator speed: raw planner text (bare, fenced with prose, wrapped) → typed intent. */
import { validatePlannerOutput } from '../src/intent/validator.js';
import { timeCalls, type Timing } from './stats.js';

const CLICK = { intent: 'click_element', element: { label: 'Send', role: 'button', app: 'Mail' }, confidence: 0.9 };
const SEQUENCE = {
  intent: 'sequence',
  steps: [
    { intent: 'open_application', app: 'Safari' },
    { intent: 'click_element', element: { label: 'Address and search bar', role: 'text_field' } },
    { intent: 'type_text', text: 'accessibility switch control settings' },
    { intent: 'press_key', key: 'enter' },
  ],
};

export const VALIDATOR_CASES: ReadonlyArray<readonly [string, string]> = [
  ['bare click', JSON.stringify(CLICK)],
  ['wrapped click in prose and a fence', `Sure, here is the plan:\n\`\`\`json\n${JSON.stringify({ plan: CLICK })}\n\`\`\`\nDone.`],
  ['4-step sequence', JSON.stringify({ plan: SEQUENCE })],
  ['rejected (unknown action)', JSON.stringify({ intent: 'run_shell', command: 'ls' })],
];

export function benchValidator(samples = 20_000): Array<{ name: string; timing: Timing }> {
  return VALIDATOR_CASES.map(([name, raw]) => ({ name, timing: timeCalls(() => validatePlannerOutput(raw), samples) }));
}
