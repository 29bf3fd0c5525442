// Stop while a command has not reached the loop yet (issue #13): the session, the real loop and a real
// settings file, with fakes only at the seams: the permission checker (main's, across the process
// boundary), the engine (the desktop) and the planner factory (the network). Each wait is a promise
// the test settles itself; nothing sleeps.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AssistantLoop, type PlannerAvailability } from '../../src/agent/assistant-loop.js';
import { createSecretStore, type KeyringBackend } from '../../src/config/secret-store.js';
import { createSettingsStore } from '../../src/config/settings.js';
import { PanelSession } from '../../src/core/panel-session.js';
import type { RunReply } from '../../src/shared/contracts/ipc-contract.js';
import type { PermissionChecker, PermissionKind, PermissionStatus } from '../../src/shared/permissions.js';
import { eventLog, fakeEngine } from '../agent/loop-fakes.js';

interface Deferred<T> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
}

function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const granted = (kinds: readonly PermissionKind[]): PermissionStatus[] =>
  kinds.map((kind) => ({ kind, state: 'granted', explanation: '', canOpenSettings: true }));

/** A checker whose answers the test gives: each check() waits for the next `answer()`, or answers at once when `instant`. */
function heldPermissions() {
  const waiting: Array<{ kinds: readonly PermissionKind[]; reply: Deferred<readonly PermissionStatus[]> }> = [];
  const listeners: Array<{ readonly count: number; readonly resolve: () => void }> = [];
  const held = {
    instant: false,
    checks: 0,
    /** Settles once `count` checks have been asked for in all (the check may already have been asked for). */
    asked(count: number): Promise<void> {
      if (held.checks >= count) return Promise.resolve();
      return new Promise<void>((resolve) => listeners.push({ count, resolve }));
    },
    /** Answers the oldest waiting check: every kind granted. */
    answer() {
      const next = waiting.shift();
      if (!next) throw new Error('no check is waiting');
      next.reply.resolve(granted(next.kinds));
    },
  };
  const checker: PermissionChecker = {
    check(kinds = ['accessibility', 'microphone']) {
      held.checks++;
      if (held.instant) return Promise.resolve(granted(kinds));
      const reply = deferred<readonly PermissionStatus[]>();
      waiting.push({ kinds, reply });
      for (const listener of listeners.filter((l) => held.checks >= l.count)) {
        listeners.splice(listeners.indexOf(listener), 1);
        listener.resolve();
      }
      return reply.promise;
    },
    openSettings: async () => false,
  };
  return { held, checker };
}

/** One macrotask turn: every promise that was ready has settled (not a sleep: nothing waits on a clock). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

async function stopSession(options: { readonly planner?: () => Promise<PlannerAvailability> } = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'ac-stop-'));
  const settings = createSettingsStore({ dir });
  const backend: KeyringBackend = { get: async () => null, set: async () => undefined, delete: async () => false };
  const secrets = createSecretStore({ backend });
  const engine = fakeEngine();
  const log = eventLog();
  const { held, checker } = heldPermissions();
  const planner = options.planner ?? (async (): Promise<PlannerAvailability> => ({ kind: 'none', message: 'Only offline commands in this test.' }));
  const session = new PanelSession({
    createLoop: (confirm) => new AssistantLoop({ engine, confirm, emit: log.emit, planner }),
    emit: log.emit,
    settings,
    secrets,
    permissions: checker,
    planner,
  });
  return { session, engine, log, held };
}

const CANCELLED: RunReply = { outcome: 'cancelled', message: 'Stopped. Nothing more was done.' };
const ENDED_CANCELLED = [
  { type: 'status', status: 'idle' },
  { type: 'done', outcome: 'cancelled', message: 'Stopped. Nothing more was done.' },
];

/** The two ways to stop: the panel's Stop button and the typed or spoken “stop”. */
const stops = [
  ['the Stop channel', (s: PanelSession) => s.handle('command:stop', [])],
  ['the “stop” command', (s: PanelSession) => s.handle('command:run', ['stop'])],
] as const;

describe('Stop before the loop runs (issue #13)', () => {
  for (const [how, stop] of stops) {
    it(`${how} during the permission preflight ends the command as stopped; nothing runs; the next command runs`, async () => {
      const { session, engine, log, held } = await stopSession();
      const reply = session.handle('command:run', ['click Open']);
      let ended: RunReply | undefined;
      void reply.then((r) => (ended = r));
      await held.asked(1);
      expect(log.events).toEqual([]); // the check is waiting; the loop has not started

      await stop(session);
      await settle();
      // Ended at once, without waiting for the check's answer (soft: what happens next is the point).
      expect.soft(ended).toEqual(CANCELLED);

      held.answer(); // the late answer changes nothing
      await expect(reply).resolves.toEqual(CANCELLED);
      await settle();
      expect(engine.calls).toEqual([]);
      expect(log.events).toEqual(ENDED_CANCELLED);
      // Never reached the loop: it is not among the recent commands.
      await expect(session.handle('commands:recent', [])).resolves.toEqual([]);

      // The next command is checked and runs as usual.
      log.events.length = 0;
      held.instant = true;
      await expect(session.handle('command:run', ['click Next'])).resolves.toMatchObject({ outcome: 'done' });
      expect(engine.calls).toEqual([{ method: 'click', args: [{ label: 'Next' }] }]);
      expect(log.events.filter((e) => e.type === 'status').at(-1)).toEqual({ type: 'status', status: 'idle' });
      expect(log.events.at(-1)).toMatchObject({ type: 'done', outcome: 'done' });
      expect(log.events.filter((e) => e.type === 'done')).toHaveLength(1);
      await expect(session.handle('commands:recent', [])).resolves.toEqual(['click Next']);
      expect(held.checks).toBe(2);
    });
  }

  it('a Stop stops every command still in its preflight, each ending once', async () => {
    const { session, engine, log, held } = await stopSession();
    const first = session.handle('command:run', ['click Open']);
    await held.asked(1);
    const second = session.handle('command:run', ['click Next']);
    await held.asked(2);
    await session.handle('command:stop', []);
    await expect(first).resolves.toEqual(CANCELLED);
    await expect(second).resolves.toEqual(CANCELLED);
    held.answer();
    held.answer();
    await settle();
    expect(engine.calls).toEqual([]);
    expect(log.events).toEqual([...ENDED_CANCELLED, ...ENDED_CANCELLED]);
  });

  it('a Stop while the planner is being built stops too, and ends idle with one done', async () => {
    const building = deferred<PlannerAvailability>();
    const asked = deferred<void>();
    const { session, engine, log, held } = await stopSession({
      planner: () => {
        asked.resolve();
        return building.promise;
      },
    });
    held.instant = true;
    // Not the grammar's: the loop builds the LLM planner for it.
    const reply = session.handle('command:run', ['tidy up my desktop please']);
    await asked.promise;
    await session.handle('command:stop', []);
    await expect(reply).resolves.toEqual(CANCELLED);
    building.resolve({ kind: 'none', message: 'Only offline commands in this test.' });
    await settle();
    expect(engine.calls).toEqual([]);
    expect(log.events.slice(-2)).toEqual(ENDED_CANCELLED);
    expect(log.events.filter((e) => e.type === 'done')).toHaveLength(1);
    expect(log.events.filter((e) => e.type === 'intent')).toEqual([]);
  });

  it('a Stop with nothing running is harmless', async () => {
    const { session, engine, log, held } = await stopSession();
    held.instant = true;
    await expect(session.handle('command:stop', [])).resolves.toBeUndefined();
    await expect(session.handle('command:run', ['stop'])).resolves.toEqual({ outcome: 'done', message: 'Nothing was running.' });
    expect(log.events).toEqual([]);
    expect(held.checks).toBe(0);
    await expect(session.handle('command:run', ['click Next'])).resolves.toMatchObject({ outcome: 'done' });
    expect(engine.calls).toHaveLength(1);
    expect(log.events.at(-1)).toMatchObject({ type: 'done', outcome: 'done' });
  });
});

describe('Stop ends dictation (issue #18)', () => {
  for (const [how, stop] of stops) {
    it(`${how} with nothing running leaves dictation mode and says so`, async () => {
      const { session, log, held } = await stopSession();
      held.instant = true;
      await expect(session.handle('command:run', ['start dictation'])).resolves.toMatchObject({ outcome: 'done' });
      expect(session.dictating).toBe(true);
      const reply = await stop(session);
      expect(session.dictating).toBe(false);
      expect(log.events.filter((e) => e.type === 'mode')).toEqual([
        expect.objectContaining({ mode: 'dictation' }),
        expect.objectContaining({ mode: 'commands' }),
      ]);
      if (reply) expect(reply).toMatchObject({ outcome: 'done', message: 'Dictation is off.' });
    });
  }
});

describe('"show numbers" while dictating (issue #18)', () => {
  it('is refused with a sentence, and nothing is typed into the field', async () => {
    const { session, log, held } = await stopSession();
    held.instant = true;
    await expect(session.handle('command:run', ['start dictation'])).resolves.toMatchObject({ outcome: 'done' });
    const before = log.events.length;
    const reply = await session.handle('command:run', ['show numbers']);
    expect(reply).toEqual({ outcome: 'refused', message: 'Dictation is on, so the numbers are not shown: say “stop dictation” first, then “show numbers”.' });
    // The loop never saw it: no event after the refusal, and dictation is still on.
    expect(log.events.slice(before)).toEqual([]);
    expect(session.dictating).toBe(true);
  });
});
