/**
 * The OpenAI-compatible transcription path: the official SDK against a loopback server speaking
 * the multipart /v1/audio/transcriptions protocol, every fault a sentence without the key.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { decodeWav } from '../../src/voice/audio.js';
import { createOpenAITranscriber } from '../../src/voice/openai-transcriber.js';
import type { SpeechError } from '../../src/voice/speech-error.js';
import { rejection } from './rejection.js';
import { transcriptionServerForTests } from './transcription-loopback.js';

const KEY = 'sk-test-transcribe-0123456789abcdef';
/** One second of a 440 Hz tone: the server does not listen, it only checks what arrived. */
const PCM = Int16Array.from({ length: 16_000 }, (_, i) => Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / 16_000)));

async function failure(p: Promise<unknown>): Promise<SpeechError> {
  const error = await rejection(p);
  expect(error.message).not.toContain(KEY);
  expect(error.message).not.toContain('sk-test');
  expect(error.message).toMatch(/^[A-Z].*[.!]$/s);
  return error;
}

describe('OpenAI-compatible transcription on loopback', () => {
  const server = transcriptionServerForTests();
  const stt = () => createOpenAITranscriber({ apiKey: KEY, baseURL: server.baseURL, language: 'en' });

  it('sends the utterance as a 16 kHz mono WAV with the model, the language and the vocabulary as the prompt', async () => {
    const result = await stt().transcribe(PCM, { deadlineMs: 5000, vocabulary: ['Send', 'Cancel', 'send', 'Sub\u0000ject'] });
    expect(result).toMatchObject({ text: 'click Send', engine: 'openai' });
    expect(result.ms).toBeGreaterThan(0);
    const [req] = server.requests;
    expect(req?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req?.fields).toMatchObject({ model: 'whisper-1', language: 'en', response_format: 'verbose_json', prompt: 'Send, Cancel, Sub ject' });
    expect(req?.file?.filename).toBe('speech.wav');
    const wav = decodeWav(req!.file!.bytes);
    expect(wav).toMatchObject({ sampleRate: 16_000, channels: 1 });
    expect(wav.samples.length).toBe(PCM.length);
    expect(Math.round(wav.samples[4]! * 32768)).toBe(PCM[4]);
  });

  it('a clear transcript is not uncertain; likely no speech or a low-confidence guess is marked uncertain (issue #27)', async () => {
    expect((await stt().transcribe(PCM, { deadlineMs: 5000 })).uncertain).toBeUndefined();
    // whisper's own thresholds: no-speech probability above 0.6, average log-probability below -1.
    server.confidence = { avg_logprob: -0.3, no_speech_prob: 0.85 };
    expect(await stt().transcribe(PCM, { deadlineMs: 5000 })).toMatchObject({ text: 'click Send', uncertain: true });
    server.confidence = { avg_logprob: -1.4, no_speech_prob: 0.1 };
    expect(await stt().transcribe(PCM, { deadlineMs: 5000 })).toMatchObject({ uncertain: true });
    server.confidence = { avg_logprob: -0.9, no_speech_prob: 0.55 };
    expect((await stt().transcribe(PCM, { deadlineMs: 5000 })).uncertain).toBeUndefined();
  });

  it('a server that refuses verbose answers is asked plainly, then plainly from then on (no measure, so not uncertain)', async () => {
    server.scenario = 'json_only';
    const once = stt();
    expect(await once.transcribe(PCM, { deadlineMs: 5000 })).toMatchObject({ text: 'click Send' });
    expect(await once.transcribe(PCM, { deadlineMs: 5000 })).toMatchObject({ text: 'click Send' });
    expect(server.requests.map((r) => r.fields.response_format)).toEqual(['verbose_json', 'json', 'json']);
  });

  it('a wrong key (HTTP 401) says what to do, without the key the server echoed', async () => {
    server.scenario = 'http_401';
    const e = await failure(stt().transcribe(PCM, { deadlineMs: 5000 }));
    expect(e.code).toBe('auth');
    expect(e.message).toMatch(/rejected the API key \(HTTP 401\).*keys set openai/);
    expect(server.requests).toHaveLength(1); // not retried
  });

  it('a rate limit with a short retry-after is retried once; a long one becomes "try again in 30 seconds"', async () => {
    server.scenario = 'http_429_then_ok';
    expect((await stt().transcribe(PCM, { deadlineMs: 5000 })).text).toBe('click Send');
    expect(server.requests).toHaveLength(2);
    server.scenario = 'http_429_long';
    server.requests.length = 0;
    const e = await failure(stt().transcribe(PCM, { deadlineMs: 5000 }));
    expect(e).toMatchObject({ code: 'rate_limited', retryable: true });
    expect(e.message).toMatch(/HTTP 429.*Try again in 30 seconds/);
    expect(server.requests).toHaveLength(1); // 30 s does not fit in a 5 s deadline
  });

  it('a server error is retried once, then is a sentence (without the key it quoted)', async () => {
    server.scenario = 'http_500_then_ok';
    expect((await stt().transcribe(PCM, { deadlineMs: 5000 })).text).toBe('click Send');
    server.scenario = 'http_500';
    server.requests.length = 0;
    const e = await failure(stt().transcribe(PCM, { deadlineMs: 5000 }));
    expect(e.code).toBe('server_error');
    expect(e.message).toMatch(/had a problem \(HTTP 500\) \(tried twice\)/);
    expect(server.requests).toHaveLength(2);
  });

  it('a server that never answers ends at the deadline; a cancel ends at once', async () => {
    server.scenario = 'hang';
    const started = performance.now();
    const late = await failure(stt().transcribe(PCM, { deadlineMs: 800 }));
    expect(late.code).toBe('timeout');
    expect(late.message).toMatch(/did not transcribe the recording within 1 second/);
    expect(performance.now() - started).toBeLessThan(3000);
    const controller = new AbortController();
    const pending = stt().transcribe(PCM, { deadlineMs: 10_000, signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    const cancelled = await failure(pending);
    expect(cancelled.code).toBe('cancelled');
  });

  it('a reply that is not a transcript, or not JSON, or cut off is a sentence', async () => {
    server.scenario = 'malformed';
    expect((await failure(stt().transcribe(PCM, { deadlineMs: 5000 }))).code).toBe('unreadable');
    server.scenario = 'not_json';
    const notJson = await failure(stt().transcribe(PCM, { deadlineMs: 5000 }));
    expect(['unreadable', 'interrupted']).toContain(notJson.code);
    server.scenario = 'cut_midway';
    const cut = await failure(stt().transcribe(PCM, { deadlineMs: 5000 }));
    expect(['interrupted', 'unreadable']).toContain(cut.code);
  });

  it('nothing listening at the address is a sentence naming it', async () => {
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
    const e = await failure(createOpenAITranscriber({ apiKey: KEY, baseURL: `http://127.0.0.1:${port}/v1` }).transcribe(PCM, { deadlineMs: 5000 }));
    expect(e.code).toBe('unreachable');
    expect(e.message).toContain(`Nothing is answering at http://127.0.0.1:${port}/v1`);
  });

  it('empty audio is refused before any request', async () => {
    const e = await failure(stt().transcribe(new Int16Array(0), { deadlineMs: 5000 }));
    expect(e.code).toBe('no_speech');
    expect(server.requests).toHaveLength(0);
  });
});
