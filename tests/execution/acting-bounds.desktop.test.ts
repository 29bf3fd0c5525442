// Acting never aims with kept bounds (issue #29 item 5): the bridge keeps a GTK 3 app's bounds in its
// mirror while the app says nothing changed, for "show numbers"; a snapshot the engine acts on reads
// them live. The AX fixture's "AX Drift" window scrolls a view that has no scroll bar on SIGUSR2: its
// button moves 120 pixels up on screen and GTK sends no accessibility event at all (nothing is
// allocated again), so only bounds read now say where the button is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AxBridge } from '../../src/execution/accessibility/ax-bridge.js';
import type { AxElement, ScreenRect } from '../../src/execution/accessibility/types.js';
import { ExecutionEngine } from '../../src/execution/engine.js';
import { createNutInputDriver } from '../../src/execution/input/input-driver.js';
import { activateWindow, desktopSkipReason, openFixture, until, type Fixture } from '../support/desktop.js';

const skip = desktopSkipReason();
if (skip !== '') console.log(`acting-bounds: skipped (${skip})`);

describe.skipIf(skip !== '')('a snapshot to act on reads bounds live', () => {
  let bridge: AxBridge;
  let drift: Fixture;

  beforeAll(async () => {
    bridge = AxBridge.open();
    drift = await openFixture('ax', bridge, { args: ['--drift'], ready: 'Drifter', front: false });
    await activateWindow('^AX Drift$');
  }, 60_000);

  afterAll(async () => {
    await drift?.stop();
  });

  const drifter = (elements: readonly AxElement[]): ScreenRect | undefined =>
    elements.find((e) => e.role === 'button' && e.name === 'Drifter')?.bounds ?? undefined;
  /** Where the live tree has the button: read element by element, neither the app's cache nor the bridge's mirror. */
  const walked = async (): Promise<ScreenRect | undefined> => drifter((await bridge.snapshot({ pid: drift.pid, useCache: false, useMirror: false })).elements);

  /** How often the button was clicked, as its label says ("Drifter pressed 2 times"). */
  const presses = async (): Promise<number> => {
    const label = (await bridge.snapshot({ pid: drift.pid })).elements.find((e) => e.role === 'text' && e.name.startsWith('Drifter pressed'));
    return Number(/(\d+) times$/.exec(label?.name ?? '')?.[1] ?? Number.NaN);
  };

  it('a button the app moved without any event is where a snapshot to act on says, and a double click lands on it', async () => {
    // Twice: the second comes from the bridge's mirror and keeps the bounds it read.
    await bridge.snapshot({ pid: drift.pid });
    const from = drifter((await bridge.snapshot({ pid: drift.pid })).elements);
    expect(from).toEqual(await walked());
    process.kill(drift.pid, 'SIGUSR2');
    const now = await until('the button to move up', async () => {
      const b = await walked();
      return b && from && b.y < from.y ? b : undefined;
    });
    // The app said nothing: a snapshot that may keep bounds still has the old place (the case is real).
    expect(drifter((await bridge.snapshot({ pid: drift.pid })).elements)).toEqual(from);
    // A snapshot to act on has the new one.
    expect(drifter((await bridge.snapshot({ pid: drift.pid, liveBounds: true })).elements)).toEqual(now);

    // The engine's own reads: a double click (no accessibility action) at the button's centre.
    // The bounds are kept again first, so that only the engine's snapshot can read them afresh.
    await bridge.snapshot({ pid: drift.pid });
    process.kill(drift.pid, 'SIGUSR2');
    const again = await until('the button to move up again', async () => {
      const b = await walked();
      return b && b.y < now.y ? b : undefined;
    });
    expect(drifter((await bridge.snapshot({ pid: drift.pid })).elements)).toEqual(now);
    const engine = new ExecutionEngine({ bridge, input: createNutInputDriver() });
    const before = await presses();
    const r = await engine.doubleClick({ label: 'Drifter', role: 'button' });
    expect(r).toMatchObject({ kind: 'success' });
    await until('the clicks to reach the button', async () => ((await presses()) > before ? true : undefined));
    expect(drifter((await bridge.snapshot({ pid: drift.pid, liveBounds: true })).elements)).toEqual(again);
  });
});
