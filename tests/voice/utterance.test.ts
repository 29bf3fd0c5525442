/** Main's side of a spoken command: trimmed audio reaches the engine; silence and wordless transcripts are one sentence. */
import { describe, expect, it } from 'vitest';
import { floatToInt16 } from '../../src/shared/pcm.js';
import { voiceUtterancePayload } from '../../src/shared/contracts/voice-contract.js';
import { decodeWav } from '../../src/voice/audio.js';
import { createOpenAITranscriber } from '../../src/voice/openai-transcriber.js';
import { transcribeUtterance } from '../../src/voice/utterance.js';
import { rejection } from './rejection.js';
import { transcriptionServerForTests } from './transcription-loopback.js';

/** 1 s of silence, 0.5 s of a vowel-like tone, 1 s of silence. */
const RECORDING = floatToInt16(
  Float32Array.from({ length: 40_000 }, (_, i) => (i >= 16_000 && i < 24_000 ? 0.3 * Math.sin((2 * Math.PI * 220 * i) / 16_000) : 0.0005 * Math.sin(i))),
);

describe('transcribeUtterance', () => {
  const server = transcriptionServerForTests();

  it('sends only the speech, padded, and returns the text with what was heard', async () => {
    const utterance = voiceUtterancePayload.parse({ sampleRate: 16_000, channels: 1, pcm: RECORDING });
    const stt = createOpenAITranscriber({ baseURL: server.baseURL });
    const result = await transcribeUtterance(stt, utterance, { deadlineMs: 5000, vocabulary: ['Send'] });
    expect(result).toMatchObject({ text: 'click Send', engine: 'openai' });
    expect(result.speechSeconds).toBeGreaterThan(0.5);
    expect(result.speechSeconds).toBeLessThan(1);
    const sent = decodeWav(server.requests.at(-1)!.file!.bytes);
    expect(sent.samples.length / 16_000).toBeCloseTo(result.speechSeconds, 3);
  });

  it('silence never reaches the engine, and a transcript without words is the same sentence', async () => {
    server.requests.length = 0;
    const stt = createOpenAITranscriber({ baseURL: server.baseURL });
    const silent = await rejection(transcribeUtterance(stt, { sampleRate: 16_000, channels: 1, pcm: new Int16Array(16_000) }, { deadlineMs: 5000 }));
    expect(silent.code).toBe('no_speech');
    expect(server.requests).toHaveLength(0);

    server.text = ' [BLANK_AUDIO] ';
    const blank = await rejection(transcribeUtterance(stt, { sampleRate: 16_000, channels: 1, pcm: RECORDING }, { deadlineMs: 5000 }));
    expect(blank.code).toBe('no_speech');
    expect(blank.message).toMatch(/I heard no words/);
    expect(server.requests).toHaveLength(1);
  });
});
