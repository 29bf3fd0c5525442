import { EventEmitter } from 'node:events';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isReachable, loadPanelBounds, persistPanelBounds, type Area } from '../../src/main/panel/window-bounds.js';

const laptop: Area = { x: 0, y: 25, width: 1440, height: 875 };
const rightMonitor: Area = { x: 1440, y: 0, width: 1920, height: 1080 };

describe('reachable bounds', () => {
  it('accepts a panel on any display, and one partly off an edge with its title bar on screen', () => {
    expect(isReachable({ x: 100, y: 100, width: 420, height: 640 }, [laptop])).toBe(true);
    expect(isReachable({ x: 2000, y: 100, width: 420, height: 640 }, [laptop, rightMonitor])).toBe(true);
    expect(isReachable({ x: 1300, y: 100, width: 420, height: 640 }, [laptop])).toBe(true);
  });

  it('refuses a panel on an unplugged display, a sliver at an edge, or a title bar out of reach', () => {
    expect(isReachable({ x: 2000, y: 100, width: 420, height: 640 }, [laptop])).toBe(false);
    expect(isReachable({ x: 1400, y: 100, width: 420, height: 640 }, [laptop])).toBe(false);
    expect(isReachable({ x: 100, y: 10, width: 420, height: 640 }, [laptop])).toBe(false);
    expect(isReachable({ x: 100, y: 880, width: 420, height: 640 }, [laptop])).toBe(false);
  });
});

class FakeWindow extends EventEmitter {
  bounds: Area = { x: 10, y: 40, width: 420, height: 640 };
  getBounds(): Area {
    return { ...this.bounds };
  }
  isDestroyed(): boolean {
    return false;
  }
}

describe('persisting the bounds', () => {
  it('writes once after a drag settles, atomically, in a file the loader reads back', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ac-bounds-'));
    const file = join(dir, 'panel-bounds.json');
    const window = new FakeWindow();
    const errors: unknown[] = [];
    persistPanelBounds(window, file, (e) => errors.push(e), 50);
    for (let x = 20; x <= 200; x += 20) {
      window.bounds = { ...window.bounds, x };
      window.emit('moved');
    }
    await expect(readFile(file, 'utf8')).rejects.toThrow(/ENOENT/);
    await new Promise((r) => setTimeout(r, 150));
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ x: 200, y: 40, width: 420, height: 640 });
    expect(await loadPanelBounds(file, [laptop])).toEqual({ bounds: { x: 200, y: 40, width: 420, height: 640 } });
    expect(errors).toEqual([]);
  });

  it('reports a failed write and keeps going', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ac-bounds-'));
    await writeFile(join(dir, 'not-a-folder'), '');
    const window = new FakeWindow();
    const errors: unknown[] = [];
    const flush = persistPanelBounds(window, join(dir, 'not-a-folder', 'panel-bounds.json'), (e) => errors.push(e), 10_000);
    window.emit('resized');
    await flush();
    expect(errors).toHaveLength(1);
  });

  it('says why saved bounds were not used', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ac-bounds-'));
    const file = join(dir, 'panel-bounds.json');
    expect(await loadPanelBounds(file, [laptop])).toEqual({ bounds: undefined, why: 'missing' });
    await writeFile(file, 'not json');
    expect(await loadPanelBounds(file, [laptop])).toEqual({ bounds: undefined, why: 'corrupt' });
    await writeFile(file, JSON.stringify({ x: 1, y: 30, width: 420, height: 640, extra: true }));
    expect(await loadPanelBounds(file, [laptop])).toEqual({ bounds: undefined, why: 'invalid' });
    await writeFile(file, JSON.stringify({ x: 5000, y: 30, width: 420, height: 640 }));
    expect(await loadPanelBounds(file, [laptop])).toEqual({ bounds: undefined, why: 'off_screen' });
  });
});
