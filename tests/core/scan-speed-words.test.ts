// "Slower" / "faster" (issue #31 item 2): the panel changes the scan speed itself when nothing waits;
// the words reach the core only while something does (the panel drops them while a command runs), and
// the core then says when they work, acting on nothing and reaching no planner.
import { describe, expect, it } from 'vitest';
import { SCAN_SPEED_LATER } from '../../src/shared/scan-rate.js';
import { runOffline } from './offline-session.js';

describe('"slower" and "faster" at the core', () => {
  it.each(['slower', 'Faster.', 'speed up the scan'])('%j is answered with a sentence, acting on nothing', async (words) => {
    const { reply, engine, events } = await runOffline(words);
    expect(reply).toEqual({ outcome: 'done', message: SCAN_SPEED_LATER });
    expect(engine.calls).toEqual([]);
    expect(events.filter((e) => e.type === 'intent')).toEqual([]);
  });
});
