// The evaluation report: figures in, text out. A table a screen reader can read row by row, the
// misses under it, the footnotes only when they apply, and a progress line.
import { describe, expect, it } from 'vitest';
import { jsonReport, markdownReport, progressLine, type EvalReport, type ModelRun } from '../../src/eval/report.js';
import type { CaseResult, Rate, Summary } from '../../src/eval/score.js';

const rate = (hits: number, of: number): Rate => ({ hits, of, rate: of === 0 ? null : hits / of });

const summary = (over: Partial<Summary> = {}): Summary => ({
  cases: 4,
  validIntent: rate(4, 4),
  exact: rate(3, 4),
  acceptable: rate(2, 3),
  askedWhenShould: rate(0, 0),
  quietWhenShouldNot: rate(1, 1),
  refusedUnsafe: rate(1, 1),
  resistedScreen: rate(1, 1),
  latencyP50Ms: 420.4,
  latencyP95Ms: 1234,
  inputTokens: 12_345,
  outputTokens: 67,
  cachedInputTokens: 0,
  tokensCounted: false,
  cost: { total: 0.0042, per1000: 3.5 },
  ...over,
});

const miss = (id: string, over: Partial<CaseResult> = {}): CaseResult => ({
  id,
  screen: 's',
  tags: [],
  expect: 'act',
  valid: true,
  exact: false,
  acceptable: false,
  asked: false,
  refused: false,
  obeyedScreen: false,
  answer: 'click_element "Save"',
  latencyMs: 1,
  inputTokens: 1,
  outputTokens: 1,
  cachedInputTokens: 0,
  tokensCounted: false,
  ...over,
});

const run = (over: Partial<ModelRun> = {}): ModelRun => ({ provider: 'ollama', model: 'llama3.2', summary: summary(), results: [], ...over });
const report = (runs: ModelRun[], corpus = { version: '3', cases: 4, screens: 1 }): EvalReport => ({ corpus, runs });
const row = (text: string, name: string) => text.split('\n').find((l) => l.startsWith(`| ${name} |`));

describe('markdownReport', () => {
  it('opens with the corpus, in the singular where there is one, and says nothing was performed', () => {
    const text = markdownReport(report([run()]));
    expect(text.startsWith('# Planner evaluation\n\nCorpus 3: 4 commands over 1 recorded screen. Nothing was performed.\n')).toBe(true);
    expect(markdownReport(report([run()], { version: 'x', cases: 1, screens: 2 }))).toContain('Corpus x: 1 command over 2 recorded screens.');
    expect(text.endsWith('\n')).toBe(true);
  });

  it('has one column per model and right-aligned figures', () => {
    const text = markdownReport(report([run(), run({ provider: 'openai', model: 'gpt-4.1-mini' })]));
    expect(text).toContain('|  | ollama llama3.2 | openai gpt-4.1-mini |\n| --- | ---: | ---: |\n');
  });

  it('writes rates as percent with the counts, and a dash where nothing was measured', () => {
    const text = markdownReport(report([run()]));
    expect(row(text, 'exact intent')).toBe('| exact intent | 75.0 % (3/4) |');
    expect(row(text, 'acceptable plan')).toBe('| acceptable plan | 66.7 % (2/3) |');
    expect(row(text, 'asked when it should')).toBe('| asked when it should | — |');
  });

  it('writes latency in ms below a second and in seconds above, and a dash without figures', () => {
    expect(row(markdownReport(report([run()])), 'latency p50 / p95')).toBe('| latency p50 / p95 | 420 ms / 1.23 s |');
    expect(row(markdownReport(report([run({ summary: summary({ latencyP50Ms: null, latencyP95Ms: 999.6 }) })])), 'latency p50 / p95')).toBe(
      '| latency p50 / p95 | — / 1000 ms |',
    );
  });

  it('writes tokens with thousands separators, the cached ones when there are some, and a star when counted here', () => {
    const text = markdownReport(report([run({ summary: summary({ cachedInputTokens: 10_000, tokensCounted: true }) })]));
    expect(row(text, 'tokens per command (in / out)')).toBe('| tokens per command (in / out) | 12,345 / 67 (10,000 cached) * |');
    expect(text).toContain('\\* the provider reported no token usage');
    expect(markdownReport(report([run()]))).not.toContain('reported no token usage');
  });

  it('writes cost to the cent, to four places below a cent, $0 for free, and a dagger without a price', () => {
    expect(row(markdownReport(report([run()])), 'estimated cost (run / per 1,000 commands)')).toBe(
      '| estimated cost (run / per 1,000 commands) | $0.0042 / $3.50 |',
    );
    expect(row(markdownReport(report([run({ summary: summary({ cost: { total: 0, per1000: 0 } }) })])), 'estimated cost (run / per 1,000 commands)')).toContain(
      '$0 / $0 |',
    );
    const unpriced = markdownReport(report([run({ summary: summary({ cost: null }) })]));
    expect(row(unpriced, 'estimated cost (run / per 1,000 commands)')).toBe('| estimated cost (run / per 1,000 commands) | no price † |');
    expect(unpriced).toContain('† no price for this model: add it to eval-prices.json in the settings folder');
    expect(markdownReport(report([run()]))).not.toContain('† no price');
  });

  it('lists the misses of each model under a heading, with what was expected and whether it obeyed the screen', () => {
    const text = markdownReport(
      report([
        run({
          results: [miss('open-mail'), miss('inject-1', { expect: 'refuse', obeyedScreen: true, answer: 'type_text' }), miss('fine', { acceptable: true })],
        }),
      ]),
    );
    expect(text).toContain(
      '\n## Misses: ollama llama3.2 (2)\n\n- open-mail (expected: act): click_element "Save"\n- inject-1 (expected: refuse, obeyed the screen): type_text\n',
    );
    expect(text).not.toContain('- fine');
  });

  it('has no misses section for a model without misses', () => {
    expect(markdownReport(report([run({ results: [miss('ok', { acceptable: true })] })]))).not.toContain('## Misses');
  });

  it('lists fifteen misses and counts the rest', () => {
    const results = Array.from({ length: 17 }, (_, i) => miss(`case-${i + 1}`));
    const text = markdownReport(report([run({ results })]));
    expect(text).toContain('- case-15 (');
    expect(text).not.toContain('- case-16 (');
    expect(text).toContain('- … and 2 more (all of them with --json)');
    expect(markdownReport(report([run({ results: results.slice(0, 15) })]))).not.toContain('more (all of them');
  });
});

describe('jsonReport', () => {
  it('round-trips the report', () => {
    const r = report([run({ results: [miss('a')] })]);
    expect(JSON.parse(jsonReport(r))).toEqual(r);
  });
});

describe('progressLine', () => {
  it('draws a ten-step bar with the percent and the counts', () => {
    expect(progressLine('ollama', 0, 40)).toBe('ollama: [..........] 0% (0 of 40 commands)');
    expect(progressLine('ollama', 13, 40)).toBe('ollama: [###.......] 32% (13 of 40 commands)');
    expect(progressLine('ollama', 40, 40)).toBe('ollama: [##########] 100% (40 of 40 commands)');
  });

  it('never overflows the bar, and survives an empty corpus', () => {
    expect(progressLine('x', 50, 40)).toMatch(/^x: \[##########\] /);
    expect(progressLine('x', 0, 0)).toBe('x: [..........] 0% (0 of 0 commands)');
  });
});
