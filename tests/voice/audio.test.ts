/** Audio utilities: resampling to 16 kHz mono, silence trimming, the length cap, WAV in and out. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SPEECH_SAMPLE_RATE, downmixToMono, floatToInt16, int16ToFloat, resampleTo16k } from '../../src/shared/pcm.js';
import { voiceUtterancePayload } from '../../src/shared/contracts/voice-contract.js';
import { capLength, decodeWav, encodeWav, prepareUtterance, trimSilence } from '../../src/voice/audio.js';
import { SpeechError } from '../../src/voice/speech-error.js';

const tone = (hz: number, rate: number, secondsLong: number, amp = 0.5) =>
  Float32Array.from({ length: Math.round(rate * secondsLong) }, (_, i) => amp * Math.sin((2 * Math.PI * hz * i) / rate));

/** Frequency by counting upward zero crossings. */
function frequency(samples: Float32Array | Int16Array, rate: number): number {
  let crossings = 0;
  for (let i = 1; i < samples.length; i++) if ((samples[i - 1] ?? 0) < 0 && (samples[i] ?? 0) >= 0) crossings++;
  return (crossings * rate) / samples.length;
}

describe('resampling to 16 kHz', () => {
  it.each([48_000, 44_100, 22_050, 8_000])('keeps a 440 Hz tone at 440 Hz from %i Hz, with the right length', (rate) => {
    const out = resampleTo16k(tone(440, rate, 1), rate);
    expect(Math.abs(out.length - SPEECH_SAMPLE_RATE)).toBeLessThanOrEqual(1);
    expect(frequency(out, SPEECH_SAMPLE_RATE)).toBeCloseTo(440, -1);
  });

  it('damps a tone above 8 kHz instead of folding it into speech', () => {
    const out = resampleTo16k(tone(12_000, 48_000, 0.5), 48_000);
    const peak = out.reduce((m, s) => Math.max(m, Math.abs(s)), 0);
    expect(peak).toBeLessThan(0.2);
  });

  it('downmixes stereo and converts to 16-bit with clipping', () => {
    expect(Array.from(downmixToMono(Float32Array.from([1, 0, 0.5, 0.5]), 2))).toEqual([0.5, 0.5]);
    expect(Array.from(floatToInt16(Float32Array.from([2, -2, 0, Number.NaN, 0.5])))).toEqual([32767, -32768, 0, 0, 16384]);
    expect(int16ToFloat(Int16Array.from([-32768]))[0]).toBe(-1);
    expect(() => resampleTo16k(new Float32Array(4), 0)).toThrow(RangeError);
  });
});

describe('silence trimming and the cap', () => {
  const speechIn = (lead: number, body: number, tail: number, noise = 0.001) => {
    const total = Math.round((lead + body + tail) * SPEECH_SAMPLE_RATE);
    const out = new Float32Array(total);
    for (let i = 0; i < total; i++) {
      const t = i / SPEECH_SAMPLE_RATE;
      out[i] = noise * Math.sin(i * 1.7) + (t >= lead && t < lead + body ? 0.4 * Math.sin(2 * Math.PI * 220 * t) : 0);
    }
    return floatToInt16(out);
  };

  it('cuts leading and trailing silence, keeping a short pad around the speech', () => {
    const trimmed = trimSilence(speechIn(1.0, 0.8, 1.5));
    const secondsLeft = trimmed.length / SPEECH_SAMPLE_RATE;
    expect(secondsLeft).toBeGreaterThan(0.8);
    expect(secondsLeft).toBeLessThan(0.8 + 2 * 0.2 + 0.05);
  });

  it('returns nothing for silence and room noise only', () => {
    expect(trimSilence(speechIn(1, 0, 1, 0.003)).length).toBe(0);
    expect(trimSilence(new Int16Array(16_000)).length).toBe(0);
  });

  it('caps at 30 seconds', () => {
    const { pcm, capped } = capLength(new Int16Array(40 * SPEECH_SAMPLE_RATE));
    expect(capped).toBe(true);
    expect(pcm.length).toBe(30 * SPEECH_SAMPLE_RATE);
    expect(capLength(new Int16Array(10)).capped).toBe(false);
  });

  it('prepareUtterance: a 48 kHz stereo recording becomes trimmed 16 kHz mono', () => {
    const mono = int16ToFloat(speechIn(0.5, 1, 0.5));
    const up = new Float32Array(mono.length * 3 * 2);
    for (let i = 0; i < mono.length * 3; i++) up[i * 2] = up[i * 2 + 1] = mono[Math.floor(i / 3)] ?? 0;
    const { pcm, capped } = prepareUtterance(up, 48_000, 2);
    expect(capped).toBe(false);
    expect(pcm.length / SPEECH_SAMPLE_RATE).toBeGreaterThan(1);
    expect(pcm.length / SPEECH_SAMPLE_RATE).toBeLessThan(1.5);
  });
});

describe('WAV', () => {
  it('round-trips 16-bit PCM', () => {
    const pcm = Int16Array.from([0, 1, -1, 32767, -32768, 1234]);
    const wav = decodeWav(encodeWav(pcm));
    expect(wav).toMatchObject({ sampleRate: 16_000, channels: 1 });
    expect(Array.from(floatToInt16(wav.samples))).toEqual([0, 1, -1, 32767, -32768, 1234]);
  });

  it('reads the fixture clip (16 kHz mono, 2 s)', () => {
    const wav = decodeWav(readFileSync(fileURLToPath(new URL('../fixtures/voice/jfk-2s.wav', import.meta.url))));
    expect(wav.sampleRate).toBe(16_000);
    expect(wav.samples.length).toBe(32_000);
  });

  it('refuses what is not a PCM WAV with a sentence', () => {
    expect(() => decodeWav(Buffer.from('not a wav file at all'))).toThrow(SpeechError);
    const mp3ish = encodeWav(new Int16Array(4));
    mp3ish.writeUInt16LE(85, 20); // format tag of MPEG layer 3
    expect(() => decodeWav(mp3ish)).toThrow(/cannot be read \(format 85, 16-bit\)/);
  });
});

describe('the voice IPC payload', () => {
  it('accepts 16 kHz mono 16-bit PCM up to 30 seconds and nothing else', () => {
    expect(voiceUtterancePayload.safeParse({ sampleRate: 16_000, channels: 1, pcm: new Int16Array(16_000) }).success).toBe(true);
    expect(voiceUtterancePayload.safeParse({ sampleRate: 16_000, channels: 1, pcm: new Int16Array(30 * 16_000 + 1) }).success).toBe(false);
    expect(voiceUtterancePayload.safeParse({ sampleRate: 16_000, channels: 1, pcm: new Int16Array(0) }).success).toBe(false);
    expect(voiceUtterancePayload.safeParse({ sampleRate: 48_000, channels: 1, pcm: new Int16Array(10) }).success).toBe(false);
    expect(voiceUtterancePayload.safeParse({ sampleRate: 16_000, channels: 2, pcm: new Int16Array(10) }).success).toBe(false);
    expect(voiceUtterancePayload.safeParse({ sampleRate: 16_000, channels: 1, pcm: new Float32Array(10) }).success).toBe(false);
    expect(voiceUtterancePayload.safeParse({ sampleRate: 16_000, channels: 1, pcm: [1, 2, 3] }).success).toBe(false);
    expect(voiceUtterancePayload.safeParse({ sampleRate: 16_000, channels: 1, pcm: new Int16Array(10), extra: 1 }).success).toBe(false);
  });
});
