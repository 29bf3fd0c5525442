// A long run on a real desktop (issue #32 item 5): 30 clicks of a real GTK button, said to the real
// loop as one command and planned by the offline grammar's chain, paused after step 10, resumed, and
// stopped at the step budget (25) when the user does not say to go on. The app's own counter shows
// exactly how many steps ran at each point.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssistantLoop } from '../../src/agent/assistant-loop.js';
import type { ConfirmationRequest } from '../../src/agent/loop-types.js';
import type { AxBridge } from '../../src/execution/accessibility/ax-bridge.js';
import { ExecutionEngine } from '../../src/execution/engine.js';
import { createNutInputDriver } from '../../src/execution/input/input-driver.js';
import type { AssistantEvent } from '../../src/shared/contracts/events.js';
import { activateWindow, desktopSkipReason, openFixture, stopApps, until } from '../support/desktop.js';
import { openBridge } from '../support/fixture-window.js';

const skip = desktopSkipReason();
if (skip !== '') console.log(`long-run desktop test skipped: ${skip}`);

describe.skipIf(skip !== '')('a 30-step run on a real desktop', () => {
  let bridge: AxBridge;
  let engine: ExecutionEngine;
  let pid: number;

  /** The fixture's own counter of clicks on Increment. */
  const count = async (): Promise<number> => {
    const label = (await bridge.snapshot({ pid })).elements.find((e) => /^Count: \d+$/.test(e.name));
    if (!label) throw new Error('no Count label');
    return Number(label.name.slice(7));
  };
  /** The counter once it reached `at` (it may lag the click): exactly `at`, or the test fails. */
  const countOnceAt = async (at: number): Promise<number> => {
    await until(`the counter at ${at}`, async () => ((await count()) >= at ? true : undefined));
    return count();
  };

  beforeAll(async () => {
    bridge = await openBridge();
    pid = (await openFixture('engine', bridge)).pid;
    await activateWindow('^Engine Fixture$');
    await until('the engine fixture in front', async () => ((await bridge.frontmostApp()).pid === pid ? true : undefined));
    engine = new ExecutionEngine({ bridge, input: createNutInputDriver() });
  });

  afterAll(async () => {
    await stopApps();
  });

  it('is paused after step 10, goes on, and stops at its budget of 25 when the user does not say to go on', async () => {
    const start = await count();
    const events: AssistantEvent[] = [];
    const seen: { paused?: number; resumedFrom?: number; atBudget?: number } = {};
    const questions: ConfirmationRequest[] = [];
    let resumed: Promise<void> | undefined;
    const loop: AssistantLoop = new AssistantLoop({
      engine,
      stepBudget: () => 25,
      emit: (event) => {
        events.push(event);
        if (event.type !== 'progress') return;
        if (!event.paused && event.step === 10) expect(loop.longRun.pause().ok).toBe(true);
        // While paused, the app's counter stays where the run stopped; then "go on".
        if (event.paused)
          resumed = (async () => {
            seen.paused = (await countOnceAt(start + 10)) - start;
            seen.resumedFrom = event.step;
            expect(loop.longRun.goOn()).toEqual({ ok: true, message: 'Going on.' });
          })();
      },
      confirm: async (request) => {
        questions.push(request);
        seen.atBudget = (await countOnceAt(start + 25)) - start;
        return 'declined';
      },
    });

    const command = Array.from({ length: 30 }, () => 'click Increment').join(' then ');
    const result = await loop.run(command);
    await resumed;

    expect(seen).toEqual({ paused: 10, resumedFrom: 11, atBudget: 25 });
    expect(questions.map((q) => q.summary)).toEqual(['25 of 30 steps done: go on?']);
    expect(result.outcome).toBe('failed');
    expect(result.message).toBe('You did not say to go on after 25 of 30 steps. Stopped before step 26 of 30 (Click “Increment”). Steps 1–25 were done.');
    // Exactly 25 clicks reached the app, and the assistant is idle again.
    expect((await count()) - start).toBe(25);
    const progress = events.filter((e) => e.type === 'progress');
    expect(progress.filter((e) => !e.paused).map((e) => e.step)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(progress.find((e) => e.step === 3)).toMatchObject({ total: 30, doing: expect.stringContaining('Increment') });
    expect(events.at(-1)).toMatchObject({ type: 'done', outcome: 'failed' });
    expect(events.filter((e) => e.type === 'status').at(-1)).toEqual({ type: 'status', status: 'idle' });
    expect(loop.busy).toBe(false);
  });

  it('stops while paused when the user says stop: no step after the pause runs', async () => {
    const start = await count();
    const stop = new AbortController();
    let pausedAt: Promise<number> | undefined;
    const loop: AssistantLoop = new AssistantLoop({
      engine,
      confirm: async () => 'declined',
      emit: (event) => {
        if (event.type !== 'progress') return;
        if (!event.paused && event.step === 3) loop.longRun.pause();
        if (event.paused)
          pausedAt = (async () => {
            const at = (await countOnceAt(start + 3)) - start;
            stop.abort();
            return at;
          })();
      },
    });
    const result = await loop.run(Array.from({ length: 8 }, () => 'click Increment').join(' then '), { signal: stop.signal });
    expect(await pausedAt).toBe(3);
    expect(result.outcome).toBe('cancelled');
    expect((await count()) - start).toBe(3);
    expect(loop.busy).toBe(false);
    expect(loop.longRun.goOn()).toEqual({ ok: false, message: 'Nothing is paused.' });
  });
});
