// Predictive scanning's memory in the core (issue #31): the elements the user chose, per app, kept in
// the settings folder across a restart of the core, and the moment's signals (the last action, a
// name not found) in the ranking "show numbers" sends. The real core (startCore), loop, grammar,
// settings and picks files over a real MessageChannel; the engine is the fake at the loop's seam
// (this file needs no desktop: the panel's desktop test runs the same on the real engine).
import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import type { PlannerAvailability } from '../../src/agent/assistant-loop.js';
import { createSecretStore } from '../../src/config/secret-store.js';
import { createSettingsStore, defaultSettings } from '../../src/config/settings.js';
import { SCAN_PICKS_FILE_NAME } from '../../src/config/scan-picks-file.js';
import { startCore, type RunningCore } from '../../src/core/core-process.js';
import { ScanPicks } from '../../src/core/scan-picks.js';
import type { LiveElementFacts } from '../../src/execution/engine-types.js';
import type { Observation, ObservedPlace } from '../../src/execution/observation.js';
import { RpcPeer } from '../../src/shared/contracts/core-rpc.js';
import type { OverlayView, RunReply } from '../../src/shared/contracts/ipc-contract.js';
import { DEFAULT_SWITCH_SETTINGS } from '../../src/shared/switch-access.js';
import { fakeEngine, type EngineCall } from '../agent/loop-fakes.js';
import { granted } from './offline-session.js';
import type { PermissionKind } from '../../src/shared/permissions.js';
import { closePorts, portLink } from '../support/port-link.js';

/** The app's screen: Mail's folders, a search form, and a password field (nothing a click here changes needs a question). */
const SCREEN: readonly (readonly [string, string])[] = [
  ['button', 'Inbox'],
  ['button', 'Drafts'],
  ['button', 'Starred'],
  ['button', 'Refresh'],
  ['text_field', 'Search'],
  ['text_field', 'Town'],
  ['button', 'Find'],
  ['password_field', 'Password'],
];

function observation(app = 'Mail'): Observation {
  const places = new Map<number, ObservedPlace>(
    SCREEN.map(([role, label], i) => [i + 1, { role, label, actionable: true, bounds: { x: 10 + 60 * i, y: 10, width: 50, height: 20 } }]),
  );
  const text = SCREEN.map(([role, label], i) => `${i + 1} ${role} "${label}"`).join('\n');
  return {
    generation: 1,
    app,
    text,
    elementIds: new Map(SCREEN.map((_, i) => [i + 1, 100 + i])),
    places,
    listed: SCREEN.length,
    omitted: 0,
    tokenEstimate: 50,
  };
}

/** The live element a call acts on: by its number, or by name (a name not on the screen is not found). */
function element(call: EngineCall): LiveElementFacts | undefined {
  const target = (call.method === 'typeText' ? call.args[1] : call.args[0]) as { id?: number; label?: string } | undefined;
  const found = target?.id !== undefined ? SCREEN[target.id - 1] : SCREEN.find(([, label]) => label.toLowerCase() === target?.label?.toLowerCase());
  return found ? { role: found[0] as LiveElementFacts['role'], name: found[1], ...(found[0] === 'password_field' ? { secure: true } : {}) } : undefined;
}

const engine = () =>
  fakeEngine((call) => {
    if (call.method === 'getScreenElements') {
      const o = observation();
      return { kind: 'observation', text: o.text, observation: o };
    }
    const live = element(call);
    if (!live && (call.method === 'click' || call.method === 'typeText')) return { kind: 'failure', code: 'not_found', reason: 'No such element.' };
    return { result: { kind: 'success', message: 'Done.' }, facts: live ? { element: live } : {} };
  });

const secrets = createSecretStore({ backend: { get: async () => null, set: async () => undefined, delete: async () => false } });

/** A core on `dir`, with main's side answering permissions as granted. */
async function start(dir: string): Promise<RunningCore> {
  const { port1, port2 } = new MessageChannel();
  // Main's side: every permission granted, events and saved settings dropped.
  const answers = { 'assistant:event': () => undefined, 'settings:saved': () => undefined, 'permissions:open-settings': () => false };
  new RpcPeer(portLink(port1), { ...answers, 'permissions:check': (kinds?: readonly PermissionKind[]) => granted.check(kinds) });
  const core = await startCore({
    link: portLink(port2),
    settingsDir: dir,
    auditDir: join(dir, 'audit'),
    secrets,
    engine: engine(),
    planner: async (): Promise<PlannerAvailability> => ({ kind: 'none', message: 'Only offline commands in this test.' }),
    bridgePermission: async () => ({ state: 'granted', detail: '' }),
  });
  return core;
}

async function folder(switchAccess: boolean): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'ac-scan-picks-'));
  const base = defaultSettings();
  await createSettingsStore({ dir }).save({
    ...base,
    provider: 'grammar',
    onboardingDone: true,
    switchAccess: { ...DEFAULT_SWITCH_SETTINGS, enabled: switchAccess },
  });
  return dir;
}

const run = async (core: RunningCore, command: string): Promise<RunReply> => (await core.session.handle('command:run', [command])) as RunReply;

/** "show numbers", and the view it shows. */
async function numbers(core: RunningCore): Promise<OverlayView> {
  const reply = await run(core, 'show numbers');
  if (!reply.overlay || reply.overlay === 'hidden') throw new Error(`no numbers: ${reply.message}`);
  return reply.overlay;
}

/** Runs `command` (it must be done), then what the picks file holds (undefined: there is none). */
async function keptAfter(core: RunningCore, dir: string, command: string): Promise<string | undefined> {
  expect((await run(core, command)).outcome).toBe('done');
  await core.picks.settled();
  return readFile(join(dir, SCAN_PICKS_FILE_NAME), 'utf8').catch(() => undefined);
}

const firstIds = (view: OverlayView, n: number) => view.ranked?.slice(0, n).map((r) => r.id);

afterAll(() => {
  closePorts();
});

describe('the predictive scan’s memory in the core', () => {
  it('counts "click 3", a number alone and "click Find" as picks, and after a restart still ranks them first', async () => {
    const dir = await folder(true);
    const before = await start(dir);
    // Nothing known: no ranking, the panel scans rows.
    expect((await numbers(before)).ranked).toBeUndefined();
    expect((await run(before, 'click 3')).outcome).toBe('done');
    await numbers(before);
    expect((await run(before, '3')).outcome).toBe('done');
    expect((await run(before, 'click Find')).outcome).toBe('done');
    await before.picks.settled();
    const kept = JSON.parse(await readFile(join(dir, SCAN_PICKS_FILE_NAME), 'utf8')) as { apps: Record<string, { label: string; count: number }[]> };
    expect(kept.apps.Mail?.map((u) => [u.label, u.count])).toEqual([
      ['Find', 1],
      ['Starred', 2],
    ]);
    expect((await stat(join(dir, SCAN_PICKS_FILE_NAME))).mode & 0o777).toBe(0o600);

    // A new core on the same folder (as after a restart): the picks rank first, the most chosen first.
    const after = await start(dir);
    const view = await numbers(after);
    expect(firstIds(view, 2)).toEqual([3, 7]);
    expect(view.ranked?.map((r) => r.id).sort((a, b) => a - b)).toEqual(view.marks.map((m) => m.id));
  });

  it('keeps nothing while switch access is off, nor a secure field, but the moment still ranks', async () => {
    const dir = await folder(false);
    const core = await start(dir);
    await numbers(core);
    expect(await keptAfter(core, dir, 'click Refresh')).toBeUndefined();
    // The element under the last action ranks first in the next numbers all the same.
    expect(firstIds(await numbers(core), 1)).toEqual([4]);

    // With switch access on, a click on a password field is no pick either.
    const onDir = await folder(true);
    const on = await start(onDir);
    await numbers(on);
    expect(await keptAfter(on, onDir, 'click 8')).toBeUndefined();
    expect(await keptAfter(on, onDir, 'click Inbox')).toMatch(/"Inbox"/);
    expect(await keptAfter(on, onDir, 'click Inbox')).not.toMatch(/Password/);
  });

  it('ranks nothing for a window of the app where none of its picks is shown: the rows keep the layout', async () => {
    const picks = new ScanPicks({
      read: async () => new Map([['Mail', [{ role: 'button', label: 'Find', count: 3, last: 1 }]]]),
      write: async () => undefined,
      enabled: () => true,
      latest: () => undefined,
    });
    const mark = (id: number, label: string) => ({ id, role: 'button', label, x: id * 40, y: 0, width: 30, height: 20 });
    await picks.settled();
    expect(picks.ranking({ app: 'Mail', marks: [mark(1, 'Compose'), mark(2, 'Discard')] })).toBeUndefined();
    expect(picks.ranking({ app: 'Mail', marks: [mark(1, 'Compose'), mark(2, 'Find')] })?.[0]?.id).toBe(2);
    expect(picks.ranking({ app: 'Editor', marks: [mark(1, 'Find')] })).toBeUndefined();
  });

  it('counts a click by name before any numbers were shown, under the app in front', async () => {
    const dir = await folder(true);
    const core = await start(dir);
    const kept = JSON.parse((await keptAfter(core, dir, 'click Find')) ?? '{}') as { apps?: Record<string, { role: string; label: string }[]> };
    // The fake engine's app in front is "Fixture"; nothing observed named one.
    expect(kept.apps).toEqual({ Fixture: [expect.objectContaining({ role: 'button', label: 'Find', count: 1 })] });
  });

  it.each([
    {
      what: 'after typing into a field, the next field and the button after it',
      command: 'type "Leeds" into the Search field',
      outcome: 'done',
      first: [6, 7],
    },
    { what: 'after a click by a name not found, the closest name', command: 'click Strared', outcome: 'failed', first: [3] },
  ])('ranks first $what', async ({ command, outcome, first }) => {
    const core = await start(await folder(true));
    await numbers(core);
    expect((await run(core, command)).outcome).toBe(outcome);
    expect(firstIds(await numbers(core), first.length)).toEqual(first);
  });
});
