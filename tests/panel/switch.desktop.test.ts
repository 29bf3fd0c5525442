// Switch access end to end: the built panel in Debian's Chromium with Playwright's fake clock, wired
// through PanelSession to the real loop and engine acting on the loop fixture app. Each flow is
// driven with real key presses of the switch (Space, Enter, F13 through the shell's signal) and its
// presses are counted; effects are read back from the app through AT-SPI. Screenshots go to
// artifacts/panel/, and axe-core checks every scanning state (WCAG 2.2 AA).
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktopGridAreas } from '../../src/core/grid-areas.js';
import { SCREEN, pathTo } from './grid-path.js';
import { buildPanel } from '../../scripts/build-panel.js';
import { AssistantLoop, type PlannerAvailability } from '../../src/agent/assistant-loop.js';
import { createDesktopEngine, openDesktopEngine } from '../../src/compose/desktop-engine.js';
import { SwitchKeyHold } from '../../src/execution/input/switch-keys.js';
import { SwitchShortcuts } from '../../src/main/shortcuts/switch-shortcut.js';
import { createSecretStore, type KeyringBackend } from '../../src/config/secret-store.js';
import { UserCommandsFile } from '../../src/compose/user-commands.js';
import { createSettingsStore, defaultSettings, type Settings } from '../../src/config/settings.js';
import { SETTINGS_FILE_NAME } from '../../src/config/settings-path.js';
import { createPlanner } from '../../src/intent/providers/create-planner.js';
import { tapObservations } from '../../src/core/overlay-marks.js';
import { PanelSession } from '../../src/core/panel-session.js';
import { createPermissionChecker } from '../../src/shared/permission-checker.js';
import { linuxPermissions } from '../../src/main/permissions-linux.js';
import { DEFAULT_SWITCH_SETTINGS, type SwitchSettings } from '../../src/shared/switch-access.js';
import { TOO_SOON } from '../../src/panel/switch/switch-press.js';
import { startScriptedLlm } from '../agent/scripted-llm.js';
import type { LlmServer } from '../intent/llm-loopback.js';
import type { AssistantEvent } from '../../src/shared/contracts/events.js';
import { activateWindow, desktopSkipReason, startFixtureApp, stopApp, until, readNamedValue } from '../support/desktop.js';
import { openLoopFixture, type LoopFixture } from '../support/loop-fixture.js';
import { axeViolations, openPanel, withLargeTextHighContrast, type PanelBrowser } from '../support/panel-browser.js';

const skip = desktopSkipReason();
const ARTIFACTS = fileURLToPath(new URL('../../artifacts/panel/', import.meta.url));

const INTERVAL = 1000;
const FIRST_PAUSE = 500;
/** A press this soon after a question appears does nothing (issue #27): the default, which the panel uses until its settings contract carries the setting. */
const SETTLE = DEFAULT_SWITCH_SETTINGS.questionSettleMs;
const BASE: Required<SwitchSettings> = {
  ...DEFAULT_SWITCH_SETTINGS,
  enabled: true,
  scanIntervalMs: INTERVAL,
  firstItemPauseMs: FIRST_PAUSE,
  scanLoops: 2,
  ignoreRepeatMs: 0,
  holdMs: 0,
  stopHoldMs: 2000,
};

describe.skipIf(skip !== '')('switch access in the panel, on the real loop and desktop', () => {
  let fixture: LoopFixture;
  let bundleDir: string;
  let planner: () => Promise<PlannerAvailability> = async () => ({ kind: 'none', message: 'No AI planner in this test.' });
  const servers: LlmServer[] = [];
  const opened: PanelBrowser[] = [];
  /** Every event the cores emitted, in order (the `mode` events say when dictation is on). */
  const coreEvents: AssistantEvent[] = [];

  /** A counter label's number, read through AT-SPI with the default snapshot (the app's cache where it has one). */
  async function counter(prefix: string): Promise<number> {
    const label = (await fixture.bridge.snapshot({ pid: fixture.app.pid ?? 0 })).elements.find((e) => e.role === 'text' && e.name.startsWith(prefix));
    if (!label) throw new Error(`no label ${prefix}`);
    return Number(label.name.slice(prefix.length));
  }

  /** A panel over its own settings file and session (each test group gets the switch settings it needs). */
  async function open(
    switchAccess: Required<SwitchSettings>,
    quickCommands: readonly string[],
    more: {
      readonly settings?: Partial<Settings>;
      readonly chromiumArgs?: readonly string[];
      readonly switchKeys?: SwitchKeyHold;
      /** The settings folder (a new one when absent), where a test may have put a commands file. */
      readonly dir?: string;
    } = {},
  ): Promise<PanelBrowser> {
    // The core's engine: with the switch keys held, it lets go of them while it types them itself.
    const switchKeys = more.switchKeys;
    const engine = tapObservations(openDesktopEngine(process.env, switchKeys ? () => createDesktopEngine(process.env, { switchKeys }) : undefined));
    const dir = more.dir ?? (await mkdtemp(join(tmpdir(), 'ac-switch-settings-')));
    const settings = createSettingsStore({ dir });
    const saved: Settings = {
      ...defaultSettings(),
      provider: 'grammar',
      onboardingDone: true,
      switchAccess,
      quickCommands: [...quickCommands],
      ...more.settings,
    };
    await settings.save(saved);
    const noKeys: KeyringBackend = { get: async () => null, set: async () => undefined, delete: async () => false };
    const ref: { browser?: PanelBrowser } = {};
    const session = new PanelSession({
      createLoop: (confirm) =>
        new AssistantLoop({
          engine: engine.engine,
          confirm,
          emit: (e) => {
            coreEvents.push(e);
            ref.browser?.push(e);
          },
          planner: () => planner(),
        }),
      settings,
      secrets: createSecretStore({ backend: noKeys }),
      permissions: createPermissionChecker(linuxPermissions({ bridgePermission: (deadlineMs) => fixture.bridge.permission({ deadlineMs }) })),
      planner: () => planner(),
      latestObservation: engine.latest,
      userCommands: new UserCommandsFile({ dir }),
      // The mouse grid (issue #29), as the core composes it; its answers that run no loop reach the page as the loop's do.
      gridAreas: desktopGridAreas({ bridge: fixture.bridge, engine: engine.engine }),
      emit: (e) => {
        coreEvents.push(e);
        ref.browser?.push(e);
      },
    });
    const browser = await openPanel({
      bundleDir,
      artifactsDir: ARTIFACTS,
      session: () => session,
      ...(more.chromiumArgs ? { chromiumArgs: more.chromiumArgs } : {}),
      // Fake timers from the first script on, paused: the test moves time, so the scan timing is exact.
      beforeLoad: async (page) => {
        await page.clock.install({ time: new Date('2026-01-01T00:00:00Z') });
        await page.clock.pauseAt(new Date('2026-01-01T00:00:01Z'));
      },
    });
    ref.browser = browser;
    opened.push(browser);
    return browser;
  }

  beforeAll(async () => {
    fixture = await openLoopFixture();
    bundleDir = await mkdtemp(join(tmpdir(), 'ac-switch-panel-'));
    await buildPanel(bundleDir);
  }, 60_000);

  afterAll(async () => {
    for (const p of opened) await p.close();
    await Promise.all(servers.map((s) => s.close()));
    await fixture?.close();
  });

  /** Helpers over one panel. */
  function driver(panel: PanelBrowser) {
    const page = panel.page;
    /** Moves the page's fake clock; real time passes too, so promises and the core's replies settle. */
    const tick = async (ms = 50) => {
      await page.clock.runFor(ms);
      await new Promise((r) => setTimeout(r, 20));
    };
    /** What the scan bar shows: the entries, and which is highlighted. */
    const scan = () =>
      page.evaluate(() => {
        const doc = (
          globalThis as unknown as {
            document: { querySelectorAll: (s: string) => ArrayLike<{ textContent: string | null; getAttribute: (a: string) => string | null }> };
          }
        ).document;
        const items = Array.from(doc.querySelectorAll('.scan-item'));
        const label = (e: { textContent: string | null } | undefined) => e?.textContent ?? '';
        return {
          items: items.map((e) => label(e)),
          current: label(items.find((e) => e.getAttribute('aria-current') === 'true')),
        };
      });
    const current = async () => (await scan()).current;
    const status = () => page.getByRole('status').textContent();
    const scanStatus = () => page.getByTestId('scan-status').textContent();
    /** Keys Playwright's keyboard does not name (F13–F24) go in through the DevTools protocol, as real key events. */
    const cdp = page.context().newCDPSession(page);
    const key = async (type: 'keyDown' | 'keyUp', name: string) => {
      const f = /^F(\d+)$/.exec(name);
      if (!f) return type === 'keyDown' ? page.keyboard.down(name) : page.keyboard.up(name);
      await (await cdp).send('Input.dispatchKeyEvent', { type, key: name, code: name, windowsVirtualKeyCode: 111 + Number(f[1]) });
    };
    /** One switch press: down, held `holdMs`, up. */
    const press = async (name = ' ', holdMs = 50) => {
      await key('keyDown', name);
      await tick(holdMs);
      await key('keyUp', name);
      await tick();
    };
    /** Lets the clock run until the scan bar is ready (effects and the first replies). */
    const settle = async (until: () => Promise<boolean>, what: string) => {
      for (let i = 0; i < 200; i++) {
        if (await until()) return;
        await tick(10);
      }
      throw new Error(`timed out waiting for ${what}`);
    };
    /** Lets the scan run (50 ms at a time, up to 15 s) until `label` is highlighted. */
    const reach = async (label: string) => {
      for (let i = 0; i < 300; i++) {
        if ((await current()) === label) return;
        await tick(50);
      }
      throw new Error(`timed out waiting for ${label}; the scan shows ${JSON.stringify(await scan())}`);
    };
    const send = async (command: string) => {
      const input = page.getByRole('textbox', { name: 'Command' });
      await input.fill(command);
      // Typing in the command box is not the switch (Enter is not mapped here).
      await input.press('Enter');
    };
    /** Screenshot, then axe-core (whose own timers need the fake clock to move while it runs). */
    const checkState = async (name: string) => {
      await panel.screenshot(name);
      let done = false;
      const violations = axeViolations(page).finally(() => {
        done = true;
      });
      // 1 ms steps: axe's own zero-delay timers run, while the scan's highlight barely moves.
      while (!done) {
        await page.clock.runFor(1);
        await new Promise((r) => setTimeout(r, 5));
      }
      expect(await violations, name).toEqual([]);
    };
    return { page, tick, scan, current, status, scanStatus, press, settle, reach, send, checkState };
  }

  describe('one switch (Space), automatic scanning', () => {
    let d: ReturnType<typeof driver>;
    let panel: PanelBrowser;
    beforeAll(async () => {
      panel = await open(BASE, ['click Increment', 'show numbers']);
      d = driver(panel);
      await d.settle(async () => (await d.current()).startsWith('Quick commands'), 'the scan to start');
    }, 60_000);

    it('a quick command takes 2 presses and runs on the real app', async () => {
      expect((await d.scan()).items).toEqual(['Quick commands ›2 presses', 'Dictate1 press', 'Settings1 press', 'Your commands1 press']);
      const before = await counter('Count: ');
      await d.press(); // Quick commands ›
      expect((await d.scan()).items).toEqual(['click Increment', 'show numbers']);
      expect(await d.current()).toBe('click Increment');
      await d.checkState('switch-01-quick-group');
      await d.press(); // click Increment
      await until('the count to go up', async () => ((await counter('Count: ')) === before + 1 ? true : undefined));
      await d.settle(async () => (await d.status()) === 'Status: Ready', 'the run to end');
      expect(await d.scanStatus()).toContain('“click Increment” took 2 presses.');
    });

    it('a recent command takes 2 presses: the Recent group comes first', async () => {
      await d.settle(async () => (await d.current()).startsWith('Recent commands'), 'the recent group');
      expect((await d.scan()).items).toEqual([
        'Recent commands ›2 presses',
        'Quick commands ›2 presses',
        'Dictate1 press',
        'Settings1 press',
        'Your commands1 press',
      ]);
      await d.checkState('switch-02-idle-top');
      const before = await counter('Count: ');
      await d.press();
      expect(await d.current()).toBe('click Increment');
      await d.press();
      await until('the count to go up', async () => ((await counter('Count: ')) === before + 1 ? true : undefined));
      await d.settle(async () => (await d.status()) === 'Status: Ready', 'the run to end');
      expect(await d.scanStatus()).toContain('“click Increment” took 2 presses.');
    });

    it('a destructive confirmation: scanning starts on Cancel (1 press); Confirm is the next entry (1 press)', async () => {
      await d.send('click Delete everything');
      await d.settle(async () => (await d.current()) === 'Cancel1 press', 'the confirmation to be scanned');
      expect((await d.scan()).items).toEqual(['Cancel1 press', 'Confirm1 press', 'Stop1 press']);
      await d.checkState('switch-04-confirmation');
      // At 200 % text, in forced colours (high contrast): still no violation, and nothing scrolls sideways.
      const layout = await withLargeTextHighContrast(d.page, () => d.checkState('switch-04c-confirmation-large-high-contrast'));
      expect(layout.scroll).toBeLessThanOrEqual(layout.client);
      // Past the settling time after the question appeared, on Cancel (this round's, or the next one's).
      await d.tick(SETTLE);
      await d.reach('Cancel1 press');
      await d.press();
      await d.settle(async () => (await d.status()) === 'Status: Ready', 'the run to end');
      expect(await d.page.locator('.entry-confirmation .answer').last().textContent()).toBe('You cancelled.');
      expect(await counter('Deleted: ')).toBe(0);
      expect(await d.scanStatus()).toContain('“Cancel” took 1 press.');

      await d.send('click Delete everything');
      await d.settle(async () => (await d.current()) === 'Cancel1 press', 'the confirmation to be scanned');
      await d.tick(INTERVAL + FIRST_PAUSE);
      expect(await d.current()).toBe('Confirm1 press');
      await d.press();
      await until('the delete to count', async () => ((await counter('Deleted: ')) === 1 ? true : undefined));
      await d.settle(async () => (await d.status()) === 'Status: Ready', 'the run to end');
      expect(await d.scanStatus()).toContain('“Confirm” took 1 press.');
    });

    it('a moderate confirmation: scanning starts on Confirm', async () => {
      await d.send('click Accept');
      await d.settle(async () => (await d.current()) === 'Confirm1 press', 'the confirmation to be scanned');
      await d.tick(INTERVAL + FIRST_PAUSE);
      expect(await d.current()).toBe('Cancel1 press');
      await d.press();
      await d.settle(async () => (await d.status()) === 'Status: Ready', 'the run to end');
      expect(await d.page.locator('.entry-confirmation .answer').last().textContent()).toBe('You cancelled.');
    });

    it('scanning pauses on the first entry, moves every interval, loops the set number of times, then rests', async () => {
      await d.settle(async () => (await d.current()).startsWith('Recent commands'), 'the top');
      // First entry: interval + the first-item pause.
      await d.tick(INTERVAL + FIRST_PAUSE - 100);
      expect(await d.current()).toBe('Recent commands ›2 presses');
      // Each step's timer is set when the panel has drawn the step before (Preact's effects wait for a
      // frame, which the page's fake clock runs too), so each step may come a few frames late.
      const next = async (ms: number, label: string) => {
        await d.tick(ms);
        for (let frame = 0; frame < 6 && (await d.current()) !== label; frame++) await d.tick(16);
        expect(await d.current()).toBe(label);
      };
      await next(100, 'Quick commands ›2 presses');
      await next(INTERVAL, 'Dictate1 press');
      await next(INTERVAL, 'Settings1 press');
      await next(INTERVAL, 'Your commands1 press');
      await next(INTERVAL, 'Recent commands ›2 presses'); // round 2
      await next(INTERVAL + FIRST_PAUSE, 'Quick commands ›2 presses');
      await next(INTERVAL, 'Dictate1 press');
      await next(INTERVAL, 'Settings1 press');
      await next(INTERVAL, 'Your commands1 press');
      await d.tick(INTERVAL);
      // Two rounds with no choice: scanning rests, nothing highlighted, and it says how to wake it.
      for (let frame = 0; frame < 12 && (await d.current()) !== ''; frame++) await d.tick(16);
      expect(await d.current()).toBe('');
      expect(await d.scanStatus()).toMatch(/^Scanning is resting: press the switch to start again\./);
      await d.checkState('switch-03-resting');
      // A press wakes it, selecting nothing.
      await d.press();
      expect(await d.current()).toBe('Recent commands ›2 presses');
      expect(await d.scanStatus()).toMatch(/^Presses so far: 1\./);
      // Inside a group, two rounds without a choice go back to the top, which scans on.
      await d.press();
      const inside = (await d.scan()).items.length;
      expect(inside).toBeGreaterThan(1);
      // Each round: the first entry's pause, then one interval per entry.
      await d.tick(2 * FIRST_PAUSE);
      for (let i = 0; i < 2 * inside; i++) await d.tick(INTERVAL);
      expect(await d.current()).toBe('Recent commands ›2 presses');
    });

    it('the numbers by switch: "show numbers" from the quick commands, then the row, then the number: the button is pressed', async () => {
      for (let i = 0; i < 50 && (await d.current()) !== 'Quick commands ›2 presses'; i++) await d.tick(100);
      expect(await d.current()).toBe('Quick commands ›2 presses');
      await d.press();
      await d.tick(INTERVAL + FIRST_PAUSE); // past "click Increment"
      expect(await d.current()).toBe('show numbers');
      await d.press();
      // The marks, row by row: the fixture's buttons are one per row but the two “OK”s side by side.
      await d.settle(async () => (await d.scan()).items.some((i) => i.startsWith('Row ')), 'the numbered rows');
      expect(await d.scanStatus()).toContain('“show numbers” took 2 presses.');
      const items = (await d.scan()).items;
      expect(items.at(-1)).toBe('Hide numbers1 press');
      const increment = items.findIndex((i) => / Increment1 press$/.test(i));
      expect(increment).toBeGreaterThanOrEqual(0);
      expect(items.filter((i) => /^Row \d+: \d+, \d+ ›/.test(i))).toHaveLength(1); // the OK pair
      await d.checkState('switch-04b-numbers');
      const before = await counter('Count: ');
      // Wait for the highlight to come to the Increment mark (a row of one is the mark itself).
      await d.tick(FIRST_PAUSE);
      for (let i = 0; i < increment; i++) await d.tick(INTERVAL);
      expect(await d.current()).toMatch(/ Increment1 press$/);
      // The overlay highlights the same number (the shell redraws it from this request).
      const id = Number(/^(\d+) /.exec(await d.current())?.[1]);
      const highlights = () => panel.crossings.filter((c) => c.channel === 'overlay:highlight').map((c) => c.args[0]);
      await d.settle(async () => JSON.stringify(highlights().at(-1)) === JSON.stringify([id]), 'the overlay highlight');
      await d.press();
      await d.tick(300);
      await until('the count to go up', async () => ((await counter('Count: ')) === before + 1 ? true : undefined));
      await d.settle(async () => (await d.status()) === 'Status: Ready', 'the run to end');
      // The action closed the numbers: scanning is back to the commands.
      await d.settle(async () => (await d.current()).startsWith('Recent commands'), 'the top');
    });

    /** "show grid" sent, and the scan on its cells: the cells to Increment, the count before, and the readers of the scan and the zooms. */
    const gridScan = async () => {
      const target = (await fixture.bridge.snapshot({ pid: fixture.app.pid ?? 0 })).elements.find((e) => e.role === 'button' && e.name === 'Increment')?.bounds;
      if (!target) throw new Error('no Increment button');
      const path = pathTo(SCREEN, target);
      const before = await counter('Count: ');
      await d.send('show grid');
      await d.settle(async () => (await d.scan()).items[0]?.startsWith('Click here') === true, 'the grid in the scan');
      const item = async (prefix: string): Promise<string> => {
        const found = (await d.scan()).items.find((i) => i.startsWith(prefix));
        if (!found) throw new Error(`no scan entry ${prefix}: ${JSON.stringify(await d.scan())}`);
        return found;
      };
      const zooms = () => d.page.locator('.entries > li', { hasText: 'its centre is at' }).count();
      return { path, before, item, zooms };
    };

    it('the mouse grid by switch (issue #29): a row, then a cell zooms in; Click here clicks its centre: the button is pressed', async () => {
      const { path, before, item, zooms } = await gridScan();
      for (const [step, cell] of path.entries()) {
        await d.reach(await item(`Row ${Math.floor((cell - 1) / 3) + 1}: cells`));
        await d.press();
        await d.settle(async () => (await d.scan()).items.some((i) => i.startsWith(`Cell ${cell}`)), 'the row’s cells');
        await d.reach(await item(`Cell ${cell}`));
        await d.press();
        // The cell's own grid: the conversation says where its centre is.
        await d.settle(async () => (await zooms()) === step + 1, `zoom ${step + 1}`);
      }
      await d.checkState('switch-04c-grid');
      await d.reach(await item('Click here'));
      await d.press();
      await until('the count to go up', async () => ((await counter('Count: ')) === before + 1 ? true : undefined));
      await d.settle(async () => (await d.status()) === 'Status: Ready', 'the run to end');
      // The click closed the grid: scanning is back to the commands.
      await d.settle(async () => (await d.current()).startsWith('Recent commands'), 'the top');
    });

    it('the mouse grid by switch (issue #29): a long press on a cell clicks at its centre at once, a short one zooms in', async () => {
      const { path, before, item, zooms } = await gridScan();
      const zoomed = await zooms();
      for (const [step, cell] of path.entries()) {
        const last = step === path.length - 1;
        await d.reach(await item(`Row ${Math.floor((cell - 1) / 3) + 1}: cells`));
        await d.press();
        await d.settle(async () => (await d.scan()).items.some((i) => i.startsWith(`Cell ${cell}`)), 'the row’s cells');
        await d.reach(await item(`Cell ${cell}`));
        // The last cell held past the long press (short of the stop hold): it clicks there instead of zooming.
        await d.press(' ', last ? BASE.longPressMs + 200 : 50);
        if (!last) await d.settle(async () => (await zooms()) === zoomed + step + 1, `zoom ${step + 1}`);
      }
      await until('the count to go up', async () => ((await counter('Count: ')) === before + 1 ? true : undefined));
      await d.settle(async () => (await d.status()) === 'Status: Ready', 'the run to end');
      // No zoom for the last cell, and the click closed the grid: scanning is back to the commands.
      expect(await zooms()).toBe(zoomed + path.length - 1);
      await d.settle(async () => (await d.current()).startsWith('Recent commands'), 'the top');
    });

    it('Esc in the panel hides the numbers; the shell closing them (Esc in another app) takes them out of the scan', async () => {
      await d.send('show numbers');
      await d.settle(async () => (await d.scan()).items.some((i) => i.startsWith('Hide numbers')), 'the numbered rows');
      // Esc is a command of its own: it goes once the run that showed the numbers has ended.
      await d.settle(async () => (await d.status()) === 'Status: Ready', 'the run to end');
      await d.page.keyboard.press('Escape');
      await d.settle(async () => panel.crossings.some((c) => c.channel === 'command:run' && c.args[0] === 'hide numbers'), 'hide numbers to be sent');
      await d.settle(async () => (await d.scan()).items[0]?.startsWith('Recent commands') === true, 'the commands again');
      expect(await d.page.locator('.entries > li').last().textContent()).toBe('Result: The numbers are hidden.');

      await d.send('show numbers');
      await d.settle(async () => (await d.scan()).items.some((i) => i.startsWith('Hide numbers')), 'the numbered rows');
      const sent = panel.crossings.length;
      const entries = await d.page.locator('.entries > li').count();
      await panel.signal({ kind: 'overlay_closed' });
      await d.settle(async () => (await d.scan()).items[0]?.startsWith('Recent commands') === true, 'the commands again');
      // The session is told, so a bare number no longer clicks; the conversation gets no entry for it.
      // (Automatic scanning may still have moved the overlay's highlight between the count and the signal.)
      const told = () => panel.crossings.slice(sent).filter((c) => c.channel !== 'overlay:highlight');
      await d.settle(async () => told().length > 0, 'the session to be told');
      expect(told().map((c) => [c.channel, c.args[0]])).toEqual([['command:run', 'hide numbers']]);
      expect(await d.page.locator('.entries > li').count()).toBe(entries);
    });

    it('holding the switch stops a running command, and "stop" typed while it runs stops it without reaching the LLM', async () => {
      const server = await startScriptedLlm('openai', [{ fail: 'hang' }, { fail: 'hang' }]);
      servers.push(server);
      planner = async () => ({
        kind: 'ready',
        planner: createPlanner({ provider: 'openai', baseURL: server.baseURL, apiKey: 'sk-switch-test', model: 'gpt-test' }),
        budgetMs: 60_000,
      });
      await d.send('make the number bigger');
      await d.settle(async () => (await d.status()) === 'Status: Thinking…', 'the planner to be asked');
      expect((await d.scan()).items).toEqual(['Stop1 press']);
      await d.checkState('switch-05-running');
      await d.page.keyboard.down(' ');
      await d.tick(1850);
      expect(await d.status()).toBe('Status: Thinking…'); // not yet
      await d.tick(150);
      await d.settle(async () => (await d.status()) === 'Status: Ready', 'the stop');
      expect(await d.page.locator('.entries > li').last().textContent()).toBe('Result: Stopped. Nothing more was done.');
      // The release after a stop selects nothing: no new command, nothing entered.
      const entries = await d.page.locator('.entries > li').count();
      const scanBefore = await d.scan();
      await d.page.keyboard.up(' ');
      await d.tick();
      expect(await d.page.locator('.entries > li').count()).toBe(entries);
      expect(await d.scan()).toEqual(scanBefore);

      await d.send('make the number bigger');
      await d.settle(async () => (await d.status()) === 'Status: Thinking…', 'the planner to be asked');
      const asked = server.requests.length;
      await d.send('stop');
      await d.settle(async () => (await d.status()) === 'Status: Ready', 'the typed stop');
      expect(server.requests.length).toBe(asked);
      expect(server.requests.map((r) => JSON.stringify(r.body)).join('\n')).not.toMatch(/"stop"/);
      planner = async () => ({ kind: 'none', message: 'No AI planner in this test.' });

      // Held with nothing running: it says so, and nothing is selected or sent.
      const sent = panel.crossings.length;
      await d.page.keyboard.down(' ');
      await d.tick(2100);
      await d.page.keyboard.up(' ');
      await d.tick();
      expect(await d.page.getByTestId('announcer').textContent()).toBe('You held the switch to stop, but nothing was running.');
      expect(panel.crossings.slice(sent).filter((c) => c.channel === 'command:run')).toEqual([]);
    });
    it('a press is bound to the entry it went down on (issue #27): held on Cancel past the interval, the highlight waits and the release cancels', async () => {
      const deleted = await counter('Deleted: ');
      await d.send('click Delete everything');
      await d.settle(async () => (await d.current()) === 'Cancel1 press', 'the confirmation to be scanned');
      await d.tick(SETTLE);
      expect(await d.current()).toBe('Cancel1 press');
      await d.page.keyboard.down(' ');
      // Long past the moment the highlight would have gone on to Confirm (and short of the stop hold).
      await d.tick(INTERVAL + FIRST_PAUSE + 200);
      expect(await d.current()).toBe('Cancel1 press');
      await d.page.keyboard.up(' ');
      await d.settle(async () => (await d.status()) === 'Status: Ready', 'the run to end');
      expect(await d.page.locator('.entry-confirmation .answer').last().textContent()).toBe('You cancelled.');
      expect(await counter('Deleted: ')).toBe(deleted);
    });

    it('a press at once after a question appears does nothing and says so; after the settling time the same entry is chosen (issue #27)', async () => {
      const deleted = await counter('Deleted: ');
      await d.send('click Delete everything');
      await d.settle(async () => (await d.current()) === 'Cancel1 press', 'the confirmation to be scanned');
      const answered = await d.page.locator('.entry-confirmation .answer').count();
      await d.press();
      expect(await d.page.getByTestId('announcer').textContent()).toBe(TOO_SOON);
      expect(await d.status()).toBe('Status: Waiting for you');
      expect(await d.page.locator('.entry-confirmation .answer').count()).toBe(answered);
      // The settling time has passed (the highlight is still on Cancel: it moves 1.5 s after the question).
      await d.tick(SETTLE);
      expect(await d.current()).toBe('Cancel1 press');
      await d.press();
      await d.settle(async () => (await d.status()) === 'Status: Ready', 'the run to end');
      expect(await d.page.locator('.entry-confirmation .answer').last().textContent()).toBe('You cancelled.');
      expect(await counter('Deleted: ')).toBe(deleted);
    });

    it('a press meant for Stop that spans the arrival of a question chooses nothing (issue #27)', async () => {
      let release = (): void => undefined;
      const held = new Promise<void>((r) => (release = r));
      const server = await startScriptedLlm('openai', []);
      servers.push(server);
      server.setScenario('scripted');
      server.script = () => ({ plan: { intent: 'click_element', element: { label: 'Accept' } }, after: held });
      planner = async () => ({
        kind: 'ready',
        planner: createPlanner({ provider: 'openai', baseURL: server.baseURL, apiKey: 'sk-switch-test', model: 'gpt-test' }),
        budgetMs: 60_000,
      });
      try {
        await d.send('please accept the terms');
        await d.settle(async () => (await d.status()) === 'Status: Thinking…', 'the planner to be asked');
        expect((await d.scan()).items).toEqual(['Stop1 press']);
        const answered = await d.page.locator('.entry-confirmation .answer').count();
        await d.page.keyboard.down(' ');
        release();
        // The moderate question arrives while the switch is down: its first entry is Confirm.
        await d.settle(async () => (await d.scan()).items[0] === 'Confirm1 press', 'the question to be scanned');
        await d.page.keyboard.up(' ');
        await d.tick();
        expect(await d.status()).toBe('Status: Waiting for you');
        expect(await d.page.locator('.entry-confirmation .answer').count()).toBe(answered);
        // A press begun on the question answers it.
        await d.settle(async () => (await d.current()) === 'Cancel1 press' || (await d.current()) === 'Confirm1 press', 'the scan on the question');
        await d.reach('Cancel1 press');
        await d.press();
        await d.settle(async () => (await d.status()) === 'Status: Ready', 'the run to end');
        expect(await d.page.locator('.entry-confirmation .answer').last().textContent()).toBe('You cancelled.');
      } finally {
        planner = async () => ({ kind: 'none', message: 'No AI planner in this test.' });
      }
    });
  });

  describe('dictation by one switch (issue #18)', () => {
    it('Dictate comes after the commands: one press starts dictation (the core says so); Stop dictation is then first, and one press ends it', async () => {
      const panel = await open(BASE, ['click Increment']);
      const d = driver(panel);
      await d.settle(async () => (await d.current()) === 'Quick commands ›2 presses', 'the scan to start');
      expect((await d.scan()).items).toEqual(['Quick commands ›2 presses', 'Dictate1 press', 'Settings1 press', 'Your commands1 press']);
      // The highlight comes to Dictate after the first entry's pause and one interval.
      await d.settle(async () => (await d.current()) === 'Dictate1 press', 'the highlight on Dictate');
      const seen = coreEvents.length;
      const modes = () => coreEvents.slice(seen).filter((e) => e.type === 'mode');
      await d.press();
      await d.settle(async () => modes().length > 0, 'the core to change mode');
      expect(modes()).toEqual([expect.objectContaining({ type: 'mode', mode: 'dictation' })]);
      expect(await d.scanStatus()).toContain('“Dictate” took 1 press.');
      // The panel follows the core: its button, and the scan with the way out first.
      await d.settle(async () => (await d.current()) === 'Stop dictation1 press', 'Stop dictation first');
      expect((await d.scan()).items).toEqual(['Stop dictation1 press', 'Corrections ›2 presses']);
      expect(await d.page.getByRole('button', { name: 'Stop dictating' }).count()).toBe(1);
      await d.checkState('switch-09-dictating');
      await d.press();
      await d.settle(async () => modes().length > 1, 'the core to leave dictation');
      expect(modes()[1]).toMatchObject({ type: 'mode', mode: 'commands' });
      await d.settle(async () => (await d.scan()).items.includes('Dictate1 press'), 'Dictate again');
      expect(await d.page.getByRole('button', { name: 'Dictate' }).count()).toBe(1);
    });
  });

  describe('tremor filters and two switches', () => {
    let d: ReturnType<typeof driver>;
    let panel: PanelBrowser;
    beforeAll(async () => {
      // Two switches: F13 moves (it also works from other apps), Enter selects.
      panel = await open({ ...BASE, mode: 'step', selectInput: 'Enter', moveInput: 'F13', holdMs: 300, ignoreRepeatMs: 500 }, [
        'click Increment',
        'scroll down',
        'show numbers',
      ]);
      d = driver(panel);
      await d.settle(async () => (await d.current()).startsWith('Quick commands'), 'the scan to start');
      // Nothing in the command box has the focus: Enter is the switch here, not Send.
      await d.page.evaluate(() => (globalThis as unknown as { document: { activeElement: { blur?: () => void } | null } }).document.activeElement?.blur?.());
    }, 60_000);

    it('the highlight waits for the move switch; a short press is ignored; a quick second press is ignored', async () => {
      await d.tick(INTERVAL * 5);
      expect(await d.current()).toBe('Quick commands ›2 presses'); // no automatic moves with two switches
      await d.press('Enter', 300); // held long enough: into the group
      expect(await d.current()).toBe('click Increment');
      await d.press('F13', 300); // moves (too soon after the select: ignored)
      expect(await d.current()).toBe('click Increment');
      await d.tick(500);
      await d.press('F13', 100); // too short for hold-before-select
      expect(await d.current()).toBe('click Increment');
      await d.press('F13', 300);
      expect(await d.current()).toBe('scroll down');
      expect(await d.scanStatus()).toBe('Presses so far: 2.');
      await d.checkState('switch-06-two-switches');
    });

    it('a global switch press from the shell moves too (no hold time is known for it)', async () => {
      await d.tick(600);
      await panel.signal({ kind: 'switch', input: 'F13' });
      await d.tick();
      expect(await d.current()).toBe('show numbers');
      await panel.signal({ kind: 'switch', input: 'F13' }); // within ignore-repeat
      await d.tick();
      expect(await d.current()).toBe('show numbers');
    });

    it('with two switches a recent command is select, select for the newest (2 presses) and one move more for the next', async () => {
      await d.tick(600);
      await d.press('F13', 300); // wraps to click Increment
      await d.tick(600);
      const before = await counter('Count: ');
      await d.press('Enter', 300);
      await until('the count to go up', async () => ((await counter('Count: ')) === before + 1 ? true : undefined));
      await d.settle(async () => (await d.status()) === 'Status: Ready', 'the run to end');
      await d.settle(async () => (await d.current()).startsWith('Recent commands'), 'the recent group');
      expect((await d.scan()).items).toEqual([
        'Recent commands ›2 presses',
        'Quick commands ›3 presses',
        'Dictate3 presses',
        'Settings4 presses',
        'Your commands5 presses',
      ]);
    });
  });

  describe('"Your commands" by switch (issue #18)', () => {
    it('one press opens it; a command is deleted after Keep was offered first; Back returns to the command box', async () => {
      const text = `{
  "commands": [
    { "say": "check mail", "do": { "intent": "open_application", "app": "Thunderbird" } },
    { "say": "which app", "do": { "intent": "get_frontmost_app" } }
  ]
}
`;
      const dir = await mkdtemp(join(tmpdir(), 'ac-switch-commands-'));
      await writeFile(join(dir, 'commands.json'), text);
      const panel = await open(BASE, [], { dir });
      const d = driver(panel);
      const onDisk = () => readFile(join(dir, 'commands.json'), 'utf8');
      // The third entry, after Dictate and Settings.
      await d.reach('Your commands1 press');
      await d.press();
      await d.settle(async () => (await d.current()) === 'Delete “check mail”1 press', 'the view to be scanned');
      expect((await d.scan()).items).toEqual(['Delete “check mail”1 press', 'Delete “which app”1 press', 'Back to the command box1 press']);
      await d.tick(INTERVAL + FIRST_PAUSE);
      expect(await d.current()).toBe('Delete “which app”1 press');
      await d.press();
      await d.settle(async () => (await d.current()) === 'Keep1 press', 'the question');
      expect((await d.scan()).items).toEqual(['Keep1 press', 'Delete “which app”1 press']);
      await d.checkState('switch-08-user-commands-ask');
      await d.tick(INTERVAL + FIRST_PAUSE);
      await d.press();
      await d.settle(async () => (await d.page.getByTestId('commands-message').textContent()) === 'Deleted “which app”.', 'the delete');
      expect(await onDisk()).toBe(text.replace(',\n    { "say": "which app", "do": { "intent": "get_frontmost_app" } }', ''));
      expect(await panel.page.locator('.user-command-say').allTextContents()).toEqual(['“check mail”']);
      await d.settle(async () => (await d.current()) === 'Delete “check mail”1 press', 'the list scanned again');
      await d.tick(INTERVAL + FIRST_PAUSE);
      expect(await d.current()).toBe('Back to the command box1 press');
      await d.press();
      await d.reach('Your commands1 press');
      expect(await panel.page.getByRole('textbox', { name: 'Command' }).isVisible()).toBe(true);
    });
  });

  describe('Settings by switch', () => {
    it('one switch opens Settings, turns spoken feedback on in the form, saves it to the file, and Back returns to the command box', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'ac-switch-settings-view-'));
      const panel = await open(BASE, [], { dir, settings: { spokenFeedback: { ...defaultSettings().spokenFeedback, enabled: false } } });
      const d = driver(panel);
      const box = panel.page.locator('#spoken-feedback');
      const reach = d.reach;
      await reach('Settings1 press');
      await d.press();
      await d.settle(async () => (await d.scan()).items[0] === 'Scanning ›3 presses', 'the settings view to be scanned');
      expect((await d.scan()).items).toEqual(['Scanning ›3 presses', 'Speech and voice ›3 presses', 'Safety and app ›2 presses', 'Back to commands1 press']);
      expect(await box.isChecked()).toBe(false);
      await d.checkState('switch-09-settings');
      await reach('Speech and voice ›3 presses');
      await d.press();
      await reach('Spoken feedback: off');
      await d.press();
      // The form's own check box shows the change; Save comes first now, one press.
      await d.settle(async () => (await d.scan()).items[0] === 'Save settings1 press', 'Save offered');
      expect(await box.isChecked()).toBe(true);
      await reach('Save settings1 press');
      await d.press();
      await d.settle(async () => (await panel.page.getByTestId('settings-message').textContent()) !== '', 'the save');
      expect(await panel.page.locator('[data-testid="settings-message"].ok').count()).toBe(1);
      const saved = JSON.parse(await readFile(join(dir, SETTINGS_FILE_NAME), 'utf8')) as Settings;
      expect(saved.spokenFeedback.enabled).toBe(true);
      expect(saved.switchAccess).toEqual(BASE);
      // Saved: Save is no longer offered; Back closes the view and gives the focus back to the Settings button.
      await d.settle(async () => (await d.scan()).items[0] === 'Scanning ›3 presses', 'the view scanned again');
      await reach('Back to commands1 press');
      await d.press();
      await d.settle(async () => (await d.scan()).items.includes('Settings1 press'), 'the command box again');
      expect(await panel.page.getByRole('textbox', { name: 'Command' }).isVisible()).toBe(true);
      await d.settle(
        async () =>
          (await panel.page.evaluate(
            () => (globalThis as unknown as { document: { activeElement: { textContent: string } | null } }).document.activeElement?.textContent,
          )) === 'Settings',
        'the focus on Settings',
      );
    });
  });

  describe('voice in the scan', () => {
    it('with voice on, Start listening is one press; while listening, Stop listening is the first entry and one press ends it', async () => {
      const base = defaultSettings();
      const microphone = fileURLToPath(new URL('../fixtures/voice/click-send.wav', import.meta.url));
      const panel = await open(BASE, ['scroll down'], {
        // No speech engine is composed in this session: what was said comes back as the session's sentence.
        settings: { voice: { ...base.voice, enabled: true } },
        chromiumArgs: ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${microphone}`],
      });
      const d = driver(panel);
      await d.settle(async () => (await d.current()) === 'Start listening1 press', 'the voice entry');
      expect((await d.scan()).items).toEqual([
        'Start listening1 press',
        'Quick commands ›2 presses',
        'Dictate1 press',
        'Settings1 press',
        'Your commands1 press',
      ]);
      await d.press();
      await d.settle(async () => (await d.status()) === 'Status: Listening', 'the microphone');
      expect((await d.scan()).items).toEqual(['Stop listening1 press', 'Cancel listening1 press']);
      await d.checkState('switch-07-listening');
      await d.tick(300);
      await d.press();
      await d.settle(async () => (await d.scan()).items[0] === 'Start listening1 press', 'the end of listening');
      expect(await d.page.getByTestId('voice-problem').textContent()).toBe('Voice commands are not available in this version: type the command instead.');
    });
  });

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
    const entryText = (): Promise<string> => readNamedValue(fixture.bridge, other.pid ?? 0, 'Your name');
    const entryReads = (text: string) => until(`the entry to read ${JSON.stringify(text)}`, async () => ((await entryText()) === text ? true : undefined));
    /** Another app takes the keyboard: the fixture's window in front, its entry focused. */
    const otherAppInFront = async () => {
      await activateWindow('^AX Fixture$');
      const snap = await fixture.bridge.snapshot({ pid: other.pid ?? 0 });
      const entry = snap.elements.find((e) => e.name === 'Your name');
      if (!entry) throw new Error('no entry');
      await fixture.bridge.performAction({ generation: snap.generation, id: entry.id }, 'focus');
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
      await fixture.bridge.waitForApp({ pid: other.pid ?? 0 });
      await until('the other app', async () =>
        (await fixture.bridge.snapshot({ pid: other.pid ?? 0 })).elements.some((e) => e.name === 'Your name') ? true : undefined,
      );
      hold = new SwitchKeyHold(fixture.bridge);
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
        const label = (await fixture.bridge.snapshot({ pid: other.pid ?? 0 })).elements.find((e) => /^Pressed \d+ times$/.test(e.name));
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

  describe('switch settings in the settings view', () => {
    it('turning switch access on, with two switches and a new quick command, is saved and scanned at once; a bad value is refused in a sentence', async () => {
      const panel = await open({ ...DEFAULT_SWITCH_SETTINGS }, ['scroll down']);
      const d = driver(panel);
      const page = d.page;
      await d.settle(async () => await page.getByRole('button', { name: 'Settings' }).isEnabled(), 'the settings');
      expect(await page.locator('.scan').count()).toBe(0); // off by default
      await page.getByRole('button', { name: 'Settings' }).click();
      await d.tick();
      await page.getByLabel('Use a switch to scan the panel').check();
      await page.getByLabel('Switches').selectOption('step');
      await page.getByLabel('Select switch').selectOption('F13');
      await page.getByLabel('Move switch').selectOption('F13');
      await page.getByLabel('Quick commands (one per line)').fill('scroll down\nclick Increment');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await d.settle(async () => ((await page.getByTestId('settings-message').textContent()) ?? '') !== '', 'the answer');
      expect(await page.getByTestId('settings-message').textContent()).toBe(
        'Nothing was saved. Switch access needs two different switches in step mode (one moves, the other selects).',
      );
      await page.getByLabel('Move switch').selectOption('F14');
      await page.getByLabel('Scan interval (seconds)').fill('0.5');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await d.settle(async () => ((await page.getByTestId('settings-message').textContent()) ?? '').startsWith('Settings saved.'), 'the save');
      await d.checkState('switch-08-settings');
      await page.getByRole('button', { name: 'Back to commands' }).click();
      // The settings view was scanned too: one frame for the scan to start over on the commands.
      await d.tick();
      await d.settle(async () => (await d.current()) === 'Quick commands ›2 presses', 'the scan');
      // Two switches, both F13–F24: each also works from other apps (here through the shell's signal).
      await panel.signal({ kind: 'switch', input: 'F13' });
      await d.tick();
      expect((await d.scan()).items).toEqual(['scroll down', 'click Increment']);
      await d.tick(400);
      await panel.signal({ kind: 'switch', input: 'F14' });
      await d.tick();
      expect(await d.current()).toBe('click Increment');
    });
  });
});
