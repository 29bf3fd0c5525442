// The committed app icons (packaging/icon.png, packaging/icons/) are exactly what
// scripts/make-icon.ts draws: change the drawing, run the script, commit both.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodePng, iconFiles, iconPixels } from '../../scripts/make-icon.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The RGBA pixels of a PNG this script wrote (8-bit RGBA, every row with filter 0). */
function decode(png: Buffer): { width: number; height: number; rgba: Buffer } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  let width = 0;
  let height = 0;
  const data: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      expect([...body.subarray(8)], 'an 8-bit RGBA image, not interlaced').toEqual([8, 6, 0, 0, 0]);
    }
    if (type === 'IDAT') data.push(body);
    at += 12 + length;
  }
  const rows = inflateSync(Buffer.concat(data));
  const rgba = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    const start = y * (width * 4 + 1);
    expect(rows[start], `row ${y} uses filter 0, as the script writes it`).toBe(0);
    rows.copy(rgba, y * width * 4, start + 1, start + 1 + width * 4);
  }
  return { width, height, rgba };
}

describe('the app icon', () => {
  it.each(iconFiles())('$path is the drawing at $size pixels', ({ path, size }) => {
    const { width, height, rgba } = decode(readFileSync(join(ROOT, path)));
    expect([width, height]).toEqual([size, size]);
    expect(rgba.equals(iconPixels(size)), `${path} differs from the drawing: run npx tsx scripts/make-icon.ts`).toBe(true);
  });

  it('is opaque in the middle, transparent in the corners (a rounded square on nothing)', () => {
    const { rgba } = decode(encodePng(iconPixels(64), 64));
    const alpha = (x: number, y: number): number => rgba[(y * 64 + x) * 4 + 3] ?? -1;
    expect(alpha(32, 32)).toBe(255);
    expect(alpha(0, 0)).toBe(0);
    expect(alpha(63, 63)).toBe(0);
  });
});
