/**
 * The consent laboratory (issue #27): the consent fixture (effects no label names: mnemonics, menu
 * accelerators, dialogs, default buttons, a list the Delete key empties, a bash terminal) on the
 * private desktop, the real engine over AT-SPI and XTest, and the real loop planning through the
 * OpenAI SDK against a scripted loopback model. Effects are read back from the app.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { enterDesktopSession, startDesktopSession, type DesktopSession } from '../../scripts/desktop-session.js';
import { createDesktopEngine } from '../../src/compose/desktop-engine.js';
import { AxBridge } from '../../src/execution/accessibility/ax-bridge.js';
import type { AxElement } from '../../src/execution/accessibility/types.js';
import { SYSTEM_PYTHON, activateWindow, harnessKey, harnessType, startApp, stopApps, until } from '../support/desktop.js';
import { scriptedRunner, type ScriptedRunner } from './gate-lab.js';
import { afterAll, beforeAll } from 'vitest';

const CONSENT_FIXTURE = fileURLToPath(new URL('../fixtures/consent-fixture-app.py', import.meta.url));

export interface ConsentLab {
  readonly bridge: AxBridge;
  readonly pid: number;
  readonly run: ScriptedRunner['run'];
  /** The number a counter label shows ("Rows deleted: 2" → 2). */
  counter(prefix: string): Promise<number>;
  /** Files in the terminal's folder whose names start with `prefix`. */
  files(prefix: string): number;
  /** An element of the app by exact name (not a text label). */
  element(name: string): Promise<AxElement>;
  /** Closes any dialog (its Cancel), raises the main window. */
  reset(): Promise<void>;
  /** Opens a dialog with its opener button and waits until it has the focus. */
  openDialog(opener: string, focusedName: string): Promise<void>;
  /** Puts the focus on an element (the main window raised first). */
  focus(name: string): Promise<void>;
  /** Puts the focus on the first row of the list "Parcels", whatever its number now. */
  focusFirstRow(): Promise<void>;
  /** Waits until the terminal's text holds `text`. */
  terminalShows(text: string): Promise<void>;
  harnessKey(...keys: string[]): Promise<void>;
  harnessType(text: string): Promise<void>;
  close(): Promise<void>;
}

export async function openConsentLab(): Promise<ConsentLab> {
  const session: DesktopSession = await startDesktopSession();
  enterDesktopSession(session.env);
  const workdir = mkdtempSync(join(tmpdir(), 'ac-consent-'));
  const bridge = AxBridge.open();
  const app: ChildProcess = startApp(SYSTEM_PYTHON, [CONSENT_FIXTURE, '--workdir', workdir]);
  const pid = app.pid ?? 0;
  await bridge.waitForApp({ pid });
  await until('the consent fixture', async () => ((await bridge.snapshot({ pid })).elements.some((e) => e.role === 'terminal') ? true : undefined), 15_000);
  await activateWindow('^Consent Fixture$');
  const engine = createDesktopEngine(process.env, { bridge, ownPids: [] });
  const runner = await scriptedRunner(engine);

  const focusedWindow = () => bridge.snapshot({ pid, scope: 'focused_window' });
  const pressNamed = async (name: string): Promise<void> => {
    const s = await bridge.snapshot({ pid });
    const el = s.elements.find((e) => e.name === name && e.role === 'button');
    if (!el) throw new Error(`no button ${JSON.stringify(name)}`);
    await bridge.performAction({ generation: s.generation, id: el.id }, 'press');
  };
  const focusWhere = async (pick: (els: readonly AxElement[]) => AxElement | undefined, what: string): Promise<void> => {
    await activateWindow('^Consent Fixture$');
    const s = await bridge.snapshot({ pid });
    const el = pick(s.elements);
    if (!el) throw new Error(`nothing to focus: ${what}`);
    await bridge.performAction({ generation: s.generation, id: el.id }, 'focus');
    await until(`the focus on ${what}`, async () =>
      (await focusedWindow()).elements.some((e) => e.role === el.role && e.name === el.name && e.states.includes('focused')) ? true : undefined,
    );
  };

  const lab: ConsentLab = {
    bridge,
    pid,
    run: runner.run,
    async counter(prefix) {
      const label = (await bridge.snapshot({ pid })).elements.find((e) => e.role === 'text' && e.name.startsWith(prefix));
      if (!label) throw new Error(`no counter ${prefix}`);
      return Number(label.name.slice(prefix.length).trim());
    },
    files(prefix) {
      return readdirSync(workdir).filter((f) => f.startsWith(prefix)).length;
    },
    async element(name) {
      const el = (await bridge.snapshot({ pid })).elements.find((e) => e.name === name && e.role !== 'text');
      if (!el) throw new Error(`no element named ${JSON.stringify(name)}`);
      return el;
    },
    async reset() {
      for (let i = 0; i < 3; i++) {
        const s = await bridge.snapshot({ pid });
        const dialog = s.elements.find((e) => e.role === 'dialog' || e.role === 'alert');
        if (!dialog) break;
        const cancel = s.elements.find((e) => e.role === 'button' && e.name === 'Cancel');
        if (cancel) await bridge.performAction({ generation: s.generation, id: cancel.id }, 'press');
        await until('the dialog to close', async () =>
          (await bridge.snapshot({ pid })).elements.some((e) => e.role === 'dialog' || e.role === 'alert') ? undefined : true,
        );
      }
      await activateWindow('^Consent Fixture$');
    },
    async openDialog(opener, focusedName) {
      await lab.reset();
      await pressNamed(opener);
      await until(`the dialog of ${opener} with the focus on ${focusedName}`, async () => {
        const w = await focusedWindow();
        const inDialog = w.elements[0]?.role === 'dialog' || w.elements[0]?.role === 'alert';
        return inDialog && w.elements.some((e) => e.name === focusedName && e.states.includes('focused')) ? true : undefined;
      });
    },
    async focus(name) {
      await focusWhere((els) => els.find((e) => e.name === name && e.role !== 'text'), name);
    },
    async focusFirstRow() {
      await focusWhere((els) => {
        const list = els.find((e) => e.role === 'list' && e.name === 'Parcels');
        return els.find((e) => e.role === 'list_item' && e.parent === list?.id);
      }, 'the first parcel');
    },
    async terminalShows(text) {
      await until(`the terminal to show ${text}`, async () =>
        (await bridge.snapshot({ pid })).elements.some((e) => e.role === 'terminal' && (e.value ?? '').includes(text)) ? true : undefined,
      );
    },
    harnessKey,
    harnessType,
    async close() {
      await runner.close();
      await stopApps();
      await session.stop();
      rmSync(workdir, { recursive: true, force: true });
    },
  };
  return lab;
}

/** Opens the lab before the suite's tests and closes it after them; the lab is read through the getter. */
export function useConsentLab(): () => ConsentLab {
  let lab: ConsentLab | undefined;
  beforeAll(async () => {
    lab = await openConsentLab();
  }, 60_000);
  afterAll(async () => {
    await lab?.close();
  });
  return () => {
    if (!lab) throw new Error('the consent lab is not open');
    return lab;
  };
}
