// The execution engine and the app a command names when it is not in front, or frozen, on a real
// (headless) desktop of its own (engine-desktop-bench.ts): the named app brought forward for a key or
// a scroll, a sentence when it cannot be or is not running, and a frozen app answered within the
// deadline, never a hang.
import { describe, expect, it } from 'vitest';
import type { AxElement } from '../../src/execution/accessibility/types.js';
import { success } from '../../src/execution/results.js';
import { desktopSkipReason, openFixture, until } from '../support/desktop.js';
import { useEngineDesktop } from './engine-desktop-bench.js';

const skip = desktopSkipReason();

describe.skipIf(skip !== '')('execution engine on a real desktop', () => {
  const t = useEngineDesktop();
  const { snap, find, doIt, activate } = t;

  describe('an app behind another', () => {
    const frontPid = async (): Promise<number | undefined> => (await t.bridge.frontmostApp().catch(() => undefined))?.pid;
    /** Runs body with a second app (the AX fixture) on the desktop, in front when asked; then stops it. */
    const withOtherApp = async (inFront: boolean, body: (otherPid: number) => Promise<void>): Promise<void> => {
      // Its window must be on screen before the order is arranged: a window mapped later can still
      // take the focus (no window manager here), and the order the test set up would be gone.
      const showing = (els: readonly AxElement[]) => els.some((e) => e.role === 'window' && e.states.includes('showing'));
      const other = await openFixture('ax', t.bridge, { ready: showing, front: inFront });
      const otherPid = other.pid;
      try {
        if (inFront) {
          await until('the other app in front', async () => ((await frontPid()) === otherPid ? true : undefined));
        } else {
          await until('the t.engine fixture in front', async () => ((await frontPid()) === t.pid ? true : (await activate(), undefined)));
        }
        await body(otherPid);
      } finally {
        await other.stop();
        await activate();
      }
    };

    it('brings the named app forward for a key, and the key lands in it', async () => {
      await withOtherApp(true, async (otherPid) => {
        // The field the key is for has the focus in that app, then the app goes behind this one.
        const s = await t.bridge.snapshot({ pid: otherPid });
        const field = { generation: s.generation, id: find(s, 'text_field', 'Your name').id };
        await t.bridge.setValue(field, 'Zo');
        await t.bridge.performAction(field, 'focus');
        await activate();
        await until('the t.engine fixture in front', async () => ((await frontPid()) === t.pid ? true : undefined));

        // GTK selects an entry's text when it takes the focus: End first, as a person would.
        expect(await doIt({ intent: 'press_key', key: 'end', app: 'ax-fixture-app.py' })).toEqual(success('Pressed end.'));
        expect(await frontPid()).toBe(otherPid);
        expect(await doIt({ intent: 'press_key', key: 'e', app: 'ax-fixture-app.py' })).toEqual(success('Pressed e.'));
        const typed = async (): Promise<string | null> => find(await t.bridge.snapshot({ pid: otherPid }), 'text_field', 'Your name').value;
        await until('the key in the other app', async () => ((await typed()) === 'Zoe' ? true : undefined));
      });
    });

    it('brings the named app forward before scrolling over its window', async () => {
      await withOtherApp(true, async () => {
        const r = await doIt({ intent: 'scroll', direction: 'down', amount: 1, app: 'engine-fixture-app.py' });
        expect(r).toMatchObject({ kind: 'success', message: expect.stringMatching(/^Scrolled down 1 step over /) });
        expect(await frontPid()).toBe(t.pid);
      });
    });

    it('says what the user can do when the app cannot be brought forward (no X11 window manager to ask)', async () => {
      await withOtherApp(false, async () => {
        const display = process.env.DISPLAY;
        // As under Wayland: GTK3 windows have no raise action and refuse grab_focus, and there is no
        // X11 display for the t.bridge to ask the window manager through.
        delete process.env.DISPLAY;
        try {
          const r = await doIt({ intent: 'press_key', key: 'e', app: 'ax-fixture-app.py' });
          expect(r).toEqual({
            kind: 'failure',
            code: 'unsupported',
            reason:
              "I could not bring “ax-fixture-app.py” to the front: click the app's window first, or say “switch to ax-fixture-app.py”. This application offers no way to bring its window to the front, and there is no X11 display: under Wayland one app cannot raise another.",
          });
        } finally {
          process.env.DISPLAY = display;
        }
      });
    });

    it('says what to do when the named app is not running', async () => {
      expect(await doIt({ intent: 'press_key', key: 'e', app: 'Nowhere' })).toMatchObject({ kind: 'failure', code: 'not_found' });
    });
  });

  describe('faults', () => {
    it('gives a clear failure within the deadline when the app is frozen, never a hang', async () => {
      process.kill(t.pid, 'SIGSTOP');
      try {
        const started = performance.now();
        const r = await doIt({ intent: 'click_element', element: { label: 'Increment', app: 'engine-fixture-app.py' } });
        expect(r).toMatchObject({ kind: 'failure', code: 'timeout', reason: expect.stringMatching(/not responding/) });
        expect(performance.now() - started).toBeLessThan(3000);
        const front = performance.now();
        const plain = await doIt({ intent: 'click_element', element: { label: 'Increment' } });
        expect(plain).toMatchObject({ kind: 'failure', code: 'timeout', reason: expect.stringMatching(/not responding/) });
        expect(performance.now() - front).toBeLessThan(4500);
      } finally {
        process.kill(t.pid, 'SIGCONT');
      }
      await until('the app to answer again', async () => ((await snap().catch(() => undefined)) ? true : undefined));
    });
  });
});
