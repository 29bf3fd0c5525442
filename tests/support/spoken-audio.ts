/**
 * Speech made at test time: espeak-ng's recordings of commands at 16 kHz, silence, seeded noise and
 * mixes of them, for the voice matcher, the segmenter and the continuous-listening tests.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resampleTo16k, SPEECH_SAMPLE_RATE } from '../../src/shared/pcm.js';
import { decodeWav } from '../../src/voice/audio.js';

export const ESPEAK = ['/usr/bin/espeak-ng', '/usr/local/bin/espeak-ng'].find((p) => existsSync(p));
if (process.platform === 'linux' && !ESPEAK) throw new Error('espeak-ng is not installed: run "sudo apt-get install -y espeak-ng" (or bash scripts/setup.sh).');

/** espeak-ng's recording of `text` (as click-send.wav was made, but resampled here instead of by sox). */
export function espeak(text: string, args: readonly string[] = []): Float32Array {
  const wav = decodeWav(execFileSync(ESPEAK!, ['-v', 'en-us', '-s', '150', ...args, '--stdout', text]));
  return resampleTo16k(wav.samples, wav.sampleRate);
}

/** A deterministic generator, so a failure can be replayed. */
export function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export const concat = (...parts: Float32Array[]): Float32Array => {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

export const silence = (seconds: number): Float32Array => new Float32Array(Math.round(seconds * SPEECH_SAMPLE_RATE));

/** Seeded noise at an RMS level: `white`, or `pink` (a fan, a room: more energy low down). */
export function noise(seconds: number, rms: number, kind: 'white' | 'pink' = 'white', seed = 7): Float32Array {
  const next = random(seed);
  const out = new Float32Array(Math.round(seconds * SPEECH_SAMPLE_RATE));
  let b0 = 0;
  let b1 = 0;
  let b2 = 0;
  for (let i = 0; i < out.length; i++) {
    const w = next() * 2 - 1;
    if (kind === 'white') out[i] = w;
    else {
      b0 = 0.99765 * b0 + w * 0.099046;
      b1 = 0.963 * b1 + w * 0.2965164;
      b2 = 0.57 * b2 + w * 1.0526913;
      out[i] = b0 + b1 + b2 + w * 0.1848;
    }
  }
  let sum = 0;
  for (const s of out) sum += s * s;
  const scale = rms / Math.sqrt(sum / Math.max(1, out.length));
  for (let i = 0; i < out.length; i++) out[i] = out[i]! * scale;
  return out;
}

/** `a` with `b` added (looped or cut to `a`'s length). */
export function mix(a: Float32Array, b: Float32Array): Float32Array {
  return a.map((s, i) => s + (b[i % b.length] ?? 0));
}
