// "Slower" / "faster" (issue #31 item 2): the panel changes the scan speed itself when nothing waits;
// the words reach the core only while something does (the panel drops them while a command runs), and
// the core then says when they work, acting on nothing and reaching no planner.
import { describe, expect, it } from 'vitest';
import type { AssistantEvent } from '../../src/shared/contracts/events.js';
import type { RunReply } from '../../src/shared/contracts/ipc-contract.js';
import { SCAN_SPEED_LATER } from '../../src/shared/scan-rate.js';
import { offlineSession } from './offline-session.js';
import { fakeEngine } from '../agent/loop-fakes.js';

describe('"slower" and "faster" at the core', () => {
  it.each(['slower', 'Faster.', 'speed up the scan'])('%j is answered with a sentence, acting on nothing', async (words) => {
    const engine = fakeEngine();
    const events: AssistantEvent[] = [];
    const session = await offlineSession({ engine, emit: (e) => void events.push(e) });
    const reply = (await session.handle('command:run', [words])) as RunReply;
    expect(reply).toEqual({ outcome: 'done', message: SCAN_SPEED_LATER });
    expect(engine.calls).toEqual([]);
    expect(events.filter((e) => e.type === 'intent')).toEqual([]);
  });
});
