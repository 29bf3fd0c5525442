/**
 * The guard of the panel's voice test (tests/support/voice-audio-match.ts): the audio the transcription
 * server received is the recording the fake microphone played. It must survive what a busy machine
 * does to a capture (blocks dropped or repeated, gaps, any starting point, another level) and still
 * refuse everything else: silence, noise, another recording, the same words said again, another
 * command that begins with the same word. No desktop needed; the espeak-ng recordings are made here
 * (espeak-ng is part of the Linux setup, scripts/setup.sh).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeWav } from '../../src/voice/audio.js';
import { bestCorrelation, looped, loudestWindow } from '../support/audio-match.js';
import { concat, ESPEAK, espeak, random } from '../support/spoken-audio.js';
import { isTheRecording, matchRecording, type RecordingMatch } from '../support/voice-audio-match.js';

const SOURCE = decodeWav(readFileSync(fileURLToPath(new URL('../fixtures/voice/click-send.wav', import.meta.url)))).samples;
const JFK = decodeWav(readFileSync(fileURLToPath(new URL('../fixtures/voice/jfk-2s.wav', import.meta.url)))).samples;

/** What the fake microphone gives from `start` on for `length` samples: the source in a loop. */
function fromLoop(start: number, length: number): Float32Array {
  const out = new Float32Array(length);
  for (let i = 0; i < length; i++) out[i] = SOURCE[(start + i) % SOURCE.length]!;
  return out;
}

/** Cuts `pcm` into `block`-sample blocks and lets `keep` decide how often each appears (0 = dropped). */
function reblock(pcm: Float32Array, block: number, keep: (index: number) => number): Float32Array {
  const parts: Float32Array[] = [];
  for (let i = 0, at = 0; at < pcm.length; i++, at += block) {
    const b = pcm.subarray(at, Math.min(pcm.length, at + block));
    for (let k = keep(i); k > 0; k--) parts.push(b);
  }
  return concat(...parts);
}

const noise = (length: number, level: number, seed: number) => {
  const next = random(seed);
  return Float32Array.from({ length }, () => (next() * 2 - 1) * level);
};
const mix = (a: Float32Array, b: Float32Array) => a.map((v, i) => v + (b[i] ?? 0));
const scaled = (a: Float32Array, gain: number) => a.map((v) => v * gain);
const show = (m: RecordingMatch) => JSON.stringify(m);

describe("the voice test recognizes the fake microphone's recording in a capture", () => {
  // 2 s of listening, starting anywhere in the loop: about what the panel test captures.
  const clean = fromLoop(5_000, 32_000);

  it('accepts a clean capture from any point of the loop, at another level, with a little room noise', () => {
    for (const start of [0, 5_000, 11_111, SOURCE.length - 300]) {
      const m = matchRecording(SOURCE, fromLoop(start, 32_000));
      expect(isTheRecording(m), show(m)).toBe(true);
      expect(m.found, show(m)).toBeGreaterThan(0.95);
    }
    const m = matchRecording(SOURCE, mix(scaled(clean, 0.3), noise(clean.length, 0.003, 1)));
    expect(isTheRecording(m), show(m)).toBe(true);
  });

  it('accepts a capture with blocks dropped, repeated and gaps of silence, where one correlation of the whole fails', () => {
    // What a stalled page does to the panel's ScriptProcessor (2048-sample blocks, double-buffered):
    // the events that queued up during the stall all read the latest two buffers, so blocks are lost
    // and the last two repeat (seen in Chromium with the page's main thread held for 1 s).
    const stalled = (from: number, blocks: number) =>
      reblock(clean, 2048, (i) => (i < from || i >= from + blocks ? 1 : i >= from + blocks - 2 ? Math.ceil(blocks / 2) : 0));
    const damaged = {
      'one block in five lost': reblock(clean, 2048, (i) => (i % 5 === 3 ? 0 : 1)),
      'one block in four played twice': reblock(clean, 2048, (i) => (i % 4 === 1 ? 2 : 1)),
      'a 0.4 s stall in the middle of the speech': stalled(6, 4),
      '100 ms gaps of silence and an odd shift': concat(
        new Float32Array(137),
        clean.subarray(0, 8000),
        new Float32Array(1600),
        clean.subarray(8000, 12_800),
        new Float32Array(1600),
        clean.subarray(12_800),
      ),
    };
    let oldGuardFailed = 0;
    for (const [name, capture] of Object.entries(damaged)) {
      const m = matchRecording(SOURCE, capture);
      expect(isTheRecording(m), `${name}: ${show(m)}`).toBe(true);
      if (bestCorrelation(looped(SOURCE), loudestWindow(capture, 0.5)) <= 0.9) oldGuardFailed++;
    }
    // The damage is real: the former whole-window correlation refuses some of these captures.
    expect(oldGuardFailed).toBeGreaterThanOrEqual(2);
  });

  it('refuses a capture that lost most of the recording: what is left could be another command', () => {
    // Only the first 0.3 s of the sound ("click") arrived, then blocks of silence.
    const start = clean.findIndex((v) => Math.abs(v) > 0.05);
    const m = matchRecording(SOURCE, concat(clean.subarray(0, start + 4_800), new Float32Array(16_000)));
    expect(m.found, show(m)).toBeGreaterThan(0.9);
    expect(isTheRecording(m), show(m)).toBe(false);
  });

  it('refuses silence, faint hiss and white noise', () => {
    for (const capture of [new Float32Array(32_000), noise(32_000, 0.001, 2), noise(32_000, 0.3, 3)]) {
      const m = matchRecording(SOURCE, capture);
      expect(isTheRecording(m), show(m)).toBe(false);
      expect(m.found, show(m)).toBeLessThan(0.1);
    }
  });

  it('refuses another recording (the JFK sample), also when its blocks are shuffled like a damaged capture', () => {
    for (const capture of [JFK, reblock(JFK, 2048, (i) => (i % 5 === 3 ? 0 : 1))]) {
      const m = matchRecording(SOURCE, capture);
      expect(isTheRecording(m), show(m)).toBe(false);
      expect(m.found, show(m)).toBeLessThan(0.1);
    }
  });

  it("refuses the recording's sounds repeated or shuffled: one stretch over and over, or pieces out of order", () => {
    // The loudest 0.2 s of the source, played 8 times: found in long runs, but it is a third of the recording.
    const loud = loudestWindow(SOURCE, 0.2);
    const repeated = concat(...Array.from({ length: 8 }, () => loud));
    const r = matchRecording(SOURCE, repeated);
    expect(r.inRuns, show(r)).toBeGreaterThan(0.7);
    expect(isTheRecording(r), show(r)).toBe(false);
    // The source's 40 ms pieces in a shuffled order: found, but not in the recording's order.
    const next = random(11);
    const pieces = Array.from({ length: Math.floor(SOURCE.length / 640) }, (_, i) => SOURCE.subarray(i * 640, i * 640 + 640));
    const shuffled = concat(
      ...pieces
        .map((p) => [next(), p] as const)
        .sort((a, b) => a[0] - b[0])
        .map(([, p]) => p),
    );
    const s = matchRecording(SOURCE, shuffled);
    expect(isTheRecording(s), show(s)).toBe(false);
  });

  describe.runIf(ESPEAK)("espeak-ng's other recordings (the same voice as the source)", () => {
    it('accepts espeak-ng\'s "click send" made again the same way (the guard checks the samples, not the file)', () => {
      const again = espeak('click send');
      const m = matchRecording(SOURCE, concat(again, again));
      expect(isTheRecording(m), show(m)).toBe(true);
    });

    it('refuses another command, the same words at another speed or in another voice', () => {
      for (const [text, args] of [
        ['click Increment', []],
        ['click sent', []],
        ['open firefox', []],
        ['click send', ['-s', '120']],
        ['click send', ['-s', '180']],
        ['click send', ['-p', '70']],
      ] as const) {
        const capture = espeak(text, args);
        const m = matchRecording(SOURCE, concat(capture, capture));
        expect(isTheRecording(m), `${text} ${args.join(' ')}: ${show(m)}`).toBe(false);
      }
    });
  });
});
