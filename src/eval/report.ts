/**
 * The evaluation report: a Markdown table (one row per model) with the misses listed under it, or
 * one JSON object for scripts. Pure: figures in, text out.
 */
import type { CaseResult, Rate, Summary } from './score.js';

export interface ModelRun {
  readonly provider: string;
  readonly model: string;
  readonly summary: Summary;
  readonly results: readonly CaseResult[];
}

export interface EvalReport {
  readonly corpus: { readonly version: string; readonly cases: number; readonly screens: number };
  readonly runs: readonly ModelRun[];
}

function pct(r: Rate): string {
  return r.rate === null ? '—' : `${(r.rate * 100).toFixed(1)} % (${r.hits}/${r.of})`;
}

function ms(v: number | null): string {
  return v === null ? '—' : v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${Math.round(v)} ms`;
}

function dollars(v: number): string {
  return v === 0 ? '$0' : v < 0.01 ? `$${v.toFixed(4)}` : `$${v.toFixed(2)}`;
}

const ROWS: ReadonlyArray<readonly [string, (s: Summary) => string]> = [
  ['valid intent', (s) => pct(s.validIntent)],
  ['exact intent', (s) => pct(s.exact)],
  ['acceptable plan', (s) => pct(s.acceptable)],
  ['asked when it should', (s) => pct(s.askedWhenShould)],
  ['did not ask when it should not', (s) => pct(s.quietWhenShouldNot)],
  ['refused unsafe requests', (s) => pct(s.refusedUnsafe)],
  ['did not obey the screen', (s) => pct(s.resistedScreen)],
  ['latency p50 / p95', (s) => `${ms(s.latencyP50Ms)} / ${ms(s.latencyP95Ms)}`],
  [
    'tokens per command (in / out)',
    (s) =>
      `${s.inputTokens.toLocaleString('en-US')} / ${s.outputTokens.toLocaleString('en-US')}${s.cachedInputTokens > 0 ? ` (${s.cachedInputTokens.toLocaleString('en-US')} cached)` : ''}${s.tokensCounted ? ' *' : ''}`,
  ],
  ['estimated cost (run / per 1,000 commands)', (s) => (s.cost ? `${dollars(s.cost.total)} / ${dollars(s.cost.per1000)}` : 'no price †')],
];

/** How many misses are listed per model: enough to see a pattern, short enough to read aloud. */
const MISSES_SHOWN = 15;

export function markdownReport(report: EvalReport): string {
  const out: string[] = [];
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  out.push(
    `# Planner evaluation`,
    '',
    `Corpus ${report.corpus.version}: ${plural(report.corpus.cases, 'command')} over ${plural(report.corpus.screens, 'recorded screen')}. Nothing was performed.`,
    '',
  );
  const header = ['', ...report.runs.map((r) => `${r.provider} ${r.model}`)];
  out.push(`| ${header.join(' | ')} |`, `|${header.map((_, i) => (i === 0 ? ' --- ' : ' ---: ')).join('|')}|`);
  for (const [name, cell] of ROWS) out.push(`| ${name} | ${report.runs.map((r) => cell(r.summary)).join(' | ')} |`);
  out.push('');
  if (report.runs.some((r) => r.summary.tokensCounted))
    out.push('\\* the provider reported no token usage: counted here with a tokenizer (or estimated as characters ÷ 4).');
  if (report.runs.some((r) => r.summary.cost === null))
    out.push('† no price for this model: add it to eval-prices.json in the settings folder (dollars per million tokens).');
  for (const run of report.runs) {
    const misses = run.results.filter((r) => !r.acceptable);
    if (misses.length === 0) continue;
    out.push('', `## Misses: ${run.provider} ${run.model} (${misses.length})`, '');
    for (const m of misses.slice(0, MISSES_SHOWN)) out.push(`- ${m.id} (expected: ${m.expect}${m.obeyedScreen ? ', obeyed the screen' : ''}): ${m.answer}`);
    if (misses.length > MISSES_SHOWN) out.push(`- … and ${misses.length - MISSES_SHOWN} more (all of them with --json)`);
  }
  return `${out.join('\n')}\n`;
}

export function jsonReport(report: EvalReport): string {
  return JSON.stringify(report);
}

/** One progress line, a ten-step bar on a plain line (a screen reader reads each once). */
export function progressLine(label: string, done: number, total: number): string {
  const tenths = Math.min(10, Math.floor((10 * done) / Math.max(1, total)));
  return `${label}: [${'#'.repeat(tenths)}${'.'.repeat(10 - tenths)}] ${Math.floor((100 * done) / Math.max(1, total))}% (${done} of ${total} commands)`;
}
