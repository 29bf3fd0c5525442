/**
 * Microphone capture in the panel: getUserMedia → 16 kHz mono 16-bit PCM, with a level meter and
 * cancel, capped at MAX_UTTERANCE_SECONDS (listening stops by itself there).
 *
 * The AudioContext is asked for 16 kHz so Chromium resamples in its audio pipeline; if it runs at
 * another rate, the samples are resampled here (src/shared/pcm.ts). Echo cancellation, noise
 * suppression and automatic gain are off: whisper is trained on plain recordings, and the
 * processing smears the quiet consonants that tell "Send" from "Sent". Silence is trimmed in main
 * (src/voice/audio.ts), which decides what counts as speech.
 */
import { LISTEN_BLOCK_SAMPLES } from '../../shared/listening.js';
import { MAX_UTTERANCE_SECONDS, SPEECH_SAMPLE_RATE, floatToInt16, resampleTo16k } from '../../shared/pcm.js';
// Types only: the panel bundle carries no zod (main validates).
import type { VoiceUtterance } from '../../shared/contracts/voice-contract.js';

export type CaptureErrorCode = 'permission_denied' | 'no_microphone' | 'busy' | 'unsupported';

export class CaptureError extends Error {
  constructor(
    readonly code: CaptureErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'CaptureError';
  }
}

export interface CaptureOptions {
  /** Called about 8 times a second with the input level, 0 (silence) to 1 (full scale). */
  readonly onLevel?: (level: number) => void;
  /** Called once when listening stops by itself at the length cap; then call `stop()`. */
  readonly onCap?: () => void;
  readonly maxSeconds?: number;
  /** Injected for tests; the page's own by default. */
  readonly mediaDevices?: MediaDevices;
}

export interface Capture {
  /** Stops listening and returns the utterance (the payload main expects). */
  stop(): Promise<VoiceUtterance>;
  /** Stops listening and drops the audio. */
  cancel(): void;
}

function captureError(e: unknown): CaptureError {
  const name = e instanceof Error || (typeof DOMException !== 'undefined' && e instanceof DOMException) ? (e as { name: string }).name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return new CaptureError(
        'permission_denied',
        'Microphone access is off: allow Assistive Control to use the microphone in the system privacy settings, then try again.',
      );
    case 'NotFoundError':
    case 'OverconstrainedError':
      return new CaptureError(
        'no_microphone',
        'No microphone was found: connect one (or choose it as the input in the system sound settings), then try again.',
      );
    case 'NotReadableError':
    case 'AbortError':
      return new CaptureError('busy', 'The microphone could not be opened: another app may be using it. Close that app, then try again.');
    default:
      return new CaptureError('unsupported', 'Listening could not start on this computer. Type the command instead, or restart Assistive Control.');
  }
}

/** An open microphone: float blocks at the context's rate until `release`. */
interface OpenInput {
  readonly rate: number;
  release(): void;
}

/**
 * Opens the microphone and calls `onBlock` with each block of `blockSize` samples (at `rate`);
 * `onEnded` when the device goes away (unplugged, taken by the system). Rejects with a CaptureError.
 */
async function openInput(
  devices: MediaDevices | undefined,
  blockSize: number,
  onBlock: (input: Float32Array, rate: number) => void,
  onEnded?: () => void,
): Promise<OpenInput> {
  if (!devices?.getUserMedia) throw captureError(undefined);
  let stream: MediaStream;
  try {
    stream = await devices.getUserMedia({
      audio: { channelCount: 1, echoCancellation: false, noiseSuppression: false, autoGainControl: false },
      video: false,
    });
  } catch (e) {
    throw captureError(e);
  }
  let context: AudioContext;
  try {
    context = new AudioContext({ sampleRate: SPEECH_SAMPLE_RATE });
  } catch {
    // A browser that cannot run a context at 16 kHz: take its own rate and resample.
    context = new AudioContext();
  }
  const rate = context.sampleRate;
  const source = context.createMediaStreamSource(stream);
  // ScriptProcessorNode runs on the main thread, but needs no separate module file (the panel's CSP
  // allows only its own scripts).
  const processor = context.createScriptProcessor(blockSize, 1, 1);
  const mute = context.createGain();
  mute.gain.value = 0;
  let released = false;
  processor.onaudioprocess = (event) => {
    if (!released) onBlock(event.inputBuffer.getChannelData(0), rate);
  };
  source.connect(processor);
  processor.connect(mute);
  mute.connect(context.destination);
  const release = (): void => {
    if (released) return;
    released = true;
    processor.onaudioprocess = null;
    source.disconnect();
    processor.disconnect();
    mute.disconnect();
    for (const track of stream.getTracks()) track.stop();
    void context.close().catch(() => undefined);
  };
  for (const track of stream.getAudioTracks()) {
    track.addEventListener('ended', () => {
      if (released) return;
      release();
      onEnded?.();
    });
  }
  await context.resume().catch(() => undefined);
  return { rate, release };
}

/** The input level of a block, 0 (silence) to 1 (full scale), as the meter shows it. */
function levelOf(block: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < block.length; i++) sum += (block[i] ?? 0) * (block[i] ?? 0);
  return Math.min(1, Math.sqrt(sum / Math.max(1, block.length)) * 4);
}

/** Starts listening. Rejects with a CaptureError whose message the panel shows as it is. */
export async function startCapture(options: CaptureOptions = {}): Promise<Capture> {
  const chunks: Float32Array[] = [];
  let collected = 0;
  let stopped = false;
  let capped = false;
  let maxSamples = Infinity;
  // 2048-sample blocks at 16 kHz are 8 callbacks (level updates) a second.
  const input = await openInput(options.mediaDevices ?? globalThis.navigator?.mediaDevices, 2048, (samples) => {
    if (stopped || capped) return;
    const room = maxSamples - collected;
    const block = samples.length > room ? samples.slice(0, room) : samples.slice();
    chunks.push(block);
    collected += block.length;
    options.onLevel?.(levelOf(block));
    if (collected >= maxSamples) {
      capped = true;
      input.release();
      options.onCap?.();
    }
  });
  const rate = input.rate;
  maxSamples = Math.ceil((options.maxSeconds ?? MAX_UTTERANCE_SECONDS) * rate);
  const release = input.release;

  return {
    async stop() {
      const endedAt = Date.now();
      stopped = true;
      release();
      const all = new Float32Array(collected);
      let at = 0;
      for (const c of chunks) {
        all.set(c, at);
        at += c.length;
      }
      chunks.length = 0;
      return { sampleRate: SPEECH_SAMPLE_RATE, channels: 1, pcm: floatToInt16(resampleTo16k(all, rate)), endedAt };
    },
    cancel() {
      stopped = true;
      chunks.length = 0;
      release();
    },
  };
}

export interface StreamOptions {
  /** Each block of 16 kHz mono 16-bit audio, as it comes (32 ms blocks at 16 kHz). */
  readonly onBlock: (pcm: Int16Array<ArrayBuffer>) => void;
  readonly onLevel?: (level: number) => void;
  /** The microphone went away (unplugged, or taken by the system): listening has stopped. */
  readonly onEnded?: () => void;
  readonly mediaDevices?: MediaDevices;
}

/** Continuous listening: streams the microphone in small blocks until `stop()`. Rejects with a CaptureError. */
export async function startStream(options: StreamOptions): Promise<{ stop(): void }> {
  // Level updates about 8 times a second, whatever the block size.
  let sinceLevel = 0;
  const input = await openInput(
    options.mediaDevices ?? globalThis.navigator?.mediaDevices,
    LISTEN_BLOCK_SAMPLES,
    (samples, rate) => {
      options.onBlock(floatToInt16(resampleTo16k(samples, rate)));
      sinceLevel += samples.length;
      if (options.onLevel && sinceLevel >= rate / 8) {
        sinceLevel = 0;
        options.onLevel(levelOf(samples));
      }
    },
    options.onEnded,
  );
  return { stop: input.release };
}
