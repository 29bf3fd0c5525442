// The segmenter frame by frame (synthetic verdicts: exact boundaries), then with the real Silero
// detector on espeak-ng recordings mixed with silence and noise (what a microphone gives).
import { beforeAll, describe, expect, it } from 'vitest';
import { floatToInt16, SPEECH_SAMPLE_RATE } from '../../src/shared/pcm.js';
import { UtteranceSegmenter, type Segment } from '../../src/voice/segmenter.js';
import { createSileroVad, type VoiceActivityDetector } from '../../src/voice/vad.js';
import { concat, espeak, mix, noise, silence } from '../support/spoken-audio.js';

const FRAME = 512;
const FRAME_MS = (FRAME / SPEECH_SAMPLE_RATE) * 1000;
const frameOf = (value: number) => new Int16Array(FRAME).fill(value);

/** Feeds one verdict a frame (the frame's samples are its index, to see which frames an utterance kept). */
function feed(segmenter: UtteranceSegmenter, verdicts: readonly number[]): Segment[] {
  const out: Segment[] = [];
  verdicts.forEach((p, i) => {
    const step = segmenter.push(frameOf(i), p);
    if (step.kind === 'utterance') out.push(step.segment);
  });
  return out;
}
const frames = (ms: number, p: number) => Array.from({ length: Math.round(ms / FRAME_MS) }, () => p);
const firstSample = (s: Segment) => s.pcm[0];

describe('the segmenter, frame by frame', () => {
  it('silence, however long, never makes an utterance', () => {
    expect(feed(new UtteranceSegmenter({ frameSamples: FRAME }), frames(60_000, 0))).toEqual([]);
  });

  it('an utterance ends after 256 ms of silence and keeps 320 ms before the speech and the silence after it', () => {
    const s = new UtteranceSegmenter({ frameSamples: FRAME });
    const got = feed(s, [...frames(1000, 0.01), ...frames(800, 0.9), ...frames(1000, 0.02)]);
    expect(got).toHaveLength(1);
    const [u] = got as [Segment];
    expect(s.endSilenceMs).toBe(256);
    // Speech starts at frame 31 (1000 ms); 10 frames of pre-roll before it; 25 voiced; 8 silent.
    expect(firstSample(u)).toBe(31 - 10);
    expect(u.pcm.length).toBe((10 + 25 + 8) * FRAME);
    expect(u.lastVoicedFrame).toBe(31 + 24);
    expect(u.endFrame - u.lastVoicedFrame).toBe(8);
    expect(u.capped).toBe(false);
  });

  it('a pause shorter than the end silence stays inside one utterance; a longer one makes two', () => {
    const short = feed(new UtteranceSegmenter({ frameSamples: FRAME }), [...frames(500, 0.9), ...frames(200, 0.1), ...frames(500, 0.9), ...frames(600, 0)]);
    expect(short).toHaveLength(1);
    const long = feed(new UtteranceSegmenter({ frameSamples: FRAME }), [...frames(500, 0.9), ...frames(400, 0.1), ...frames(500, 0.9), ...frames(600, 0)]);
    expect(long).toHaveLength(2);
  });

  it('between the thresholds speech goes on (hysteresis): 0.4 keeps an utterance open but never opens one', () => {
    expect(feed(new UtteranceSegmenter({ frameSamples: FRAME }), frames(5000, 0.4))).toEqual([]);
    const got = feed(new UtteranceSegmenter({ frameSamples: FRAME }), [...frames(320, 0.9), ...frames(2000, 0.4), ...frames(400, 0)]);
    expect(got).toHaveLength(1);
    expect(got[0]!.pcm.length).toBeGreaterThan(2.3 * SPEECH_SAMPLE_RATE);
  });

  it('a blip shorter than 160 ms of voice (a cough, a click) is dropped', () => {
    expect(feed(new UtteranceSegmenter({ frameSamples: FRAME }), [...frames(96, 0.95), ...frames(1000, 0)])).toEqual([]);
    expect(feed(new UtteranceSegmenter({ frameSamples: FRAME }), [...frames(192, 0.95), ...frames(1000, 0)])).toHaveLength(1);
  });

  it('a long utterance is cut at the cap, marked capped, and the speech after it starts the next', () => {
    const s = new UtteranceSegmenter({ frameSamples: FRAME, maxSeconds: 2 });
    const got = feed(s, [...frames(5000, 0.9), ...frames(500, 0)]);
    expect(got.map((u) => u.capped)).toEqual([true, true, false]);
    for (const u of got) expect(u.pcm.length).toBeLessThanOrEqual(2 * SPEECH_SAMPLE_RATE);
  });

  it('reset drops the utterance being collected (the assistant began to speak)', () => {
    const s = new UtteranceSegmenter({ frameSamples: FRAME });
    expect(feed(s, frames(500, 0.9))).toEqual([]);
    s.reset();
    expect(feed(s, frames(1000, 0))).toEqual([]);
  });
});

describe('the segmenter with the Silero detector on recorded speech', { timeout: 60_000 }, () => {
  let vad: VoiceActivityDetector;
  beforeAll(async () => {
    vad = await createSileroVad();
  }, 30_000);

  async function segments(audio: Float32Array): Promise<Segment[]> {
    vad.reset();
    const s = new UtteranceSegmenter({ frameSamples: vad.frameSamples });
    const pcm = floatToInt16(audio);
    const out: Segment[] = [];
    for (let at = 0; at + FRAME <= pcm.length; at += FRAME) {
      const frame = pcm.subarray(at, at + FRAME);
      const step = s.push(frame, await vad.probability(frame));
      if (step.kind === 'utterance') out.push(step.segment);
    }
    return out;
  }
  const seconds = (s: Segment) => s.pcm.length / SPEECH_SAMPLE_RATE;

  it('two commands with a second of silence between them are two utterances, each holding its words', async () => {
    const a = espeak('click Increment');
    const b = espeak('open the text editor');
    const got = await segments(concat(silence(1), a, silence(1), b, silence(1)));
    expect(got).toHaveLength(2);
    // Each is its speech plus at most the pre-roll and the end silence (and a frame of rounding).
    expect(seconds(got[0]!)).toBeGreaterThan((a.length / SPEECH_SAMPLE_RATE) * 0.7);
    expect(seconds(got[0]!)).toBeLessThan(a.length / SPEECH_SAMPLE_RATE + 0.32 + 0.26 + 0.1);
    expect(seconds(got[1]!)).toBeGreaterThan((b.length / SPEECH_SAMPLE_RATE) * 0.7);
  });

  it('speech in room noise (pink, 20 dB below the voice) is still one utterance per command', async () => {
    const speech = concat(silence(1), espeak('click Increment'), silence(1.5), espeak('wake up'), silence(1));
    const got = await segments(mix(speech, noise(speech.length / SPEECH_SAMPLE_RATE, 0.008, 'pink')));
    expect(got).toHaveLength(2);
  });

  it('noise alone — a fan, loud hiss — and silence make no utterance', async () => {
    expect(await segments(silence(5))).toEqual([]);
    expect(await segments(noise(5, 0.01, 'pink', 3))).toEqual([]);
    expect(await segments(noise(5, 0.05, 'white', 4))).toEqual([]);
  });
});
