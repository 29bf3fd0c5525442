// "What's open" and "switch to X" (issue #18): the running apps in one sentence, without the
// assistant's own windows; the running app "open X" brings to the front instead of starting another.
import { describe, expect, it } from 'vitest';
import type { RunningApp } from '../../../src/execution/accessibility/types.js';
import { runningAppNamed, runningAppsObservation } from '../../../src/execution/apps/app-list.js';

const app = (pid: number, name: string, more: Partial<RunningApp> = {}): RunningApp => ({
  pid,
  name,
  bundleId: null,
  frontmost: false,
  responding: true,
  ...more,
});
const notOwn = (): boolean => false;

describe('the running apps', () => {
  it('says each app once, the one in front first, then by name, and which one is not responding', () => {
    const apps = [
      app(3, 'gedit'),
      app(4, 'Firefox', { frontmost: true }),
      app(5, 'Calculator', { responding: false }),
      app(6, 'gedit'),
      app(9, 'Assistive Control'),
      app(10, '  '),
    ];
    expect(runningAppsObservation(apps, (pid) => pid === 9)).toEqual({
      kind: 'observation',
      text: '3 apps are open: “Firefox” (in front), “Calculator” (not responding), “gedit”.',
    });
  });

  it('says when there is none, and counts past thirty instead of naming them all', () => {
    expect(runningAppsObservation([], notOwn)).toEqual({ kind: 'observation', text: expect.stringMatching(/^No apps are open/) });
    expect(runningAppsObservation([app(1, 'Only')], notOwn)).toEqual({ kind: 'observation', text: '1 app is open: “Only”.' });
    const many = Array.from({ length: 35 }, (_, i) => app(i + 1, `App ${String(i + 1).padStart(2, '0')}`));
    const result = runningAppsObservation(many, notOwn);
    expect(result.kind === 'observation' && result.text).toMatch(/^35 apps are open: “App 01”, .*“App 30” and 5 more\.$/);
  });

  it('finds the running app "switch to X" names: any case, never the assistant itself, not one that hangs', () => {
    const apps = [
      app(3, 'gedit'),
      app(4, 'Firefox'),
      app(5, 'Calculator', { responding: false }),
      app(9, 'Assistive Control'),
      app(11, 'Firefox', { frontmost: true }),
    ];
    expect(runningAppNamed(apps, 'firefox', notOwn)?.pid).toBe(11);
    expect(runningAppNamed(apps, 'GEDIT', notOwn)?.pid).toBe(3);
    expect(runningAppNamed(apps, 'Fire', notOwn)).toBeUndefined(); // a prefix is left to the launcher
    expect(runningAppNamed(apps, 'Calculator', notOwn)).toBeUndefined();
    expect(runningAppNamed(apps, 'Assistive Control', (pid) => pid === 9)).toBeUndefined();
  });
});
