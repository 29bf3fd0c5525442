/**
 * Drawing on a screen picture before a model sees it: masks first (secure fields and the
 * assistant's own windows, filled with one flat colour, never blurred, so nothing of what was there
 * is left in the pixels), then the grid (thin lines, each cell's number at its centre), then the
 * marks (an outline round each numbered element and its number in a box at its top left). Pure:
 * RGBA in, the same buffer drawn on.
 */

/** A rectangle in picture pixels (or screen pixels, where the caller says so). */
export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export type Rgb = readonly [number, number, number];

/** The colours a model is told about (vision-prompt.ts). */
export const PICTURE_COLOURS = {
  mask: [40, 40, 40] as Rgb,
  markOutline: [255, 0, 200] as Rgb,
  markLabelBack: [255, 230, 0] as Rgb,
  markLabelText: [0, 0, 0] as Rgb,
  gridLine: [0, 170, 255] as Rgb,
  gridLabelBack: [0, 60, 140] as Rgb,
  gridLabelText: [255, 255, 255] as Rgb,
} as const;

export interface Canvas {
  readonly width: number;
  readonly height: number;
  readonly rgba: Uint8Array;
}

export interface PictureMark extends Rect {
  readonly id: number;
}

export interface PictureDrawing {
  /** Filled flat: secure fields, the assistant's own windows. */
  readonly masks: readonly Rect[];
  /** The grid's cells, numbered 1… in order. */
  readonly cells: readonly Rect[];
  readonly marks: readonly PictureMark[];
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** Clipped to the canvas; whole pixels. */
function clip(c: Canvas, r: Rect): Rect | undefined {
  const x = Math.max(0, Math.floor(r.x));
  const y = Math.max(0, Math.floor(r.y));
  const right = Math.min(c.width, Math.ceil(r.x + r.width));
  const bottom = Math.min(c.height, Math.ceil(r.y + r.height));
  return right > x && bottom > y ? { x, y, width: right - x, height: bottom - y } : undefined;
}

export function fillRect(c: Canvas, r: Rect, [red, green, blue]: Rgb): void {
  const k = clip(c, r);
  if (!k) return;
  if (c.rgba.byteOffset % 4 === 0 && LITTLE_ENDIAN) {
    // One 32-bit fill per row (RGBA little-endian is 0xAABBGGRR).
    const words = new Uint32Array(c.rgba.buffer, c.rgba.byteOffset, c.width * c.height);
    const colour = (0xff000000 | (blue << 16) | (green << 8) | red) >>> 0;
    for (let y = k.y, at = k.y * c.width + k.x; y < k.y + k.height; y++, at += c.width) words.fill(colour, at, at + k.width);
    return;
  }
  for (let y = k.y; y < k.y + k.height; y++) {
    for (let i = (y * c.width + k.x) * 4, end = i + k.width * 4; i < end; i += 4) {
      c.rgba[i] = red;
      c.rgba[i + 1] = green;
      c.rgba[i + 2] = blue;
      c.rgba[i + 3] = 255;
    }
  }
}

function outline(c: Canvas, r: Rect, colour: Rgb, thickness: number): void {
  fillRect(c, { x: r.x, y: r.y, width: r.width, height: thickness }, colour);
  fillRect(c, { x: r.x, y: r.y + r.height - thickness, width: r.width, height: thickness }, colour);
  fillRect(c, { x: r.x, y: r.y, width: thickness, height: r.height }, colour);
  fillRect(c, { x: r.x + r.width - thickness, y: r.y, width: thickness, height: r.height }, colour);
}

/** Digits 0–9, 3 × 5 cells each, rows top to bottom. */
const DIGITS = [
  '111101101101111',
  '010110010010111',
  '111001111100111',
  '111001111001111',
  '101101111001001',
  '111100111001111',
  '111100111101111',
  '111001001001001',
  '111101111101111',
  '111101111001111',
];
const SCALE = 3;
const PAD = 2;

/** The box a number's label takes: 3 × 5 cells per digit at SCALE, a cell between digits, PAD around. */
export function labelSize(n: number): { readonly width: number; readonly height: number } {
  const digits = String(n).length;
  return { width: digits * 4 * SCALE - SCALE + 2 * PAD, height: 5 * SCALE + 2 * PAD };
}

/** A number in a filled box whose top left is (x, y), kept inside the canvas. */
export function drawLabel(c: Canvas, n: number, x: number, y: number, back: Rgb, ink: Rgb): void {
  const size = labelSize(n);
  const left = Math.max(0, Math.min(c.width - size.width, Math.round(x)));
  const top = Math.max(0, Math.min(c.height - size.height, Math.round(y)));
  fillRect(c, { x: left, y: top, ...size }, back);
  [...String(n)].forEach((d, i) => {
    const glyph = DIGITS[Number(d)] ?? '';
    for (let cell = 0; cell < 15; cell++) {
      if (glyph[cell] !== '1') continue;
      const gx = left + PAD + i * 4 * SCALE + (cell % 3) * SCALE;
      const gy = top + PAD + Math.floor(cell / 3) * SCALE;
      fillRect(c, { x: gx, y: gy, width: SCALE, height: SCALE }, ink);
    }
  });
}

/** Draws masks, then the grid, then the marks, in place. */
export function drawPicture(c: Canvas, drawing: PictureDrawing): void {
  const k = PICTURE_COLOURS;
  for (const m of drawing.masks) fillRect(c, m, k.mask);
  for (const cell of drawing.cells) outline(c, cell, k.gridLine, 1);
  drawing.cells.forEach((cell, i) => {
    const size = labelSize(i + 1);
    drawLabel(c, i + 1, cell.x + cell.width / 2 - size.width / 2, cell.y + cell.height / 2 - size.height / 2, k.gridLabelBack, k.gridLabelText);
  });
  for (const m of drawing.marks) outline(c, m, k.markOutline, 2);
  for (const m of drawing.marks) drawLabel(c, m.id, m.x, m.y, k.markLabelBack, k.markLabelText);
  // A mask is drawn last too, so no mark or grid number drawn over a secure field can hint at its place's content.
  for (const m of drawing.masks) fillRect(c, m, k.mask);
}
