// The overlay page's reading of its URL fragment: what the shell writes comes back whole, and
// anything else (another process's data) is checked field by field; what cannot be read is not drawn.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_MARKS, readOverlayPage } from '../../../src/panel/overlay/overlay-view.js';
import { overlayFragment } from '../../../src/main/panel/overlay-window.js';
import type { OverlayMark } from '../../../src/shared/contracts/ipc-contract.js';

const mark = (id: number, over: Partial<Record<keyof OverlayMark, unknown>> = {}) => ({
  id,
  role: 'button',
  label: `Button ${id}`,
  x: 10 * id,
  y: 20,
  width: 30,
  height: 12,
  ...over,
});
const fragment = (data: unknown): string => `#${encodeURIComponent(JSON.stringify(data))}`;
const page = (over: Record<string, unknown> = {}) => ({ app: 'gedit', marks: [mark(1), mark(2)], origin: { x: 0, y: 0 }, highlight: [], ...over });

describe('readOverlayPage', () => {
  it('reads back what the shell writes', () => {
    const view = { app: 'LibreOffice Calc', marks: [mark(1), mark(7, { label: 'Sum “Σ” #1 %20 & 100%' })] as OverlayMark[] };
    expect(readOverlayPage(overlayFragment(view, { x: -1920, y: 24 }, [7]))).toEqual({
      app: 'LibreOffice Calc',
      marks: view.marks,
      origin: { x: -1920, y: 24 },
      highlight: [7],
      grid: false,
    });
    // The mouse grid's page says so; only a real true makes it a grid.
    expect(readOverlayPage(fragment(page({ grid: true })))?.grid).toBe(true);
    expect(readOverlayPage(fragment(page({ grid: 'yes' })))?.grid).toBe(false);
  });

  it('round-trips any valid page the shell can write (property)', () => {
    const markArb = fc.record({
      id: fc.integer({ min: 1, max: 10_000 }),
      role: fc.string({ maxLength: 60 }),
      label: fc.string({ maxLength: 200 }),
      x: fc.integer({ min: -10_000, max: 10_000 }),
      y: fc.double({ min: -1e4, max: 1e4, noNaN: true }),
      width: fc.double({ min: 0.5, max: 5000, noNaN: true }),
      height: fc.integer({ min: 1, max: 5000 }),
    });
    fc.assert(
      fc.property(
        fc.string({ maxLength: 200 }),
        fc.array(markArb, { maxLength: 20 }),
        fc.integer(),
        fc.integer(),
        fc.array(fc.integer()),
        (app, marks, x, y, highlight) => {
          const read = readOverlayPage(overlayFragment({ app, marks }, { x, y }, highlight));
          // JSON writes -0 as 0: compare as JSON does.
          expect(read).toEqual(JSON.parse(JSON.stringify({ app, marks, origin: { x, y }, highlight, grid: false })));
        },
      ),
    );
  });

  it('reads the target a confirmation waits on (issue #31): an element’s bounds or a point; one it cannot draw is left out', () => {
    const element = { kind: 'element', label: 'Delete everything', x: 9, y: 66, width: 151, height: 34 } as const;
    const point = { kind: 'point', label: 'the point 640, 400', x: 640, y: 400 } as const;
    expect(readOverlayPage(overlayFragment({ app: '', marks: [] }, { x: 0, y: 0 }, [], element))?.target).toEqual(element);
    expect(readOverlayPage(overlayFragment({ app: 'gedit', marks: [mark(1) as OverlayMark] }, { x: 0, y: 0 }, [], point))).toMatchObject({
      marks: [mark(1)],
      target: point,
    });
    expect(readOverlayPage(fragment(page()))?.target).toBeUndefined();
    for (const bad of [
      { ...element, width: 0 },
      { ...element, height: '34' },
      { ...element, kind: 'box' },
      { ...element, label: 'x'.repeat(201) },
      { ...point, x: null },
      { kind: 'point', x: 1, y: 2 },
      'Delete everything',
    ]) {
      const read = readOverlayPage(fragment(page({ target: bad })));
      expect(read?.marks, JSON.stringify(bad)).toHaveLength(2);
      expect(read?.target, JSON.stringify(bad)).toBeUndefined();
    }
  });

  it('accepts a fragment without the leading #, and a page without highlight', () => {
    const { highlight: _, ...rest } = page();
    expect(readOverlayPage(fragment(rest).slice(1))?.highlight).toEqual([]);
  });

  it('is undefined for what is no overlay description', () => {
    for (const hash of ['', '#', '#%E0%A4%A', '#not-json', fragment(null), fragment([1, 2]), fragment('gedit'), fragment(42)])
      expect(readOverlayPage(hash), hash).toBeUndefined();
  });

  it('is undefined without an app name of at most 200 characters, a mark list or a numeric origin', () => {
    expect(readOverlayPage(fragment(page({ app: 'x'.repeat(200) })))).toBeDefined();
    for (const over of [
      { app: 'x'.repeat(201) },
      { app: 7 },
      { marks: 'none' },
      { marks: undefined },
      { origin: undefined },
      { origin: { x: 0 } },
      { origin: { x: '0', y: 0 } },
      { origin: { x: 0, y: null } },
    ]) {
      expect(readOverlayPage(fragment(page(over))), JSON.stringify(over)).toBeUndefined();
    }
  });

  it('drops each mark it cannot draw and keeps the others', () => {
    const bad = [
      null,
      'mark',
      mark(0),
      mark(-1),
      mark(1.5),
      mark(3, { x: '10' }),
      mark(4, { width: 0 }),
      mark(5, { height: -2 }),
      mark(6, { role: 'r'.repeat(61) }),
      mark(7, { label: 'l'.repeat(201) }),
      mark(8, { label: undefined }),
    ];
    const read = readOverlayPage(fragment(page({ marks: [mark(1), ...bad, mark(9, { role: 'r'.repeat(60), label: 'l'.repeat(200) })] })));
    expect(read?.marks.map((m) => m.id)).toEqual([1, 9]);
  });

  it('keeps only the fields of a mark, so nothing else reaches the page', () => {
    const read = readOverlayPage(fragment(page({ marks: [{ ...mark(1), html: '<img onerror=alert(1)>' }] })));
    expect(read?.marks[0]).toEqual(mark(1));
  });

  it('reads at most MAX_MARKS marks', () => {
    const marks = Array.from({ length: MAX_MARKS + 5 }, (_, i) => mark(i + 1));
    const read = readOverlayPage(fragment(page({ marks })));
    expect(read?.marks).toHaveLength(MAX_MARKS);
    expect(read?.marks.at(-1)?.id).toBe(MAX_MARKS);
  });

  it('keeps only the numbers of the highlight, and none when it is no list', () => {
    expect(readOverlayPage(fragment(page({ highlight: [1, '2', null, 3.5, 4] })))?.highlight).toEqual([1, 3.5, 4]);
    expect(readOverlayPage(fragment(page({ highlight: 3 })))?.highlight).toEqual([]);
  });
});
