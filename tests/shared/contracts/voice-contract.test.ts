// What the panel sends of the microphone (src/shared/contracts/voice-contract.ts): 16 kHz mono
// 16-bit samples, never empty, never longer than the limits.
import { describe, expect, it } from 'vitest';
import { listenAudioPayload, MAX_UTTERANCE_SAMPLES, voiceUtterancePayload } from '../../../src/shared/contracts/voice-contract.js';
import { MAX_LISTEN_BLOCK_SAMPLES, SPEECH_SAMPLE_RATE } from '../../../src/shared/pcm.js';

const utterance = (samples: number, more: Record<string, unknown> = {}) => ({
  sampleRate: SPEECH_SAMPLE_RATE,
  channels: 1,
  pcm: new Int16Array(samples),
  ...more,
});

describe('voiceUtterancePayload', () => {
  it.each<[string, Record<string, unknown>, boolean]>([
    ['one second', utterance(16_000), true],
    ['the longest allowed', utterance(MAX_UTTERANCE_SAMPLES), true],
    ['one sample too long', utterance(MAX_UTTERANCE_SAMPLES + 1), false],
    ['empty', utterance(0), false],
    ['44.1 kHz', utterance(100, { sampleRate: 44_100 }), false],
    ['stereo', utterance(100, { channels: 2 }), false],
    ['float samples', utterance(100, { pcm: new Float32Array(100) }), false],
    ['with when it ended and which hearing', utterance(100, { endedAt: 12.5, heardId: 3 }), true],
    ['a negative end', utterance(100, { endedAt: -1 }), false],
  ])('%s: valid %s', (_, value, ok) => {
    expect(voiceUtterancePayload.safeParse(value).success).toBe(ok);
  });
});

describe('listenAudioPayload', () => {
  it.each<[number, boolean]>([
    [512, true],
    [MAX_LISTEN_BLOCK_SAMPLES, true],
    [MAX_LISTEN_BLOCK_SAMPLES + 1, false],
    [0, false],
  ])('a block of %i samples: valid %s', (samples, ok) => {
    expect(listenAudioPayload.safeParse({ sampleRate: SPEECH_SAMPLE_RATE, pcm: new Int16Array(samples) }).success).toBe(ok);
  });
});
