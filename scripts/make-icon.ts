/**
 * Draws the app icon — a large round switch, amber cap on a white base, on a blue rounded square —
 * and writes it as PNG files for electron-builder: `packaging/icon.png` (1024 px, from which the
 * macOS .icns is made) and `packaging/icons/<n>x<n>.png` (the Linux icon set). Run it with
 * `npx tsx scripts/make-icon.ts` after changing the drawing; the files it writes are committed.
 *
 * The shapes are drawn from signed distances at each size (no resampling), anti-aliased over one
 * pixel, and written with Node's zlib: no image tool is needed. The tray icons (assets/tray) are not
 * made here.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';

/** The Linux icon set's sizes (the freedesktop hicolor theme's usual ones). */
export const LINUX_ICON_SIZES = [16, 32, 48, 64, 128, 256, 512] as const;
/** The size of packaging/icon.png; electron-builder makes the macOS .icns from it. */
export const MAIN_ICON_SIZE = 1024;

type Rgb = readonly [number, number, number];

/** The drawing, in a 1024-unit square (macOS's icon grid: an 824-unit body, 100 units of margin). */
const BODY = { half: 412, radius: 184, top: [47, 111, 235] as Rgb, bottom: [27, 63, 153] as Rgb };
const BASE = { x: 512, y: 540, r: 272, side: [201, 214, 238] as Rgb, top: [255, 255, 255] as Rgb, depth: 30 };
const CAP = { x: 512, y: 518, r: 188, side: [201, 106, 0] as Rgb, top: [245, 158, 11] as Rgb, depth: 26 };

function roundedSquareDistance(x: number, y: number): number {
  const qx = Math.abs(x - 512) - (BODY.half - BODY.radius);
  const qy = Math.abs(y - 512) - (BODY.half - BODY.radius);
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - BODY.radius;
}

function circleDistance(x: number, y: number, cx: number, cy: number, r: number): number {
  return Math.hypot(x - cx, y - cy) - r;
}

/** Paints `color` over the pixel with the given coverage (straight alpha, 0–1). */
function over(pixel: number[], color: Rgb, coverage: number): void {
  if (coverage <= 0) return;
  const a = pixel[3] ?? 0;
  const outA = coverage + a * (1 - coverage);
  for (let c = 0; c < 3; c++) pixel[c] = ((color[c] ?? 0) * coverage + (pixel[c] ?? 0) * a * (1 - coverage)) / outA;
  pixel[3] = outA;
}

/** The icon's pixels at `size` × `size`, RGBA, 8 bits a channel, rows top to bottom. */
export function iconPixels(size: number): Buffer {
  const unit = MAIN_ICON_SIZE / size;
  const coverage = (distance: number): number => Math.min(1, Math.max(0, 0.5 - distance / unit));
  const out = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    const y = (py + 0.5) * unit;
    // The body's colour goes from its top colour to its bottom one, down the body.
    const t = Math.min(1, Math.max(0, (y - 100) / 824));
    const body: Rgb = [0, 1, 2].map((c) => (BODY.top[c] ?? 0) + ((BODY.bottom[c] ?? 0) - (BODY.top[c] ?? 0)) * t) as unknown as Rgb;
    for (let px = 0; px < size; px++) {
      const x = (px + 0.5) * unit;
      const pixel = [0, 0, 0, 0];
      over(pixel, body, coverage(roundedSquareDistance(x, y)));
      // Each disc is a short cylinder: its side (the top moved down by its depth), then its top.
      for (const disc of [BASE, CAP]) {
        over(pixel, disc.side, coverage(circleDistance(x, y, disc.x, disc.y + disc.depth, disc.r)));
        over(pixel, disc.top, coverage(circleDistance(x, y, disc.x, disc.y, disc.r)));
      }
      const i = (py * size + px) * 4;
      for (let c = 0; c < 3; c++) out[i + c] = Math.round(pixel[c] ?? 0);
      out[i + 3] = Math.round((pixel[3] ?? 0) * 255);
    }
  }
  return out;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A PNG file of RGBA pixels (every row with filter 0). */
export function encodePng(rgba: Buffer, size: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter method variants, not interlaced
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The files this script writes, relative to the project folder, with their sizes. */
export function iconFiles(): { path: string; size: number }[] {
  return [{ path: 'packaging/icon.png', size: MAIN_ICON_SIZE }, ...LINUX_ICON_SIZES.map((size) => ({ path: `packaging/icons/${size}x${size}.png`, size }))];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('../', import.meta.url));
  mkdirSync(join(root, 'packaging', 'icons'), { recursive: true });
  for (const { path, size } of iconFiles()) {
    writeFileSync(join(root, path), encodePng(iconPixels(size), size));
    console.log(`wrote ${path}`);
  }
}
