/**
 * whisper.cpp in process with whisper.cpp's own test model, narrowed to one layer
 * (narrow-whisper-model.ts): it loads once, transcribes a short clip without crashing, stays loaded,
 * and every bad input or cancel is a sentence. The test model has no trained weights, so the text
 * itself is meaningless and is not asserted.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeWav } from '../../src/voice/audio.js';
import { rejection } from './rejection.js';
import { createWhisperEngine } from '../../src/voice/whisper-engine.js';
import { floatToInt16 } from '../../src/shared/pcm.js';
import { narrowWhisperModel } from './narrow-whisper-model.js';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/voice/${name}`, import.meta.url));
const MODEL = narrowWhisperModel();
// Two seconds of speech; one pass of the narrow model takes 1–2 s on two busy cores (tiny.en's sizes 25–60 s).
const CLIP = floatToInt16(decodeWav(readFileSync(fixture('jfk-2s.wav'))).samples);
const SLOW = 240_000;

describe('whisper engine (in process)', () => {
  const engine = createWhisperEngine({ modelPath: MODEL, language: 'en', threads: 2 });
  afterAll(() => engine.close());

  it('transcribes two utterances with one model load, the vocabulary passed as the prompt', { timeout: SLOW }, async () => {
    const cwd = process.cwd();
    const first = await engine.transcribe(CLIP, { deadlineMs: SLOW, vocabulary: ['Send', 'Cancel', 'Subject'] });
    expect(first.engine).toBe('whisper-local');
    expect(typeof first.text).toBe('string');
    expect(first.text).not.toMatch(/[\n\r]/);
    expect(first.ms).toBeGreaterThan(0);
    expect(engine.loads).toBe(1);

    const second = await engine.transcribe(CLIP.subarray(0, 16_000), { deadlineMs: SLOW });
    expect(second.engine).toBe('whisper-local');
    expect(engine.loads).toBe(1); // still the same loaded model
    expect(process.cwd()).toBe(cwd);
  });

  it('refuses empty and damaged audio with a sentence before any native call', async () => {
    const empty = await rejection(engine.transcribe(new Int16Array(0), { deadlineMs: 1000 }));
    expect(empty.code).toBe('no_speech');
    expect(empty.message).toMatch(/heard no words/);
    const nan = new Float32Array(1600).fill(Number.NaN);
    const damaged = await rejection(engine.transcribe(nan, { deadlineMs: 1000 }));
    expect(damaged.code).toBe('invalid_audio');
    expect(damaged.message).toMatch(/say the command again/);
    const wrong = await rejection(engine.transcribe([1, 2, 3] as unknown as Int16Array, { deadlineMs: 1000 }));
    expect(wrong.code).toBe('invalid_audio');
  });

  it('a deadline that passes and a cancel each end the call at once with a sentence', { timeout: SLOW }, async () => {
    const started = performance.now();
    // Far shorter than a pass of the narrow model, however fast the machine.
    const late = await rejection(engine.transcribe(CLIP, { deadlineMs: 50 }));
    expect(late.code).toBe('timeout');
    expect(late.message).toMatch(/longer than 1 second.*nothing was done/);
    const controller = new AbortController();
    const pending = engine.transcribe(CLIP, { deadlineMs: SLOW, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const cancelled = await rejection(pending);
    expect(cancelled.code).toBe('cancelled');
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(engine.loads).toBe(1);
  });
});

describe('whisper engine: model faults', () => {
  it('a missing model file is a sentence that says how to get it', async () => {
    const engine = createWhisperEngine({ modelPath: fixture('no-such-model.bin') });
    const e = await rejection(engine.transcribe(CLIP, { deadlineMs: 5000 }));
    expect(e.code).toBe('model_missing');
    expect(e.message).toMatch(/not on this computer yet.*download it/);
    await engine.close();
  });

  it('a file that is not a model is a sentence, and the process goes on', async () => {
    const engine = createWhisperEngine({ modelPath: fixture('jfk-2s.wav') });
    const e = await rejection(engine.transcribe(CLIP, { deadlineMs: 5000 }));
    expect(e.code).toBe('model_invalid');
    expect(e.message).toMatch(/could not be loaded.*download it again/);
    await engine.close();
  });
});
