// A stuck panel page is loaded again (issue #31). The page is a stand-in for Electron's webContents
// (no Electron binary runs here) that emits Electron's documented events; the grace's timer is the
// test's, released when the test says the time is up.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { PANEL_RELOADED, reloadStuckPage, type WatchedPage } from '../../src/main/panel/panel-watchdog.js';

class Page extends EventEmitter implements WatchedPage {
  readonly did: string[] = [];
  destroyed = false;
  forcefullyCrashRenderer(): void {
    this.did.push('crash');
    // Electron reports the renderer it ended as gone, as it would any other.
    this.emit('render-process-gone', {}, { reason: 'killed' });
  }
  reload(): void {
    this.did.push('reload');
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
}

function watched(): { page: Page; timers: Array<{ ms: number; fire: () => void; cancelled: boolean }>; told: string[] } {
  const page = new Page();
  const timers: Array<{ ms: number; fire: () => void; cancelled: boolean }> = [];
  const told: string[] = [];
  reloadStuckPage(page, {
    after: (ms, fire) => {
      const timer = { ms, fire, cancelled: false };
      timers.push(timer);
      return () => void (timer.cancelled = true);
    },
    log: () => undefined,
    tell: (message) => told.push(message),
    graceMs: 5000,
  });
  return { page, timers, told };
}

describe('the panel page watch', () => {
  it('a page that does not answer within the grace is ended and loaded once again, and says so when back', () => {
    const { page, timers, told } = watched();
    page.emit('unresponsive');
    page.emit('unresponsive');
    expect(timers).toHaveLength(1);
    expect(timers[0]?.ms).toBe(5000);
    expect(page.did).toEqual([]);
    timers[0]?.fire();
    expect(page.did).toEqual(['crash', 'reload']);
    expect(told).toEqual([]);
    page.emit('did-finish-load');
    expect(told).toEqual([PANEL_RELOADED]);
    page.emit('did-finish-load');
    expect(told).toHaveLength(1);
  });

  it('a page that answers again within the grace is left alone', () => {
    const { page, timers } = watched();
    page.emit('unresponsive');
    page.emit('responsive');
    expect(timers[0]?.cancelled).toBe(true);
    expect(page.did).toEqual([]);
    // Stuck again later: a new grace.
    page.emit('unresponsive');
    expect(timers).toHaveLength(2);
  });

  it('a renderer that died on its own is loaded again at once', () => {
    const { page, told } = watched();
    page.emit('render-process-gone', {}, { reason: 'oom' });
    expect(page.did).toEqual(['reload']);
    page.emit('did-finish-load');
    expect(told).toEqual([PANEL_RELOADED]);
  });

  it('a closed window is not loaded again', () => {
    const { page, timers } = watched();
    page.emit('unresponsive');
    page.destroyed = true;
    timers[0]?.fire();
    expect(page.did).toEqual([]);
  });
});
