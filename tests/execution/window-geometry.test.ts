import { describe, expect, it } from 'vitest';
import { frameNear, halfOf, monitorIndexOf, onOtherMonitor, usableArea } from '../../src/execution/window-geometry.js';

const LEFT = { x: 0, y: 0, width: 1920, height: 1080 };
const RIGHT = { x: 1920, y: 0, width: 1280, height: 1024 };

describe('window geometry', () => {
  it('halves the work area, the odd pixel to the right', () => {
    const area = { x: 0, y: 30, width: 1025, height: 700 };
    expect(halfOf(area, 'left')).toEqual({ x: 0, y: 30, width: 512, height: 700 });
    expect(halfOf(area, 'right')).toEqual({ x: 512, y: 30, width: 513, height: 700 });
  });

  it('finds the monitor holding the centre, else the one overlapped most', () => {
    expect(monitorIndexOf({ x: 1800, y: 10, width: 400, height: 300 }, [LEFT, RIGHT])).toBe(1);
    expect(monitorIndexOf({ x: 100, y: 10, width: 400, height: 300 }, [LEFT, RIGHT])).toBe(0);
    expect(monitorIndexOf({ x: 5000, y: 10, width: 400, height: 300 }, [LEFT, RIGHT])).toBe(-1);
  });

  it('keeps the work area to the window’s monitor', () => {
    const work = { x: 0, y: 24, width: 3200, height: 1000 };
    expect(usableArea(work, RIGHT)).toEqual({ x: 1920, y: 24, width: 1280, height: 1000 });
    expect(usableArea(work, undefined)).toEqual(work);
  });

  it('moves a window to the same place on the next monitor, made to fit, round to the first', () => {
    expect(onOtherMonitor({ x: 100, y: 50, width: 800, height: 600 }, [LEFT, RIGHT])).toEqual({ x: 2020, y: 50, width: 800, height: 600 });
    expect(onOtherMonitor({ x: 1000, y: 500, width: 1600, height: 1000 }, [LEFT, RIGHT])).toEqual({ x: 1920, y: 24, width: 1280, height: 1000 });
    expect(onOtherMonitor({ x: 2020, y: 50, width: 800, height: 600 }, [LEFT, RIGHT])).toEqual({ x: 100, y: 50, width: 800, height: 600 });
    expect(onOtherMonitor({ x: 100, y: 50, width: 800, height: 600 }, [LEFT])).toBeNull();
  });

  it('accepts a frame within the tolerance only', () => {
    expect(frameNear({ x: 2, y: 0, width: 510, height: 700 }, { x: 0, y: 0, width: 512, height: 700 })).toBe(true);
    expect(frameNear({ x: 100, y: 0, width: 512, height: 700 }, { x: 0, y: 0, width: 512, height: 700 })).toBe(false);
  });
});
