/**
 * `assistive-control run "<command>"`: the assistant loop from the command line.
 *
 * The same loop as the panel (src/agent/assistant-loop.ts), composed here with the settings, the
 * keychain, the real execution engine and the audit log. `--json` prints every event as one JSON
 * line (NDJSON). With a terminal, questions and confirmations are asked on it; without one (a
 * script, a pipe) a question or a confirmation ends the run with exit code 3, and `--yes` answers
 * confirmations in advance. Ctrl-C (SIGINT) cancels: the LLM request is aborted, a running sequence
 * stops between steps, the status returns to idle and the exit code is 130.
 */
import { homedir } from 'node:os';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { AuditLog, defaultAuditDir } from '../agent/audit-log.js';
import { DiagnosticsLog } from '../agent/diagnostics-log.js';
import { AssistantLoop, type ConfirmCallback, type PlannerAvailability } from '../agent/assistant-loop.js';
import type { LlmProvider } from '../shared/llm-providers.js';
import type { Settings } from '../config/settings.js';
import type { AssistantEvent, Outcome } from '../shared/contracts/events.js';
import type { EngineApi } from '../registry/dispatch.js';
import type { FetchLike } from '../intent/providers/planner.js';
import { type CliCommand, type CliIo, onProcessInterrupt } from './cli-io.js';
import { defaultCliServices, type CliServices, type CliServicesFactory } from './cli-services.js';
import { openDesktopEngine } from '../compose/desktop-engine.js';
import { EXIT } from './exit-codes.js';
import { PROVIDER_OPTIONS, parseCommandArgs, providerOptionsProblem } from './parse-command-args.js';
import { composePlanner } from '../compose/planner-composer.js';
import { problemsReport, UserCommandsFile } from '../compose/user-commands.js';
import type { UserCommandStore, VisionDeps } from '../agent/loop-types.js';
import type { SecretStore } from '../config/secret-store.js';
import { lazyDesktopVision } from '../compose/vision.js';
import { Dialogue } from '../agent/dialogue.js';
import { confirmAtPrompt } from './confirm-at-prompt.js';

const USAGE = `Usage: assistive-control run "<command>" [--provider grammar|ollama|anthropic|openai] [--model M] [--base-url URL] [--json] [--dry-run] [--yes] [--answer-timeout S]

Does what the command says, the way the panel does: the offline grammar first, the LLM provider
for anything else, every action checked for risk before it runs.
  --provider P        the planner for what the grammar does not know (default: from the settings)
  --model M           the provider's model (default: from "assistive-control config show")
  --base-url URL      the Ollama address, or an OpenAI-compatible server's base URL
  --json              print the event stream, one JSON object per line
  --dry-run           plan and check only; nothing is done but looking at the screen
  --yes               confirm moderate and destructive actions in advance (blocked ones never run;
                      never a plan made after reading the screen)
  --answer-timeout S  seconds to wait for an answer at the terminal before giving up (default 300)

Without a terminal to answer on, a question or a confirmation ends the run (exit code 3).
Exit codes: 0 done, 1 failed, 2 usage error, 3 needs your answer, 4 refused, 130 cancelled.`;

export const OUTCOME_EXIT: Readonly<Record<Outcome, number>> = {
  done: EXIT.ok,
  failed: EXIT.failed,
  needs_user: EXIT.needsUser,
  refused: EXIT.refused,
  cancelled: EXIT.cancelled,
};

const NO_PLANNER_ADVICE =
  'For other commands, set up an AI planner: start Ollama (ollama serve) and run "assistive-control config set provider ollama", or save a key with "assistive-control keys set anthropic" (or openai) and choose that provider.';

/** What `run` is built on; tests replace the desktop, the keychain and the interrupt. */
export interface RunDeps {
  readonly services: CliServicesFactory;
  readonly engine: (io: CliIo) => EngineApi;
  /** The audit log's folder. */
  readonly auditDir: (io: CliIo) => string;
  /** Calls `onInterrupt` on Ctrl-C; returns the function that stops listening. */
  readonly onInterrupt: (onInterrupt: () => void) => () => void;
  readonly fetch?: FetchLike;
  /** Pictures of the screen for a planner that takes images, where the settings allow them (issue #29 item 4). */
  readonly vision?: (io: CliIo, settings: Settings, secrets: SecretStore) => VisionDeps;
}

export const defaultRunDeps: RunDeps = {
  services: defaultCliServices,
  engine: (io) => openDesktopEngine(io.env ?? process.env),
  vision: (io, settings, secrets) => lazyDesktopVision(settings, secrets, io.env ?? process.env),
  auditDir: (io) => defaultAuditDir(process.platform, io.env ?? process.env, homedir()),
  onInterrupt: onProcessInterrupt,
};

/** A long run's step, or its pause, as one line. */
function progressLine(event: Extract<AssistantEvent, { type: 'progress' }>): string {
  return event.paused
    ? `  paused before step ${event.step} of ${event.total}: type “go on” to continue or “stop” to end it`
    : `  step ${event.step} of ${event.total}: ${event.doing}`;
}

/** One line of text per event worth showing a person; the final message comes from `done`. */
export function describeEvent(event: AssistantEvent): { line: string; toErr: boolean } | undefined {
  switch (event.type) {
    case 'intent': {
      const risk = event.risk.level === 'harmless' ? '' : ` (${event.risk.level}: ${event.risk.reason})`;
      const warn = event.lowConfidence ? ' — the planner was not sure; check before confirming' : '';
      return { line: `→ ${event.summary}${risk}${warn}`, toErr: false };
    }
    case 'observation':
      return { line: `  looked at the screen: ${event.summary}`, toErr: false };
    case 'clarification':
      return undefined; // asked (or printed) by the run itself
    case 'confirmation_request':
      return undefined;
    case 'error':
      return { line: event.message, toErr: true };
    case 'progress':
      return { line: progressLine(event), toErr: false };
    case 'status':
    case 'action_result':
    case 'done':
    case 'answer': // the panel's session only
    case 'command_guide':
    case 'mode': // the run's final message says it
    case 'user_commands_changed': // for the panel's list
      return undefined;
  }
}

/** A question nobody answers in 5 minutes ends the run as "needs you", so a forgotten terminal does not stay busy. */
const DEFAULT_ANSWER_TIMEOUT_S = 300;

interface Terminal {
  /** The answer; undefined when the terminal closed or nobody answered in time (then `timedOut`). */
  ask(question: string): Promise<string | undefined>;
  readonly timedOut: boolean;
  close(): void;
}

function openTerminal(io: CliIo, onInterrupt: () => void, answerTimeoutMs: number): Terminal | undefined {
  const stdin = io.stdin;
  if (!stdin?.isTTY) return undefined;
  // The prompts go to stderr, so that stdout carries only results (a script can keep them) while
  // the person at the terminal still sees every question.
  const output = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      io.stderr.write(chunk.toString());
      done();
    },
  });
  const rl = createInterface({ input: stdin, output, terminal: true });
  // Ctrl-C at a prompt arrives here, not as a process signal.
  rl.on('SIGINT', onInterrupt);
  let closed = false;
  let timedOut = false;
  rl.on('close', () => (closed = true));
  return {
    ask: (question) =>
      closed
        ? Promise.resolve(undefined)
        : new Promise((resolve) => {
            const onClose = () => resolve(undefined);
            rl.once('close', onClose);
            const timer = setTimeout(() => {
              timedOut = true;
              rl.off('close', onClose);
              rl.close();
              resolve(undefined);
            }, answerTimeoutMs);
            rl.question(question, (answer) => {
              clearTimeout(timer);
              rl.off('close', onClose);
              resolve(answer);
            });
          }),
    get timedOut() {
      return timedOut;
    },
    close: () => rl.close(),
  };
}

function formatSeconds(s: number): string {
  if (s % 60 === 0) return s === 60 ? '1 minute' : `${s / 60} minutes`;
  return s === 1 ? '1 second' : `${s} seconds`;
}

/** The provider options checked, the settings loaded (their notices said): what a CLI loop starts from. */
export async function cliSetup(
  deps: RunDeps,
  io: CliIo,
  providerOption: string | undefined,
  values: Parameters<typeof providerOptionsProblem>[0],
): Promise<{ services: CliServices; settings: Settings; provider: LlmProvider | 'grammar' } | { exit: number }> {
  const problem = providerOptionsProblem(values, 'settings');
  if (problem) {
    io.stderr.write(`${problem}\n`);
    return { exit: EXIT.usage };
  }
  const services = deps.services(io);
  const { settings, notices } = await services.settings.load();
  for (const notice of notices) io.stderr.write(`${notice.message}\n`);
  return { services, settings, provider: providerOption === undefined ? settings.provider : (providerOption as LlmProvider | 'grammar') };
}

/** What the planner is for a CLI run: none for the grammar, else the composed LLM planner. */
export function cliPlanner(
  deps: RunDeps,
  services: CliServices,
  settings: Settings,
  choice: { readonly provider: LlmProvider | 'grammar'; readonly model?: string | undefined; readonly baseURL?: string | undefined },
  /** Filled with the keys the audit log must never contain, whichever text they turn up in. */
  secrets: string[],
): () => Promise<PlannerAvailability> {
  const { provider, model, baseURL } = choice;
  return async () => {
    if (provider === 'grammar') return { kind: 'none', message: NO_PLANNER_ADVICE };
    const composed = await composePlanner(
      { provider, ...(model !== undefined ? { model } : {}), ...(baseURL !== undefined ? { baseURL } : {}) },
      settings,
      services.secrets,
      deps.fetch ? { fetch: deps.fetch } : {},
    );
    if (!composed.ok) return { kind: 'unavailable', code: composed.code, message: composed.message };
    if (provider !== 'ollama') {
      const key = await services.secrets.getKey(provider);
      if (key.found) secrets.push(key.key);
    }
    return { kind: 'ready', planner: composed.planner, budgetMs: composed.budgetMs, confidence: composed.confidence };
  };
}

/** The user's own commands from the settings folder, read now; the file's problems said on stderr (with line and column). */
export async function cliUserCommands(services: CliServices, io: CliIo): Promise<UserCommandsFile> {
  const file = new UserCommandsFile({ dir: dirname(services.settings.path) });
  const report = problemsReport(await file.commands());
  if (report) io.stderr.write(`${report}\n`);
  return file;
}

/** The assistant loop a CLI front end drives: the real engine, the audit log, the settings' policy. */
export function cliLoop(
  deps: RunDeps,
  io: CliIo,
  settings: Settings,
  parts: {
    readonly emit: (event: AssistantEvent) => void;
    readonly confirm: ConfirmCallback;
    readonly planner: () => Promise<PlannerAvailability>;
    readonly secrets: readonly string[];
    /** The keychain, for the planner that takes pictures (its key as any plan's). */
    readonly secretStore?: SecretStore;
    readonly dryRun?: boolean;
    /** The user's own commands (commands.json in the settings folder). */
    readonly userCommands?: UserCommandStore;
  },
): AssistantLoop {
  // Errors and timings of each run, no text of the user's or the screen's (doctor --report attaches it).
  const diagnostics = new DiagnosticsLog({ dir: deps.auditDir(io), secrets: () => parts.secrets });
  return new AssistantLoop({
    engine: deps.engine(io),
    emit: (event) => {
      parts.emit(event);
      diagnostics.observe(event);
    },
    confirm: parts.confirm,
    planner: parts.planner,
    audit: new AuditLog({ dir: deps.auditDir(io), secrets: () => parts.secrets }),
    policy: { confirmModerate: settings.confirmModerate },
    confidence: settings.confidence,
    stepBudget: () => settings.stepBudget,
    language: () => settings.language,
    pauseLimitMs: () => settings.confirmTimeoutSeconds * 1000,
    dryRun: parts.dryRun ?? false,
    ...(parts.userCommands ? { userCommands: parts.userCommands } : {}),
    ...(deps.vision && parts.secretStore ? { vision: deps.vision(io, settings, parts.secretStore) } : {}),
  });
}

export function createRunCommand(deps: RunDeps): CliCommand {
  return {
    name: 'run',
    usage: USAGE,
    async run(args, io) {
      const parsed = parseCommandArgs(args, io, USAGE, {
        ...PROVIDER_OPTIONS,
        'dry-run': { type: 'boolean', default: false },
        yes: { type: 'boolean', default: false },
        'answer-timeout': { type: 'string' },
      });
      if ('exit' in parsed) return parsed.exit;
      const command = parsed.positionals.join(' ');
      if (command.trim() === '') {
        io.stderr.write(`Say what to do, in quotes, for example: assistive-control run "click Send"\n\n${USAGE}\n`);
        return EXIT.usage;
      }
      const { provider: providerOption, model, 'base-url': baseURL, json, 'dry-run': dryRun, yes, 'answer-timeout': answerTimeout } = parsed.values;
      const answerSeconds = answerTimeout === undefined ? DEFAULT_ANSWER_TIMEOUT_S : Number(answerTimeout);
      if (!Number.isFinite(answerSeconds) || answerSeconds <= 0 || answerSeconds > 86_400) {
        io.stderr.write('--answer-timeout takes a number of seconds between 1 and 86400, for example --answer-timeout 600.\n');
        return EXIT.usage;
      }
      const setup = await cliSetup(deps, io, providerOption, parsed.values);
      if ('exit' in setup) return setup.exit;
      const { services, settings, provider } = setup;

      const secrets: string[] = [];
      const planner = cliPlanner(deps, services, settings, { provider, model, baseURL }, secrets);

      const controller = new AbortController();
      const interrupt = () => controller.abort();
      const stopListening = deps.onInterrupt(interrupt);
      const terminal = json ? undefined : openTerminal(io, interrupt, answerSeconds * 1000);
      let lastErrorLine = '';
      const emit = (event: AssistantEvent) => {
        if (json) {
          io.stdout.write(`${JSON.stringify(event)}\n`);
          return;
        }
        const shown = describeEvent(event);
        if (!shown) return;
        if (shown.toErr) lastErrorLine = shown.line;
        (shown.toErr ? io.stderr : io.stdout).write(`${shown.line}\n`);
      };
      // The one owner of what waits (src/agent/dialogue.ts): the panel's answers, at this prompt.
      const dialogue = new Dialogue({
        pending: () => loop.memory.pending,
        closePending: () => loop.memory.setPending(undefined),
        running: () => false,
        language: () => settings.language,
      });
      const confirm: ConfirmCallback = async (request, signal) => {
        // --yes answers for the user only what the user asked for: never a plan made after reading
        // the screen, which text on the screen may have chosen (issue #27).
        if (yes && !request.screenInfluenced) return 'confirmed_by_flag';
        if (!terminal) return 'unanswered';
        const line = async (question: string) => {
          const text = await terminal.ask(question);
          return text === undefined ? undefined : { text };
        };
        return confirmAtPrompt(dialogue, request, signal, { first: line, again: line, stop: interrupt });
      };

      const userCommands = await cliUserCommands(services, io);
      const loop = cliLoop(deps, io, settings, { emit, confirm, planner, secrets, secretStore: services.secrets, dryRun, userCommands });
      try {
        let result = await loop.run(command, { signal: controller.signal });
        // With a terminal, a question is asked and the answer continues the same conversation.
        for (let asked = 0; result.outcome === 'needs_user' && terminal && loop.memory.pending?.kind === 'clarification' && asked < 5; asked++) {
          const { question, options } = loop.memory.pending;
          const listed = options.map((o, i) => `  ${i + 1}. ${o}\n`).join('');
          const answer = await terminal.ask(`${question}\n${listed}> `);
          if (answer === undefined || answer.trim() === '' || controller.signal.aborted) break;
          const picked = /^\s*(\d+)\s*$/.exec(answer);
          const chosen = picked ? options[Number(picked[1]) - 1] : undefined;
          lastErrorLine = '';
          result = await loop.run(chosen ?? answer, { signal: controller.signal });
        }
        if (terminal?.timedOut) io.stderr.write(`\nNo answer within ${formatSeconds(answerSeconds)}, so nothing more was done.\n`);
        if (!json && result.message !== lastErrorLine) {
          // The loop's "say yes" is for a front end that stays; this process ends, so say how to confirm here.
          const message =
            loop.memory.pending?.kind === 'confirmation'
              ? loop.memory.pending.screenInfluenced
                ? `Not done, because it needs your confirmation: ${loop.memory.pending.summary} ${loop.memory.pending.reason} --yes does not answer for a plan made after reading the screen: run the command from a terminal to be asked.`
                : `Not done, because it needs your confirmation: ${loop.memory.pending.summary} ${loop.memory.pending.reason} Run the command again with --yes to confirm, or from a terminal to be asked.`
              : result.message;
          (result.outcome === 'done' ? io.stdout : io.stderr).write(`${message}\n`);
        }
        return OUTCOME_EXIT[result.outcome];
      } finally {
        terminal?.close();
        stopListening();
      }
    },
  };
}

export const runCommand = createRunCommand(defaultRunDeps);
