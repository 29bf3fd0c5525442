/**
 * `assistive-control plan "<command>" [--json]`: plan a command and show the intent and its risk,
 * without performing anything. As in the assistant, the user's own commands (commands.json) are
 * tried first, then the grammar or the LLM given.
 */
import { homedir } from 'node:os';
import { loopReserved } from '../agent/own-commands.js';
import { UserCommandsFile } from '../compose/user-commands.js';
import { settingsDir } from '../config/settings-path.js';
import { createSettingsStore } from '../config/settings.js';
import { DEFAULT_LANGUAGE, type Language } from '../shared/language.js';
import { checkCommandText } from '../intent/command-text.js';
import { fillCommand, matchPhrases } from '../intent/user-command-match.js';
import { readCommandEdit } from '../intent/user-commands.js';
import { describeIntent } from '../intent/describe.js';
import { parseCommand } from '../intent/grammar/grammar-planner.js';
import { promptPlatform } from '../intent/system-prompt.js';
import { validateIntentValue } from '../intent/validator.js';
import { classifyRisk, gateDecision } from '../registry/risk.js';
import { isLlmProvider, type LlmProvider } from '../shared/llm-providers.js';
import { quote } from '../shared/text/quote.js';
import type { Intent } from '../intent/schema.js';
import type { CliCommand, CliIo } from './cli-io.js';
import { EXIT } from './exit-codes.js';
import { PROVIDER_OPTIONS, parseCommandArgs, providerOptionsProblem } from './parse-command-args.js';

const USAGE = `Usage: assistive-control plan "<command>" [--json] [--provider grammar|ollama|anthropic|openai [--model M] [--base-url URL]]

Plans the command as the assistant would: your own commands (commands.json) first, then the
offline grammar (or the LLM provider given). Validates the intent and prints it with its risk
level. Nothing is performed.
  --json              print one JSON object instead of text
  --provider P        plan with an LLM: ollama, anthropic or openai (default: grammar)
  --model M           the provider's model (default: from "assistive-control config show")
  --base-url URL      the Ollama address, or an OpenAI-compatible server's base URL

Exit codes: 0 a valid intent, 1 the provider failed, 3 nothing matched or the plan was rejected, 2 usage error.`;

const LLM_HINT = 'To plan it with an AI planner, add --provider ollama (or anthropic, openai).';
const GRAMMAR_HINT =
  'The offline grammar understands commands such as “open Firefox”, “click Send”, “type "hello"”, “press cmd+t”, “scroll down 3” and “what’s on screen”.';

const GATE_WORDS = { run: 'runs without asking', confirm: 'asks you first', refuse: 'never runs' } as const;

export type PlanOutcome =
  | {
      readonly ok: true;
      readonly source: 'grammar' | 'user_command' | LlmProvider;
      /** The user's own command that planned it (its phrase, and the app it is kept to). */
      readonly userCommand?: { readonly say: string; readonly app?: string };
      readonly intent: unknown;
      readonly summary: string;
      readonly lowConfidence: boolean;
      readonly risk: { readonly level: string; readonly reason: string; readonly gate: string };
    }
  | { readonly ok: false; readonly code: string; readonly message: string; readonly exitCode?: number };

/** Plans one command text with the grammar: the same steps the assistant takes before acting. */
export function planWithGrammar(command: string, language: Language = DEFAULT_LANGUAGE): PlanOutcome {
  const checked = checkCommandText(command);
  if (!checked.ok) return { ok: false, code: checked.code, message: checked.message };
  const parsed = parseCommand(checked.text, { platform: promptPlatform(process.platform), language });
  if (parsed.kind === 'no_match') {
    return { ok: false, code: 'no_match', message: `No command recognised in “${shorten(checked.text)}”. ${GRAMMAR_HINT} ${LLM_HINT}` };
  }
  const validation = validateIntentValue(parsed.intent);
  if (!validation.ok) return { ok: false, code: validation.rejection.code, message: validation.rejection.message };
  return acceptedOutcome(validation.intent, validation.lowConfidence, 'grammar');
}

/**
 * The user's own commands, tried first as the assistant tries them (src/agent/own-commands.ts):
 * a matched phrase is planned from its body, slots filled and validated like any plan. "save that
 * as" and "forget" are the assistant's own commands: nothing to plan. Undefined: none of theirs.
 */
export async function planWithUserCommands(command: string, settingsFolder: string): Promise<PlanOutcome | undefined> {
  const checked = checkCommandText(command);
  if (!checked.ok) return undefined;
  const edit = readCommandEdit(checked.text);
  if (edit) {
    const what =
      edit.kind === 'save'
        ? `saves the last action that succeeded as your command ${quote(edit.phrase)}`
        : `forgets your command ${quote(edit.phrase)} (it asks first)`;
    return { ok: false, code: 'own_command', message: `${quote(checked.text)} is one of the assistant’s own commands: it ${what}. Nothing is planned.` };
  }
  const set = await new UserCommandsFile({ dir: settingsFolder }).commands();
  // Which app is in front is not known here: the best match is shown, with the app it is kept to.
  const match = matchPhrases(checked.text, set.commands)[0];
  if (!match || loopReserved(checked.text)) return undefined;
  const { say, app } = match.command;
  const filled = fillCommand(match);
  if (!filled.ok) return { ok: false, code: 'slot_value', message: filled.message };
  const validation = validateIntentValue(filled.body);
  if (!validation.ok)
    return { ok: false, code: validation.rejection.code, message: `Your command ${quote(say)} would not run: ${validation.rejection.message}` };
  const outcome = acceptedOutcome(validation.intent, validation.lowConfidence, 'user_command');
  return outcome.ok ? { ...outcome, userCommand: { say, ...(app !== undefined ? { app } : {}) } } : outcome;
}

/** A valid intent with its summary and risk, whichever planner produced it. */
export function acceptedOutcome(intent: Intent, lowConfidence: boolean, source: 'grammar' | 'user_command' | LlmProvider): PlanOutcome {
  const risk = classifyRisk(intent);
  return {
    ok: true,
    source,
    intent,
    summary: describeIntent(intent),
    lowConfidence,
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
    const own = outcome.userCommand;
    if (own) io.stdout.write(`your command ${quote(own.say)}${own.app !== undefined ? ` (only while ${own.app} is in front)` : ''}\n`);
    io.stdout.write(`${outcome.summary}\n`);
    io.stdout.write(`risk: ${outcome.risk.level} (${gate}) — ${outcome.risk.reason}\n`);
    if (outcome.lowConfidence) io.stdout.write('warning: the planner was not sure; check before confirming.\n');
    io.stdout.write(`intent: ${JSON.stringify(outcome.intent)}\n`);
  } else {
    io.stderr.write(`${outcome.message}\n`);
  }
  return outcome.ok ? EXIT.ok : (outcome.exitCode ?? EXIT.needsUser);
}

export const planCommand: CliCommand = {
  name: 'plan',
  usage: USAGE,
  async run(args, io) {
    const parsed = parseCommandArgs(args, io, USAGE, PROVIDER_OPTIONS);
    if ('exit' in parsed) return parsed.exit;
    if (parsed.positionals.length === 0) {
      io.stderr.write(`Say what to plan, in quotes.\n\n${USAGE}\n`);
      return EXIT.usage;
    }
    const problem = providerOptionsProblem(parsed.values, 'grammar');
    if (problem) {
      io.stderr.write(`${problem}\n`);
      return EXIT.usage;
    }
    const folder = settingsDir({ platform: process.platform, env: io.env ?? process.env, homedir: homedir() });
    const own = await planWithUserCommands(parsed.positionals.join(' '), folder);
    if (own) return printPlanOutcome(own, parsed.values.json, io);
    // The grammar reads the language the settings say (issue #32 item 6); a file it cannot read is English.
    const language = await createSettingsStore({ dir: folder })
      .load()
      .then((loaded) => loaded.settings.language)
      .catch(() => DEFAULT_LANGUAGE);
    const { model, 'base-url': baseURL } = parsed.values;
    // Checked above: anything but an LLM provider's name is the grammar here.
    const provider = parsed.values.provider !== undefined && isLlmProvider(parsed.values.provider) ? parsed.values.provider : undefined;
    if (provider === undefined) return printPlanOutcome(planWithGrammar(parsed.positionals.join(' '), language), parsed.values.json, io);
    // Loaded only here: the SDKs and the keychain cost start-up time the grammar never needs.
    const [{ planWithLlm }, { defaultCliServices }] = await Promise.all([import('./llm-plan.js'), import('./cli-services.js')]);
    const result = await planWithLlm(
      parsed.positionals.join(' '),
      { provider, ...(model ? { model } : {}), ...(baseURL ? { baseURL } : {}) },
      defaultCliServices(io),
    );
    for (const notice of result.notices) io.stderr.write(`${notice.message}\n`);
    const outcome: PlanOutcome = result.ok
      ? acceptedOutcome(result.intent, result.lowConfidence, result.source)
      : { ok: false, code: result.code, message: result.message, exitCode: result.exitCode };
    return printPlanOutcome(outcome, parsed.values.json, io);
  },
};
