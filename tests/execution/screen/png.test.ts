import { describe, expect, it } from 'vitest';
import { crc32, encodePng } from '../../../src/execution/screen/png.js';
import { PICTURE_COLOURS, drawPicture, labelSize } from '../../../src/execution/screen/picture.js';
import { decodePng, type DecodedPng } from '../../support/png-decode.js';

describe('the screen picture PNG encoder', () => {
  it('has the CRC-32 of the standard check value', () => {
    expect(crc32(Buffer.from('123456789', 'latin1'))).toBe(0xcbf43926);
  });

  it('writes pixels a separate reader (node:zlib inflate, every filter undone) gets back exactly, every one', async () => {
    const width = 37;
    const height = 11;
    const rgba = new Uint8Array(width * height * 4);
    for (let i = 0; i < rgba.length; i++) rgba[i] = i % 4 === 3 ? 255 : (i * 7919) % 256;
    const png = decodePng(await encodePng(width, height, rgba));
    expect([png.width, png.height]).toEqual([width, height]);
    expect(differences(png, rgba, width, height)).toEqual([]);
  });

  it('encodes a drawn picture (a mask, the grid, marks) so that the decoded pixels are the canvas', async () => {
    const width = 301;
    const height = 157;
    const c = { width, height, rgba: new Uint8Array(width * height * 4) };
    for (let i = 0; i < c.rgba.length; i += 4) c.rgba.set([(i >> 4) % 256, (i >> 9) % 256, 128, 255], i);
    drawPicture(c, {
      masks: [{ x: 200, y: 20, width: 90, height: 30 }],
      cells: [
        { x: 0, y: 0, width: 150, height: 157 },
        { x: 150, y: 0, width: 151, height: 157 },
      ],
      marks: [
        { id: 3, x: 10, y: 100, width: 60, height: 20 },
        { id: 47, x: 250, y: 140, width: 80, height: 40 },
      ],
    });
    const png = decodePng(await encodePng(width, height, c.rgba));
    expect(differences(png, c.rgba, width, height)).toEqual([]);
    expect(png.pixel(210, 25)).toEqual([...PICTURE_COLOURS.mask]);
    expect(png.pixel(10, 100)).toEqual([...PICTURE_COLOURS.markLabelBack]);
  });

  it('refuses a buffer of the wrong size', async () => {
    await expect(encodePng(2, 2, new Uint8Array(15))).rejects.toThrow(/16 bytes/);
  });
});

/** The pixels where the decoded PNG and the source disagree, or that are not opaque, as "x,y". */
function differences(png: DecodedPng, rgba: Uint8Array, width: number, height: number): string[] {
  const wrong: string[] = [];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      if (png.pixel(x, y).join() !== [rgba[i], rgba[i + 1], rgba[i + 2]].join() || png.alpha(x, y) !== 255) wrong.push(`${x},${y}`);
    }
  return wrong;
}

describe('drawing on a picture', () => {
  const blank = (width: number, height: number) => ({ width, height, rgba: new Uint8Array(width * height * 4).fill(255) });
  const at = (c: { width: number; rgba: Uint8Array }, x: number, y: number) => [...c.rgba.subarray((y * c.width + x) * 4, (y * c.width + x) * 4 + 3)];

  it('fills a mask flat and draws nothing over it, not even a mark', () => {
    const c = blank(100, 80);
    drawPicture(c, {
      masks: [{ x: 10, y: 10, width: 40, height: 20 }],
      cells: [{ x: 0, y: 0, width: 100, height: 80 }],
      marks: [{ id: 7, x: 10, y: 10, width: 40, height: 20 }],
    });
    for (let y = 10; y < 30; y++) for (let x = 10; x < 50; x++) expect(at(c, x, y)).toEqual([...PICTURE_COLOURS.mask]);
  });

  it('draws the same on a canvas whose pixels do not start on a 4-byte boundary (bytes, not words)', () => {
    const drawing = {
      masks: [{ x: 5, y: 5, width: 30, height: 10 }],
      cells: [{ x: 0, y: 0, width: 60, height: 40 }],
      marks: [{ id: 58, x: 20, y: 18, width: 30, height: 15 }],
    };
    const aligned = blank(60, 40);
    const store = new Uint8Array(60 * 40 * 4 + 1);
    const shifted = { width: 60, height: 40, rgba: store.subarray(1).fill(255) };
    drawPicture(aligned, drawing);
    drawPicture(shifted, drawing);
    expect(Buffer.from(shifted.rgba).equals(Buffer.from(aligned.rgba))).toBe(true);
    expect(at(shifted, 6, 6)).toEqual([...PICTURE_COLOURS.mask]);
    expect(at(shifted, 49, 32)).toEqual([...PICTURE_COLOURS.markOutline]);
  });

  it("puts a mark's number in a box at its top left, and the grid cell numbers at their centres", () => {
    const c = blank(200, 100);
    drawPicture(c, {
      masks: [],
      cells: [
        { x: 0, y: 0, width: 100, height: 100 },
        { x: 100, y: 0, width: 100, height: 100 },
      ],
      marks: [{ id: 12, x: 120, y: 60, width: 50, height: 30 }],
    });
    expect(at(c, 120, 60)).toEqual([...PICTURE_COLOURS.markLabelBack]);
    expect(at(c, 120 + labelSize(12).width - 1, 60)).toEqual([...PICTURE_COLOURS.markLabelBack]);
    expect(at(c, 169, 89)).toEqual([...PICTURE_COLOURS.markOutline]);
    const grid = labelSize(1);
    expect(at(c, Math.round(50 - grid.width / 2), Math.round(50 - grid.height / 2))).toEqual([...PICTURE_COLOURS.gridLabelBack]);
    expect(at(c, 100, 20)).toEqual([...PICTURE_COLOURS.gridLine]);
    expect(at(c, 30, 30)).toEqual([255, 255, 255]);
  });
});
