// A real Gtk.Notebook on the shared headless desktop: the observation lists the page the user reads
// (ATK puts it inside its tab) and, once another tab is pressed, that page instead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AxBridge } from '../../src/execution/accessibility/ax-bridge.js';
import { ExecutionEngine } from '../../src/execution/engine.js';
import type { InputDriver } from '../../src/execution/input/input-driver.js';
import { desktopSkipReason, openFixture, until, type Fixture } from '../support/desktop.js';

const skip = desktopSkipReason();

/** No synthesized input here: reading and accessibility presses only (the shared desktop's pointer is not ours). */
const NO_INPUT = new Proxy({} as InputDriver, {
  get: (_t, name) => () => Promise.reject(new Error(`this test sends no input (${String(name)})`)),
});

describe.skipIf(skip !== '')('a notebook page on a real desktop', () => {
  let bridge: AxBridge;
  let app: Fixture;
  let engine: ExecutionEngine;

  beforeAll(async () => {
    bridge = AxBridge.open();
    app = await openFixture('notebook', bridge, { front: false });
    engine = new ExecutionEngine({ bridge, input: NO_INPUT });
  });

  afterAll(async () => {
    if (app) await app.stop();
  });

  const observe = async (): Promise<string> => {
    const r = await engine.getScreenElements('notebook-app.py');
    if (r.kind !== 'observation') throw new Error(`no observation: ${JSON.stringify(r)}`);
    return r.text;
  };

  it('lists the text of the page in front, and not the page behind', async () => {
    const text = await observe();
    expect(text).toContain('text "Leeds: light rain, 9°C"');
    expect(text).toContain('text "Tomorrow: sunny spells"');
    expect(text).toMatch(/button "Refresh"/);
    expect(text).not.toContain('Wind from the west');
  });

  it('lists the other page once its tab is pressed', async () => {
    const pressed = await engine.click({ label: 'Details', role: 'tab', app: 'notebook-app.py' });
    expect(pressed).toEqual({ kind: 'success', message: 'Clicked the tab “Details”.' });
    const text = await until('the Details page', async () => {
      const t = await observe();
      return t.includes('Wind from the west') ? t : undefined;
    });
    expect(text).toContain('text "Wind from the west, 20 km/h"');
    expect(text).not.toContain('Leeds: light rain');
  });
});
