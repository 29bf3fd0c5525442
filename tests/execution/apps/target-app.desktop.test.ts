// The target app on a real desktop: a GTK app the user was in, then "the panel" in front — Debian's
// Chromium showing a page with a text box, its pid one of the assistant's own, as Electron's main
// process is for the real panel. Commands for "the frontmost app" must act on the GTK app, read
// back through AT-SPI, and type nothing into the panel. A private desktop: this moves the pointer
// and types, which would race the other desktop tests.
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DesktopSession } from '../../../scripts/desktop-session.js';
import { createDesktopEngine } from '../../../src/compose/desktop-engine.js';
import type { AxBridge } from '../../../src/execution/accessibility/ax-bridge.js';
import type { AxElement, AxSnapshot } from '../../../src/execution/accessibility/types.js';
import type { ExecutionEngine } from '../../../src/execution/engine.js';
import { createNutInputDriver } from '../../../src/execution/input/input-driver.js';
import { failure, success } from '../../../src/execution/results.js';
import { NO_TARGET_APP } from '../../../src/execution/apps/target-app.js';
import { activateWindow, desktopSkipReason, openFixture, startApp, stopApps, until, type Fixture } from '../../support/desktop.js';
import { openDesktop } from '../../support/fixture-window.js';
import { CHROMIUM, CHROMIUM_MISSING } from '../../support/panel-browser.js';

const skip = desktopSkipReason();
const PANEL_TITLE = 'Panel Stand-in';
const PANEL_PAGE = `data:text/html,<title>${PANEL_TITLE}</title><input aria-label="Command" autofocus>`;

describe.skipIf(skip !== '')('the target app: the app the user was in, not the panel', () => {
  let session: DesktopSession;
  let bridge: AxBridge;
  let engine: ExecutionEngine;
  let profile: string;
  let panel: ChildProcess;
  let panelPid: number;
  let fixtureApp: Fixture;
  let fixturePid = 0;

  const find = (s: AxSnapshot, role: string, name: string): AxElement => {
    const found = s.elements.find((e) => e.role === role && e.name === name);
    if (!found) throw new Error(`no ${role} ${name} in ${s.elements.map((e) => `${e.role}:${e.name}`).join(', ')}`);
    return found;
  };
  const panelText = async (): Promise<string | null> => find(await bridge.snapshot({ pid: panelPid }), 'text_field', 'Command').value;
  const fixture = (): Promise<AxSnapshot> => bridge.snapshot({ pid: fixturePid });
  const frontPid = async (): Promise<number | undefined> => (await bridge.frontmostApp().catch(() => undefined))?.pid;
  /** The user clicks into the panel: it is in front, with the keyboard focus in its text box. */
  const focusPanel = async (): Promise<void> => {
    await activateWindow(PANEL_TITLE);
    await until('the panel in front', async () => ((await frontPid()) === panelPid ? true : undefined));
  };

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) throw new Error(CHROMIUM_MISSING);
    ({ session, bridge } = await openDesktop());
    profile = mkdtempSync(join(tmpdir(), 'ac-panel-profile-'));
    // Not headless: a real X11 window, and its renderer's tree on the accessibility bus.
    panel = startApp(CHROMIUM, [
      '--no-sandbox',
      '--disable-gpu',
      '--force-renderer-accessibility',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // No keyring: its unlock prompt would come up as a third window and take the focus.
      '--password-store=basic',
      '--window-size=500,300',
      `--user-data-dir=${profile}`,
      `--app=${PANEL_PAGE}`,
    ]);
    panelPid = panel.pid ?? 0;
    await bridge.waitForApp({ pid: panelPid }, { timeoutMs: 20_000 });
    await until(
      'the panel text box',
      async () =>
        (await bridge.snapshot({ pid: panelPid }).catch(() => undefined))?.elements.some((e) => e.role === 'text_field' && e.name === 'Command') || undefined,
      20_000,
    );
    await focusPanel();
    // As in the app's core: the panel's process is the assistant's own.
    engine = createDesktopEngine(process.env, { bridge, ownPids: [panelPid, process.pid] });
  }, 60_000);

  afterAll(async () => {
    await stopApps();
    await session?.stop();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  it('with only the assistant ever active, says what to do and acts nowhere', async () => {
    await focusPanel();
    const told = failure('not_found', NO_TARGET_APP);
    expect(await engine.typeText('hello', undefined)).toEqual(told);
    expect(await engine.pressKey('enter', [], undefined)).toEqual(told);
    expect(await engine.scroll('down', 1, undefined, undefined)).toEqual(told);
    expect(await engine.getScreenElements()).toEqual(told);
    expect(await panelText()).toBe('');
    expect(await frontPid()).toBe(panelPid);
  });

  describe('the user was in a GTK app, then clicked into the panel', () => {
    beforeAll(async () => {
      fixtureApp = await openFixture('engine', bridge);
      fixturePid = fixtureApp.pid;
      await until('the fixture in front', async () => ((await frontPid()) === fixturePid ? true : undefined));
      // The caret is in the fixture's "Message" field when the user leaves for the panel.
      const s = await fixture();
      const field = { generation: s.generation, id: find(s, 'text_field', 'Message').id };
      await bridge.setValue(field, '');
      await bridge.performAction(field, 'focus');
      await until('the field focused', async () => (find(await fixture(), 'text_field', 'Message').states.includes('focused') ? true : undefined));
    }, 30_000);

    it('"type hello" types into the app the user was in, and not into the panel', async () => {
      await focusPanel();
      // The engine learnt of the fixture only from the bridge's events: it never read it in front.
      expect(await engine.typeText('hello', undefined)).toMatchObject(success('Typed “hello”.'));
      expect(find(await fixture(), 'text_field', 'Message').value).toBe('hello');
      expect(await panelText()).toBe('');
      expect(await frontPid()).toBe(fixturePid);
    });

    it('"press End" then a key land in that app too', async () => {
      await focusPanel();
      expect(await engine.pressKey('end', [], undefined)).toEqual(success('Pressed end.'));
      await focusPanel();
      expect(await engine.pressKey('x', [], undefined)).toEqual(success('Pressed x.'));
      await until('the key in the fixture', async () => (find(await fixture(), 'text_field', 'Message').value === 'hellox' ? true : undefined));
      expect(await panelText()).toBe('');
    });

    it('"what is on the screen" reads that app, and names it as the frontmost app', async () => {
      await focusPanel();
      const seen = await engine.getScreenElements();
      if (seen.kind !== 'observation') throw new Error(`expected an observation, got ${JSON.stringify(seen)}`);
      expect(seen.text).toContain('button "Increment"');
      expect(seen.text).not.toContain('Command');
      expect(await engine.getFrontmostApp()).toEqual({
        kind: 'observation',
        text: 'The frontmost app is “engine-fixture-app.py”.',
        app: { name: 'engine-fixture-app.py', pid: fixturePid },
      });
      // Reading raises nothing: the panel keeps the focus.
      expect(await frontPid()).toBe(panelPid);
    });

    it('"scroll down" scrolls that app\'s window, brought in front of the panel', async () => {
      const bar = async (): Promise<number> => Number((await fixture()).elements.find((e) => e.role === 'scroll_bar')?.value ?? Number.NaN);
      expect(await bar()).toBe(0);
      // The pointer rests over the fixture's list, where the panel's window may lie on top of it.
      const rows = (await fixture()).elements.find((e) => e.name === 'Rows' && e.bounds)!.bounds!;
      await createNutInputDriver().moveTo({ x: Math.round(rows.x + rows.width / 2), y: Math.round(rows.y + rows.height / 2) });
      await focusPanel();
      const r = await engine.scroll('down', 5, undefined, undefined);
      expect(r).toMatchObject(success('Scrolled down 5 steps over “Engine Fixture”.'));
      expect(await frontPid()).toBe(fixturePid);
      await until('the list to scroll', async () => ((await bar()) > 0 ? true : undefined));
    });

    it('clicks a label in that app, not in the panel', async () => {
      await focusPanel();
      const count = async (): Promise<string | undefined> => (await fixture()).elements.find((e) => /^Count: \d+$/.test(e.name))?.name;
      expect(await count()).toBe('Count: 0');
      expect(await engine.click({ label: 'Increment' })).toEqual(success('Clicked “Increment”.'));
      await until('the count to go up', async () => ((await count()) === 'Count: 1' ? true : undefined));
    });

    it('says what to do again once that app has quit', async () => {
      await fixtureApp.stop();
      await focusPanel();
      expect(await engine.typeText('hello', undefined)).toEqual(failure('not_found', NO_TARGET_APP));
      expect(await panelText()).toBe('');
    });
  });
});
