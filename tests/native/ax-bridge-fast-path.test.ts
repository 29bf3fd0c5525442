// The bridge's fast path (the app's own accessibility cache, read in one call) against its full
// walk on the same apps, element by element; and the bridge with a screen reader running beside it
// (a second assistive client registered for every event, which is what once wedged the bridge
// thread inside libatspi). Real GTK apps on the private headless desktop.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AxBridge } from '../../src/execution/accessibility/ax-bridge.js';
import type { SnapshotOptions } from '../../src/execution/accessibility/ax-bridge.js';
import { AccessibilityError, type AxElement, type AxEvent, type AxSnapshot } from '../../src/execution/accessibility/types.js';
import { SYSTEM_PYTHON, desktopSkipReason, sleep, startApp, startFixtureApp, stopApp, stopApps, until } from '../support/desktop.js';
import { openBridge } from '../support/fixture-window.js';

const skip = desktopSkipReason();
const SCREEN_READER = fileURLToPath(new URL('./screen-reader-client.py', import.meta.url));
const HOSTILE_APP = fileURLToPath(new URL('../fixtures/hostile-atspi-app.py', import.meta.url));

function find(snap: AxSnapshot, role: string, name: string): AxElement {
  const found = snap.elements.find((e) => e.role === role && e.name === name);
  if (!found) throw new Error(`no ${role} named '${name}' in ${snap.elements.map((e) => `${e.role}:${e.name}`).join(', ')}`);
  return found;
}

/** The fast path: the app's cache read now, or as read before with what the app said changed read again. */
const FAST = new Set(['app_cache', 'mirror']);

/** One line per element, so that a difference shows as the elements that differ. */
function lines(snap: AxSnapshot): string[] {
  return snap.elements.map((e) => JSON.stringify(e));
}

describe.skipIf(skip !== '')('accessibility bridge fast path', () => {
  let bridge: AxBridge;
  let fixture: ChildProcess;
  let factory: ChildProcess;
  let many: ChildProcess;

  beforeAll(async () => {
    bridge = await openBridge();
    fixture = startFixtureApp();
    factory = startApp('gtk3-widget-factory');
    many = startFixtureApp('--many', '300');
    for (const app of [fixture, factory, many]) await bridge.waitForApp({ pid: app.pid ?? 0 });
    await sleep(500); // let them finish drawing
  });

  afterAll(async () => {
    await stopApps();
  });

  async function both(options: SnapshotOptions): Promise<{ fast: AxSnapshot; walked: AxSnapshot }> {
    // The first snapshot lets the app build its cache (it does once some client listens to events).
    await until('the app cache', async () => (FAST.has((await bridge.snapshot(options)).source ?? '') ? true : undefined));
    const fast = await bridge.snapshot({ ...options, useCache: true });
    const walked = await bridge.snapshot({ ...options, useCache: false });
    return { fast, walked };
  }

  for (const [title, app, showingOnly] of [
    ['the fixture, what is showing', () => fixture, true],
    ['gtk3-widget-factory, what is showing', () => factory, true],
    ['gtk3-widget-factory, the whole tree (hidden pages and closed menus too)', () => factory, false],
    ['a window of 600 elements, the whole tree', () => many, false],
  ] as const) {
    it(`reads the same elements from the app cache as by walking: ${title}`, async () => {
      const { fast, walked } = await both({ pid: app().pid ?? 0, showingOnly, maxNodes: 99_999, deadlineMs: 20_000 });
      expect(FAST.has(fast.source ?? '')).toBe(true);
      expect(walked.source).toBe('walk');
      expect(fast.truncated).toBe('none');
      expect(walked.truncated).toBe('none');
      expect(fast.elements.length).toBeGreaterThan(showingOnly ? 8 : 250);
      expect(lines(fast)).toEqual(lines(walked));
    });
  }

  it('reads a label changed by a press from the app cache at once, press after press', async () => {
    // at-spi2-atk builds each GetItems entry from the live object (atk_object_get_name, the state
    // set): the cache is an index of objects, not of their names. So the snapshot right after a press
    // shows the label's new text, and agrees with the walk.
    const pid = fixture.pid ?? 0;
    const label = (snap: AxSnapshot): string => snap.elements.find((e) => e.role === 'text' && e.name.startsWith('Pressed '))?.name ?? '';
    await until('the app cache', async () => (FAST.has((await bridge.snapshot({ pid })).source ?? '') ? true : undefined));
    for (let i = 0; i < 10; i++) {
      const before = await bridge.snapshot({ pid });
      const n = Number(/^Pressed (\d+) times$/.exec(label(before))?.[1]);
      await bridge.performAction({ generation: before.generation, id: find(before, 'button', 'Press me').id }, 'press');
      const fast = await bridge.snapshot({ pid });
      expect(FAST.has(fast.source ?? '')).toBe(true);
      expect(label(fast)).toBe(`Pressed ${n + 1} times`);
      expect(label(await bridge.snapshot({ pid, useCache: false }))).toBe(label(fast));
    }
  });

  it('keeps the same depth-first prefix when the node or depth budget cuts the tree', async () => {
    const pid = factory.pid ?? 0;
    const whole = await bridge.snapshot({ pid, showingOnly: false, maxNodes: 99_999 });
    const cut = await bridge.snapshot({ pid, showingOnly: false, maxNodes: 40 });
    expect(cut.truncated).toBe('max_nodes');
    expect(lines(cut)).toEqual(lines(whole).slice(0, 40));
    const walkedCut = await bridge.snapshot({ pid, showingOnly: false, maxNodes: 40, useCache: false });
    expect(lines(walkedCut)).toEqual(lines(cut));
    const shallow = await bridge.snapshot({ pid, showingOnly: false, maxDepth: 3 });
    expect(shallow.truncated).toBe('max_depth');
    expect(lines(shallow)).toEqual(
      lines({ ...whole, elements: whole.elements.filter((e) => e.depth <= 3).map(renumber) }),
    );
  });

  describe("the mirror: the app's cache kept between snapshots by the app's own change events", () => {
    let app: ChildProcess;
    let pid = 0;
    const walked = async () => lines(await bridge.snapshot({ pid, useCache: false }));

    beforeAll(async () => {
      app = startFixtureApp();
      pid = app.pid ?? 0;
      await bridge.waitForApp({ pid });
      await until('the mirror', async () => ((await bridge.snapshot({ pid })).source === 'mirror' ? true : undefined));
    });

    afterAll(async () => {
      await stopApp(app);
    });

    it('serves a snapshot of an app that did not change from the mirror, equal to a walk', async () => {
      const mirrored = await bridge.snapshot({ pid });
      expect(mirrored.source).toBe('mirror');
      expect(lines(mirrored)).toEqual(await walked());
    });

    it('reads again what the app said changed: a label, a check box, a field name', async () => {
      for (let i = 0; i < 5; i++) {
        const before = await bridge.snapshot({ pid });
        await bridge.performAction({ generation: before.generation, id: find(before, 'button', 'Press me').id }, 'press');
        await bridge.performAction({ generation: before.generation, id: find(before, 'check_box', 'Subscribe').id }, 'press');
        const after = await bridge.snapshot({ pid });
        // Nothing came or went: the mirror served it, with the changed elements read again.
        expect(after.source).toBe('mirror');
        const wasChecked = find(before, 'check_box', 'Subscribe').states.includes('checked');
        expect(find(after, 'check_box', 'Subscribe').states.includes('checked')).toBe(!wasChecked);
        const pressed = (s: AxSnapshot) => Number(/^Pressed (\d+) times$/.exec(s.elements.find((e) => e.name.startsWith('Pressed '))?.name ?? '')?.[1]);
        expect(pressed(after)).toBe(pressed(before) + 1);
        expect(lines(after)).toEqual(await walked());
      }
    });

    it('reads the whole cache again when elements come or go: a window opened and closed, a button destroyed', async () => {
      let snap = await bridge.snapshot({ pid, showingOnly: false });
      await bridge.performAction({ generation: snap.generation, id: find(snap, 'button', 'Open second window').id }, 'press');
      snap = await until('the second window', async () => {
        const s = await bridge.snapshot({ pid, showingOnly: false });
        return s.elements.some((e) => e.name === 'Close second window') ? s : undefined;
      });
      const opened = snap;
      await bridge.performAction({ generation: opened.generation, id: find(opened, 'button', 'Close second window').id }, 'press');
      await bridge.performAction({ generation: opened.generation, id: find(opened, 'button', 'Vanish').id }, 'press');
      const closed = await until('the window and the button to go', async () => {
        const s = await bridge.snapshot({ pid, showingOnly: false });
        return s.elements.some((e) => e.name === 'Close second window' || e.name === 'Vanish') ? undefined : s;
      });
      expect(closed.elements.length).toBeGreaterThan(5);
      // Equal to a walk once GTK has laid the window out again (bounds are read afresh every time).
      await until('the same elements as a walk', async () => {
        const fast = lines(await bridge.snapshot({ pid, showingOnly: false }));
        return JSON.stringify(fast) === JSON.stringify(lines(await bridge.snapshot({ pid, showingOnly: false, useCache: false }))) ? true : undefined;
      });
      // Once it settled, the mirror serves it again.
      await until('the mirror again', async () => ((await bridge.snapshot({ pid })).source === 'mirror' ? true : undefined));
    });

    it('follows the changes of several apps at once, and drops the mirror of an app that quit', async () => {
      const other = startFixtureApp();
      const otherPid = other.pid ?? 0;
      await bridge.waitForApp({ pid: otherPid });
      await until('its mirror', async () => ((await bridge.snapshot({ pid: otherPid })).source === 'mirror' ? true : undefined));
      const mine = await bridge.snapshot({ pid });
      expect(mine.source).toBe('mirror');
      await bridge.performAction({ generation: mine.generation, id: find(mine, 'button', 'Press me').id }, 'press');
      const theirs = await bridge.snapshot({ pid: otherPid });
      expect(theirs.elements.find((e) => e.name.startsWith('Pressed '))?.name).toBe('Pressed 0 times');
      const again = await bridge.snapshot({ pid });
      expect(again.source).toBe('mirror');
      expect(lines(again)).toEqual(await walked());
      await stopApp(other);
      const gone = await bridge.snapshot({ pid: otherPid }).catch((e: unknown) => e);
      expect(gone).toBeInstanceOf(AccessibilityError);
    });
  });

  it('never presses an element renamed since it was read, even by an app that says nothing of it; then reads that app whole', async () => {
    // The hostile fixture keeps a cache but sends no change signal: its mirror cannot know.
    const sly = spawn(SYSTEM_PYTHON, [HOSTILE_APP, '--mode', 'sly', '--name', 'Sly App'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const printed: string[] = [];
    sly.stdout?.on('data', (d: Buffer) => printed.push(...d.toString().split('\n').filter((l) => l !== '')));
    try {
      const pid = sly.pid ?? 0;
      await bridge.waitForApp({ pid });
      await until('the mirror', async () => ((await bridge.snapshot({ pid, showingOnly: false })).source === 'mirror' ? true : undefined));
      const before = await bridge.snapshot({ pid, showingOnly: false });
      const keep = find(before, 'button', 'Keep my files');
      await bridge.performAction({ generation: before.generation, id: find(before, 'button', 'Hostile Button').id }, 'press');
      // The button is now "Delete all files" in the app. Pressing what was read as "Keep my files":
      await expect(bridge.performAction({ generation: before.generation, id: keep.id }, 'press')).rejects.toMatchObject({
        code: 'stale',
        message: expect.stringMatching(/renamed or replaced since it was read/),
      });
      // The next snapshot reads the app whole and tells the new name; pressed by it, it is pressed.
      const after = await bridge.snapshot({ pid, showingOnly: false });
      expect(after.source).toBe('app_cache');
      const renamed = find(after, 'button', 'Delete all files');
      expect(after.elements.some((e) => e.name === 'Keep my files')).toBe(false);
      expect(printed.filter((l) => l.startsWith('pressed'))).toEqual([]);
      await bridge.performAction({ generation: after.generation, id: renamed.id }, 'press');
      await until('the press', async () => (printed.includes('pressed Delete all files') ? true : undefined));
    } finally {
      await stopApp(sly);
    }
  });

  describe('faults on the fast path (direct connection to the app open)', () => {
    it('stops at the deadline with a depth-first prefix of the tree', async () => {
      const pid = many.pid ?? 0;
      const whole = await bridge.snapshot({ pid, showingOnly: false, maxNodes: 99_999, deadlineMs: 20_000 });
      expect(FAST.has(whole.source ?? '')).toBe(true);
      // Short enough that reading 600 elements cannot finish; an error is fine too if nothing came. Read
      // afresh: from the bridge's mirror, with the bounds it kept, an unchanged app takes a few calls.
      const cut = await bridge.snapshot({ pid, showingOnly: false, maxNodes: 99_999, deadlineMs: 8, useMirror: false }).catch((e: unknown) => e);
      if (cut instanceof AccessibilityError) {
        expect(cut.code).toBe('timeout');
      } else {
        const snap = cut as AxSnapshot;
        expect(snap.truncated).toBe('deadline');
        expect(snap.elements.length).toBeLessThan(whole.elements.length);
        expect(lines(snap)).toEqual(lines(whole).slice(0, snap.elements.length));
      }
      // The bridge is not left in a bad state.
      expect((await bridge.snapshot({ pid, showingOnly: false, maxNodes: 99_999, deadlineMs: 20_000 })).elements.length).toBe(whole.elements.length);
    });

    it('gives a clear error within the deadline for an app frozen after it was read, and keeps working', async () => {
      const frozen = startFixtureApp();
      const pid = frozen.pid ?? 0;
      await bridge.waitForApp({ pid });
      await until('the app cache', async () => (FAST.has((await bridge.snapshot({ pid })).source ?? '') ? true : undefined));
      const before = await bridge.snapshot({ pid });
      const press = { generation: before.generation, id: find(before, 'button', 'Press me').id };
      process.kill(pid, 'SIGSTOP');
      try {
        const started = performance.now();
        const error = await bridge.snapshot({ pid, deadlineMs: 800 }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(AccessibilityError);
        expect((error as AccessibilityError).code).toBe('timeout');
        expect(performance.now() - started).toBeLessThan(800 + 400);
        const other = await bridge.snapshot({ pid: factory.pid ?? 0, deadlineMs: 2000 });
        expect(other.elements.length).toBeGreaterThan(50);
      } finally {
        process.kill(pid, 'SIGCONT');
      }
      // Its ids were invalidated by the other snapshot; a fresh one works again.
      await expect(bridge.performAction(press, 'press')).rejects.toThrow(/stale element — observe again/);
      const thawed = await bridge.snapshot({ pid });
      await bridge.performAction({ generation: thawed.generation, id: find(thawed, 'button', 'Press me').id }, 'press');
      await stopApp(frozen);
    });

    it('reports an app that quits in the middle of a fast-path snapshot', async () => {
      const big = startFixtureApp('--many', '2500');
      const pid = big.pid ?? 0;
      await bridge.waitForApp({ pid }, { timeoutMs: 30_000 });
      // While the app is still building its 2,500 buttons it may not answer a call in time: that is
      // its start-up, not the fault under test, so the wait reads it again.
      await until('the app cache', async () => {
        const s = await bridge.snapshot({ pid, maxNodes: 10, deadlineMs: 20_000 }).catch((e: unknown) => {
          if (e instanceof AccessibilityError && e.code === 'timeout') return undefined;
          throw e;
        });
        return FAST.has(s?.source ?? '') ? true : undefined;
      }, 30_000);
      const pending = bridge.snapshot({ pid, showingOnly: false, deadlineMs: 20_000, maxNodes: 99_999 });
      await sleep(60);
      process.kill(pid, 'SIGKILL');
      const error = await pending.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AccessibilityError);
      expect((error as AccessibilityError).code).toBe('gone');
      expect((error as AccessibilityError).message).toMatch(/^The application is no longer there/);
      expect((await bridge.runningApps()).some((a) => a.pid === pid)).toBe(false);
      // Its own bounded waits (30 s for the app's start-up, 20 s for the snapshot) exceed the default test timeout.
    }, 90_000);
  });

  describe('with a screen reader listening to every event', () => {
    let reader: ChildProcess;
    let busy: ChildProcess;
    const readerSaw: string[] = [];

    beforeAll(async () => {
      // The fixture's controls, plus a check box and a label that change every 15 ms:
      // events and added / removed elements stream in while the bridge works.
      busy = startFixtureApp('--ticker');
      await bridge.waitForApp({ pid: busy.pid ?? 0 });
      reader = spawn(SYSTEM_PYTHON, [SCREEN_READER], { stdio: ['ignore', 'pipe', 'inherit'] });
      reader.stdout?.on('data', (d: Buffer) => readerSaw.push(...d.toString().split('\n').filter((l) => l !== '')));
      await until('the screen reader to register', async () => (readerSaw.includes('ready') ? true : undefined), 10_000);
    });

    afterAll(() => {
      reader.kill('SIGKILL');
    });

    it('snapshots, acts, sets and reads values, and reports events, again and again', async () => {
      const pid = busy.pid ?? 0;
      const events: AxEvent[] = [];
      const stop = await bridge.onEvent((e) => events.push(e));
      try {
        for (let round = 1; round <= 10; round++) {
          const snap = await bridge.snapshot({ pid, deadlineMs: 3000 });
          expect(FAST.has(snap.source ?? '')).toBe(true);
          const label = snap.elements.find((e) => e.role === 'text' && /^Pressed \d+ times$/.test(e.name));
          const before = Number(/\d+/.exec(label?.name ?? '')?.[0]);
          await bridge.performAction({ generation: snap.generation, id: find(snap, 'button', 'Press me').id }, 'press', { deadlineMs: 3000 });
          const field = { generation: snap.generation, id: find(snap, 'text_field', 'Your name').id };
          await bridge.performAction(field, 'focus', { deadlineMs: 3000 });
          await bridge.setValue(field, `Round ${round} — é`, { deadlineMs: 3000 });
          expect(await bridge.readValue(field, { deadlineMs: 3000 })).toBe(`Round ${round} — é`);
          const spin = { generation: snap.generation, id: find(snap, 'spin_button', 'Quantity').id };
          await bridge.setValue(spin, String(round), { deadlineMs: 3000 });
          expect(await bridge.readValue(spin, { deadlineMs: 3000 })).toBe(String(round));
          const after = await bridge.snapshot({ pid, deadlineMs: 3000 });
          expect(after.elements.some((e) => e.role === 'text' && e.name === `Pressed ${before + 1} times`)).toBe(true);
          expect(find(after, 'text_field', 'Your name').value).toBe(`Round ${round} — é`);
        }
        await until('a focus event', async () => events.find((e) => e.type === 'focus_changed' && e.name === 'Your name' && e.pid === pid));
      } finally {
        await stop();
      }
      // The screen reader really was listening and reading sources while all this went on.
      await until('the screen reader to see several kinds of events', async () =>
        readerSaw.includes('seen object:state-changed') && readerSaw.filter((l) => l.startsWith('seen ')).length >= 3 ? true : undefined,
      ).catch((error: unknown) => {
        throw new Error(`${String(error)}; it saw: ${readerSaw.join(', ')}`);
      });
      // And the other apps still answer.
      const other = await bridge.snapshot({ pid: factory.pid ?? 0, deadlineMs: 3000 });
      expect(other.elements.length).toBeGreaterThan(50);
    });
  });
});

/** The element as a snapshot cut at a depth numbers it: ids count the kept elements, parents follow. */
function renumber(e: AxElement, index: number, kept: readonly AxElement[]): AxElement {
  const newId = new Map(kept.map((k, i) => [k.id, i + 1]));
  return { ...e, id: index + 1, parent: e.parent === null ? null : (newId.get(e.parent) ?? null) };
}
