// The user's own commands end to end: a real commands.json in a temporary settings folder, the real
// loop and the real engine on the headless desktop, the loop fixture's GTK window read back through
// AT-SPI. The confirmation answers are the only stand-in (the user).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssistantLoop, type ConfirmAnswer, type ConfirmationRequest } from '../../src/agent/assistant-loop.js';
import { UserCommandsFile } from '../../src/compose/user-commands.js';
import { AxBridge } from '../../src/execution/accessibility/ax-bridge.js';
import { ExecutionEngine } from '../../src/execution/engine.js';
import { createNutInputDriver } from '../../src/execution/input/input-driver.js';
import type { AssistantEvent } from '../../src/shared/contracts/events.js';
import { desktopSkipReason, openFixture, until, type Fixture } from '../support/desktop.js';

const skip = desktopSkipReason();
if (skip) console.log(`[own commands] skipped: ${skip}`);

describe.skipIf(skip !== '')('the user’s own commands on the desktop', () => {
  let bridge: AxBridge;
  let app: Fixture;
  let dir: string;
  const events: AssistantEvent[] = [];
  const asked: ConfirmationRequest[] = [];
  const answers: ConfirmAnswer[] = [];
  let loop: AssistantLoop;

  const counter = (prefix: string): Promise<number> => app.counter(prefix);
  const countIs = (prefix: string, n: number) => until(`${prefix} ${n}`, async () => ((await counter(prefix)) === n ? true : undefined));

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ac-own-desktop-'));
    bridge = AxBridge.open();
    app = await openFixture('loop', bridge);
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
    if (app) await app.stop();
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
