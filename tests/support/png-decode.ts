/**
 * A PNG reader for tests: checks the signature and every chunk's CRC, inflates the IDAT data with
 * node:zlib and undoes each row's filter (all five types), so a picture the assistant made is read
 * back independently of the encoder's own choices. 8-bit RGB and RGBA only.
 */
import { inflateSync } from 'node:zlib';
import { crc32 } from '../../src/execution/screen/png.js';

export interface DecodedPng {
  readonly width: number;
  readonly height: number;
  /** RGB(A) → [r, g, b] of pixel (x, y). */
  pixel(x: number, y: number): [number, number, number];
  /** Pixel (x, y)'s alpha: 255 in an RGB file. */
  alpha(x: number, y: number): number;
}

export function decodePng(file: Uint8Array): DecodedPng {
  const b = Buffer.from(file);
  if (!b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) throw new Error('not a PNG');
  let at = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  while (at < b.length) {
    const length = b.readUInt32BE(at);
    const type = b.toString('latin1', at + 4, at + 8);
    const data = b.subarray(at + 8, at + 8 + length);
    if (crc32(b.subarray(at + 4, at + 8), data) !== b.readUInt32BE(at + 8 + length)) throw new Error(`bad CRC in ${type}`);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      if (data[8] !== 8 || (data[9] !== 2 && data[9] !== 6)) throw new Error('only 8-bit RGB(A)');
      channels = data[9] === 2 ? 3 : 4;
    }
    if (type === 'IDAT') idat.push(data);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const out = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let i = 0; i < stride; i++) {
      const v = raw[y * (stride + 1) + 1 + i] ?? 0;
      const a = i >= channels ? (out[y * stride + i - channels] ?? 0) : 0;
      const up = y > 0 ? (out[(y - 1) * stride + i] ?? 0) : 0;
      const c = y > 0 && i >= channels ? (out[(y - 1) * stride + i - channels] ?? 0) : 0;
      const p = a + up - c;
      const paeth = Math.abs(p - a) <= Math.abs(p - up) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - up) <= Math.abs(p - c) ? up : c;
      const pred = [0, a, up, (a + up) >> 1, paeth][filter ?? 0] ?? 0;
      out[y * stride + i] = (v + pred) & 0xff;
    }
  }
  return {
    width,
    height,
    pixel: (x, y) => {
      const i = (y * width + x) * channels;
      return [out[i] ?? 0, out[i + 1] ?? 0, out[i + 2] ?? 0];
    },
    alpha: (x, y) => (channels === 4 ? (out[(y * width + x) * 4 + 3] ?? 0) : 255),
  };
}
