// 16 kHz mono PCM and the conversions into it: exact where they can be (16-bit round trips),
// bounded where they cannot (clipping, resampled lengths), and refusing what is no audio format.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  downmixToMono,
  floatToInt16,
  int16ToFloat,
  MAX_UTTERANCE_BYTES,
  MAX_UTTERANCE_SAMPLES,
  resampleTo16k,
  SPEECH_SAMPLE_RATE,
} from '../../src/shared/pcm.js';

const samples = (opts: { minLength?: number; maxLength?: number } = {}) =>
  fc.array(fc.float({ min: -1, max: 1, noNaN: true }), { maxLength: 400, ...opts }).map((a) => Float32Array.from(a));

describe('limits', () => {
  it('are 30 s of 16 kHz 16-bit audio', () => {
    expect(SPEECH_SAMPLE_RATE).toBe(16_000);
    expect(MAX_UTTERANCE_SAMPLES).toBe(480_000);
    expect(MAX_UTTERANCE_BYTES).toBe(960_000);
  });
});

describe('floatToInt16 and int16ToFloat', () => {
  it('round-trip every 16-bit value exactly', () => {
    const all = Int16Array.from({ length: 65_536 }, (_, i) => i - 32_768);
    expect(floatToInt16(int16ToFloat(all))).toEqual(all);
  });

  it('map the ends of the float range to the ends of 16 bits and clip beyond', () => {
    expect(Array.from(floatToInt16(Float32Array.from([-1, 1, -1.5, 1.5, Infinity, -Infinity, 0, -0])))).toEqual([
      -32768, 32767, -32768, 32767, 32767, -32768, 0, 0,
    ]);
  });

  it('make NaN silence', () => {
    expect(Array.from(floatToInt16(Float32Array.from([Number.NaN, 0.25, Number.NaN])))).toEqual([0, 8192, 0]);
  });

  it('stay within one step of the input (property)', () => {
    fc.assert(
      fc.property(samples(), (input) => {
        const back = int16ToFloat(floatToInt16(input));
        expect(back).toHaveLength(input.length);
        input.forEach((s, i) => expect(Math.abs(back[i]! - s)).toBeLessThanOrEqual(1 / 32768));
      }),
    );
  });
});

describe('downmixToMono', () => {
  it('averages the channels of each frame and drops an incomplete last frame', () => {
    expect(Array.from(downmixToMono(Float32Array.from([1, 0, 0.5, 0.5, 0.25]), 2))).toEqual([0.5, 0.5]);
    expect(Array.from(downmixToMono(Float32Array.from([0.3, 0.6, 0.9]), 3))).toEqual([Math.fround((0.3 + 0.6 + 0.9) / 3)]);
  });

  it('returns mono input as it is', () => {
    const mono = Float32Array.from([0.1, 0.2]);
    expect(downmixToMono(mono, 1)).toBe(mono);
  });

  it('refuses a channel count that is no whole number ≥ 1, with the count in the message', () => {
    for (const channels of [0, -1, 1.5, Number.NaN]) expect(() => downmixToMono(new Float32Array(4), channels)).toThrow(/channels must be a whole number ≥ 1/);
    expect(() => downmixToMono(new Float32Array(4), 0)).toThrow(RangeError);
  });

  it('of channels that all carry one signal, is that signal (property)', () => {
    fc.assert(
      fc.property(samples(), fc.integer({ min: 1, max: 8 }), (mono, channels) => {
        const interleaved = Float32Array.from(Array.from(mono).flatMap((s) => Array<number>(channels).fill(s)));
        const out = downmixToMono(interleaved, channels);
        expect(out).toHaveLength(mono.length);
        mono.forEach((s, i) => expect(out[i]).toBeCloseTo(s, 6));
      }),
    );
  });
});

describe('resampleTo16k', () => {
  it('returns 16 kHz input as it is', () => {
    const mono = Float32Array.from([0.1, 0.2]);
    expect(resampleTo16k(mono, 16_000)).toBe(mono);
  });

  it('gives the length that keeps the duration: 48 kHz to a third, 8 kHz to double', () => {
    expect(resampleTo16k(new Float32Array(4800), 48_000)).toHaveLength(1600);
    expect(resampleTo16k(new Float32Array(44_100), 44_100)).toHaveLength(16_000);
    expect(resampleTo16k(new Float32Array(8000), 8000)).toHaveLength(16_000);
    expect(resampleTo16k(new Float32Array(0), 48_000)).toHaveLength(0);
  });

  it('averages when downsampling and interpolates when upsampling', () => {
    expect(Array.from(resampleTo16k(Float32Array.from([0, 0.5, 1, 1, 1, 1]), 48_000))).toEqual([0.5, 1]);
    expect(Array.from(resampleTo16k(Float32Array.from([0, 1]), 8000))).toEqual([0, 0.5, 1, 1]);
  });

  it('refuses a rate that is not a positive number', () => {
    for (const rate of [0, -16_000, Number.NaN, Infinity])
      expect(() => resampleTo16k(new Float32Array(4), rate), String(rate)).toThrow(/sample rate must be a positive number/);
  });

  it('keeps a constant signal constant and never leaves the input’s range (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2000 }),
        fc.constantFrom(8000, 11_025, 22_050, 32_000, 44_100, 48_000, 96_000),
        fc.float({ min: -1, max: 1, noNaN: true }),
        (n, rate, level) => {
          const out = resampleTo16k(new Float32Array(n).fill(level), rate);
          expect(out.length).toBe(Math.floor(n / (rate / 16_000)));
          for (const s of out) expect(s).toBeCloseTo(level, 5);
        },
      ),
    );
    fc.assert(
      fc.property(samples({ minLength: 1 }), fc.constantFrom(8000, 44_100, 48_000), (input, rate) => {
        const lo = Math.min(...input);
        const hi = Math.max(...input);
        for (const s of resampleTo16k(input, rate)) {
          expect(s).toBeGreaterThanOrEqual(lo - 1e-6);
          expect(s).toBeLessThanOrEqual(hi + 1e-6);
        }
      }),
    );
  });
});
