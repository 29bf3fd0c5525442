// The user's own commands in German end to end (issue #32 item 6): a real commands.json in a temporary
// settings folder, the real loop with German set and the real engine on the headless desktop, the
// loop fixture's GTK window read back through AT-SPI. „merke dir das als …“ saves the last action,
// the name runs it, „vergiss den Befehl …“ asks first and takes it out. The answers stand in for the user.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssistantLoop, type ConfirmAnswer, type ConfirmationRequest } from '../../src/agent/assistant-loop.js';
import { UserCommandsFile } from '../../src/compose/user-commands.js';
import { AxBridge } from '../../src/execution/accessibility/ax-bridge.js';
import { ExecutionEngine } from '../../src/execution/engine.js';
import { createNutInputDriver } from '../../src/execution/input/input-driver.js';
import { desktopSkipReason, openFixture, until, type Fixture } from '../support/desktop.js';

const skip = desktopSkipReason();
if (skip) console.log(`[own commands, German] skipped: ${skip}`);

describe.skipIf(skip !== '')('the user’s own commands in German on the desktop', () => {
  let bridge: AxBridge;
  let app: Fixture;
  let dir: string;
  const asked: ConfirmationRequest[] = [];
  const answers: ConfirmAnswer[] = [];
  let loop: AssistantLoop;

  const countIs = (n: number) => until(`Count: ${n}`, async () => ((await app.counter('Count:')) === n ? true : undefined));
  const saved = async (): Promise<unknown[]> => JSON.parse(await readFile(join(dir, 'commands.json'), 'utf8')).commands;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ac-own-de-desktop-'));
    bridge = AxBridge.open();
    app = await openFixture('loop', bridge);
    loop = new AssistantLoop({
      engine: new ExecutionEngine({ bridge, input: createNutInputDriver() }),
      emit: () => undefined,
      confirm: async (request) => {
        asked.push(request);
        return answers.shift() ?? 'unanswered';
      },
      userCommands: new UserCommandsFile({ dir }),
      language: () => 'de',
    });
  }, 30_000);

  afterAll(async () => {
    if (app) await app.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('„merke dir das als Zähler hoch“ saves the click, the name clicks again, „vergiss den Befehl Zähler hoch“ asks and takes it out', async () => {
    const start = await app.counter('Count:');
    expect(await loop.run('klicke auf Increment')).toMatchObject({ outcome: 'done' });
    await countIs(start + 1);
    expect(await loop.run('Merk dir das als „Zähler hoch“.')).toMatchObject({
      outcome: 'done',
      message: 'Saved. Say “Zähler hoch” to: Click “Increment”.',
    });
    expect(await saved()).toEqual([{ say: 'Zähler hoch', do: { intent: 'click_element', element: { label: 'Increment' } } }]);
    expect(await loop.run('Zähler hoch')).toMatchObject({ outcome: 'done' });
    await countIs(start + 2);

    answers.push('declined');
    expect(await loop.run('vergiss den Befehl Zähler hoch')).toMatchObject({ outcome: 'refused' });
    expect(asked.at(-1)?.summary).toBe('Forget your command “Zähler hoch”.');
    expect(await saved()).toHaveLength(1);
    answers.push('confirmed');
    expect(await loop.run('vergiss den Befehl Zähler hoch')).toMatchObject({ outcome: 'done', message: 'Forgot your command “Zähler hoch”.' });
    expect(await saved()).toEqual([]);
  }, 120_000);
});
