// The accessibility bridge against real GTK apps on the private headless desktop
// (tests/support/desktop-global-setup.ts): the project's fixture app and Debian's gtk3-widget-factory.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../src/shared/roles.js';
import { AxBridge } from '../../src/execution/accessibility/ax-bridge.js';
import { loadNativeBridge } from '../../src/execution/accessibility/native.js';
import { ACTIONS, AccessibilityError, STATES, type AxEvent, type AxElement, type AxSnapshot } from '../../src/execution/accessibility/types.js';
import { activateWindow, desktopSkipReason, openFixture, setAccessibilityStatus, sleep, startApp, startFixtureApp, stopApp, stopApps, stopPid, until } from '../support/desktop.js';
import { openBridge } from '../support/fixture-window.js';

const skip = desktopSkipReason();

function find(snap: AxSnapshot, role: string, name: string): AxElement {
  const found = snap.elements.find((e) => e.role === role && e.name === name);
  if (!found) throw new Error(`no ${role} named '${name}' in ${snap.elements.map((e) => `${e.role}:${e.name}`).join(', ')}`);
  return found;
}

function ref(snap: AxSnapshot, el: AxElement): { generation: number; id: number } {
  return { generation: snap.generation, id: el.id };
}

async function rejection(p: Promise<unknown>): Promise<AccessibilityError> {
  try {
    await p;
  } catch (error) {
    if (error instanceof AccessibilityError) return error;
    throw error;
  }
  throw new Error('expected the call to fail, and it succeeded');
}

describe.skipIf(skip !== '')('accessibility bridge on a real desktop', () => {
  let bridge: AxBridge;
  let fixture: ChildProcess;
  let factory: ChildProcess;

  beforeAll(async () => {
    bridge = await openBridge();
    factory = startApp('gtk3-widget-factory');
    fixture = (await openFixture('ax', bridge, { front: false })).app;
    await bridge.waitForApp({ pid: factory.pid ?? 0 });
  });

  afterAll(async () => {
    await stopApps();
  });

  describe('observing', () => {
    it('maps every platform role into the shared vocabulary, and shares the action and state names', () => {
      const vocabulary = loadNativeBridge().vocabulary();
      expect(vocabulary.roles.filter((r) => !(ROLES as readonly string[]).includes(r))).toEqual([]);
      expect(vocabulary.roles.length).toBeGreaterThan(30);
      expect([...vocabulary.actions].sort()).toEqual([...ACTIONS].sort());
      expect([...vocabulary.states].sort()).toEqual([...STATES].sort());
    });

    it('reports desktop accessibility off as denied, and turns it on when asked to prompt', async () => {
      await setAccessibilityStatus('IsEnabled', false);
      const off = await bridge.permission();
      expect(off.state).toBe('denied');
      expect(off.detail).toMatch(/turned off.*Settings → Accessibility/);
      expect((await bridge.permission({ prompt: true })).state).toBe('granted');
      expect(await bridge.permission()).toEqual({ state: 'granted', detail: '' });
    });

    it('lists the running apps with their process ids and names', async () => {
      const apps = await bridge.runningApps();
      expect(apps).toContainEqual(expect.objectContaining({ pid: factory.pid, name: 'gtk3-widget-factory', responding: true }));
      expect(apps).toContainEqual(expect.objectContaining({ pid: fixture.pid, responding: true }));
      expect(apps.filter((a) => a.frontmost).length).toBeLessThanOrEqual(1);
    });

    it('names the app whose window is active as the frontmost app', async () => {
      await activateWindow('^AX Fixture$');
      const front = await until('the fixture to be frontmost', async () => {
        const app = await bridge.frontmostApp();
        return app.pid === fixture.pid ? app : undefined;
      });
      expect(front.frontmost).toBe(true);
      const snap = await bridge.snapshot();
      expect(snap.pid).toBe(fixture.pid);
    });

    it('snapshots the fixture as flat, typed elements', async () => {
      const snap = await bridge.snapshot({ pid: fixture.pid ?? 0 });
      expect(snap.truncated).toBe('none');
      expect(snap.elements.map((e) => e.id)).toEqual(snap.elements.map((_, i) => i + 1));
      expect(snap.elements[0]).toMatchObject({ role: 'application', parent: null, depth: 0 });
      for (const e of snap.elements.slice(1)) {
        const parent = snap.elements[(e.parent ?? 0) - 1];
        expect(parent?.depth).toBe(e.depth - 1);
      }
      const press = find(snap, 'button', 'Press me');
      expect(press.actions).toEqual(expect.arrayContaining(['press', 'focus']));
      expect(press.states).toEqual(expect.arrayContaining(['enabled', 'showing', 'focusable']));
      expect(press.bounds?.width).toBeGreaterThan(0);
      expect(find(snap, 'text_field', 'Your name').value).toBe('');
      expect(find(snap, 'password_field', 'Password').value).toBeNull();
      expect(find(snap, 'spin_button', 'Quantity')).toMatchObject({ value: '3' });
      expect(find(snap, 'check_box', 'Subscribe').actions).toContain('press');
      expect(find(snap, 'window', 'AX Fixture').bounds).not.toBeNull();
    });

    it('snapshots gtk3-widget-factory within the node and depth limits', async () => {
      const pid = factory.pid ?? 0;
      const full = await bridge.snapshot({ pid, showingOnly: false });
      expect(full.elements.length).toBeGreaterThan(200);
      expect(full.elements.every((e) => (ROLES as readonly string[]).includes(e.role))).toBe(true);
      expect(full.elements.filter((e) => e.role === 'unknown').length).toBeLessThan(full.elements.length / 10);
      const visible = await bridge.snapshot({ pid });
      expect(visible.elements.length).toBeLessThan(full.elements.length);
      expect(visible.elements.slice(1).every((e) => e.states.includes('showing'))).toBe(true);

      const capped = await bridge.snapshot({ pid, maxNodes: 25 });
      expect(capped.elements).toHaveLength(25);
      expect(capped.truncated).toBe('max_nodes');
      const shallow = await bridge.snapshot({ pid, maxDepth: 3 });
      expect(Math.max(...shallow.elements.map((e) => e.depth))).toBe(3);
      expect(shallow.truncated).toBe('max_depth');
    });

    it('snapshots only the focused window when asked', async () => {
      const snap = await bridge.snapshot({ pid: fixture.pid ?? 0, scope: 'focused_window' });
      expect(snap.elements[0]).toMatchObject({ role: 'window', name: 'AX Fixture', parent: null });
    });
  });

  describe('acting', () => {
    it('presses a real button and reads back the changed label', async () => {
      const before = await bridge.snapshot({ pid: fixture.pid ?? 0 });
      const label = before.elements.find((e) => e.role === 'text' && /^Pressed \d+ times$/.test(e.name));
      const count = Number(/\d+/.exec(label?.name ?? '')?.[0]);
      await bridge.performAction(ref(before, find(before, 'button', 'Press me')), 'press');
      const after = await until('the label to change', async () => {
        const s = await bridge.snapshot({ pid: fixture.pid ?? 0 });
        return s.elements.some((e) => e.name === `Pressed ${count + 1} times`) ? s : undefined;
      });
      expect(after.generation).toBeGreaterThan(before.generation);
    });

    it('toggles a check box', async () => {
      const snap = await bridge.snapshot({ pid: fixture.pid ?? 0 });
      const box = find(snap, 'check_box', 'Subscribe');
      await bridge.performAction(ref(snap, box), 'press');
      await until('the box to be checked', async () => {
        const s = await bridge.snapshot({ pid: fixture.pid ?? 0 });
        return find(s, 'check_box', 'Subscribe').states.includes('checked') !== box.states.includes('checked') ? true : undefined;
      });
    });

    it('sets text and reads it back, including non-ASCII text', async () => {
      const snap = await bridge.snapshot({ pid: fixture.pid ?? 0 });
      const field = ref(snap, find(snap, 'text_field', 'Your name'));
      await bridge.setValue(field, 'Zoë Ünal — see you at 5!');
      expect(await bridge.readValue(field)).toBe('Zoë Ünal — see you at 5!');
      const again = await bridge.snapshot({ pid: fixture.pid ?? 0 });
      expect(find(again, 'text_field', 'Your name').value).toBe('Zoë Ünal — see you at 5!');
    });

    it('inserts text at the end, in characters, and never into a password field', async () => {
      const snap = await bridge.snapshot({ pid: fixture.pid ?? 0 });
      const field = ref(snap, find(snap, 'text_field', 'Your name'));
      await bridge.setValue(field, 'Zoë');
      expect(await bridge.insertText(field, ' äé€', { at: 'end' })).toEqual({ start: 3, end: 3, caret: 7 });
      expect(await bridge.readValue(field)).toBe('Zoë äé€');
      const error = await rejection(bridge.insertText(ref(snap, find(snap, 'password_field', 'Password')), 'x'));
      expect(error.code).toBe('unsupported');
      expect(error.message).toBe('This is a password field: the assistant never types into it.');
    });

    it('increments and decrements a spin button, and sets a number', async () => {
      const snap = await bridge.snapshot({ pid: fixture.pid ?? 0 });
      const spin = ref(snap, find(snap, 'spin_button', 'Quantity'));
      await bridge.setValue(spin, '5');
      expect(await bridge.readValue(spin)).toBe('5');
      await bridge.performAction(spin, 'increment');
      expect(await bridge.readValue(spin)).toBe('6');
      await bridge.performAction(spin, 'decrement');
      await bridge.performAction(spin, 'decrement');
      expect(await bridge.readValue(spin)).toBe('4');
      const notANumber = await rejection(bridge.setValue(spin, 'lots'));
      expect(notANumber.code).toBe('unsupported');
      expect(notANumber.message).toBe("This element takes a number, and 'lots' is not one.");
    });

    it('never reads a password field', async () => {
      const snap = await bridge.snapshot({ pid: fixture.pid ?? 0 });
      const error = await rejection(bridge.readValue(ref(snap, find(snap, 'password_field', 'Password'))));
      expect(error.code).toBe('unsupported');
      expect(error.message).toBe('This is a password field: its content is never read.');
    });

    it('refuses an action the element does not offer', async () => {
      const snap = await bridge.snapshot({ pid: fixture.pid ?? 0 });
      const error = await rejection(bridge.performAction(ref(snap, find(snap, 'button', 'Press me')), 'increment'));
      expect(error.code).toBe('unsupported');
      expect(error.message).toMatch(/does not offer the action 'increment'/);
    });

    it('reports focus changes and window changes as events', async () => {
      const events: AxEvent[] = [];
      const stop = await bridge.onEvent((e) => events.push(e));
      try {
        const snap = await bridge.snapshot({ pid: fixture.pid ?? 0 });
        await bridge.performAction(ref(snap, find(snap, 'text_field', 'Your name')), 'focus');
        await until('a focus event', async () =>
          events.find((e) => e.type === 'focus_changed' && e.name === 'Your name' && e.pid === fixture.pid),
        );
        await bridge.performAction(ref(snap, find(snap, 'button', 'Open second window')), 'press');
        const win = await until('a window event', async () => events.find((e) => e.type === 'window_changed' && e.name === 'Second Window'));
        expect(win).toMatchObject({ role: 'window', pid: fixture.pid });
        const second = await bridge.snapshot({ pid: fixture.pid ?? 0, scope: 'focused_window' });
        await bridge.performAction(ref(second, find(second, 'button', 'Close second window')), 'press');
      } finally {
        await stop();
      }
      const count = events.length;
      await sleep(300);
      expect(events.length).toBe(count);
    });

    it('launches an app by its name and by its desktop id, without a shell', async () => {
      const byName = await bridge.launchApp({ name: 'Widget Factory' });
      expect(byName).toMatchObject({ name: 'Widget Factory', id: 'gtk3-widget-factory.desktop' });
      try {
        const app = await bridge.waitForApp({ pid: byName.pid });
        expect(app.name).toBe('gtk3-widget-factory');
      } finally {
        stopPid(byName.pid);
      }
      const byId = await bridge.launchApp({ id: 'gtk3-widget-factory' });
      try {
        await bridge.waitForApp({ pid: byId.pid });
      } finally {
        stopPid(byId.pid);
      }
      const unknown = await rejection(bridge.launchApp({ name: 'No Such App 42' }));
      expect(unknown.code).toBe('not_found');
      expect(unknown.message).toBe("No installed application is called 'No Such App 42': check the spelling, or install it first.");
    });
  });

  describe('faults', () => {
    it('rejects an id from an older snapshot as stale', async () => {
      const old = await bridge.snapshot({ pid: fixture.pid ?? 0 });
      const latest = await bridge.snapshot({ pid: fixture.pid ?? 0 });
      const error = await rejection(bridge.performAction(ref(old, find(old, 'button', 'Press me')), 'press'));
      expect(error.code).toBe('stale');
      expect(error.message).toBe(
        `stale element — observe again: the element comes from snapshot ${old.generation}, but the latest snapshot is ${latest.generation}.`,
      );
    });

    it("leaves a reader's ids valid when another reader in the same process snapshots in between", async () => {
      // The engine observes and presses while something else in its process (the overlay, a test
      // polling a label) reads the same app: the other reader's snapshot must not make the press stale.
      const other = AxBridge.open();
      const pid = fixture.pid ?? 0;
      const count = (snap: AxSnapshot): number => Number(/^Pressed (\d+) times$/.exec(snap.elements.find((e) => e.role === 'text' && e.name.startsWith('Pressed '))?.name ?? '')?.[1]);
      for (let i = 0; i < 3; i++) {
        const mine = await bridge.snapshot({ pid });
        const before = count(mine);
        const theirs = await other.snapshot({ pid });
        expect(theirs.generation).not.toBe(mine.generation);
        await bridge.performAction(ref(mine, find(mine, 'button', 'Press me')), 'press');
        expect(count(await other.snapshot({ pid }))).toBe(before + 1);
      }
      // Each reader's own next snapshot still retires its older ids, and one reader's ids are not the other's.
      const mine = await bridge.snapshot({ pid });
      const theirs = await other.snapshot({ pid });
      const latest = await bridge.snapshot({ pid });
      const mineStale = await rejection(bridge.performAction(ref(mine, find(mine, 'button', 'Press me')), 'focus'));
      expect(mineStale.code).toBe('stale');
      expect(mineStale.message).toBe(`stale element — observe again: the element comes from snapshot ${mine.generation}, but the latest snapshot is ${latest.generation}.`);
      const borrowed = await rejection(other.performAction(ref(latest, find(latest, 'button', 'Press me')), 'focus'));
      expect(borrowed.code).toBe('stale');
      expect(borrowed.message).toBe(`stale element — observe again: the element comes from snapshot ${latest.generation}, but the latest snapshot is ${theirs.generation}.`);
    });

    it('reports an element that disappeared', async () => {
      const snap = await bridge.snapshot({ pid: fixture.pid ?? 0 });
      const vanish = ref(snap, find(snap, 'button', 'Vanish'));
      await bridge.performAction(vanish, 'press');
      const error = await until('the element to be gone', async () => {
        const e = await rejection(bridge.performAction(vanish, 'focus')).catch(() => undefined);
        return e;
      });
      expect(error.code).toBe('gone');
      expect(error.message).toMatch(/is no longer there .* observe again\.$/);
    });

    it('gives a clear error within the deadline for a frozen app, and keeps working with the others', async () => {
      const frozen = startFixtureApp();
      const pid = frozen.pid ?? 0;
      await bridge.waitForApp({ pid });
      process.kill(pid, 'SIGSTOP');
      try {
        const started = performance.now();
        const error = await rejection(bridge.snapshot({ pid, deadlineMs: 800 }));
        const took = performance.now() - started;
        expect(error.code).toBe('timeout');
        // The bridge thread's own deadline answers first; on a loaded machine the wrapper's grace
        // timer (deadline + 250 ms) may: both are the same promise to the user, in nearly the same words.
        expect(error.message).toMatch(/did not (finish|answer) within 800 ms: (the|an) application is not responding/);
        expect(took).toBeLessThan(800 + 400);

        const other = await bridge.snapshot({ pid: factory.pid ?? 0, deadlineMs: 2000 });
        expect(other.elements.length).toBeGreaterThan(50);

        const listStarted = performance.now();
        const apps = await bridge.runningApps({ deadlineMs: 2000 });
        expect(performance.now() - listStarted).toBeLessThan(2000 + 300);
        expect(apps).toContainEqual(expect.objectContaining({ pid, responding: false }));
        expect(apps).toContainEqual(expect.objectContaining({ pid: factory.pid, responding: true }));
      } finally {
        process.kill(pid, 'SIGCONT');
      }
      const thawed = await bridge.snapshot({ pid });
      expect(thawed.elements.length).toBeGreaterThan(5);
      await stopApp(frozen);
    });

    it('reports an app that quits in the middle of a snapshot', async () => {
      const many = startFixtureApp('--many', '1500');
      const pid = many.pid ?? 0;
      await bridge.waitForApp({ pid });
      await sleep(300);
      const pending = bridge.snapshot({ pid, useCache: false, deadlineMs: 20_000, maxNodes: 99_999 });
      await sleep(150);
      process.kill(pid, 'SIGKILL');
      const error = await rejection(pending);
      expect(error.code).toBe('gone');
      expect(error.message).toMatch(/^The application is no longer there/);
      const after = await bridge.runningApps();
      expect(after.some((a) => a.pid === pid)).toBe(false);
    });

    it('reports a missing accessibility bus as unavailable, in its own process', async () => {
      const addon = fileURLToPath(new URL('../../native/ax-bridge/build/Release/ax_bridge.node', import.meta.url));
      const script = `
        const ax = require(${JSON.stringify(addon)});
        const keep = setInterval(() => {}, 1000);
        (async () => {
          const p = await ax.permission(false, 1000);
          const s = await ax.snapshot(0, false, 8, 100, true, true, 1000).then(() => 'ok', (e) => ({ code: e.code, message: e.message }));
          console.log(JSON.stringify({ p, s }));
          clearInterval(keep);
        })();`;
      const env = { ...process.env, DBUS_SESSION_BUS_ADDRESS: '', DISPLAY: '', XDG_RUNTIME_DIR: '/nonexistent' };
      const child = spawn(process.execPath, ['-e', script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      const code = await new Promise<number | null>((r) => child.on('exit', r));
      expect(code).toBe(0);
      const result = JSON.parse(out) as { p: { state: string; detail: string }; s: { code: string; message: string } };
      expect(result.p.state).toBe('unavailable');
      expect(result.p.detail).toMatch(/no desktop session bus.*start Assistive Control from inside your desktop session/);
      expect(result.s.code).toBe('unavailable');
    });

    it('rejects bad arguments with a TypeError before any native code runs', async () => {
      await expect(bridge.snapshot({ maxDepth: 1e9 })).rejects.toThrow(new TypeError('maxDepth must be a whole number from 1 to 256 (got 1000000000)'));
      await expect(bridge.snapshot({ deadlineMs: -5 })).rejects.toThrow(new TypeError('deadlineMs must be a number of milliseconds from 1 to 60000 (got -5)'));
      await expect(bridge.snapshot({ pid: '12' as unknown as number })).rejects.toThrow(new TypeError('pid must be a whole number from 1 to 2147483647 (got "12")'));
      await expect(bridge.performAction({ generation: 1, id: 0 }, 'press')).rejects.toThrow(TypeError);
      await expect(bridge.performAction({ generation: 1, id: 1 }, 'explode' as 'press')).rejects.toThrow(
        new TypeError(`action must be one of ${ACTIONS.join(', ')} (got "explode")`),
      );
      await expect(bridge.launchApp({ name: '' })).rejects.toThrow(new TypeError("the application's name must not be empty"));
      await expect(bridge.insertText({ generation: 1, id: 1 }, 42 as unknown as string)).rejects.toThrow(new TypeError('text must be a string of at most 100000 characters (got 42)'));
      await expect(bridge.insertText({ generation: 1, id: 1 }, 'x', { at: 'start' as 'end' })).rejects.toThrow(new TypeError(`at must be 'caret' or 'end' (got "start")`));
      await expect(bridge.activateApp(0)).rejects.toThrow(new TypeError('pid must be a whole number from 1 to 2147483647 (got 0)'));
      await expect(bridge.onEvent('nope' as unknown as () => void)).rejects.toThrow(new TypeError('listener must be a function (got "nope")'));
    });
  });
});
