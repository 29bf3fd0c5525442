/** Small timing helpers for the benchmarks: figures to print, never to assert. */

export interface Timing {
  readonly medianMs: number;
  readonly p99Ms: number;
  readonly meanMs: number;
  readonly samples: number;
}

/** Times `fn` per call over `samples` calls after a warm-up, with the monotonic clock. */
export function timeCalls(fn: (i: number) => unknown, samples: number, warmup = Math.min(1000, samples)): Timing {
  for (let i = 0; i < warmup; i++) fn(i);
  const times = new Float64Array(samples);
  for (let i = 0; i < samples; i++) {
    const t0 = process.hrtime.bigint();
    fn(i);
    times[i] = Number(process.hrtime.bigint() - t0) / 1e6;
  }
  return summarize(times);
}

export function summarize(times: Float64Array | number[]): Timing {
  const sorted = Float64Array.from(times).sort();
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  const sum = sorted.reduce((a, b) => a + b, 0);
  return { medianMs: at(0.5), p99Ms: at(0.99), meanMs: sum / sorted.length, samples: sorted.length };
}

export function formatMs(ms: number): string {
  return ms < 0.01 ? `${(ms * 1000).toFixed(2)} µs` : ms < 10 ? `${ms.toFixed(3)} ms` : `${ms.toFixed(1)} ms`;
}

/** Node count with the median and 95th percentile of a run of timings (snapshots, latencies). */
export interface Figures {
  readonly nodes: number;
  readonly medianMs: number;
  readonly p95Ms: number;
}

export function figures(nodes: number, times: readonly number[]): Figures {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { nodes, medianMs: at(0.5), p95Ms: at(0.95) };
}
