/**
 * How the panel's voice test tells that the audio that reached the transcription server is the
 * recording Chromium's fake microphone played, even when a busy machine made the capture drop or
 * repeat blocks of it.
 *
 * One correlation of a long stretch (tests/support/audio-match.ts) fails as soon as a block is
 * missing inside the stretch: the two halves no longer line up (0.63 seen on a loaded CI machine).
 * Here the capture's loud part is cut into short pieces (40 ms, one every 10 ms); each piece is
 * looked for on its own at every position of the looping source (normalized cross-correlation,
 * computed by FFT in blocks, both sides low-passed at 5 kHz), so a dropped or repeated block spoils only the
 * pieces that straddle it. A piece alone proves little: espeak-ng's vowels are the same waveforms in
 * any of its recordings, so "click send" said slower has most of its pieces "found" too. What only
 * the recording itself gives is runs: pieces in a row whose source positions advance exactly as
 * they do in the capture (10 ms, ± 2 samples) for 110 ms and more. The capture is the recording when
 *   - a good share of its loud pieces is in runs (another recording, the same words at another
 *     speed or pitch, noise: none or next to none);
 *   - the runs cover a good share of the source's sound (a repeated block counts once): a capture
 *     that kept only a stretch of it, or another command that shares its first word, does not pass.
 * Silence has no loud piece, and noise has no piece in the source.
 */

/** One loud piece of the capture, and where it was found. */
export interface PieceMatch {
  /** Where the piece starts in the capture, in samples. */
  readonly at: number;
  /** The best normalized cross-correlation with the source, over every position. */
  readonly correlation: number;
  /** The source position (in samples, within one loop) of that best correlation. */
  readonly sourceAt: number;
}

export interface RecordingMatch {
  /** Loud pieces in the capture (silence is not judged). */
  readonly pieces: number;
  /** Share of the loud pieces found in the source (correlation ≥ PIECE_MATCH). */
  readonly found: number;
  /** Share of the loud pieces in runs: at least RUN found pieces in a row that follow on in the source sample for sample. */
  readonly inRuns: number;
  /** Share of the source's sound (its loud pieces) that the runs cover; a repeated block counts once. */
  readonly covered: number;
  /** The longest run, in seconds of audio. */
  readonly longestSeconds: number;
  /** The median correlation of the loud pieces. */
  readonly median: number;
}

export const SAMPLE_RATE = 16_000;
/** 40 ms pieces: short enough to fit between glitches, long enough to hold a pitch period or more. */
export const PIECE = 640;
/** A piece starts every 10 ms, so the clean stretch between two glitches is covered by found pieces. */
export const HOP = 160;
/** A piece is "found" at this correlation; the real capture path gives ≈ 0.99 for clean pieces. */
export const PIECE_MATCH = 0.9;
/** Two neighbouring found pieces continue each other when their source positions are HOP apart, to this many samples. */
export const STEP_TOLERANCE = 2;
/** A run is at least this many found pieces in a row (8 pieces: 110 ms of continuous audio). */
export const RUN = 8;
/**
 * The capture is the recording when this share of its loud pieces is in runs, and the runs cover
 * this share of the source's sound. Measured (tests/panel/voice-audio-match.test.ts and captures of
 * the panel in Chromium): clean captures 0.9 and more on both; the page's main thread stalled for
 * 300–500 ms in the middle of the speech 0.57–0.80; espeak-ng's "click sent" and "click Increment",
 * whose "click" is the very samples of the recording's, at most 0.38 — a capture that kept only
 * "click" cannot be told from another command that begins with it.
 */
export const MIN_IN_RUNS = 0.45;
export const MIN_COVERED = 0.45;

/** In-place iterative radix-2 FFT (inverse when `inverse`, unscaled). `re.length` is a power of two. */
function fft(re: Float64Array, im: Float64Array, inverse: boolean): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j]!, re[i]!];
      [im[i], im[j]] = [im[j]!, im[i]!];
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const angle = ((inverse ? 2 : -2) * Math.PI) / len;
    const wr = Math.cos(angle);
    const wi = Math.sin(angle);
    const half = len >> 1;
    for (let start = 0; start < n; start += len) {
      let cr = 1;
      let ci = 0;
      for (let k = 0; k < half; k++) {
        const a = start + k;
        const b = a + half;
        const tr = re[b]! * cr - im[b]! * ci;
        const ti = re[b]! * ci + im[b]! * cr;
        re[b] = re[a]! - tr;
        im[b] = im[a]! - ti;
        re[a] = re[a]! + tr;
        im[a] = im[a]! + ti;
        const next = cr * wr - ci * wi;
        ci = cr * wi + ci * wr;
        cr = next;
      }
    }
  }
}

/** A 31-tap windowed-sinc low-pass at 5 kHz: Chromium's resamplers blur the top of the band (an "s"). */
const LOW_PASS = (() => {
  const taps = 31;
  const cut = 5_000 / SAMPLE_RATE;
  const h = Array.from({ length: taps }, (_, i) => {
    const k = i - (taps - 1) / 2;
    const sinc = k === 0 ? 2 * cut : Math.sin(2 * Math.PI * cut * k) / (Math.PI * k);
    return sinc * (0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (taps - 1)));
  });
  const sum = h.reduce((a, b) => a + b, 0);
  return h.map((v) => v / sum);
})();

/** `pcm` through LOW_PASS; `circular` for the looping source (its seam is not an edge). */
function lowPass(pcm: Float32Array, circular: boolean): Float32Array {
  const n = pcm.length;
  const half = (LOW_PASS.length - 1) / 2;
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    let acc = 0;
    for (let k = 0; k < LOW_PASS.length; k++) {
      const j = i + k - half;
      acc += LOW_PASS[k]! * (circular ? pcm[((j % n) + n) % n]! : (pcm[j] ?? 0));
    }
    out[i] = acc;
  }
  return out;
}

/** The start of every PIECE-long piece, HOP apart, loud enough to judge. */
function loudPieces(pcm: Float32Array): number[] {
  const starts: number[] = [];
  const rms: number[] = [];
  for (let at = 0; at + PIECE <= pcm.length; at += HOP) {
    let sum = 0;
    for (let i = at; i < at + PIECE; i++) sum += pcm[i]! * pcm[i]!;
    starts.push(at);
    rms.push(Math.sqrt(sum / PIECE));
  }
  // A tenth of the loudest piece, and at least ≈ -50 dBFS.
  const loud = Math.max(0.003, 0.1 * Math.max(0, ...rms));
  return starts.filter((_, i) => rms[i]! >= loud);
}

/**
 * The source is searched in blocks (overlap-save): block k holds BLOCK samples of the looping source
 * from lag k·STEP on, so its correlation with a piece is exact for the STEP lags k·STEP.. (a piece
 * reaches PIECE − 1 samples further). Each block is transformed once; a piece costs one small
 * transform per block instead of one the size of the whole source, about 2.5 times less work.
 */
const BLOCK = 4096;
const STEP = BLOCK - PIECE + 1;

/**
 * Finds each loud 40 ms piece of `captured` (one every 10 ms) in `source` (one loop of what the fake
 * microphone plays; it is searched as a loop, so a piece across the loop's seam is found too). Both
 * 16 kHz mono; both are low-passed at 5 kHz first.
 */
export function matchPieces(source: Float32Array, captured: Float32Array): PieceMatch[] {
  const n = source.length;
  if (n < PIECE) throw new RangeError(`the source is shorter than one piece (${n} samples)`);
  const src = lowPass(source, true);
  const cap = lowPass(captured, false);
  const starts = loudPieces(cap);
  // Energy of the source under the piece at each lag, from prefix sums over the source looped once more by a piece.
  const prefix = new Float64Array(n + PIECE + 1);
  for (let i = 0; i < n + PIECE; i++) prefix[i + 1] = prefix[i]! + src[i % n]! * src[i % n]!;
  // The blocks of the looping source, transformed.
  const blocks: { re: Float64Array; im: Float64Array }[] = [];
  for (let from = 0; from < n; from += STEP) {
    const re = new Float64Array(BLOCK);
    const im = new Float64Array(BLOCK);
    for (let i = 0; i < BLOCK; i++) re[i] = src[(from + i) % n]!;
    fft(re, im, false);
    blocks.push({ re, im });
  }

  const out: PieceMatch[] = [];
  const re = new Float64Array(BLOCK);
  const im = new Float64Array(BLOCK);
  const pieceRe = new Float64Array(BLOCK);
  const pieceIm = new Float64Array(BLOCK);
  const laggedA = new Float64Array(n);
  const laggedB = new Float64Array(n);
  const best = (lagged: Float64Array, sign: number, at: number): PieceMatch => {
    let wNorm = 0;
    for (let i = at; i < at + PIECE; i++) wNorm += cap[i]! * cap[i]!;
    let top = -1;
    let topLag = 0;
    for (let lag = 0; lag < n; lag++) {
      const sNorm = prefix[lag + PIECE]! - prefix[lag]!;
      // Near-silent source stretches cannot carry a loud piece (and would divide by ~0).
      if (sNorm < wNorm * 0.01) continue;
      const c = (sign * lagged[lag]!) / BLOCK / Math.sqrt(wNorm * sNorm);
      if (c > top) [top, topLag] = [c, lag];
    }
    return { at, correlation: Math.max(0, top), sourceAt: topLag };
  };
  // Two pieces per transform: A in the real part, B in the imaginary. The source is real, so
  // IFFT(S · conj(FFT(A + iB))) = corr(A) − i·corr(B).
  for (let p = 0; p < starts.length; p += 2) {
    const a = starts[p]!;
    const b = starts[p + 1];
    pieceRe.fill(0);
    pieceIm.fill(0);
    for (let i = 0; i < PIECE; i++) {
      pieceRe[i] = cap[a + i]!;
      if (b !== undefined) pieceIm[i] = cap[b + i]!;
    }
    fft(pieceRe, pieceIm, false);
    blocks.forEach((block, k) => {
      for (let f = 0; f < BLOCK; f++) {
        const sr = block.re[f]!;
        const si = block.im[f]!;
        const wr = pieceRe[f]!;
        const wi = -pieceIm[f]!;
        re[f] = sr * wr - si * wi;
        im[f] = sr * wi + si * wr;
      }
      fft(re, im, true);
      const from = k * STEP;
      for (let j = 0; j < STEP && from + j < n; j++) {
        laggedA[from + j] = re[j]!;
        laggedB[from + j] = im[j]!;
      }
    });
    out.push(best(laggedA, 1, a));
    if (b !== undefined) out.push(best(laggedB, -1, b));
  }
  return out;
}

/** What matching `captured` against `source` found (see the file's comment). */
export function matchRecording(source: Float32Array, captured: Float32Array): RecordingMatch {
  const pieces = matchPieces(source, captured);
  const n = source.length;
  const isFound = (p: PieceMatch) => p.correlation >= PIECE_MATCH;
  // Runs: found pieces HOP apart in the capture whose source positions are HOP apart too.
  const runs: PieceMatch[][] = [];
  let run: PieceMatch[] = [];
  for (const p of pieces) {
    const last = run.at(-1);
    const follows = last !== undefined && p.at === last.at + HOP && Math.abs(((((p.sourceAt - last.sourceAt) % n) + n) % n) - HOP) <= STEP_TOLERANCE;
    if (isFound(p) && follows) run.push(p);
    else {
      if (run.length >= RUN) runs.push(run);
      run = isFound(p) ? [p] : [];
    }
  }
  if (run.length >= RUN) runs.push(run);
  // The source's sound: its loud pieces by the same rule as the capture's.
  const sound = new Uint8Array(n);
  for (const at of loudPieces(lowPass(source, true))) sound.fill(1, at, at + PIECE);
  let soundSamples = 0;
  let coveredSamples = 0;
  const covered = new Uint8Array(n);
  for (const r of runs) for (const p of r) for (let i = 0; i < PIECE; i++) covered[(p.sourceAt + i) % n] = 1;
  for (let i = 0; i < n; i++) {
    soundSamples += sound[i]!;
    coveredSamples += sound[i]! & covered[i]!;
  }
  const inRuns = runs.reduce((sum, r) => sum + r.length, 0);
  const longest = Math.max(0, ...runs.map((r) => r.length));
  const sorted = pieces.map((p) => p.correlation).sort((x, y) => x - y);
  return {
    pieces: pieces.length,
    found: pieces.length ? pieces.filter(isFound).length / pieces.length : 0,
    inRuns: pieces.length ? inRuns / pieces.length : 0,
    covered: soundSamples ? coveredSamples / soundSamples : 0,
    longestSeconds: longest ? ((longest - 1) * HOP + PIECE) / SAMPLE_RATE : 0,
    median: sorted.length ? sorted[Math.floor(sorted.length / 2)]! : 0,
  };
}

/** Whether the match says the capture is the recording. */
export function isTheRecording(m: RecordingMatch): boolean {
  return m.pieces > 0 && m.inRuns >= MIN_IN_RUNS && m.covered >= MIN_COVERED;
}
