// "show the panel" (issue #31 item 6): a voice user whose panel is hidden brings it back by saying
// so. The core answers the words itself, before any planner, acting on nothing; the shell shows the
// panel on the reply's flag (tests/main/shell.test.ts).
import { describe, expect, it } from 'vitest';
import type { RunReply } from '../../src/shared/contracts/ipc-contract.js';
import { offlineSession, runOffline } from './offline-session.js';
import { fakeEngine } from '../agent/loop-fakes.js';

describe('"show the panel"', () => {
  it.each(['show the panel', 'Show panel.', 'bring the panel back'])('%j asks the shell to show the panel and acts on nothing', async (words) => {
    const { reply, engine, events } = await runOffline(words);
    expect(reply).toEqual({ outcome: 'done', message: 'The panel is shown.', showPanel: true });
    expect(engine.calls).toEqual([]);
    expect(events.filter((e) => e.type === 'intent')).toEqual([]);
  });

  it('other session words do not ask for the panel', async () => {
    const session = await offlineSession({ engine: fakeEngine(), emit: () => undefined });
    const reply = (await session.handle('command:run', ['hide numbers'])) as RunReply;
    expect(reply.showPanel).toBeUndefined();
  });
});
