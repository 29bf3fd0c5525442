/**
 * The consent laboratories (issue #27): a fixture app full of effects no label names on the private
 * desktop, the real engine over AT-SPI and XTest, and the real loop planning through the OpenAI SDK
 * against a scripted loopback model. Effects are read back from the app.
 *
 * - the consent fixture (tests/fixtures/consent-fixture-app.py): mnemonics, menu accelerators,
 *   dialogs, default buttons, a list the Delete key empties, a bash terminal;
 * - the effects fixture (tests/fixtures/effects-fixture-app.py): the same effects for a list of
 *   labels given at launch, started again for each batch of labels (`relaunch`).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDesktopEngine } from '../../src/compose/desktop-engine.js';
import type { AxBridge } from '../../src/execution/accessibility/ax-bridge.js';
import type { AxElement, AxSnapshot } from '../../src/execution/accessibility/types.js';
import { activateWindow, openFixture, raiseWindow, until, type Fixture } from '../support/desktop.js';
import { readCounters } from '../support/counters.js';
import { openLabDesktop, scriptedRunner, type ScriptedRunner } from './gate-lab.js';
import { afterAll, beforeAll } from 'vitest';

export interface FixtureLab {
  readonly bridge: AxBridge;
  /** The fixture's process (a new one after `relaunch`). */
  readonly pid: number;
  /** The terminal's folder (its HOME), where its commands make files. */
  readonly workdir: string;
  readonly run: ScriptedRunner['run'];
  /** The number a counter label shows ("Rows deleted: 2" → 2). */
  counter(prefix: string): Promise<number>;
  /** The numbers of several counter labels, read in one snapshot of the app. */
  counters(prefixes: readonly string[]): Promise<number[]>;
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
  /** Puts the focus on the element `pick` chooses (the main window raised first). */
  focusWhere(pick: (els: readonly AxElement[]) => AxElement | undefined, what: string): Promise<void>;
  /** The app's focused window, read now. */
  focusedWindow(): Promise<AxSnapshot>;
  /** Waits until the terminal's text holds `text`. */
  terminalShows(text: string): Promise<void>;
  harnessKey(...keys: string[]): Promise<void>;
  harnessType(text: string): Promise<void>;
  /** Ends the fixture and starts it again with `args` (its --workdir added), waiting until `ready` says it is up. */
  relaunch(args: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

export interface ConsentLab extends FixtureLab {
  /** Puts the focus on the first row of the list "Parcels", whatever its number now. */
  focusFirstRow(): Promise<void>;
}

interface FixtureSpec {
  readonly name: 'consent' | 'effects';
  /** The window's title, matched exactly. */
  readonly title: string;
  readonly args: readonly string[];
  /** Whether the fixture's tree shows that it is up. */
  readonly ready: (elements: readonly AxElement[]) => boolean;
}

async function openFixtureLab(spec: FixtureSpec): Promise<FixtureLab> {
  const desk = await openLabDesktop('ac-consent-');
  const { bridge, workdir } = desk;
  const title = `^${spec.title}$`;
  let app: Fixture | undefined;
  let pid = 0;
  const launch = async (args: readonly string[]): Promise<void> => {
    if (app) await app.stop();
    app = await openFixture(spec.name, bridge, { args: [...args, '--workdir', workdir], ready: spec.ready });
    pid = app.pid;
  };
  await launch(spec.args);
  const engine = createDesktopEngine(process.env, { bridge, ownPids: [] });
  const runner = await scriptedRunner(engine);

  const focusedWindow = () => bridge.snapshot({ pid, scope: 'focused_window' });
  const pressNamed = async (name: string): Promise<void> => {
    const s = await bridge.snapshot({ pid });
    const el = s.elements.find((e) => e.name === name && e.role === 'button');
    if (!el) throw new Error(`no button ${JSON.stringify(name)}`);
    await bridge.performAction({ generation: s.generation, id: el.id }, 'press');
  };
  const isDialog = (e: AxElement | undefined): boolean => e?.role === 'dialog' || e?.role === 'alert';
  // What each opener's dialog showed when it opened (its elements' roles, names and values, in order).
  const dialogs = new Map<string, string>();
  const dialogText = (w: AxSnapshot): string => JSON.stringify(w.elements.map((e) => [e.role, e.name, e.value]));

  const lab: FixtureLab = {
    bridge,
    get pid() {
      return pid;
    },
    workdir,
    run: runner.run,
    async counter(prefix) {
      if (!app) throw new Error('no fixture app');
      return app.counter(prefix);
    },
    counters: (prefixes) => readCounters(bridge, pid, prefixes),
    files: desk.files,
    element: (name) => desk.element(name, pid),
    async reset() {
      for (let i = 0; i < 3; i++) {
        const s = await bridge.snapshot({ pid });
        const dialog = s.elements.find(isDialog);
        if (!dialog) break;
        const cancel = s.elements.find((e) => e.role === 'button' && e.name === 'Cancel');
        if (cancel) await bridge.performAction({ generation: s.generation, id: cancel.id }, 'press');
        await until('the dialog to close', async () => ((await bridge.snapshot({ pid })).elements.some(isDialog) ? undefined : true), 5000, 20);
      }
      // No dialog is left: the app's window with the keyboard is its main window.
      await raiseWindow(bridge, pid, title);
    },
    async openDialog(opener, focusedName) {
      const focusedOn = (w: AxSnapshot): boolean => isDialog(w.elements[0]) && w.elements.some((e) => e.name === focusedName && e.states.includes('focused'));
      // Open already as its opener left it (read back: the same texts, values and focus, the app
      // with the keyboard), it is not opened again.
      const seen = dialogs.get(opener);
      if (seen !== undefined) {
        const [w, owner] = await Promise.all([focusedWindow(), bridge.keyboardOwner().catch(() => null)]);
        if (owner === pid && focusedOn(w) && dialogText(w) === seen) return;
      }
      await lab.reset();
      await pressNamed(opener);
      const w = await until(
        `the dialog of ${opener} with the focus on ${focusedName}`,
        async () => {
          const now = await focusedWindow();
          return focusedOn(now) ? now : undefined;
        },
        5000,
        10,
      );
      dialogs.set(opener, dialogText(w));
    },
    async focus(name) {
      await lab.focusWhere((els) => els.find((e) => e.name === name && e.role !== 'text'), name);
    },
    async focusWhere(pick, what) {
      await raiseWindow(bridge, pid, title);
      let s = await bridge.snapshot({ pid });
      // A dialog open: the main window is raised over it (the keyboard's owner says only the app).
      const dialog = s.elements.some(isDialog);
      if (dialog) {
        await activateWindow(title);
        s = await bridge.snapshot({ pid });
      }
      const el = pick(s.elements);
      if (!el) throw new Error(`nothing to focus: ${what}`);
      // Read back already focused, in the window with the keyboard: nothing to do.
      if (!dialog && el.states.includes('focused')) return;
      await bridge.performAction({ generation: s.generation, id: el.id }, 'focus');
      await until(
        `the focus on ${what}`,
        async () => ((await focusedWindow()).elements.some((e) => e.role === el.role && e.name === el.name && e.states.includes('focused')) ? true : undefined),
        5000,
        10,
      );
    },
    focusedWindow,
    async terminalShows(text) {
      await until(
        `the terminal to show ${text}`,
        async () => ((await bridge.snapshot({ pid })).elements.some((e) => e.role === 'terminal' && (e.value ?? '').includes(text)) ? true : undefined),
        5000,
        20,
      );
    },
    harnessKey: desk.harnessKey,
    harnessType: desk.harnessType,
    relaunch: launch,
    close: desk.closeWith(runner),
  };
  return lab;
}

export async function openConsentLab(): Promise<ConsentLab> {
  const lab = await openFixtureLab({
    name: 'consent',
    title: 'Consent Fixture',
    args: [],
    ready: (els) => els.some((e) => e.role === 'terminal'),
  });
  return Object.assign(lab, {
    async focusFirstRow() {
      await lab.focusWhere((els) => {
        const list = els.find((e) => e.role === 'list' && e.name === 'Parcels');
        return els.find((e) => e.role === 'list_item' && e.parent === list?.id);
      }, 'the first parcel');
    },
  });
}

export interface EffectsLab extends FixtureLab {
  /** The labels the fixture shows now. */
  readonly labels: readonly string[];
  /** Starts the fixture again with these labels (nothing happens when it shows them already). */
  load(labels: readonly string[]): Promise<void>;
}

/** The effects fixture, showing `labels` first. */
export async function openEffectsLab(labels: readonly string[]): Promise<EffectsLab> {
  const labelsDir = mkdtempSync(join(tmpdir(), 'ac-effects-labels-'));
  let launches = 0;
  const argsFor = (shown: readonly string[]): string[] => {
    const file = join(labelsDir, `labels-${launches++}.json`);
    writeFileSync(file, JSON.stringify(shown));
    return ['--labels', file];
  };
  let shown = labels;
  const lab = await openFixtureLab({
    name: 'effects',
    title: 'Effects Fixture',
    args: argsFor(labels),
    ready: (els) => els.some((e) => e.role === 'terminal') && els.some((e) => e.name === `Deleted ${shown.length - 1}: 0`),
  });
  const close = lab.close;
  // A getter (Object.assign would copy the first value).
  Object.defineProperty(lab, 'labels', { get: () => shown });
  return Object.assign(lab as FixtureLab & { readonly labels: readonly string[] }, {
    async load(next: readonly string[]) {
      if (JSON.stringify(next) === JSON.stringify(shown)) return;
      shown = next;
      await lab.relaunch(argsFor(next));
    },
    async close() {
      await close();
      rmSync(labelsDir, { recursive: true, force: true });
    },
  });
}

/** Opens a lab before the suite's tests and closes it after them; the lab is read through the getter. */
export function useLab<L extends FixtureLab>(open: () => Promise<L>): () => L {
  let lab: L | undefined;
  beforeAll(async () => {
    lab = await open();
  }, 60_000);
  afterAll(async () => {
    await lab?.close();
  });
  return () => {
    if (!lab) throw new Error('the lab is not open');
    return lab;
  };
}

/** The consent lab, opened before the suite's tests and closed after them. */
export function useConsentLab(): () => ConsentLab {
  return useLab(openConsentLab);
}
