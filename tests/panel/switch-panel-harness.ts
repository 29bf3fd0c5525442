/**
 * Switch access's test bench (tests/panel/switch*.desktop.test.ts): the built panel in Debian's
 * Chromium with Playwright's fake clock, wired through PanelSession to the real loop and engine
 * acting on the loop fixture app; each panel over its own settings file and session. The driver
 * presses the switch with real key events (Space, Enter, F13 through the DevTools protocol), moves
 * the page's clock, reads the scan bar, and checks each state with axe-core.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';
import { desktopGridAreas } from '../../src/core/grid-areas.js';
import { buildPanel } from '../../scripts/build-panel.js';
import { AssistantLoop, type PlannerAvailability } from '../../src/agent/assistant-loop.js';
import { createDesktopEngine, openDesktopEngine } from '../../src/compose/desktop-engine.js';
import type { SwitchKeyHold } from '../../src/execution/input/switch-keys.js';
import { createSecretStore, type KeyringBackend } from '../../src/config/secret-store.js';
import { UserCommandsFile } from '../../src/compose/user-commands.js';
import { createSettingsStore, defaultSettings, type Settings } from '../../src/config/settings.js';
import { tapObservations } from '../../src/core/overlay-marks.js';
import { PanelSession } from '../../src/core/panel-session.js';
import { createPermissionChecker } from '../../src/shared/permission-checker.js';
import { linuxPermissions } from '../../src/main/permissions-linux.js';
import { DEFAULT_SWITCH_SETTINGS, type SwitchSettings } from '../../src/shared/switch-access.js';
import type { LlmServer } from '../intent/llm-loopback.js';
import type { AssistantEvent } from '../../src/shared/contracts/events.js';
import { openLoopFixture, type LoopFixture } from '../support/loop-fixture.js';
import { axeViolations, openPanel, type PanelBrowser } from '../support/panel-browser.js';

const ARTIFACTS = fileURLToPath(new URL('../../artifacts/panel/', import.meta.url));

export const INTERVAL = 1000;
export const FIRST_PAUSE = 500;
/** A press this soon after a question appears does nothing (issue #27): the default, which the panel uses until its settings contract carries the setting. */
export const SETTLE = DEFAULT_SWITCH_SETTINGS.questionSettleMs;
export const BASE: Required<SwitchSettings> = {
  ...DEFAULT_SWITCH_SETTINGS,
  enabled: true,
  scanIntervalMs: INTERVAL,
  firstItemPauseMs: FIRST_PAUSE,
  scanLoops: 2,
  ignoreRepeatMs: 0,
  holdMs: 0,
  stopHoldMs: 2000,
};

/**
 * Inside a describe: opens the loop fixture and builds the panel before its tests, closes every
 * panel, LLM server and the fixture after them. Returns what the tests open panels and drive them with.
 */
export function useSwitchBench() {
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

  return {
    fixture: (): LoopFixture => fixture,
    /** The planner the next commands get (none by default). */
    get planner(): () => Promise<PlannerAvailability> {
      return planner;
    },
    set planner(next: () => Promise<PlannerAvailability>) {
      planner = next;
    },
    /** LLM servers a test started, closed after the file. */
    servers,
    coreEvents,
    counter,
    open,
    driver,
  };
}
