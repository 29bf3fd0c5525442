// The predictive scan fed by a command's choice, and "forget my choices" (issue #31 item 1), in the
// real core (startCore), loop, grammar, dialogue and picks file over a real MessageChannel. The LLM
// planner is the official OpenAI SDK against a loopback server speaking its wire protocol; the engine
// is the fake at the loop's seam (the panel's desktop test runs the scan on the real engine).
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import type { PlannerAvailability } from '../../src/agent/assistant-loop.js';
import { createSecretStore } from '../../src/config/secret-store.js';
import { createSettingsStore, defaultSettings } from '../../src/config/settings.js';
import { SCAN_PICKS_FILE_NAME } from '../../src/config/scan-picks-file.js';
import { startCore, type RunningCore } from '../../src/core/core-process.js';
import type { LiveElementFacts } from '../../src/execution/engine-types.js';
import type { Observation, ObservedPlace } from '../../src/execution/observation.js';
import { createOpenAIPlanner } from '../../src/intent/providers/openai.js';
import { RpcPeer } from '../../src/shared/contracts/core-rpc.js';
import type { AssistantEvent } from '../../src/shared/contracts/events.js';
import type { OverlayView, RunReply } from '../../src/shared/contracts/ipc-contract.js';
import type { Language } from '../../src/shared/language.js';
import type { PermissionKind } from '../../src/shared/permissions.js';
import { DEFAULT_SWITCH_SETTINGS } from '../../src/shared/switch-access.js';
import { fakeEngine, type EngineCall } from '../agent/loop-fakes.js';
import { startScriptedLlm, type ScriptStep } from '../agent/scripted-llm.js';
import type { LlmServer } from '../intent/llm-loopback.js';
import { closePorts, portLink } from '../support/port-link.js';
import { granted } from './offline-session.js';

/** Mail's toolbar: two buttons named "Reply" (one in the message, one in the toolbar), and "Delete all" last. */
const SCREEN: readonly (readonly [string, string])[] = [
  ['button', 'Inbox'],
  ['button', 'Drafts'],
  ['button', 'Reply'],
  ['button', 'Archive'],
  ['button', 'Forward'],
  ['button', 'Reply'],
  ['button', 'Refresh'],
  ['button', 'Delete all'],
];
const DELETE_ALL = 8;

function observation(): Observation {
  const places = new Map<number, ObservedPlace>(
    SCREEN.map(([role, label], i) => [i + 1, { role, label, actionable: true, bounds: { x: 10 + 60 * i, y: 10, width: 50, height: 20 } }]),
  );
  const text = SCREEN.map(([role, label], i) => `${i + 1} ${role} "${label}"`).join('\n');
  return {
    generation: 1,
    app: 'Mail',
    text,
    elementIds: new Map(SCREEN.map((_, i) => [i + 1, 100 + i])),
    places,
    listed: SCREEN.length,
    omitted: 0,
    tokenEstimate: 60,
  };
}

/** The engine: "Reply" by name has two matches (the engine asks which one, with the elements it found); by number, the element. */
function engine() {
  return fakeEngine((call: EngineCall) => {
    if (call.method === 'getScreenElements') {
      const o = observation();
      return { kind: 'observation', text: o.text, observation: o };
    }
    const target = call.args[0] as { id?: number; label?: string } | undefined;
    if (target?.label?.toLowerCase() === 'reply') {
      const choice = (id: number) => ({
        query: { label: 'Reply' },
        pid: 42,
        id,
        role: 'button' as const,
        name: 'Reply',
        description: '',
        parent: null,
        depth: 2,
      });
      return {
        kind: 'clarification',
        question: 'There are 2 buttons named “Reply” — which one?',
        options: ['“Reply” in “Message”', '“Reply” in “Toolbar”'],
        choices: [choice(3), choice(6)],
      };
    }
    const found = target?.id !== undefined ? SCREEN[target.id - 1] : SCREEN.find(([, label]) => label.toLowerCase() === target?.label?.toLowerCase());
    const live: LiveElementFacts | undefined = found ? { role: found[0] as LiveElementFacts['role'], name: found[1] } : undefined;
    if (!live) return { kind: 'failure', code: 'not_found', reason: 'No such element.' };
    return { result: { kind: 'success', message: 'Done.' }, facts: { element: live } };
  });
}

const secrets = createSecretStore({ backend: { get: async () => null, set: async () => undefined, delete: async () => false } });
const servers: LlmServer[] = [];

interface Core {
  readonly core: RunningCore;
  readonly events: AssistantEvent[];
  readonly calls: EngineCall[];
  readonly dir: string;
}

/** A core on a new folder with switch access on; `script` answers the LLM planner (none: offline only); `language` the setting. */
async function start(script?: readonly ScriptStep[], language: Language = 'en'): Promise<Core> {
  const dir = await mkdtemp(join(tmpdir(), 'ac-scan-choices-'));
  await createSettingsStore({ dir }).save({
    ...defaultSettings(),
    provider: 'grammar',
    language,
    onboardingDone: true,
    switchAccess: { ...DEFAULT_SWITCH_SETTINGS, enabled: true },
  });
  const server = script ? await startScriptedLlm('openai', script) : undefined;
  if (server) servers.push(server);
  const planner = server ? createOpenAIPlanner({ baseURL: server.baseURL, apiKey: 'sk-scan-choices-0123456789', model: 'm' }) : undefined;
  const events: AssistantEvent[] = [];
  const { port1, port2 } = new MessageChannel();
  new RpcPeer(portLink(port1), {
    'assistant:event': (event: AssistantEvent) => {
      events.push(event);
    },
    'settings:saved': () => undefined,
    'permissions:open-settings': () => false,
    'permissions:check': (kinds?: readonly PermissionKind[]) => granted.check(kinds),
  });
  const fake = engine();
  const core = await startCore({
    link: portLink(port2),
    settingsDir: dir,
    auditDir: join(dir, 'audit'),
    secrets,
    // The app in front is the one the observation reads (the fake's own default is another).
    engine: { ...fake, getFrontmostApp: async () => ({ kind: 'observation', text: 'Mail', app: { name: 'Mail', pid: 42 } }) },
    planner: async (): Promise<PlannerAvailability> => (planner ? { kind: 'ready', planner } : { kind: 'none', message: 'Only offline commands here.' }),
    bridgePermission: async () => ({ state: 'granted', detail: '' }),
  });
  return { core, events, calls: fake.calls, dir };
}

const run = async (c: Core, command: string): Promise<RunReply> => (await c.core.session.handle('command:run', [command])) as RunReply;

async function numbers(c: Core): Promise<OverlayView> {
  const reply = await run(c, 'show numbers');
  if (!reply.overlay || reply.overlay === 'hidden') throw new Error(`no numbers: ${reply.message}`);
  return reply.overlay;
}

/** Waits for an event of `type` sent after the `from`th (events reach main's side after the reply may have). */
async function event<T extends AssistantEvent['type']>(c: Core, type: T, from: number): Promise<Extract<AssistantEvent, { type: T }>> {
  for (;;) {
    const found = c.events.slice(from).find((e): e is Extract<AssistantEvent, { type: T }> => e.type === type);
    if (found) return found;
    await new Promise((r) => setImmediate(r));
  }
}

/** Runs `command`, answers its question with `answer` (the panel's button, by the question's id), and gives the reply. */
async function answered(c: Core, command: string, answer: 'confirm' | 'cancel'): Promise<{ reply: RunReply; asked: string; level: string }> {
  const from = c.events.length;
  const replied = run(c, command);
  const asked = await event(c, 'confirmation_request', from);
  await c.core.session.handle('confirmation:answer', [answer, asked.id]);
  const reply = await replied;
  // Every path ends idle, with one done.
  await event(c, 'done', c.events.indexOf(asked) + 1);
  expect(c.events.filter((e) => e.type === 'status').at(-1)).toEqual({ type: 'status', status: 'idle' });
  return { reply, asked: asked.summary, level: asked.risk.level };
}

const clicks = (c: Core) => c.calls.filter((call) => ['click', 'doubleClick', 'rightClick'].includes(call.method));
const ids = (view: OverlayView, n: number) => view.ranked?.slice(0, n).map((r) => r.id);

afterAll(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  closePorts();
});

describe('the scan fed by what a command left to choose', () => {
  it('"click Reply" finds two: the next numbers offer both Reply buttons first, and nothing was clicked', async () => {
    const c = await start();
    await numbers(c);
    const reply = await run(c, 'click Reply');
    expect(reply.outcome).toBe('needs_user');
    expect(clicks(c)).toEqual([expect.objectContaining({ args: [{ label: 'Reply' }] })]);
    expect(ids(await numbers(c), 2)).toEqual([3, 6]);
  });

  it('an LLM’s question whose options name “Delete all” ranks it first, and nothing more: no press, and the user’s press still asks', async () => {
    const c = await start([{ intent: 'clarify_request', question: 'Which one do you mean?', options: ['Delete all', 'Archive'], confidence: 0.9 }]);
    await numbers(c);
    expect((await run(c, 'tidy up my mail')).outcome).toBe('needs_user');
    const view = await numbers(c);
    expect(ids(view, 2)).toEqual([DELETE_ALL, 4]);
    // Ordered, never chosen: no click reached the engine.
    expect(clicks(c)).toEqual([]);
    // The user's own choice of it by number is judged as any: a destructive target asks; declined, nothing is pressed.
    const { reply, level } = await answered(c, `click ${DELETE_ALL}`, 'cancel');
    expect(level).toBe('destructive');
    expect(reply.outcome).not.toBe('done');
    expect(clicks(c)).toEqual([]);
  });
});

describe('"forget my choices"', () => {
  it('asks first; declined, the picks stay; confirmed, the file is emptied and the next numbers are scanned by position', async () => {
    const c = await start();
    await numbers(c);
    expect((await run(c, 'click 1')).outcome).toBe('done');
    expect((await run(c, 'click Drafts')).outcome).toBe('done');
    await c.core.picks.settled();
    expect(ids(await numbers(c), 2)).toEqual([2, 1]);

    const kept = await answered(c, 'forget my choices', 'cancel');
    expect(kept.asked).toBe('Forget the 2 elements you chose in every app, so the scan offers the numbers in their order on the screen again.');
    expect(kept.reply).toMatchObject({ outcome: 'refused', message: 'Not done: your choices are kept.' });
    expect(await readFile(join(c.dir, SCAN_PICKS_FILE_NAME), 'utf8')).toMatch(/"Inbox"/);

    const forgot = await answered(c, 'forget my choices', 'confirm');
    expect(forgot.reply).toMatchObject({
      outcome: 'done',
      message: 'Forgot the 2 elements you chose in every app: the numbers are scanned in their order on the screen until you choose again.',
    });
    expect(JSON.parse(await readFile(join(c.dir, SCAN_PICKS_FILE_NAME), 'utf8'))).toEqual({ version: 1, apps: {} });
    // No ranking: the panel scans the rows, by position.
    expect((await numbers(c)).ranked).toBeUndefined();
  });

  it('"forget my choices here" forgets the app in front only; with nothing kept it says so without asking', async () => {
    const c = await start();
    await numbers(c);
    expect((await run(c, 'click 2')).outcome).toBe('done');
    await c.core.picks.settled();
    const { reply, asked } = await answered(c, 'forget my choices in this app', 'confirm');
    expect(asked).toBe('Forget the element you chose in “Mail”, so the scan offers the numbers in their order on the screen again.');
    expect(reply.outcome).toBe('done');
    c.events.length = 0;
    expect(await run(c, 'forget my choices')).toEqual({
      outcome: 'done',
      message: 'No choices of yours are kept in every app: the scan offers the numbers in their order on the screen.',
    });
    expect(c.events.some((e) => e.type === 'confirmation_request')).toBe(false);
  });

  it('with German set, „vergiss meine Auswahl hier“ asks first and forgets the app in front; „meine Auswahl vergessen“ with nothing kept says so without asking', async () => {
    const c = await start(undefined, 'de');
    await numbers(c);
    expect((await run(c, 'klicke auf Drafts')).outcome).toBe('done');
    await c.core.picks.settled();
    expect(await readFile(join(c.dir, SCAN_PICKS_FILE_NAME), 'utf8')).toMatch(/"Drafts"/);
    const kept = await answered(c, 'Vergiss meine Auswahl hier!', 'cancel');
    expect(kept.asked).toBe('Forget the element you chose in “Mail”, so the scan offers the numbers in their order on the screen again.');
    expect(kept.reply).toMatchObject({ outcome: 'refused', message: 'Not done: your choices are kept.' });
    expect(await readFile(join(c.dir, SCAN_PICKS_FILE_NAME), 'utf8')).toMatch(/"Drafts"/);
    const { reply } = await answered(c, 'vergiss meine Auswahl in dieser App', 'confirm');
    expect(reply.outcome).toBe('done');
    expect(JSON.parse(await readFile(join(c.dir, SCAN_PICKS_FILE_NAME), 'utf8'))).toEqual({ version: 1, apps: {} });
    c.events.length = 0;
    expect(await run(c, 'meine Auswahl vergessen')).toEqual({
      outcome: 'done',
      message: 'No choices of yours are kept in every app: the scan offers the numbers in their order on the screen.',
    });
    expect(c.events.some((e) => e.type === 'confirmation_request')).toBe(false);
  });
});
