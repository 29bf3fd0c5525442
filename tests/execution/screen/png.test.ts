import { describe, expect, it } from 'vitest';
import { crc32, encodePng } from '../../../src/execution/screen/png.js';
import { PICTURE_COLOURS, drawPicture, labelSize } from '../../../src/execution/screen/picture.js';
import { decodePng } from '../../support/png-decode.js';

describe('the screen picture PNG encoder', () => {
  it('has the CRC-32 of the standard check value', () => {
    expect(crc32(Buffer.from('123456789', 'latin1'))).toBe(0xcbf43926);
  });

  it('writes pixels a separate reader gets back exactly', () => {
    const width = 37;
    const height = 11;
    const rgba = new Uint8Array(width * height * 4);
    for (let i = 0; i < rgba.length; i++) rgba[i] = (i * 7919) % 256;
    const png = decodePng(encodePng(width, height, rgba));
    expect([png.width, png.height]).toEqual([width, height]);
    for (const [x, y] of [
      [0, 0],
      [36, 0],
      [5, 7],
      [36, 10],
    ] as const) {
      const i = (y * width + x) * 4;
      expect(png.pixel(x, y)).toEqual([rgba[i], rgba[i + 1], rgba[i + 2]]);
    }
  });

  it('refuses a buffer of the wrong size', () => {
    expect(() => encodePng(2, 2, new Uint8Array(15))).toThrow(/16 bytes/);
  });
});

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
