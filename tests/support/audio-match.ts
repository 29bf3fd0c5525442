/**
 * How the voice tests tell that captured audio is the recording the fake microphone played, at the
 * right rate: the best normalized cross-correlation of a loud stretch of it against the source.
 */

/** The best normalized cross-correlation of `window` against every position of `signal`. */
export function bestCorrelation(signal: Float32Array, window: Float32Array): number {
  let wNorm = 0;
  for (const v of window) wNorm += v * v;
  let best = 0;
  for (let lag = 0; lag + window.length <= signal.length; lag++) {
    let dot = 0;
    let sNorm = 0;
    for (let i = 0; i < window.length; i++) {
      const s = signal[lag + i]!;
      dot += s * window[i]!;
      sNorm += s * s;
    }
    const c = dot / Math.sqrt(wNorm * sNorm || 1);
    if (c > best) best = c;
  }
  return best;
}

/** The loudest stretch of `seconds` in a 16 kHz recording (so the window holds speech, not silence). */
export function loudestWindow(pcm: Float32Array, seconds: number): Float32Array {
  const n = Math.round(seconds * 16_000);
  let best = 0;
  let at = 0;
  for (let start = 0; start + n <= pcm.length; start += 400) {
    let e = 0;
    for (let i = start; i < start + n; i += 4) e += pcm[i]! * pcm[i]!;
    if (e > best) [best, at] = [e, start];
  }
  return pcm.subarray(at, at + n);
}

/** The source twice over: the fake microphone loops the file, so two copies cover any starting point. */
export function looped(samples: Float32Array): Float32Array {
  const out = new Float32Array(samples.length * 2);
  out.set(samples);
  out.set(samples, samples.length);
  return out;
}
