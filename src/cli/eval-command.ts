/**
 * `assistive-control eval`: how well a planner model plans, measured on the fixed corpus in
 * eval/corpus (recorded screens, commands as people say them, and the rules each answer is scored
 * by). The real planner code runs — provider, validator, risk classification — and nothing is
 * performed on the desktop. See src/eval/.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { composePlanner, type ComposeOptions } from '../compose/planner-composer.js';
import { loadCorpus, selectCases, type EvalCorpus } from '../eval/corpus.js';
import { priceFor, loadPrices } from '../eval/prices.js';
import { jsonReport, markdownReport, progressLine, type ModelRun } from '../eval/report.js';
import { runEval, type TokenCounter } from '../eval/run-eval.js';
import { summarize } from '../eval/score.js';
import { parseCommand } from '../intent/grammar/grammar-planner.js';
import type { Planner } from '../intent/providers/planner.js';
import { promptPlatform } from '../intent/system-prompt.js';
import { validateIntentValue } from '../intent/validator.js';
import { isLlmProvider, LLM_PROVIDERS } from '../shared/llm-providers.js';
import { type CliCommand, type CliIo, onProcessInterrupt } from './cli-io.js';
import { defaultCliServices, type CliServicesFactory } from './cli-services.js';
import { EXIT } from './exit-codes.js';
import { parseCommandArgs } from './parse-command-args.js';

const USAGE = `Usage: assistive-control eval [--provider grammar|ollama|anthropic|openai] [--model M]... [--base-url URL]
                             [--limit N] [--filter TEXT] [--corpus DIR] [--json]

Measures how well a planner model understands commands: it plans every command of the evaluation
corpus (recorded screens of real apps, commands as people say them) with the provider and model in
your settings, or the ones given, and prints per model the share of valid, exact and acceptable
plans, how often it asked when it should (and did not when it should not), refused unsafe
requests and ignored instructions written on the screen, its latency, its tokens per command and
an estimated cost. Nothing is performed on the desktop.
  --provider P        grammar, ${LLM_PROVIDERS.join(', ')} (default: the provider in your settings)
  --model M           the model; repeat to compare several (default: from your settings)
  --base-url URL      the Ollama address, or an OpenAI-compatible server's base URL
  --limit N           run only the first N commands (after --filter)
  --filter TEXT       run only commands whose id, screen, tag or words contain TEXT
                      (tags: plain, vague, reference, injection, unsafe, dictation, keyboard, by-number)
  --corpus DIR        use another corpus folder (default: the one shipped with Assistive Control)
  --json              print one JSON object instead of the Markdown report
Prices: dollars per million tokens from a built-in table; put your own in eval-prices.json in the
settings folder ({"models": {"openai/gpt-4o-mini": {"input": 0.15, "output": 0.6}}}).

Exit codes: 0 report printed, 1 the provider could not be used (key, model, address), 2 usage error, 130 stopped.`;

export interface EvalDeps {
  readonly services: CliServicesFactory;
  /** The corpus folder shipped with the program. */
  readonly corpusDir: () => string | undefined;
  readonly compose?: ComposeOptions;
  /** Loads the token counter (only when a provider reports no usage). */
  readonly countTokens: () => Promise<TokenCounter>;
  /** Whether progress lines go to stderr (on a terminal). */
  readonly progress: (io: CliIo) => boolean;
  readonly onInterrupt: (handler: () => void) => () => void;
}

/** eval/corpus, found by walking up from this module (src/cli in a checkout, out/cli/bundle in a package). */
export function shippedCorpusDir(from: string = fileURLToPath(import.meta.url)): string | undefined {
  let dir = dirname(from);
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'eval', 'corpus');
    if (existsSync(join(candidate, 'cases'))) return candidate;
    dir = dirname(dir);
  }
  return undefined;
}

/**
 * A tokenizer for providers that report no usage: o200k_base through js-tiktoken where it is
 * installed (a development checkout), otherwise characters ÷ 4. The name is held in a variable so
 * the CLI bundle does not carry the 2 MB table.
 */
async function loadCounter(): Promise<TokenCounter> {
  const name = 'js-tiktoken';
  try {
    const mod = (await import(name)) as { getEncoding: (e: string) => { encode: (t: string) => number[] } };
    const enc = mod.getEncoding('o200k_base');
    return (t) => enc.encode(t).length;
  } catch {
    return (t) => Math.ceil(t.length / 4);
  }
}

let counterLoading: Promise<TokenCounter> | undefined;

/** Loaded once per process, on first use. */
function defaultCounter(): Promise<TokenCounter> {
  counterLoading ??= loadCounter();
  return counterLoading;
}

export const defaultEvalDeps: EvalDeps = {
  services: defaultCliServices,
  corpusDir: () => shippedCorpusDir(),
  countTokens: defaultCounter,
  progress: (io) => (io.stderr as { isTTY?: boolean }).isTTY === true,
  onInterrupt: onProcessInterrupt,
};

/** The offline grammar as a planner, so it can be measured on the same corpus (it never asks or refuses). */
export function grammarPlanner(): Planner {
  return {
    provider: 'ollama',
    model: 'offline',
    async plan(request) {
      const started = performance.now();
      const last = [...request.conversation].reverse().find((t) => t.kind === 'user');
      const parsed = parseCommand(last?.kind === 'user' ? last.text : '', { platform: promptPlatform(process.platform) });
      const timing = () => ({ totalMs: Math.max(0, Math.round(performance.now() - started)), attempts: 1 });
      if (parsed.kind === 'no_match') {
        // Not a refusal: the grammar simply has no answer, which the report counts as no valid intent.
        const rejection = { code: 'empty', message: 'The grammar did not recognise this command.', feedback: 'no match' } as const;
        return { kind: 'answered', validation: { ok: false, rejection }, timing: timing(), usage: { inputTokens: 0, outputTokens: 0 } };
      }
      return {
        kind: 'answered',
        validation: validateIntentValue(parsed.intent, request.validation),
        timing: timing(),
        usage: { inputTokens: 0, outputTokens: 0 },
      };
    },
  };
}

function positiveInt(text: string | undefined): number | undefined | 'bad' {
  if (text === undefined) return undefined;
  return /^[1-9]\d{0,5}$/.test(text) ? Number(text) : 'bad';
}

export function createEvalCommand(deps: EvalDeps): CliCommand {
  return {
    name: 'eval',
    usage: USAGE,
    async run(args, io) {
      const parsed = parseCommandArgs(args, io, USAGE, {
        provider: { type: 'string' },
        model: { type: 'string', multiple: true },
        'base-url': { type: 'string' },
        limit: { type: 'string' },
        filter: { type: 'string' },
        corpus: { type: 'string' },
      });
      if ('exit' in parsed) return parsed.exit;
      const v = parsed.values;
      const usage = (message: string) => {
        io.stderr.write(`${message}\n\n${USAGE}\n`);
        return EXIT.usage;
      };
      if (parsed.positionals.length > 0) return usage('eval takes no command: the commands come from the corpus. To run some of them, use --filter.');
      const limit = positiveInt(v.limit);
      if (limit === 'bad') return usage('--limit takes a whole number of commands, such as 20.');
      if (v.provider !== undefined && v.provider !== 'grammar' && !isLlmProvider(v.provider)) {
        return usage(`There is no provider called "${v.provider.slice(0, 40)}": use grammar, ${LLM_PROVIDERS.join(', ')}.`);
      }

      const corpusDir = v.corpus ?? deps.corpusDir();
      if (!corpusDir) {
        io.stderr.write('The evaluation corpus is missing from this installation: give a corpus folder with --corpus DIR.\n');
        return EXIT.failed;
      }
      let corpus: EvalCorpus;
      try {
        corpus = loadCorpus(corpusDir);
      } catch (e) {
        const message =
          e instanceof Error && e.message.startsWith('The corpus')
            ? e.message
            : `The corpus folder ${corpusDir} could not be read: it needs screens/ and cases/ folders of JSON files.`;
        io.stderr.write(`${message}\n`);
        return EXIT.failed;
      }
      const cases = selectCases(corpus.cases, { ...(v.filter !== undefined ? { filter: v.filter } : {}), ...(limit !== undefined ? { limit } : {}) });
      if (cases.length === 0) return usage(`No command of the corpus matches "${(v.filter ?? '').slice(0, 40)}".`);

      const services = deps.services(io);
      const { settings, notices } = await services.settings.load();
      for (const notice of notices) io.stderr.write(`${notice.message}\n`);
      const provider = v.provider ?? settings.provider;
      if (provider === 'grammar' && (v.model !== undefined || v['base-url'] !== undefined)) {
        return usage('--model and --base-url go with an LLM provider: add --provider ollama, anthropic or openai.');
      }
      const prices = await loadPrices(dirname(services.settings.path));
      if (!prices.ok) {
        io.stderr.write(`${prices.message}\n`);
        return EXIT.failed;
      }
      const controller = new AbortController();
      const stop = deps.onInterrupt(() => controller.abort());
      const showProgress = deps.progress(io);
      const runs: ModelRun[] = [];
      try {
        const models = provider === 'grammar' ? ['offline'] : (v.model ?? [settings.models[provider]]);
        for (const model of models) {
          let planner: Planner;
          let budgetMs: number | undefined;
          let confidence = settings.confidence;
          if (provider === 'grammar') planner = grammarPlanner();
          else {
            const composed = await composePlanner(
              { provider, model, ...(v['base-url'] ? { baseURL: v['base-url'] } : {}) },
              settings,
              services.secrets,
              deps.compose ?? {},
            );
            if (!composed.ok) {
              io.stderr.write(`${composed.message}\n`);
              return composed.code === 'bad_option' ? EXIT.usage : EXIT.failed;
            }
            planner = composed.planner;
            budgetMs = composed.budgetMs;
            confidence = composed.confidence;
          }
          const label = `${provider} ${model}`;
          let shownTenths = -1;
          const result = await runEval({
            planner,
            screens: corpus.screens,
            cases,
            ...(budgetMs !== undefined ? { budgetMs } : {}),
            confidence,
            countTokens: deps.countTokens,
            signal: controller.signal,
            stopOnConfigurationError: true,
            onCase: (done, total) => {
              const tenths = Math.floor((10 * done) / total);
              if (showProgress && tenths > shownTenths) {
                shownTenths = tenths;
                io.stderr.write(`${progressLine(label, done, total)}\n`);
              }
            },
          });
          if (!result.ok) {
            if (result.code === 'cancelled') {
              io.stderr.write('Stopped: no report was printed.\n');
              return EXIT.cancelled;
            }
            io.stderr.write(`${label}: ${result.message}\n`);
            return EXIT.failed;
          }
          runs.push({ provider, model, summary: summarize(result.results, priceFor(prices.table, provider, model)), results: result.results });
        }
      } finally {
        stop();
      }
      const report = { corpus: { version: corpus.version, cases: cases.length, screens: new Set(cases.map((c) => c.screen)).size }, runs };
      io.stdout.write(v.json ? `${jsonReport(report)}\n` : markdownReport(report));
      return EXIT.ok;
    },
  };
}

export const evalCommand = createEvalCommand(defaultEvalDeps);
