// A hostile AT-SPI app (tests/fixtures/hostile-atspi-app.py) against the bridge, on the private
// headless desktop (issue #14): invalid bus names and object paths, wrong reply types, a million
// children, parent/child cycles, strings that are not UTF-8, calls never answered, replies with no
// arguments (the app's own, and the registry's when the app names the registry's root as its child),
// a cache that claims 2^31 children, peer-to-peer addresses that never connect or that run a program. Whatever the app does, every call ends within its deadline with a result or a sentence,
// the process calling the addon lives on, and a normal GTK app is still read and pressed.
//
// The modes that might abort the process run in a child process of their own
// (hostile-app-child.ts, started and read by hostile-child-run.ts), hostile to that process only: an abort there ends the child, whose exit
// status says so, not this worker or the other test files' workers sharing the desktop.
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../src/shared/roles.js';
import { AxBridge } from '../../src/execution/accessibility/ax-bridge.js';
import { AccessibilityError, type AxElement, type AxSnapshot } from '../../src/execution/accessibility/types.js';
import { SYSTEM_PYTHON, activateWindow, desktopSkipReason, openFixture, startApp, stopApp, stopApps, until } from '../support/desktop.js';
import { openBridge } from '../support/fixture-window.js';
import { CHILD_TEST_TIMEOUT_MS, MARGIN_MS, SENTENCE, expectSurvived, runChild } from './hostile-child-run.js';

const skip = desktopSkipReason();
const OTHER_APP = fileURLToPath(new URL('../fixtures/other-app.py', import.meta.url));
const HOSTILE_APP = fileURLToPath(new URL('../fixtures/hostile-atspi-app.py', import.meta.url));
const DEADLINE_MS = 2000;
const PING_DEADLINE_MS = 1000;

interface Timed<T> {
  readonly what: string;
  readonly ms: number;
  readonly value?: T;
  readonly error?: AccessibilityError;
}

/** Runs one bridge call: it must end within its deadline, with a value or an AccessibilityError sentence. */
async function timed<T>(what: string, deadlineMs: number, run: () => Promise<T>): Promise<Timed<T>> {
  const started = performance.now();
  let outcome: Timed<T>;
  try {
    const value = await run();
    outcome = { what, ms: performance.now() - started, value };
  } catch (error) {
    if (!(error instanceof AccessibilityError)) throw error;
    outcome = { what, ms: performance.now() - started, error };
    expect(error.message, `${what}: ${error.message}`).toMatch(SENTENCE);
  }
  expect(outcome.ms, `${what} took ${Math.round(outcome.ms)} ms (${outcome.error?.message ?? 'answered'})`).toBeLessThan(deadlineMs + MARGIN_MS);
  return outcome;
}

function ref(snap: AxSnapshot, el: AxElement): { generation: number; id: number } {
  return { generation: snap.generation, id: el.id };
}

/** Ids 1…n in order, each parent before its children, every role in the shared vocabulary. */
function expectWellFormed(snap: AxSnapshot): void {
  expect(snap.elements.map((e) => e.id)).toEqual(snap.elements.map((_, i) => i + 1));
  for (const e of snap.elements) {
    if (e.parent !== null) expect(e.parent).toBeLessThan(e.id);
    expect(ROLES as readonly string[]).toContain(e.role);
  }
}

interface ModeRun {
  readonly pid: number;
  readonly name: string;
  readonly snapshot: Timed<AxSnapshot>;
  readonly walked: Timed<AxSnapshot>;
  readonly press?: Timed<void>;
  readonly select?: Timed<void>;
  readonly read?: Timed<string | null>;
}

interface InProcessMode {
  readonly mode: string;
  readonly options?: readonly string[];
  readonly title: string;
  readonly check: (run: ModeRun) => void;
}

const NAMES = (app: string): string[] => [app, 'Hostile Window', 'Hostile Button', 'Hostile Field'];

/** Both snapshots (through the cache and walked without it) hold exactly the app's own elements. */
function expectOwnElements(r: ModeRun): void {
  for (const snap of [r.snapshot.value, r.walked.value]) expect(snap?.elements.map((e) => e.name)).toEqual(NAMES(r.name));
}

const IN_PROCESS: readonly InProcessMode[] = [
  {
    mode: 'names',
    title: 'children and a Parent with invalid bus names and object paths are left out, never called (libdbus would abort)',
    check: (r) => {
      expectOwnElements(r);
      expect(r.press?.error).toBeUndefined();
      expect(r.select?.error?.code).toBe('unsupported'); // its Parent is ("not a bus name!", "no/leading/slash")
      expect(r.read?.value).toBe('hostile text');
    },
  },
  {
    mode: 'names',
    options: ['--direct'],
    title: 'the same over the peer-to-peer connection the app offers',
    check: (r) => {
      expect(r.snapshot.value?.elements.map((e) => e.name)).toEqual(NAMES(r.name));
      expect(r.select?.error?.code).toBe('unsupported');
      expect(r.read?.value).toBe('hostile text');
    },
  },
  {
    mode: 'signatures',
    title: 'replies of the wrong type read as nothing',
    check: (r) => {
      const names = r.snapshot.value?.elements.map((e) => e.name) ?? [];
      expect(names.slice(0, 4)).toEqual(NAMES(r.name));
      expect(r.press?.error?.code).toBe('failed'); // DoAction answered a string, not a boolean
      expect(r.press?.error?.message).toBe('The application refused the action press.');
      expect(typeof r.read?.value).toBe('string');
    },
  },
  {
    mode: 'huge',
    title: 'a list claiming 10,000,000 children, a million of them sent',
    check: (r) => {
      const snap = r.snapshot.value;
      if (snap) {
        expect(snap.elements.map((e) => e.name)).toEqual(expect.arrayContaining(['Huge List']));
        // The same child a million times is one element.
        expect(snap.elements.filter((e) => e.name === 'Item 0').length).toBeLessThanOrEqual(1);
      } else {
        expect(r.snapshot.error?.code).toBe('timeout');
      }
    },
  },
  {
    mode: 'cycles',
    title: 'parent/child cycles (an ancestor and itself as children, cyclic Parent and cache) give each element once',
    check: (r) => {
      for (const snap of [r.snapshot.value, r.walked.value]) {
        expect(snap?.elements.map((e) => e.name).sort()).toEqual([...NAMES(r.name), 'Loop'].sort());
      }
      expect(r.press?.error).toBeUndefined();
    },
  },
  {
    mode: 'silent',
    title: 'calls never answered (the peer address, the cache, a child) cut the snapshot at its deadline',
    check: (r) => {
      if (r.snapshot.value) expect(r.snapshot.value.truncated).toBe('deadline');
      else expect(r.snapshot.error?.code).toBe('timeout');
    },
  },
  {
    mode: 'adopt',
    title: "other apps' roots, the bus daemon and an ownerless name as children: none is walked into, none fails the snapshot",
    check: (r) => {
      // Only the app's own objects: another app's elements would be shown (and acted on) as this app's.
      expectOwnElements(r);
      expect(r.press?.error).toBeUndefined();
    },
  },
  {
    mode: 'mute-actions',
    title: 'an action, a focus and a read never answered end as timeouts',
    check: (r) => {
      expect(r.snapshot.value?.elements.map((e) => e.name)).toEqual(NAMES(r.name));
      expect(r.press?.error?.code).toBe('timeout');
      expect(r.read?.error?.code).toBe('timeout');
    },
  },
  {
    mode: 'utf8',
    title: 'strings that are not UTF-8, over the peer-to-peer connection (Gio and the bus daemon refuse to send them)',
    check: (r) => {
      // libdbus drops a connection that sends an invalid message: the snapshot fails, with a sentence.
      if (r.snapshot.value) expect(r.snapshot.value.elements.every((e) => !e.name.includes('\uFFFD'))).toBe(true);
      else expect(r.snapshot.error?.message).toMatch(SENTENCE);
    },
  },
];

describe.skipIf(skip !== '')('a hostile AT-SPI app cannot crash or hang the bridge', () => {
  let bridge: AxBridge;
  let fixture: ChildProcess;

  beforeAll(async () => {
    bridge = await openBridge();
    fixture = (await openFixture('ax', bridge, { front: false })).app;
  });

  afterAll(async () => {
    await stopApps();
  });

  describe('in this process', () => {
    for (const m of IN_PROCESS) {
      it(`${m.mode}${m.options?.length ? ` ${m.options.join(' ')}` : ''}: ${m.title}`, async () => {
        const name = `Hostile ${m.mode}${m.options?.length ? ' direct' : ''}`;
        const app = startApp(SYSTEM_PYTHON, [HOSTILE_APP, '--mode', m.mode, '--name', name, ...(m.options ?? [])]);
        try {
          const pid = app.pid ?? 0;
          // Found by its name, as the assistant finds an app the user names.
          expect((await bridge.waitForApp({ name })).pid).toBe(pid);
          const listed = await timed('runningApps', DEADLINE_MS, () => bridge.runningApps({ deadlineMs: DEADLINE_MS }));
          expect(listed.value).toContainEqual(expect.objectContaining({ pid, name, responding: true }));

          const snapshot = await timed('snapshot', DEADLINE_MS, () => bridge.snapshot({ pid, deadlineMs: DEADLINE_MS, showingOnly: false }));
          const snap = snapshot.value;
          let press: Timed<void> | undefined;
          let select: Timed<void> | undefined;
          let read: Timed<string | null> | undefined;
          if (snap) {
            expectWellFormed(snap);
            expect(snap.app).toBe(name);
            // Elements looked up by the id the snapshot gave them.
            const button = snap.elements.find((e) => e.name === 'Hostile Button') ?? snap.elements[snap.elements.length - 1];
            const field = snap.elements.find((e) => e.name === 'Hostile Field') ?? snap.elements[0];
            if (button) {
              expect(snap.elements[button.id - 1]).toBe(button);
              press = await timed('performAction press', DEADLINE_MS, () => bridge.performAction(ref(snap, button), 'press', { deadlineMs: DEADLINE_MS }));
              select = await timed('performAction select', DEADLINE_MS, () => bridge.performAction(ref(snap, button), 'select', { deadlineMs: DEADLINE_MS }));
            }
            if (field) read = await timed('readValue', DEADLINE_MS, () => bridge.readValue(ref(snap, field), { deadlineMs: DEADLINE_MS }));
          }
          const walked = await timed('snapshot without the cache', DEADLINE_MS, () =>
            bridge.snapshot({ pid, deadlineMs: DEADLINE_MS, showingOnly: false, useCache: false }),
          );
          if (walked.value) expectWellFormed(walked.value);
          // The bridge thread is free at once for the next caller: nothing of this app still runs on it.
          const ping = await timed('ping', PING_DEADLINE_MS, () => bridge.ping());
          expect(ping.error).toBeUndefined();
          m.check({ pid, name, snapshot, walked, press, select, read });
        } finally {
          await stopApp(app);
        }
      });
    }
  });

  describe('in a process of its own, which must live on', () => {
    it('names: the invalid references (an abort in libdbus before the fix) leave the process alive', async () => {
      const run = await runChild('names');
      expectSurvived(run);
      expect(run.outcomes.find((o) => o.call === 'snapshot')).toMatchObject({ ok: true });
    }, CHILD_TEST_TIMEOUT_MS);

    // The modes whose only test is that the process lives on: the mode, what the app does, its options.
    it.each<[string, string, string[]]>([
      ['empty', 'method returns with no arguments where the bridge expects one', []],
      ['registry', "a child that is the registry's own root, whose Properties.GetAll answers with no arguments", []],
      ['cache-bomb', 'an app cache that claims 2,147,483,647 children', []],
      ['direct-hang', 'a peer-to-peer address whose socket never accepts the connection', []],
      ['silent', '24 children that never answer keep the bridge busy no longer than the deadline', ['--count', '24']],
      ['huge', 'a million distinct children keep the bridge busy no longer than the deadline', ['--distinct']],
    ])(
      '%s: %s',
      async (mode, _what, options) => {
        expectSurvived(await runChild(mode, options));
      },
      CHILD_TEST_TIMEOUT_MS,
    );

    it('direct-exec: a peer-to-peer address that would run a program is not opened', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'hostile-exec-'));
      const marker = join(dir, 'unixexec-ran');
      try {
        const run = await runChild('direct-exec', ['--marker', marker]);
        expect(run.markerExists, `the app's "unixexec:" address made the bridge's process run /usr/bin/touch ${marker}`).toBe(false);
        expect(existsSync(marker)).toBe(false);
        expectSurvived(run);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }, CHILD_TEST_TIMEOUT_MS);
  });

  it('stale-active: an app whose window claims to be active while another has the focus is not taken for the frontmost app', async () => {
    // The stale app registers first, so the registry lists it before the app that has the focus.
    const stale = startApp(SYSTEM_PYTHON, [HOSTILE_APP, '--mode', 'stale-active', '--name', 'Hostile stale']);
    let focused: ChildProcess | undefined;
    try {
      await until('the stale app to be listed', async () => ((await bridge.runningApps()).some((a) => a.pid === stale.pid) ? true : undefined));
      focused = startApp(SYSTEM_PYTHON, [OTHER_APP, 'Other button']);
      await bridge.waitForApp({ pid: focused.pid ?? 0 });
      await activateWindow('^Other App$');
      const pids = (await bridge.runningApps()).map((a) => a.pid);
      expect(pids.indexOf(stale.pid ?? 0)).toBeLessThan(pids.indexOf(focused.pid ?? 0));
      await until('the focused app to be frontmost', async () => ((await bridge.frontmostApp()).pid === focused?.pid ? true : undefined));
      expect((await bridge.runningApps()).filter((a) => a.frontmost).map((a) => a.pid)).toEqual([focused.pid]);
    } finally {
      await stopApp(stale);
      if (focused) await stopApp(focused);
    }
  });

  it('still reads and presses the GTK fixture afterwards', async () => {
    const pid = fixture.pid ?? 0;
    const snap = await bridge.snapshot({ pid, deadlineMs: DEADLINE_MS });
    const label = snap.elements.find((e) => e.role === 'text' && /^Pressed \d+ times$/.test(e.name));
    const count = Number(/\d+/.exec(label?.name ?? '')?.[0]);
    const press = snap.elements.find((e) => e.role === 'button' && e.name === 'Press me');
    expect(press?.actions).toContain('press');
    await bridge.performAction(ref(snap, press as AxElement), 'press', { deadlineMs: DEADLINE_MS });
    await until('the fixture to count the press', async () => {
      const s = await bridge.snapshot({ pid, deadlineMs: DEADLINE_MS });
      return s.elements.some((e) => e.name === `Pressed ${count + 1} times`) ? true : undefined;
    });
  });
});
