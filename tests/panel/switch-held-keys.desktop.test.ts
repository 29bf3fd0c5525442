// Switch access while another app has the keyboard, on the switch bench (switch-panel-harness.ts):
// the switch keys held on the X server (the bridge's key grab) reach the panel through main's relay
// and still scan, one switch and two; the app in front gets none of them, and gets them again once
// switch access is off.
import { execFile, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { SwitchKeyHold } from '../../src/execution/input/switch-keys.js';
import { SwitchShortcuts } from '../../src/main/shortcuts/switch-shortcut.js';
import { type SwitchSettings } from '../../src/shared/switch-access.js';
import { activateWindow, desktopSkipReason, startFixtureApp, stopApp, until, readNamedValue } from '../support/desktop.js';
import { type PanelBrowser } from '../support/panel-browser.js';
import { BASE, useSwitchBench } from './switch-panel-harness.js';

const skip = desktopSkipReason();

describe.skipIf(skip !== '')('switch access in the panel, on the real loop and desktop', () => {
  const bench = useSwitchBench();
  const { open, driver } = bench;

  describe('after a command gives another app the keyboard, the switch keys are held on the X server and still scan', () => {
    let other: ChildProcess;
    let hold: SwitchKeyHold;
    let shortcuts: SwitchShortcuts | undefined;
    let stopRelay: () => void = () => undefined;
    const xdotool = (...args: string[]) => promisify(execFile)('xdotool', args, { timeout: 10_000 });
    /** Signals main sent the page (each one's delivery), as shell.ts relays the core's key reports. */
    let deliveries: Promise<void>[] = [];
    const delivered = async (count: number) => {
      await until(`${count} switch signals`, async () => (deliveries.length >= count ? true : undefined));
      await Promise.all(deliveries);
    };

    /** The entry's text, read through AT-SPI. */
    const entryText = (): Promise<string> => readNamedValue(bench.fixture().bridge, other.pid ?? 0, 'Your name');
    const entryReads = (text: string) => until(`the entry to read ${JSON.stringify(text)}`, async () => ((await entryText()) === text ? true : undefined));
    /** Another app takes the keyboard: the fixture's window in front, its entry focused. */
    const otherAppInFront = async () => {
      await activateWindow('^AX Fixture$');
      const snap = await bench.fixture().bridge.snapshot({ pid: other.pid ?? 0 });
      const entry = snap.elements.find((e) => e.name === 'Your name');
      if (!entry) throw new Error('no entry');
      await bench.fixture().bridge.performAction({ generation: snap.generation, id: entry.id }, 'focus');
    };
    /** Main's side for this panel: the panel does not have the focus, so the switch keys are held. */
    const holdFor = async (panel: PanelBrowser, settings: SwitchSettings) => {
      shortcuts?.dispose();
      deliveries = [];
      const globalShortcut = { register: () => false, unregister: () => undefined };
      shortcuts = new SwitchShortcuts({
        globalShortcut,
        send: (signal) => void deliveries.push(panel.signal(signal)),
        hold: (keys) => hold.hold(keys),
        tell: () => undefined,
      });
      expect(await shortcuts.set(settings, [])).toEqual([]);
    };

    beforeAll(async () => {
      other = startFixtureApp();
      await bench.fixture().bridge.waitForApp({ pid: other.pid ?? 0 });
      await until('the other app', async () =>
        (await bench.fixture().bridge.snapshot({ pid: other.pid ?? 0 })).elements.some((e) => e.name === 'Your name') ? true : undefined,
      );
      hold = new SwitchKeyHold(bench.fixture().bridge);
      stopRelay = hold.onKey((report) => shortcuts?.keyReport(report));
    }, 30_000);

    afterAll(async () => {
      shortcuts?.dispose();
      await hold?.hold([]).catch(() => undefined);
      stopRelay();
      if (other) await stopApp(other);
    });

    it('one switch: a command types "hello world" into the other app; then Space from the X server moves the scan, held it stops, and the app gets none', async () => {
      const panel = await open(BASE, ['click Increment'], { switchKeys: hold });
      const d = driver(panel);
      await d.settle(async () => (await d.current()).startsWith('Quick commands'), 'the scan to start');
      await holdFor(panel, BASE);
      await otherAppInFront();
      // The command types by keys into the app in front, Space included: the held Space is let go meanwhile.
      await d.send('type "hello world"');
      await entryReads('hello world');
      await d.settle(async () => (await d.status()) === 'Status: Ready', 'the run to end');
      await d.settle(async () => (await d.current()).startsWith('Recent commands'), 'the scan back at the top');
      expect(deliveries).toEqual([]);

      await xdotool('key', 'space');
      await delivered(2);
      await d.tick();
      expect((await d.scan()).items).toEqual(['type "hello world"']);
      expect(await d.scanStatus()).toMatch(/^Presses so far: 1\./);
      await entryReads('hello world');

      // Held: the hold time is known (the press and the release both come), so holding stops.
      await xdotool('keydown', 'space');
      await delivered(3);
      await d.tick(2100);
      await xdotool('keyup', 'space');
      await delivered(4);
      await d.tick();
      expect(await d.page.getByTestId('announcer').textContent()).toBe('You held the switch to stop, but nothing was running.');
      expect((await d.scan()).items).toEqual(['type "hello world"']); // the release selected nothing
      expect(await entryText()).toBe('hello world');

      // Switch access off: the keys are let go, and the app in front gets Space again.
      await shortcuts?.set({ ...BASE, enabled: false }, []);
      await xdotool('key', 'space');
      await entryReads('hello world ');
      expect(deliveries).toHaveLength(4);
    });

    it('two switches: Enter moves and Space selects from the X server while the other app has the keyboard; the chosen command runs on that app', async () => {
      const settings: Required<SwitchSettings> = { ...BASE, mode: 'step', selectInput: 'Space', moveInput: 'Enter' };
      const panel = await open(settings, ['click Press me', 'show numbers'], { switchKeys: hold });
      const d = driver(panel);
      await d.settle(async () => (await d.current()) === 'Quick commands ›2 presses', 'the scan to start');
      await holdFor(panel, settings);
      await otherAppInFront();
      const text = await entryText();
      await xdotool('key', 'space');
      await delivered(2);
      await d.tick();
      expect(await d.current()).toBe('click Press me');
      await xdotool('key', 'Return');
      await delivered(4);
      await d.tick();
      expect(await d.current()).toBe('show numbers');
      await xdotool('key', 'Return');
      await delivered(6);
      await d.tick();
      expect(await d.current()).toBe('click Press me');
      // The command acts on the app in front: its "Press me" button.
      const pressed = async () => {
        const label = (await bench.fixture().bridge.snapshot({ pid: other.pid ?? 0 })).elements.find((e) => /^Pressed \d+ times$/.test(e.name));
        if (!label) throw new Error('no label "Pressed N times"');
        return Number(label.name.split(' ')[1]);
      };
      const before = await pressed();
      await xdotool('key', 'space');
      await delivered(8);
      await d.tick();
      await until('the other app to be pressed', async () => ((await pressed()) === before + 1 ? true : undefined));
      await d.settle(async () => (await d.status()) === 'Status: Ready', 'the run to end');
      expect(await d.scanStatus()).toContain('“click Press me” took 4 presses.');
      // Neither key reached the app that had the keyboard.
      expect(await entryText()).toBe(text);
    });
  });
});
