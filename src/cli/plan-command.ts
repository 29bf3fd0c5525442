/**
 * `assistive-control plan "<command>" [--json]`: plan a command and show the intent and its risk,
 * without performing anything.
 */
import { parseArgs } from 'node:util';
import { checkCommandText } from '../intent/command-text.js';
import { describeIntent } from '../intent/describe.js';
import { parseCommand } from '../intent/grammar/grammar-planner.js';
import { validateIntentValue } from '../intent/validator.js';
import { classifyRisk, gateDecision } from '../registry/risk.js';
import type { CliCommand, CliIo } from './cli-io.js';
import { EXIT } from './exit-codes.js';

const USAGE = `Usage: assistive-control plan "<command>" [--json]

Plans the command with the offline grammar, validates the intent and prints it with its risk level.
Nothing is performed.
  --json   print one JSON object instead of text

Exit codes: 0 a valid intent, 3 nothing matched or the plan was rejected, 2 usage error.`;

const GRAMMAR_HINT =
  'The offline grammar understands commands such as “open Firefox”, “click Send”, “type "hello"”, “press cmd+t”, “scroll down 3” and “what’s on screen”.';

const GATE_WORDS = { run: 'runs without asking', confirm: 'asks you first', refuse: 'never runs' } as const;

export type PlanOutcome =
  | {
      readonly ok: true;
      readonly source: 'grammar';
      readonly intent: unknown;
      readonly summary: string;
      readonly lowConfidence: boolean;
      readonly risk: { readonly level: string; readonly reason: string; readonly gate: string };
    }
  | { readonly ok: false; readonly code: string; readonly message: string };

/** Plans one command text with the grammar: the same steps the assistant takes before acting. */
export function planWithGrammar(command: string): PlanOutcome {
  const checked = checkCommandText(command);
  if (!checked.ok) return { ok: false, code: checked.code, message: checked.message };
  const parsed = parseCommand(checked.text);
  if (parsed.kind === 'no_match') {
    return { ok: false, code: 'no_match', message: `No command recognised in “${shorten(checked.text)}”. ${GRAMMAR_HINT}` };
  }
  const validation = validateIntentValue(parsed.intent);
  if (!validation.ok) return { ok: false, code: validation.rejection.code, message: validation.rejection.message };
  const risk = classifyRisk(validation.intent);
  return {
    ok: true,
    source: 'grammar',
    intent: validation.intent,
    summary: describeIntent(validation.intent),
    lowConfidence: validation.lowConfidence,
    risk: { level: risk.level, reason: risk.reason, gate: gateDecision(risk.level) },
  };
}

function shorten(text: string): string {
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

export function printPlanOutcome(outcome: PlanOutcome, json: boolean, io: CliIo): number {
  if (json) {
    io.stdout.write(`${JSON.stringify(outcome)}\n`);
  } else if (outcome.ok) {
    const gate = GATE_WORDS[outcome.risk.gate as keyof typeof GATE_WORDS] ?? outcome.risk.gate;
    io.stdout.write(`${outcome.summary}\n`);
    io.stdout.write(`risk: ${outcome.risk.level} (${gate}) — ${outcome.risk.reason}\n`);
    if (outcome.lowConfidence) io.stdout.write('warning: the planner was not sure; check before confirming.\n');
    io.stdout.write(`intent: ${JSON.stringify(outcome.intent)}\n`);
  } else {
    io.stderr.write(`${outcome.message}\n`);
  }
  return outcome.ok ? EXIT.ok : EXIT.needsUser;
}

export const planCommand: CliCommand = {
  name: 'plan',
  summary: 'plan a command and show the intent and its risk, performing nothing',
  usage: USAGE,
  async run(args, io) {
    let parsed;
    try {
      parsed = parseArgs({
        args: [...args],
        options: { json: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
        allowPositionals: true,
        strict: true,
      });
    } catch (e) {
      io.stderr.write(`${e instanceof Error ? e.message : String(e)}\n\n${USAGE}\n`);
      return EXIT.usage;
    }
    if (parsed.values.help) {
      io.stdout.write(`${USAGE}\n`);
      return EXIT.ok;
    }
    if (parsed.positionals.length === 0) {
      io.stderr.write(`Say what to plan, in quotes.\n\n${USAGE}\n`);
      return EXIT.usage;
    }
    return printPlanOutcome(planWithGrammar(parsed.positionals.join(' ')), parsed.values.json, io);
  },
};
