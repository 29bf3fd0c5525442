// The target-app tracker's rule: the frontmost app unless it is the assistant, else the app the
// user was in before, else a sentence. The desktop half is in target-app.desktop.test.ts.
import { describe, expect, it } from 'vitest';
import type { AxEvent, RunningApp } from '../../../src/execution/accessibility/types.js';
import { NO_TARGET_APP, TargetAppTracker } from '../../../src/execution/apps/target-app.js';

const PANEL = 100; // Electron's main process: the panel's windows
const CORE = 101;
const running = (...apps: Array<[number, string]>): RunningApp[] =>
  apps.map(([pid, name]) => ({ pid, name, bundleId: null, frontmost: false, responding: true }));
const event = (pid: number, app: string, type: AxEvent['type'] = 'focus_changed'): AxEvent => ({ type, pid, app, role: 'text_field', name: '' });

describe('target app', () => {
  it('is the frontmost app when that is not the assistant', () => {
    const t = new TargetAppTracker([PANEL, CORE]);
    expect(t.choose({ pid: 7, name: 'gedit' }, running([7, 'gedit'], [PANEL, 'Assistive Control']))).toEqual({ kind: 'front', app: { pid: 7, name: 'gedit' } });
  });

  it('is the app read as frontmost before, when the assistant is in front now', () => {
    const t = new TargetAppTracker([PANEL, CORE]);
    t.choose({ pid: 7, name: 'gedit' }, []);
    expect(t.choose({ pid: PANEL, name: 'Assistive Control' }, running([7, 'gedit'], [PANEL, 'Assistive Control']))).toEqual({
      kind: 'previous',
      app: { pid: 7, name: 'gedit' },
    });
  });

  it('is the last app a focus or window event came from, never the assistant', () => {
    const t = new TargetAppTracker([PANEL, CORE]);
    t.noteEvent(event(7, 'gedit'));
    t.noteEvent(event(8, 'Files', 'window_changed'));
    t.noteEvent(event(PANEL, 'Assistive Control'));
    t.noteEvent(event(CORE, 'core'));
    expect(t.lastActive).toEqual({ pid: 8, name: 'Files' });
    expect(t.choose({ pid: PANEL, name: 'Assistive Control' }, running([7, 'gedit'], [8, 'Files']))).toEqual({
      kind: 'previous',
      app: { pid: 8, name: 'Files' },
    });
  });

  it('uses the app before when no app has an active window (the panel not on the bus)', () => {
    const t = new TargetAppTracker([PANEL]);
    t.noteActive({ pid: 7, name: 'gedit' });
    expect(t.choose(undefined, running([7, 'gedit']))).toEqual({ kind: 'previous', app: { pid: 7, name: 'gedit' } });
  });

  it('says what to do when only the assistant was ever active', () => {
    const t = new TargetAppTracker([PANEL, CORE]);
    t.noteEvent(event(PANEL, 'Assistive Control'));
    expect(t.choose({ pid: PANEL, name: 'Assistive Control' }, running([PANEL, 'Assistive Control']))).toEqual({ kind: 'none', reason: NO_TARGET_APP });
    expect(NO_TARGET_APP).toBe('Click the app you want me to use, then send the command again.');
  });

  it('forgets an app that has quit, and does not come back to it', () => {
    const t = new TargetAppTracker([PANEL]);
    t.noteActive({ pid: 7, name: 'gedit' });
    expect(t.choose({ pid: PANEL, name: 'Assistive Control' }, running([PANEL, 'Assistive Control']))).toEqual({ kind: 'none', reason: NO_TARGET_APP });
    expect(t.lastActive).toBeUndefined();
    // A new process that later gets pid 7 is not the app the user was in.
    expect(t.choose({ pid: PANEL, name: 'Assistive Control' }, running([7, 'other'], [PANEL, 'Assistive Control']))).toMatchObject({ kind: 'none' });
  });

  it('without own pids (the CLI) the frontmost app is always the target', () => {
    const t = new TargetAppTracker();
    expect(t.hasOwnPids).toBe(false);
    expect(t.choose({ pid: PANEL, name: 'xterm' }, [])).toEqual({ kind: 'front', app: { pid: PANEL, name: 'xterm' } });
  });

  it('ignores pids that are not processes', () => {
    const t = new TargetAppTracker([0, -1, Number.NaN]);
    expect(t.hasOwnPids).toBe(false);
    t.noteActive({ pid: 0, name: 'nothing' });
    expect(t.lastActive).toBeUndefined();
  });

  it('listens to the bridge events and stops when asked', async () => {
    let listener: ((e: AxEvent) => void) | undefined;
    let stopped = false;
    const t = new TargetAppTracker([PANEL]);
    const stop = await t.listen({
      onEvent: async (l) => {
        listener = l;
        return async () => void (stopped = true);
      },
    });
    listener?.(event(9, 'Calculator'));
    expect(t.lastActive).toEqual({ pid: 9, name: 'Calculator' });
    await stop();
    expect(stopped).toBe(true);
  });
});
