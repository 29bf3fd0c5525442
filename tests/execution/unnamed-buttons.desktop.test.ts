// Icon-only buttons without names on a real GTK app (issue #29 item 3; tests/fixtures/unnamed-buttons-app.py):
// the observation lists each by where it is ("at the left of the toolbar "Format", 3rd of 6 buttons
// there"), the one with a tooltip by its tooltip, and "click N" through the assistant loop (grammar
// only, no model) presses the one it numbered; "click the third button in the toolbar" and "the
// second unnamed button" press the ones they count: the app's own label says which it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssistantLoop } from '../../src/agent/assistant-loop.js';
import { SessionMemory } from '../../src/agent/session-memory.js';
import { createDesktopEngine } from '../../src/compose/desktop-engine.js';
import { AxBridge } from '../../src/execution/accessibility/ax-bridge.js';
import type { ExecutionEngine } from '../../src/execution/engine.js';
import { desktopSkipReason, openFixture, stopApps, until } from '../support/desktop.js';
import { openBridge } from '../support/fixture-window.js';

const skip = desktopSkipReason();

describe.skipIf(skip !== '')('unnamed buttons on a real desktop', () => {
  let bridge: AxBridge;
  let pid = 0;
  let engine: ExecutionEngine;

  /** What the app says was pressed last ("none", "1" … "5", "zoom"). */
  const pressed = async (): Promise<string | undefined> =>
    (await bridge.snapshot({ pid })).elements.find((e) => e.role === 'text' && e.name.startsWith('Pressed: '))?.name.slice('Pressed: '.length);

  beforeAll(async () => {
    bridge = await openBridge();
    ({ pid } = await openFixture('unnamed-buttons', bridge));
    engine = createDesktopEngine(process.env, { bridge: AxBridge.open() });
  }, 30_000);

  afterAll(async () => {
    await stopApps();
  });

  /** The assistant loop with the offline grammar only (no model): what the user says must be understood by it. */
  const grammarLoop = (): AssistantLoop =>
    new AssistantLoop({
      engine,
      memory: new SessionMemory(),
      emit: () => undefined,
      confirm: async () => 'declined',
      planner: async () => ({ kind: 'none', message: 'No model in this test: the grammar must understand the command.' }),
    });

  it('lists each unnamed button by where it is, numbers it, and "click N" presses that one', async () => {
    const loop = grammarLoop();
    // What the user says first: the list the numbers refer to (the same one "show numbers" draws).
    const looked = await loop.run("what's on screen");
    expect(looked.outcome, looked.message).not.toBe('refused');
    const observation = engine.latestObservation;
    const text = observation?.text ?? '';
    const unnamed = text.split('\n').filter((l) => /^\d+ button \(no name/.test(l));
    expect(unnamed).toHaveLength(5);
    expect(unnamed[0]).toMatch(/^\d+ button \(no name, at the left of the toolbar "Format", 1st of 6 buttons there\)/);
    expect(text).toMatch(/^\d+ button "Zoom in"$/m);
    const third = /^(\d+) button \(no name, at the (\w+) of the toolbar "Format", 3rd of 6 buttons there\)/m.exec(text);
    expect(third, text).not.toBeNull();
    // The overlay numbers what the observation marks actionable and gives bounds for.
    const place = observation?.places?.get(Number(third?.[1]));
    expect(place).toMatchObject({ role: 'button', actionable: true });
    expect(place?.bounds?.width).toBeGreaterThan(0);

    const result = await loop.run(`click ${third?.[1]}`);
    expect(result.outcome, result.message).toBe('done');
    expect(await until('the app to say which button was pressed', async () => ((await pressed()) === '3' ? '3' : undefined), 5000)).toBe('3');
  }, 60_000);

  it('"click the third button in the toolbar", "the second unnamed button" and "the last unnamed button" press the ones they count, without an observation first', async () => {
    const loop = grammarLoop();
    // The counts are the observation's ("3rd of 6 buttons there"): the tooltip button "Zoom in" is the 6th, and named.
    for (const [command, which] of [
      ['click the third button in the toolbar', '3'],
      ['click the second unnamed button', '2'],
      ['click the last unnamed button in the Format toolbar', '5'],
      ['click the last button in the toolbar', 'zoom'],
      ['click the 1st button in toolbar Format', '1'],
    ] as const) {
      const result = await loop.run(command);
      expect(result.outcome, `${command}: ${result.message}`).toBe('done');
      expect(await until(`the app to say ${which} was pressed`, async () => ((await pressed()) === which ? which : undefined), 5000)).toBe(which);
    }
    // Past the last: a sentence, and nothing pressed.
    const none = await loop.run('click the seventh button in the toolbar');
    expect(none.outcome).toBe('failed');
    expect(none.message).toMatch(/There are 6 buttons in the toolbar “Format”, so there is no 7th/);
    expect(await pressed()).toBe('1');
  }, 60_000);
});
