/**
 * Audio for speech recognition in Node: any float recording to 16 kHz mono 16-bit, leading and
 * trailing silence trimmed by energy, length capped, and WAV encoding for the transcription
 * endpoint (and decoding for tests and files).
 */
import { MAX_UTTERANCE_SECONDS, SPEECH_SAMPLE_RATE, downmixToMono, floatToInt16, resampleTo16k } from '../shared/pcm.js';
import { SpeechError } from './speech-error.js';

export interface TrimOptions {
  /** Analysis frame. */
  readonly frameMs?: number;
  /** Frames quieter than this RMS (0..1 full scale) are silence whatever the peak; ≈ -46 dBFS. */
  readonly floorRms?: number;
  /** Frames quieter than this fraction of the loudest frame are silence (the room's noise). */
  readonly relativeToPeak?: number;
  /** Kept before the first and after the last voiced frame, so soft consonants survive. */
  readonly padMs?: number;
}

const TRIM_DEFAULTS: Required<TrimOptions> = { frameMs: 20, floorRms: 0.005, relativeToPeak: 0.06, padMs: 200 };

/**
 * Cuts leading and trailing silence from 16 kHz PCM. Returns an empty array when no frame is
 * voiced (the user said nothing). A view on the input, not a copy.
 */
export function trimSilence(pcm: Int16Array, options: TrimOptions = {}): Int16Array {
  const o = { ...TRIM_DEFAULTS, ...options };
  const frame = Math.max(1, Math.round((SPEECH_SAMPLE_RATE * o.frameMs) / 1000));
  const frames = Math.ceil(pcm.length / frame);
  const rms = new Float64Array(frames);
  let peak = 0;
  for (let f = 0; f < frames; f++) {
    const end = Math.min(pcm.length, (f + 1) * frame);
    let sum = 0;
    for (let i = f * frame; i < end; i++) {
      const s = (pcm[i] ?? 0) / 32768;
      sum += s * s;
    }
    rms[f] = Math.sqrt(sum / Math.max(1, end - f * frame));
    if (rms[f]! > peak) peak = rms[f]!;
  }
  const threshold = Math.max(o.floorRms, peak * o.relativeToPeak);
  let first = -1;
  let last = -1;
  for (let f = 0; f < frames; f++) {
    if (rms[f]! >= threshold) {
      if (first < 0) first = f;
      last = f;
    }
  }
  if (first < 0) return pcm.subarray(0, 0);
  const pad = Math.round((SPEECH_SAMPLE_RATE * o.padMs) / 1000);
  return pcm.subarray(Math.max(0, first * frame - pad), Math.min(pcm.length, (last + 1) * frame + pad));
}

/** Keeps at most `seconds` of 16 kHz audio (a view). */
export function capLength(pcm: Int16Array, seconds = MAX_UTTERANCE_SECONDS): { pcm: Int16Array; capped: boolean } {
  const max = Math.floor(seconds * SPEECH_SAMPLE_RATE);
  return pcm.length > max ? { pcm: pcm.subarray(0, max), capped: true } : { pcm, capped: false };
}

/**
 * The whole capture pipeline for a recording in any format: mono, 16 kHz, 16-bit, silence trimmed,
 * capped. `pcm` is empty when nothing was said.
 */
export function prepareUtterance(samples: Float32Array, sampleRate: number, channels = 1, trim: TrimOptions = {}): { pcm: Int16Array; capped: boolean } {
  const mono16k = floatToInt16(resampleTo16k(downmixToMono(samples, channels), sampleRate));
  return capLength(trimSilence(mono16k, trim));
}

/** A 16-bit PCM WAV file (RIFF, little-endian). */
export function encodeWav(pcm: Int16Array, sampleRate = SPEECH_SAMPLE_RATE, channels = 1): Buffer {
  const dataBytes = pcm.length * 2;
  const out = Buffer.alloc(44 + dataBytes);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + dataBytes, 4);
  out.write('WAVE', 8, 'ascii');
  out.write('fmt ', 12, 'ascii');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(channels, 22);
  out.writeUInt32LE(sampleRate, 24);
  out.writeUInt32LE(sampleRate * channels * 2, 28);
  out.writeUInt16LE(channels * 2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(dataBytes, 40);
  for (let i = 0; i < pcm.length; i++) out.writeInt16LE(pcm[i] ?? 0, 44 + i * 2);
  return out;
}

export interface DecodedWav {
  readonly sampleRate: number;
  readonly channels: number;
  /** Interleaved samples in -1..1. */
  readonly samples: Float32Array;
}

function badWav(why: string): SpeechError {
  return new SpeechError('invalid_audio', `The audio file cannot be read (${why}): use a 16-bit or 32-bit float PCM WAV file.`);
}

/** Reads a PCM WAV file (16-bit integer or 32-bit float), walking its chunks. */
export function decodeWav(file: Uint8Array): DecodedWav {
  const buf = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  if (buf.length < 12 || buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE') throw badWav('not a RIFF/WAVE file');
  let format: { tag: number; channels: number; rate: number; bits: number } | undefined;
  for (let at = 12; at + 8 <= buf.length;) {
    const id = buf.toString('ascii', at, at + 4);
    const size = buf.readUInt32LE(at + 4);
    const body = at + 8;
    if (id === 'fmt ') {
      if (size < 16 || body + 16 > buf.length) throw badWav('short format chunk');
      const tag = buf.readUInt16LE(body);
      // WAVE_FORMAT_EXTENSIBLE keeps the real tag at the start of its sub-format GUID.
      const realTag = tag === 0xfffe && size >= 26 ? buf.readUInt16LE(body + 24) : tag;
      format = { tag: realTag, channels: buf.readUInt16LE(body + 2), rate: buf.readUInt32LE(body + 4), bits: buf.readUInt16LE(body + 14) };
    } else if (id === 'data') {
      if (!format) throw badWav('data before format');
      const { tag, channels, rate, bits } = format;
      if (channels < 1 || rate < 1) throw badWav('no channels or no sample rate');
      // A streamed WAV may claim more data than it holds: read what is there.
      const end = Math.min(buf.length, body + (size === 0xffffffff ? buf.length : size));
      if (tag === 1 && bits === 16) {
        const n = Math.floor((end - body) / 2);
        const samples = new Float32Array(n);
        for (let i = 0; i < n; i++) samples[i] = buf.readInt16LE(body + i * 2) / 32768;
        return { sampleRate: rate, channels, samples };
      }
      if (tag === 3 && bits === 32) {
        const n = Math.floor((end - body) / 4);
        const samples = new Float32Array(n);
        for (let i = 0; i < n; i++) samples[i] = buf.readFloatLE(body + i * 4);
        return { sampleRate: rate, channels, samples };
      }
      throw badWav(`format ${tag}, ${bits}-bit`);
    }
    at = body + size + (size % 2);
  }
  throw badWav('no data chunk');
}
