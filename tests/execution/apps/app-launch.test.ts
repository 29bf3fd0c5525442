// open_application (src/execution/apps/app-launch.ts) on a scripted desktop: an app already open is
// brought to the front, not started again; a launched app counts once its window shows (or an app
// of its name does, for launchers); a window that never shows is a sentence after the wait.
import { describe, expect, it } from 'vitest';
import { AccessibilityError } from '../../../src/execution/accessibility/types.js';
import { openApplication } from '../../../src/execution/apps/app-launch.js';
import type { LaunchTarget } from '../../../src/execution/accessibility/ax-bridge.js';
import { fakeDesktop, type FakeApp } from '../fake-desktop.js';

const SHELL = 2;

function desktop(apps: FakeApp[] = [{ pid: SHELL, name: 'Files', elements: [] }]) {
  const d = fakeDesktop({ apps, front: SHELL, tuning: { windowWaitMs: 1000, pollMs: 50 } });
  const launched: LaunchTarget[] = [];
  /** What the launch does: which app appears (after how many polls), under which pid and name. */
  const launches = (appear: FakeApp | undefined, as: { pid: number; name: string; id: string; menuBarOnly?: boolean }, notByName = false) => {
    d.bridge.launchApp = async (target) => {
      launched.push(target);
      if (notByName && 'name' in target) throw new AccessibilityError('not_found', 'No installed application is called that.');
      if (appear) apps.push(appear);
      return as;
    };
  };
  return { d, launched, launches };
}

describe('openApplication', () => {
  it('switches to an app that is already open instead of starting another', async () => {
    const { d, launched } = desktop([
      { pid: SHELL, name: 'Files', elements: [] },
      { pid: 7, name: 'gedit', elements: [] },
    ]);
    const r = await openApplication(d.parts, 'gedit', {});
    expect(r).toMatchObject({ kind: 'success', message: expect.stringContaining('already open') });
    expect(d.state.front).toBe(7);
    expect(launched).toEqual([]);
  });

  it.each<[string, FakeApp | undefined, string, string]>([
    ['the launched process shows its window', { pid: 9, name: 'gedit', elements: [] }, 'success', 'its window'],
    ['a launcher hands over to an app of that name', { pid: 99, name: 'gedit', elements: [] }, 'success', 'its window'],
    ['it starts but never shows a window', { pid: 9, name: 'gedit', elements: [], responding: false }, 'failure', 'showed no window'],
    ['nothing of that name ever appears', undefined, 'failure', 'did not appear'],
  ])('%s', async (_, appears, kind, words) => {
    const { d, launches } = desktop();
    launches(appears, { pid: 9, name: 'gedit', id: 'org.gnome.gedit.desktop' });
    const r = await openApplication(d.parts, 'gedit', {});
    expect(r.kind).toBe(kind);
    expect(r.kind === 'success' ? r.message : r.kind === 'failure' ? r.reason : '').toContain(words);
  });

  it('a launch still starting at the bridge deadline (no pid yet, macOS) is found by name when its window shows', async () => {
    const { d, launches } = desktop();
    launches({ pid: 31, name: 'Xcode', elements: [] }, { pid: 0, name: 'Xcode', id: 'com.apple.dt.Xcode' });
    const r = await openApplication(d.parts, 'Xcode', {});
    expect(r).toMatchObject({ kind: 'success', message: expect.stringContaining('its window') });
  });

  it('a menu-bar app (macOS) counts as opened once it runs, with no window to wait for', async () => {
    const { d, launches } = desktop();
    launches(undefined, { pid: 41, name: 'Rectangle', id: 'com.knollsoft.Rectangle', menuBarOnly: true });
    const r = await openApplication(d.parts, 'Rectangle', {});
    expect(r).toEqual({ kind: 'success', message: 'Started “Rectangle”: it lives in the menu bar, with no window of its own.' });
  });

  it('tries the name as a desktop id when no app is called that', async () => {
    const { d, launched, launches } = desktop();
    launches({ pid: 9, name: 'Text Editor', elements: [] }, { pid: 9, name: 'Text Editor', id: 'org.gnome.TextEditor.desktop' }, true);
    const r = await openApplication(d.parts, 'org.gnome.TextEditor', {});
    expect(r.kind).toBe('success');
    expect(launched).toEqual([{ name: 'org.gnome.TextEditor' }, { id: 'org.gnome.TextEditor' }]);
  });

  it('starts nothing when the gate says no', async () => {
    const { d, launched, launches } = desktop();
    launches({ pid: 9, name: 'gedit', elements: [] }, { pid: 9, name: 'gedit', id: 'gedit' });
    const stop = { kind: 'failure', code: 'refused', reason: 'No.' } as const;
    expect(await openApplication(d.parts, 'gedit', { gate: () => stop })).toBe(stop);
    expect(launched).toEqual([]);
  });
});
