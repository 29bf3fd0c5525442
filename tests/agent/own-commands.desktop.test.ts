// The user's own commands end to end: a real commands.json in a temporary settings folder, the real
// loop and the real engine on the headless desktop, the loop fixture's GTK window read back through
// AT-SPI. The confirmation answers are the only stand-in (the user).
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssistantLoop, type ConfirmAnswer, type ConfirmationRequest } from '../../src/agent/assistant-loop.js';
import { UserCommandsFile } from '../../src/compose/user-commands.js';
import { AxBridge } from '../../src/execution/accessibility/ax-bridge.js';
import { ExecutionEngine } from '../../src/execution/engine.js';
import { createNutInputDriver } from '../../src/execution/input/input-driver.js';
import type { AssistantEvent } from '../../src/shared/contracts/events.js';
import { SYSTEM_PYTHON, activateWindow, desktopSkipReason, startApp, stopApp, until } from '../support/desktop.js';

const skip = desktopSkipReason();
if (skip) console.log(`[own commands] skipped: ${skip}`);
const FIXTURE = fileURLToPath(new URL('./loop-fixture-app.py', import.meta.url));

describe.skipIf(skip !== '')('the user’s own commands on the desktop', () => {
  let bridge: AxBridge;
  let app: ChildProcess;
  let dir: string;
  const events: AssistantEvent[] = [];
  const asked: ConfirmationRequest[] = [];
  const answers: ConfirmAnswer[] = [];
  let loop: AssistantLoop;

  const counter = async (prefix: string): Promise<number> => {
    const label = (await bridge.snapshot({ pid: app.pid ?? 0 })).elements.find((e) => e.role === 'text' && e.name.startsWith(prefix));
    if (!label) throw new Error(`no label ${prefix}`);
    return Number(label.name.slice(prefix.length));
  };
  const countIs = (prefix: string, n: number) => until(`${prefix} ${n}`, async () => ((await counter(prefix)) === n ? true : undefined));

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ac-own-desktop-'));
    bridge = AxBridge.open();
    app = startApp(SYSTEM_PYTHON, [FIXTURE]);
    await bridge.waitForApp({ pid: app.pid ?? 0 });
    await until('the fixture window', async () =>
      (await bridge.snapshot({ pid: app.pid ?? 0 })).elements.some((e) => e.name === 'Count: 0') ? true : undefined,
    );
    await activateWindow('^Loop Fixture$');
    const engine = new ExecutionEngine({ bridge, input: createNutInputDriver() });
    // The app in front as the engine names it: the scope of one command below.
    const front = await engine.getFrontmostApp();
    const frontName = front.kind === 'observation' ? (front.app?.name ?? '') : '';
    await writeFile(
      join(dir, 'commands.json'),
      JSON.stringify(
        {
          commands: [
            { say: 'bump the {what}', app: frontName, do: { intent: 'click_element', element: { label: '{what}' } } },
            { say: 'bump the {what}', app: 'Thunderbird', do: { intent: 'click_element', element: { label: 'Delete everything' } } },
            { say: 'wipe it all', do: { intent: 'click_element', element: { label: 'Delete everything' } } },
          ],
        },
        null,
        2,
      ),
    );
    loop = new AssistantLoop({
      engine,
      emit: (e) => events.push(e),
      confirm: async (request) => {
        asked.push(request);
        return answers.shift() ?? 'unanswered';
      },
      userCommands: new UserCommandsFile({ dir }),
    });
  }, 30_000);

  afterAll(async () => {
    if (app) await stopApp(app);
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('a command scoped to the app in front, its slot filled, presses the button', async () => {
    expect(await loop.run('Bump the Increment.')).toMatchObject({ outcome: 'done' });
    await countIs('Count:', 1);
    expect(events.find((e) => e.type === 'intent')).toMatchObject({ source: 'user_command', intent: { element: { label: 'Increment' } } });
    expect(await counter('Deleted:')).toBe(0);
  });

  it('"save that as" then the name does the same; a destructive body asks and a no does nothing', async () => {
    expect(await loop.run('save that as one more')).toMatchObject({ outcome: 'done', message: 'Saved. Say “one more” to: Click “Increment”.' });
    expect(JSON.parse(await readFile(join(dir, 'commands.json'), 'utf8')).commands.at(-1)).toEqual({
      say: 'one more',
      do: { intent: 'click_element', element: { label: 'Increment' } },
    });
    expect(await loop.run('one more')).toMatchObject({ outcome: 'done' });
    await countIs('Count:', 2);
    answers.push('declined');
    expect(await loop.run('wipe it all')).toMatchObject({ outcome: 'refused' });
    expect(asked.at(-1)?.risk.level).toBe('destructive');
    expect(await counter('Deleted:')).toBe(0);
  });
});
