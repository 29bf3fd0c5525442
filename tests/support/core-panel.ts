/**
 * The built panel in Debian's Chromium wired to the real core (its settings and audit log in a new
 * folder), acting on the loop fixture app: what a panel desktop test with typing or switches and no
 * voice starts with. `change` adjusts the saved settings (voice is off).
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Settings } from '../../src/config/settings.js';
import type { PanelSession } from '../../src/core/panel-session.js';
import { openLoopFixture, type LoopFixture } from './loop-fixture.js';
import { axeViolations, openPanel, type PanelBrowser } from './panel-browser.js';
import { startTestCore, voicePanelSetup } from './panel-core.js';
import { closePorts } from './port-link.js';
import { openForSuite } from './suite-resource.js';

export interface CorePanel {
  readonly fixture: LoopFixture;
  readonly panel: PanelBrowser;
  readonly session: PanelSession;
  /** The folder of the settings; the audit log is in its `audit` folder. */
  readonly dir: string;
  readonly close: () => Promise<void>;
}

export async function openCorePanel(options: {
  readonly prefix: string;
  readonly artifactsDir: string;
  readonly change?: (s: Settings) => Settings;
}): Promise<CorePanel> {
  const dir = await mkdtemp(join(tmpdir(), options.prefix));
  const fixture = await openLoopFixture();
  const bundleDir = await voicePanelSetup(dir, 'http://127.0.0.1:9/v1', (s) => (options.change ?? ((x) => x))({ ...s, voice: { ...s.voice, enabled: false } }));
  const ref: { panel?: PanelBrowser } = {};
  const session = await startTestCore({ fixture, dir, push: (event) => ref.panel?.push(event) });
  const panel = await openPanel({ bundleDir, artifactsDir: options.artifactsDir, session: () => session });
  ref.panel = panel;
  return {
    fixture,
    panel,
    session,
    dir,
    close: async () => {
      await panel.close();
      closePorts();
      await fixture.close();
    },
  };
}

export interface CorePanelUse {
  /** The core panel, once the suite's `beforeAll` has opened it. */
  readonly opened: CorePanel;
  readonly page: () => Page;
  /** Saves a screenshot of the page as `name`; the page must pass axe-core in that state. */
  readonly checkState: (name: string) => Promise<void>;
}

/** Call in a `describe`: opens the core panel before its tests (its command box shown) and closes it after. */
export function useCorePanel(options: Parameters<typeof openCorePanel>[0]): CorePanelUse {
  const open = openForSuite(
    'the core panel',
    {
      open: () => openCorePanel(options),
      ready: (opened) => opened.panel.page.getByRole('textbox', { name: 'Command' }).waitFor({ timeout: 20_000 }),
      close: (opened) => opened.close(),
    },
    90_000,
  );
  const page = (): Page => open().panel.page;
  return {
    get opened() {
      return open();
    },
    page,
    checkState: async (name) => {
      await open().panel.screenshot(name);
      expect(await axeViolations(page()), name).toEqual([]);
    },
  };
}
