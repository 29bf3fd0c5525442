// Which app a command means and bringing it to the front (src/execution/apps/app-focus.ts), on a scripted
// desktop: apps by name (exact before prefix, never the assistant's own), the app before the panel,
// a bounded wait for the window manager, the keyboard's owner, and a focus read until it settles.
import { describe, expect, it } from 'vitest';
import { OWN_WINDOW_REFUSAL } from '../../../src/execution/apps/app-focus.js';
import { el } from '../element-fixtures.js';
import { fakeDesktop, field, type FakeApp } from '../fake-desktop.js';

const PANEL = 1;
const EDITOR = 10;
const EDGE = 11;
const EDITOR_2 = 12;

const app = (pid: number, name: string, more: Partial<FakeApp> = {}): FakeApp => ({ pid, name, elements: [field(1, 'Body')], ...more });

function desktop(more: { apps?: FakeApp[]; front?: number; keyboardOwner?: number } = {}) {
  return fakeDesktop({
    apps: more.apps ?? [app(PANEL, 'Assistive Control'), app(EDITOR, 'gedit'), app(EDGE, 'gedit-preview'), app(EDITOR_2, 'Gedit')],
    front: 'front' in more ? more.front : EDITOR,
    ownPids: [PANEL],
    tuning: { activateWaitMs: 200, pollMs: 50 },
    ...(more.keyboardOwner !== undefined ? { keyboardOwner: more.keyboardOwner } : {}),
  });
}

describe('pidOf: an app by name', () => {
  // [name asked, pid found, or the failure code]
  const cases: [string, number | string][] = [
    ['gedit', EDITOR], // exact (case-insensitive) before prefix; the frontmost of two exact matches
    ['GEDIT-PREVIEW', EDGE],
    ['gedit-p', EDGE], // a prefix
    ['assistive', 'refused'], // the assistant's own, by any name
    ['firefox', 'not_found'],
  ];
  it.each(cases)('%s → %s', async (name, expected) => {
    const r = await desktop().apps.pidOf(name);
    expect(r.ok ? r.value : r.result.kind === 'failure' && r.result.code).toBe(expected);
  });

  it('prefers an exact name to a longer name in front', async () => {
    const r = await desktop({ front: EDGE }).apps.pidOf('gedit');
    expect(r.ok && r.value).toBe(EDITOR);
  });

  it('prefers the frontmost of two apps of the same name', async () => {
    const r = await desktop({ front: EDITOR_2 }).apps.pidOf('gedit');
    expect(r.ok && r.value).toBe(EDITOR_2);
  });

  it('says an app is not responding rather than "not running" when one is frozen', async () => {
    const d = desktop({ apps: [app(EDITOR, 'gedit', { responding: false })] });
    const r = await d.apps.pidOf('calc');
    expect(r.ok || r.result).toMatchObject({ kind: 'failure', code: 'timeout' });
  });

  it('says why the assistant never acts on itself', async () => {
    const r = await desktop().apps.pidOf('Assistive Control');
    expect(r.ok || r.result).toMatchObject({ reason: OWN_WINDOW_REFUSAL });
  });
});

describe('target: the app the command means', () => {
  it('is the frontmost app, in front', async () => {
    expect(await desktop().apps.target()).toEqual({ pid: EDITOR, name: 'gedit', inFront: true });
  });

  it('is the app the user was in before while the panel is in front', async () => {
    const d = desktop();
    await d.apps.target();
    d.state.front = PANEL;
    expect(await d.apps.target()).toEqual({ pid: EDITOR, name: 'gedit', inFront: false });
  });
});

describe('raise: bringing an app to the front', () => {
  it('does nothing when it is already in front', async () => {
    const d = desktop();
    expect((await d.apps.raise({ pid: EDITOR, name: 'gedit' })).ok).toBe(true);
    expect(d.calls.filter((c) => c.startsWith('activateApp'))).toEqual([]);
  });

  it('activates it and waits until the bridge says it is in front', async () => {
    const d = desktop({ front: PANEL });
    expect((await d.apps.raise({ pid: EDGE, name: 'gedit-preview' })).ok).toBe(true);
    expect(d.calls).toContain(`activateApp ${EDGE}`);
  });

  it.each<[string, FakeApp['refusesFront']]>([
    ['a window manager that never brings it: gives up after the wait', true],
    ['a platform that cannot: says so at once', 'unsupported'],
  ])('%s', async (_, refusesFront) => {
    const d = desktop({ apps: [app(PANEL, 'Assistive Control'), app(EDITOR, 'gedit', { refusesFront })], front: PANEL });
    const r = await d.apps.raise({ pid: EDITOR, name: 'gedit' });
    expect(r.ok || r.result).toMatchObject({ kind: 'failure', code: 'unsupported' });
    const waited = d.clock.slept.reduce((a, b) => a + b, 0);
    expect(waited >= 200).toBe(refusesFront === true);
  });
});

describe('keysGoElsewhere: the window system names who has the keyboard', () => {
  it.each<[string, number | undefined, boolean]>([
    ['it cannot tell', undefined, false],
    ['the app that was read', EDITOR, false],
    ['the assistant itself', PANEL, false],
    ['another app', EDGE, true],
  ])('%s → %s', async (_, owner, elsewhere) => {
    const d = desktop(owner === undefined ? {} : { keyboardOwner: owner });
    expect(await d.apps.keysGoElsewhere(EDITOR)).toBe(elsewhere);
  });
});

describe('the focused element', () => {
  const withFocus = () => desktop({ apps: [app(EDITOR, 'gedit', { elements: [field(1, 'Title'), field(2, 'Body')], focus: 1 })] });

  it('is read once when the engine did not just act', async () => {
    const d = withFocus();
    expect((await d.apps.settledFocus())?.element.name).toBe('Title');
    expect(d.clock.slept).toEqual([]);
  });

  it('is read until two readings agree after the engine acted', async () => {
    const d = withFocus();
    d.apps.noteActed();
    const sleep = d.clock.sleep;
    // The Tab sent a moment ago lands after the first reading.
    d.clock.sleep = async (ms) => {
      d.app(EDITOR).focus = 2;
      return sleep(ms);
    };
    expect((await d.apps.settledFocus())?.element.name).toBe('Body');
  });

  it('is no longer the same once another element took it', async () => {
    const d = withFocus();
    const judged = await d.apps.focusedElement();
    expect((await d.apps.stillFocused(judged)).same).toBe(true);
    d.app(EDITOR).focus = 2;
    expect((await d.apps.stillFocused(judged)).same).toBe(false);
  });
});

describe("the assistant's own windows", () => {
  it('are in the way of a point they cover', async () => {
    const panel = app(PANEL, 'Assistive Control', { elements: [el(5, 'window', 'Panel', { bounds: { x: 900, y: 0, width: 100, height: 100 } })] });
    const d = desktop({ apps: [panel, app(EDITOR, 'gedit')] });
    expect(await d.apps.ownWindowAt({ x: 950, y: 50 })).toBe(true);
  });
});
