/**
 * Voice activity detection for continuous listening: Silero VAD v5 (MIT), the model file shipped in
 * the `@ricky0123/vad-web` npm package, run by onnxruntime-web's WebAssembly build in this process on
 * one thread (docs/decisions/0113-voice-detector-silero-vad-v5-onnxruntime-web-s.md: why not onnxruntime-node or WebRTC VAD).
 *
 * Frames quieter than `floorRms` (a quiet room) are not given to the model: they are silence, and
 * the model's recurrent state starts afresh at the next loud frame, as it does at a stream's start.
 * That keeps idle listening in a quiet room nearly free; in a noisy one every frame runs the model.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { SPEECH_SAMPLE_RATE } from '../shared/pcm.js';
import { SpeechError } from './speech-error.js';
import { errorMessage } from '../shared/errors.js';

export interface VoiceActivityDetector {
  /** Samples per frame the detector takes (16 kHz). */
  readonly frameSamples: number;
  /** The probability (0–1) that one frame holds speech. */
  probability(frame: Int16Array): Promise<number>;
  /** Forgets the stream so far (a new stream begins). */
  reset(): void;
  close(): Promise<void>;
}

/** Silero's window at 16 kHz, and the context it keeps from the previous window. */
const WINDOW = 512;
const CONTEXT = 64;
/** ≈ -62 dBFS: below a microphone's own noise in a quiet room; speech is 30 dB louder. */
export const DEFAULT_FLOOR_RMS = 0.0008;

export interface SileroOptions {
  /** The .onnx file; the one in @ricky0123/vad-web by default. */
  readonly modelPath?: string;
  readonly floorRms?: number;
}

/** The Silero model file shipped with the npm package (found next to its entry point). */
export function sileroModelPath(): string {
  return join(dirname(createRequire(import.meta.url).resolve('@ricky0123/vad-web')), 'silero_vad_v5.onnx');
}

function rms(frame: Int16Array): number {
  let sum = 0;
  for (let i = 0; i < frame.length; i++) {
    const s = (frame[i] ?? 0) / 32768;
    sum += s * s;
  }
  return Math.sqrt(sum / Math.max(1, frame.length));
}

/** Loads the model (≈ 1–2 s the first time: the WebAssembly runtime compiles). */
export async function createSileroVad(options: SileroOptions = {}): Promise<VoiceActivityDetector> {
  let ort: typeof import('onnxruntime-web');
  let session: import('onnxruntime-web').InferenceSession;
  try {
    ort = await import('onnxruntime-web');
    // One thread: no worker pool for a model this small, and a predictable share of one core.
    ort.env.wasm.numThreads = 1;
    session = await ort.InferenceSession.create(options.modelPath ?? sileroModelPath());
  } catch (e) {
    throw new SpeechError(
      'vad_failed',
      `Continuous listening could not start: the voice detector did not load (${errorMessage(e)}). Use the Listen button instead, or reinstall Assistive Control.`,
    );
  }
  const floor = options.floorRms ?? DEFAULT_FLOOR_RMS;
  const rate = new ort.Tensor('int64', BigInt64Array.from([BigInt(SPEECH_SAMPLE_RATE)]));
  const input = new Float32Array(CONTEXT + WINDOW);
  let state = new Float32Array(2 * 128);
  let fresh = true;
  const reset = (): void => {
    state = new Float32Array(2 * 128);
    input.fill(0);
    fresh = true;
  };
  return {
    frameSamples: WINDOW,
    async probability(frame) {
      if (frame.length !== WINDOW) throw new RangeError(`the detector takes ${WINDOW} samples a frame (got ${frame.length})`);
      if (rms(frame) < floor) {
        if (!fresh) reset();
        return 0;
      }
      fresh = false;
      // The last CONTEXT samples of the previous window lead this one, as Silero was trained.
      input.copyWithin(0, WINDOW, WINDOW + CONTEXT);
      for (let i = 0; i < WINDOW; i++) input[CONTEXT + i] = (frame[i] ?? 0) / 32768;
      const out = await session.run({
        input: new ort.Tensor('float32', input.slice(), [1, CONTEXT + WINDOW]),
        state: new ort.Tensor('float32', state, [2, 1, 128]),
        sr: rate,
      });
      state = new Float32Array(out['stateN']!.data as Float32Array);
      return Number((out['output']!.data as Float32Array)[0] ?? 0);
    },
    reset,
    async close() {
      await session.release();
    },
  };
}
