// A focus that moves after it was judged (issue #27): a window a click opened may take the focus
// after the engine read it and the gate judged the key, and the key would then reach what nobody
// judged (the property suite found a typed space answering a dialog's "Proceed" that way). The engine
// reads the focus once more just before the key goes and judges again what has it now.
//
// Made deterministic: the fixture opens its dialog when told (SIGUSR1), and the test tells it from
// inside the gate's first judgment, then waits until the dialog's "Proceed" has the focus (the app
// writes a file on that event). The second judgment must see "Proceed" in the dialog; declined there,
// nothing is pressed; let through, Proceed really is pressed.
import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { enterDesktopSession, startDesktopSession, type DesktopSession } from '../../scripts/desktop-session.js';
import { createDesktopEngine } from '../../src/compose/desktop-engine.js';
import { AxBridge } from '../../src/execution/accessibility/ax-bridge.js';
import type { ExecutionEngine } from '../../src/execution/engine.js';
import type { LiveFacts } from '../../src/execution/engine-types.js';
import { failure, type ActionResult } from '../../src/execution/results.js';
import { desktopSkipReason, openFixture, stopApp, until } from '../support/desktop.js';

const skip = desktopSkipReason();

describe.skipIf(skip !== '')('a focus that moves after it was judged is judged again before the key goes', () => {
  let session: DesktopSession;
  let bridge: AxBridge;
  let engine: ExecutionEngine;
  let dir = '';
  let app: ChildProcess | undefined;
  let marker = '';

  beforeAll(async () => {
    session = await startDesktopSession();
    enterDesktopSession(session.env);
    dir = mkdtempSync(join(tmpdir(), 'ac-late-focus-'));
    bridge = AxBridge.open();
    engine = createDesktopEngine(process.env, { bridge, ownPids: [] });
  }, 60_000);

  afterEach(async () => {
    if (app) await stopApp(app);
    app = undefined;
  });

  afterAll(async () => {
    await session?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** A fresh app, in front, its field focused. */
  const start = async (name: string): Promise<ChildProcess> => {
    marker = join(dir, `${name}.focused`);
    const child = (await openFixture('late-dialog', bridge, { args: [marker], front: false })).app;
    app = child;
    await until(
      'the app in front with its field focused',
      async () => {
        if ((await bridge.frontmostApp().catch(() => undefined))?.pid !== child.pid) return undefined;
        const s = await bridge.snapshot({ pid: child.pid, scope: 'focused_window' }).catch(() => undefined);
        return s?.elements.some((e) => e.role === 'text_field' && e.states.includes('focused')) ? true : undefined;
      },
      20_000,
    );
    return child;
  };

  /**
   * Opens the dialog and returns once its Proceed has the focus. Synchronous on purpose: it runs inside
   * the gate's judgment, between the engine's reading of the focus and the key.
   */
  const openDialogNow = (pid: number): void => {
    execFileSync('sh', ['-c', `kill -USR1 ${pid}; i=0; until [ -s '${marker}' ]; do i=$((i+1)); [ $i -gt 3000 ] && exit 1; sleep 0.01; done`]);
  };

  const proceeded = async (pid: number): Promise<number> => {
    const s = await bridge.snapshot({ pid });
    const label = s.elements.find((e) => e.role === 'text' && e.name.startsWith('Proceeded: '));
    return Number(label?.name.slice('Proceeded: '.length) ?? NaN);
  };

  /** A gate that lets the first judgment through (opening the dialog in its moment), then answers `second`. */
  const gate = (pid: number, judged: LiveFacts[], second: ActionResult | undefined) => (facts: LiveFacts) => {
    judged.push(facts);
    if (judged.length === 1) {
      openDialogNow(pid);
      return undefined;
    }
    return second;
  };

  const DECLINED = failure('refused', 'Declined in this test.');

  it.each([
    ['a key (Space)', (e: ExecutionEngine, g: (f: LiveFacts) => ActionResult | undefined) => e.pressKey('space', [], undefined, { gate: g })],
    ['a typed space at the caret', (e: ExecutionEngine, g: (f: LiveFacts) => ActionResult | undefined) => e.typeText(' ', undefined, { gate: g })],
  ])(
    '%s: judged again on the dialog’s Proceed; declined, nothing is pressed; let through, Proceed is pressed',
    async (what, act) => {
      const child = await start(what.replace(/\W+/g, '-'));
      const pid = child.pid ?? 0;
      const judged: LiveFacts[] = [];
      const declined = await act(engine, gate(pid, judged, DECLINED));
      expect(judged[0]?.focused).toMatchObject({ role: 'text_field', name: 'Notes' });
      expect(judged[1]?.focused).toMatchObject({ role: 'button', name: 'Proceed', dialogText: expect.stringContaining('Unsaved work is lost') });
      expect(declined).toEqual(DECLINED);
      expect(await proceeded(pid)).toBe(0);
      await stopApp(child);

      // The same moment, let through on the second judgment: the key really lands on Proceed.
      const again = await start(`${what.replace(/\W+/g, '-')}-through`);
      const pid2 = again.pid ?? 0;
      const through: LiveFacts[] = [];
      const result = await act(engine, gate(pid2, through, undefined));
      expect(through).toHaveLength(2);
      expect(result.kind, JSON.stringify(result)).toBe('success');
      await until('Proceed to be pressed', async () => ((await proceeded(pid2)) === 1 ? true : undefined), 10_000);
    },
    90_000,
  );
});
