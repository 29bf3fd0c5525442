/**
 * 16 kHz mono PCM: the one audio format speech crosses the process boundary in, and the
 * conversions into it. Used by the panel's capture (DOM) and by src/voice (Node), so it is plain
 * arithmetic on typed arrays with no platform API.
 */

/** whisper.cpp and the transcription endpoints all take 16 kHz mono. */
export const SPEECH_SAMPLE_RATE = 16_000;

/** Listening stops by itself after this long: a command is a sentence, not a dictation. */
export const MAX_UTTERANCE_SECONDS = 30;
export const MAX_UTTERANCE_SAMPLES = MAX_UTTERANCE_SECONDS * SPEECH_SAMPLE_RATE;
/** The largest PCM payload main accepts, in bytes (16-bit samples). */
export const MAX_UTTERANCE_BYTES = MAX_UTTERANCE_SAMPLES * 2;

/** Averages interleaved channels into one. */
export function downmixToMono(interleaved: Float32Array, channels: number): Float32Array {
  if (!Number.isInteger(channels) || channels < 1) throw new RangeError(`channels must be a whole number ≥ 1 (got ${channels})`);
  if (channels === 1) return interleaved;
  const frames = Math.floor(interleaved.length / channels);
  const out = new Float32Array(frames);
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    for (let c = 0; c < channels; c++) sum += interleaved[f * channels + c] ?? 0;
    out[f] = sum / channels;
  }
  return out;
}

/**
 * Resamples mono float audio to 16 kHz.
 *
 * Downsampling averages the input over each output sample's span (a box low-pass), which keeps
 * 48 kHz and 44.1 kHz microphones from folding their upper band into speech; upsampling
 * interpolates linearly. Good enough for speech recognition, and fast (bench/voice.ts).
 */
export function resampleTo16k(mono: Float32Array, fromRate: number): Float32Array {
  if (!(fromRate > 0) || !Number.isFinite(fromRate)) throw new RangeError(`sample rate must be a positive number (got ${fromRate})`);
  if (fromRate === SPEECH_SAMPLE_RATE) return mono;
  const ratio = fromRate / SPEECH_SAMPLE_RATE;
  const outLength = Math.floor(mono.length / ratio);
  const out = new Float32Array(outLength);
  if (ratio > 1) {
    for (let i = 0; i < outLength; i++) {
      const start = Math.floor(i * ratio);
      const end = Math.min(mono.length, Math.max(start + 1, Math.floor((i + 1) * ratio)));
      let sum = 0;
      for (let j = start; j < end; j++) sum += mono[j] ?? 0;
      out[i] = sum / (end - start);
    }
  } else {
    for (let i = 0; i < outLength; i++) {
      const pos = i * ratio;
      const j = Math.floor(pos);
      const frac = pos - j;
      const a = mono[j] ?? 0;
      const b = mono[j + 1] ?? a;
      out[i] = a + (b - a) * frac;
    }
  }
  return out;
}

/** Float samples in -1..1 to signed 16-bit, clipped (NaN becomes silence). */
export function floatToInt16(samples: Float32Array): Int16Array<ArrayBuffer> {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const s = samples[i] ?? 0;
    // × 32768 then clipped: the exact inverse of int16ToFloat, so a round trip loses nothing.
    out[i] = Number.isNaN(s) ? 0 : Math.max(-32768, Math.min(32767, Math.round(s * 32768)));
  }
  return out;
}

/** Signed 16-bit samples to floats in -1..1. */
export function int16ToFloat(samples: Int16Array): Float32Array<ArrayBuffer> {
  const out = new Float32Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = (samples[i] ?? 0) / 32768;
  return out;
}

/** The panel sends the microphone in blocks of this many 16 kHz samples (32 ms: one detector frame). */
export const LISTEN_BLOCK_SAMPLES = 512;
/** The largest block the core accepts (the panel's audio callback may deliver a few frames at once). */
export const MAX_LISTEN_BLOCK_SAMPLES = 8192;
