/**
 * A PNG encoder for the screen pictures: 8-bit RGB (alpha dropped: a screen picture is opaque),
 * filter "Up" on every row but the first (screens have long runs of equal rows), deflated by node:zlib
 * at its fastest level. Small on purpose: the pictures need nothing else of the format.
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
  const above = width * 4;
  for (let y = 0; y < height; y++) {
    let out = y * (rowBytes + 1);
    raw[out++] = y === 0 ? 0 : 2; // filter None on the first row, Up after it
    for (let s = y * above, end = s + above; s < end; s += 4, out += 3) {
      if (y === 0) {
        raw[out] = rgba[s] as number;
        raw[out + 1] = rgba[s + 1] as number;
        raw[out + 2] = rgba[s + 2] as number;
      } else {
        raw[out] = ((rgba[s] as number) - (rgba[s - above] as number)) & 0xff;
        raw[out + 1] = ((rgba[s + 1] as number) - (rgba[s + 1 - above] as number)) & 0xff;
        raw[out + 2] = ((rgba[s + 2] as number) - (rgba[s + 2 - above] as number)) & 0xff;
      }
    }
  }
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level: 1 })), chunk('IEND', new Uint8Array(0))]);
}
