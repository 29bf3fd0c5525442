/**
 * A PNG encoder for the screen pictures: 8-bit RGB (alpha dropped: a screen picture is opaque),
 * filter "Up" on every row (screens have long runs of equal rows), deflated by node:zlib at a fast
 * level. Small on purpose: the pictures need nothing else of the format.
 */
import { deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** The CRC-32 of PNG chunks (ISO 3309). */
export function crc32(...parts: readonly Uint8Array[]): number {
  let c = 0xffffffff;
  for (const part of parts) for (const byte of part) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(head.subarray(4), data), 0);
  return Buffer.concat([head, data, tail]);
}

/** RGBA pixels (width × height × 4) → the bytes of a PNG file. */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  if (rgba.length !== width * height * 4) throw new RangeError(`expected ${width * height * 4} bytes of RGBA, got ${rgba.length}`);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  const rowBytes = width * 3;
  const raw = Buffer.alloc((rowBytes + 1) * height);
  const previous = new Uint8Array(rowBytes);
  const current = new Uint8Array(rowBytes);
  for (let y = 0; y < height; y++) {
    const out = y * (rowBytes + 1);
    raw[out] = 2; // filter Up
    for (let x = 0, s = y * width * 4, d = 0; x < width; x++, s += 4, d += 3) {
      current[d] = rgba[s] ?? 0;
      current[d + 1] = rgba[s + 1] ?? 0;
      current[d + 2] = rgba[s + 2] ?? 0;
    }
    for (let i = 0; i < rowBytes; i++) raw[out + 1 + i] = ((current[i] ?? 0) - (previous[i] ?? 0)) & 0xff;
    previous.set(current);
  }
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level: 3 })), chunk('IEND', new Uint8Array(0))]);
}
